// The compose box's formatting keys (lib/compose-format.ts).
import { applyFormat, formatOfKey, type Edit } from './compose-format';

/** An edit written with `[` and `]` around the selection: `a [b] c`. */
function edit(marked: string): Edit {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
}
const show = (e: Edit) => `${e.text.slice(0, e.start)}[${e.text.slice(e.start, e.end)}]${e.text.slice(e.end)}`;

describe('formatOfKey', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
    formatOfKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('maps Ctrl+B, Ctrl+I and Ctrl+Shift+L, with Cmd as Ctrl', () => {
    expect(key('b', { ctrlKey: true })).toBe('bold');
    expect(key('i', { metaKey: true })).toBe('italic');
    expect(key('L', { ctrlKey: true, shiftKey: true })).toBe('link');
  });
  it('leaves other keys to the browser', () => {
    expect(key('b')).toBeUndefined();
    expect(key('l', { ctrlKey: true })).toBeUndefined();
    expect(key('B', { ctrlKey: true, shiftKey: true })).toBeUndefined();
    expect(key('b', { ctrlKey: true, altKey: true })).toBeUndefined();
  });
});

describe('applyFormat', () => {
  it.each([
    ['say [hi] now', 'bold', 'say **[hi]** now'],
    ['say **[hi]** now', 'bold', 'say [hi] now'],
    ['say [**hi**] now', 'bold', 'say [hi] now'],
    ['say [hi] now', 'italic', 'say *[hi]* now'],
    ['say *[hi]* now', 'italic', 'say [hi] now'],
    ['say [*hi*] now', 'italic', 'say [hi] now'],
    // Italic inside bold adds the italic mark rather than taking half of the bold one.
    ['say **[hi]** now', 'italic', 'say ***[hi]*** now'],
    ['say [**hi**] now', 'italic', 'say *[**hi**]* now'],
    ['say ***[hi]*** now', 'italic', 'say **[hi]** now'],
    // Nothing selected: the marks with the cursor between them.
    ['say [] now', 'bold', 'say **[]** now'],
    ['[x]', 'bold', '**[x]**'],
  ] as const)('%s + %s → %s', (before, format, after) => {
    expect(show(applyFormat(edit(before), format))).toBe(after);
  });

  it('makes a link of text with "url" selected to type over', () => {
    expect(show(applyFormat(edit('see [the docs] here'), 'link'))).toBe('see [the docs]([url]) here');
    expect(show(applyFormat(edit('see [] here'), 'link'))).toBe('see []([url]) here');
  });

  it('makes a link of an address with the cursor where its text goes', () => {
    const out = applyFormat(edit('see [https://parley.test/a?b=1] here'), 'link');
    expect(out.text).toBe('see [](https://parley.test/a?b=1) here');
    expect(out.start).toBe(5);
    expect(out.end).toBe(5);
  });
});
