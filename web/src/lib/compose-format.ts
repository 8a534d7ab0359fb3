// The compose box's formatting keys, as Zulip's (compose_ui's format_text): Ctrl+B makes the
// selection bold, Ctrl+I italic, Ctrl+Shift+L a link. Pressed again on text already so
// marked, bold and italic take the marks away. Pure: a text and a selection in, a text and
// a selection out, so the unit tests cover every case and the textarea only applies it.

export type Format = 'bold' | 'italic' | 'link';

/** A textarea's text and selection (`start` ≤ `end`, offsets in UTF-16 units as the DOM's). */
export interface Edit {
  text: string;
  start: number;
  end: number;
}

/** The format a key press asks for, if any (Cmd counts as Ctrl, as on a Mac). */
export function formatOfKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): Format | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  const key = e.key.toLowerCase();
  if (key === 'b' && !e.shiftKey) return 'bold';
  if (key === 'i' && !e.shiftKey) return 'italic';
  if (key === 'l' && e.shiftKey) return 'link';
  return undefined;
}

const MARKS: Record<'bold' | 'italic', string> = { bold: '**', italic: '*' };

/** Whether `text` has `mark` (and, for italic, not the bold mark) just before `start` and just after `end`. */
function markedAround(text: string, start: number, end: number, mark: string): boolean {
  if (start < mark.length || text.slice(start - mark.length, start) !== mark || text.slice(end, end + mark.length) !== mark) return false;
  // `*` inside `**x**` is half of a bold mark, not an italic one (but `***x***` is both).
  if (mark === '*') {
    const boldOnly = text.slice(start - 2, start) === '**' && text.slice(end, end + 2) === '**' && !(text.slice(start - 3, start) === '***' && text.slice(end, end + 3) === '***');
    return !boldOnly;
  }
  return true;
}

/** Whether the selection itself starts and ends with `mark` (and holds something between). */
const markedInside = (selected: string, mark: string): boolean =>
  selected.length > 2 * mark.length && selected.startsWith(mark) && selected.endsWith(mark) && !(mark === '*' && selected.startsWith('**') && !selected.startsWith('***'));

const looksLikeUrl = (s: string): boolean => /^https?:\/\/\S+$/i.test(s.trim());

/** The text and selection after applying `format` to the selection. */
export function applyFormat(edit: Edit, format: Format): Edit {
  const { text, start, end } = edit;
  const selected = text.slice(start, end);
  if (format === 'link') {
    // A selected address becomes the link's target, with the cursor where its text goes;
    // other text becomes the link's text, with "url" selected to be typed over.
    if (looksLikeUrl(selected)) {
      const inserted = `[](${selected.trim()})`;
      return { text: text.slice(0, start) + inserted + text.slice(end), start: start + 1, end: start + 1 };
    }
    const inserted = `[${selected}](url)`;
    const urlAt = start + selected.length + 3;
    return { text: text.slice(0, start) + inserted + text.slice(end), start: urlAt, end: urlAt + 3 };
  }
  const mark = MARKS[format];
  const n = mark.length;
  if (markedAround(text, start, end, mark)) {
    return { text: text.slice(0, start - n) + selected + text.slice(end + n), start: start - n, end: end - n };
  }
  if (markedInside(selected, mark)) {
    const inner = selected.slice(n, -n);
    return { text: text.slice(0, start) + inner + text.slice(end), start, end: start + inner.length };
  }
  return { text: text.slice(0, start) + mark + selected + mark + text.slice(end), start: start + n, end: end + n };
}
