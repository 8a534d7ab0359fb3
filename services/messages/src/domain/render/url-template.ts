/**
 * RFC 6570 URL templates, expanded as Zulip's linkifiers expand them (Python's
 * uri_template): every operator and the prefix modifier, for string values only, which is
 * what a linkifier's named groups give. An undefined value is left out, as the RFC says.
 */

interface Operator {
  first: string;
  separator: string;
  /** `;`, `?` and `&` write `name=value`. */
  named: boolean;
  /** What a named empty value writes after its name. */
  ifEmpty: string;
  /** `+` and `#` keep reserved characters and existing %XX escapes. */
  allowReserved: boolean;
}

const op = (first: string, separator: string, named = false, ifEmpty = '', allowReserved = false): Operator => ({ first, separator, named, ifEmpty, allowReserved });

const OPERATORS: Readonly<Record<string, Operator>> = {
  '': op('', ','),
  '+': op('', ',', false, '', true),
  '#': op('#', ',', false, '', true),
  '.': op('.', '.'),
  '/': op('/', '/'),
  ';': op(';', ';', true, ''),
  '?': op('?', '&', true, '='),
  '&': op('&', '&', true, '='),
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with any unpaired surrogate replaced, so that it has a UTF-8 encoding. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Percent-encodes all but the unreserved characters (and, if allowed, reserved ones and %XX). */
export function percentEncode(value: string, allowReserved = false): string {
  let out = '';
  const text = wellFormed(value);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (UNRESERVED.test(c) || (allowReserved && RESERVED.test(c))) out += c;
    else if (allowReserved && c === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) out += c;
    else if (c.charCodeAt(0) < 0x80) out += `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    else {
      const cp = text.codePointAt(i)!;
      const char = String.fromCodePoint(cp);
      out += encodeURIComponent(char);
      i += char.length - 1;
    }
  }
  return out;
}

function expandExpression(expression: string, values: Readonly<Record<string, string | undefined>>): string {
  const operator = OPERATORS[expression[0]] ? expression[0] : '';
  const o = OPERATORS[operator];
  const parts: string[] = [];
  for (const spec of expression.slice(operator.length).split(',')) {
    const m = /^(.*?)(?::(\d+)|\*)?$/.exec(spec)!;
    const name = m[1];
    let value = values[name];
    if (value === undefined) continue;
    if (m[2] !== undefined) value = [...value].slice(0, Number(m[2])).join('');
    const encoded = percentEncode(value, o.allowReserved);
    parts.push(o.named ? `${name}${encoded === '' ? o.ifEmpty : `=${encoded}`}` : encoded);
  }
  return parts.length === 0 ? '' : o.first + parts.join(o.separator);
}

/**
 * Expands `{name}`, `{+name}`, `{#name}`, `{?a,b}`, `{name:3}`, ...; literal text is copied as
 * RFC 6570 says (section 3.1): what a URI may hold stays, a `%` that starts no %XX becomes
 * `%25`, anything else is percent-encoded (`A%20Test/%%%ba` → `A%20Test/%25%25%ba`, as in Zulip).
 */
export function expandTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  let out = '';
  let literalFrom = 0;
  for (const m of template.matchAll(/\{([^{}]*)\}/g)) {
    out += percentEncode(template.slice(literalFrom, m.index), true) + expandExpression(m[1], values);
    literalFrom = m.index + m[0].length;
  }
  return out + percentEncode(template.slice(literalFrom), true);
}
