/**
 * HTML for mail bodies without a template engine: `html` escapes every interpolated value
 * unless it is already `SafeHtml` (another `html` result, or a fragment a renderer made safe,
 * such as a message's rendered content). A name like `<script>` in a realm name stays text.
 */
const SAFE = Symbol('SafeHtml');

export interface SafeHtml {
  readonly [SAFE]: true;
  readonly value: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Trusted HTML, kept as it is: only for what Parley itself rendered and sanitized. */
export function trustedHtml(value: string): SafeHtml {
  return { [SAFE]: true, value };
}

function isSafe(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && (value as SafeHtml)[SAFE] === true;
}

type Single = string | number | SafeHtml;
type Part = Single | readonly Single[] | null | undefined | false;

function single(value: Single): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return String(value);
  return isSafe(value) ? value.value : '';
}

function piece(value: Part): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return (value as readonly Single[]).map(single).join('');
  return single(value as Single);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1];
  });
  return trustedHtml(out);
}
