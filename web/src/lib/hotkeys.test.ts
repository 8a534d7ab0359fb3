// The shortcuts' key table and guard (lib/hotkeys.ts): which key press is which action, and
// when none may run.
import { actionFor, FEED_ACTIONS, keyName, mayRun, SHORTCUTS, type KeyPress } from './hotkeys';

/** A key press as the browser reports it: `press('R', { shiftKey: true })`. */
const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe('keyName', () => {
  it("names letters lowercase, with Shift as Zulip's Shift+X, whatever Caps Lock says", () => {
    expect(keyName(press('j'))).toBe('j');
    expect(keyName(press('J'))).toBe('j'); // Caps Lock on, no Shift
    expect(keyName(press('R', { shiftKey: true }))).toBe('Shift+R');
    expect(keyName(press('r', { shiftKey: true }))).toBe('Shift+R'); // Caps Lock and Shift
  });

  it('keeps characters typed with Shift as they are, and names Ctrl (or Cmd) combinations', () => {
    expect(['?', '*', '+', '>', ':', '@'].map((k) => keyName(press(k, { shiftKey: true })))).toEqual(['?', '*', '+', '>', ':', '@']);
    expect(keyName(press('s', { ctrlKey: true }))).toBe('Ctrl+S');
    expect(keyName(press('k', { metaKey: true }))).toBe('Ctrl+K');
    expect(keyName(press('Enter', { shiftKey: true }))).toBe('Shift+Enter');
    expect(keyName(press('ArrowDown'))).toBe('ArrowDown');
  });

  it('reads a non-Latin layout by the physical key, as Zulip does', () => {
    expect(keyName(press('о', { code: 'KeyJ' }))).toBe('j');
    expect(keyName(press('Р', { code: 'KeyR', shiftKey: true }))).toBe('Shift+R');
  });
});

describe('actionFor', () => {
  it("maps Zulip's keys to their actions", () => {
    const cases: [KeyPress, string][] = [
      [press('j'), 'next'],
      [press('ArrowDown'), 'next'],
      [press('k'), 'previous'],
      [press('ArrowUp'), 'previous'],
      [press('End'), 'last'],
      [press('G', { shiftKey: true }), 'last'],
      [press('Home'), 'first'],
      [press('r'), 'reply'],
      [press('Enter'), 'reply'],
      [press('R', { shiftKey: true }), 'reply-to-sender'],
      [press('>', { shiftKey: true }), 'quote'],
      [press('e'), 'edit'],
      [press('s', { ctrlKey: true }), 'star'],
      [press('*', { shiftKey: true }), 'starred'],
      [press('+', { shiftKey: true }), 'thumbs-up'],
      [press('='), 'first-reaction'],
      [press('i'), 'actions-menu'],
      [press(':', { shiftKey: true }), 'emoji-picker'],
      [press('U', { shiftKey: true }), 'mark-unread'],
      [press('u'), 'user-card'],
      [press('V', { shiftKey: true }), 'read-receipts'],
      [press('H', { shiftKey: true }), 'edit-history'],
      [press('v'), 'view-image'],
      [press('n'), 'next-unread-topic'],
      [press('N', { shiftKey: true }), 'next-unread-followed-topic'],
      [press('p'), 'next-unread-dm'],
      [press('P', { shiftKey: true }), 'dm-feed'],
      [press('s'), 'toggle-conversation'],
      [press('a'), 'combined-feed'],
      [press('A', { shiftKey: true }), 'previous-channel'],
      [press('D', { shiftKey: true }), 'next-channel'],
      [press('I', { shiftKey: true }), 'inbox'],
      [press('t'), 'recent'],
      [press('d'), 'drafts'],
      [press('q'), 'filter-channels'],
      [press('w'), 'filter-people'],
      [press('/'), 'search'],
      [press('k', { ctrlKey: true }), 'search'],
      [press('?', { shiftKey: true }), 'help'],
      [press('Escape'), 'escape'],
      [press('-'), 'collapse'],
      [press('<', { shiftKey: true }), 'forward'],
      [press('y'), 'channel-topics'],
      [press('g'), 'gear-menu'],
      [press('p', { altKey: true }), 'compose-preview'],
      [press('π', { altKey: true, code: 'KeyP' }), 'compose-preview'], // a Mac's Option+P
      [press('.', { ctrlKey: true }), 'go-to-compose-target'],
    ];
    expect(cases.map(([p]) => actionFor(p))).toEqual(cases.map(([, action]) => action));
  });

  it('leaves other keys and other modifier combinations alone', () => {
    for (const p of [press('j', { ctrlKey: true }), press('r', { altKey: true }), press('c', { ctrlKey: true }), press('b'), press('Shift'), press('Tab'), press('Enter', { shiftKey: true })])
      expect(actionFor(p)).toBeUndefined();
  });

  it('gives each key one action, and each action a label for the help', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SHORTCUTS.every((s) => s.label.length > 0)).toBe(true);
    expect(['next', 'reply', 'star', 'mark-unread'].every((a) => FEED_ACTIONS.has(a as never))).toBe(true);
    expect(['help', 'next-unread-topic', 'inbox', 'escape'].some((a) => FEED_ACTIONS.has(a as never))).toBe(false);
  });
});

describe('mayRun', () => {
  it('runs nothing but Escape while typing in a field', () => {
    expect(mayRun('next', { focus: 'typing', modalOpen: false, key: 'j' })).toBe(false);
    expect(mayRun('reply', { focus: 'typing', modalOpen: false, key: 'Enter' })).toBe(false);
    expect(mayRun('escape', { focus: 'typing', modalOpen: false, key: 'Escape' })).toBe(true);
  });

  it('runs nothing while a dialog or popover is open (it handles its own keys)', () => {
    expect(mayRun('help', { focus: 'other', modalOpen: true, key: '?' })).toBe(false);
    expect(mayRun('escape', { focus: 'other', modalOpen: true, key: 'Escape' })).toBe(false);
  });

  it('runs the compose shortcuts, and only those, in the compose box', () => {
    expect(mayRun('compose-preview', { focus: 'compose', modalOpen: false, key: 'p' })).toBe(true);
    expect(mayRun('go-to-compose-target', { focus: 'compose', modalOpen: false, key: '.' })).toBe(true);
    expect(mayRun('escape', { focus: 'compose', modalOpen: false, key: 'Escape' })).toBe(true);
    expect(mayRun('collapse', { focus: 'compose', modalOpen: false, key: '-' })).toBe(false);
    expect(mayRun('compose-preview', { focus: 'typing', modalOpen: false, key: 'p' })).toBe(false);
  });

  it('lets Enter press a focused button or link rather than reply', () => {
    expect(mayRun('reply', { focus: 'control', modalOpen: false, key: 'Enter' })).toBe(false);
    expect(mayRun('reply', { focus: 'control', modalOpen: false, key: 'r' })).toBe(true);
    expect(mayRun('reply', { focus: 'other', modalOpen: false, key: 'Enter' })).toBe(true);
  });
});
