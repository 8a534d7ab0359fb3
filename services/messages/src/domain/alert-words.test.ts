import { AlertWordMatcher, alertWordText } from './alert-words';

const matcher = (words: Record<number, string[]>) => new AlertWordMatcher(new Map(Object.entries(words).map(([id, w]) => [Number(id), w])));
const alerts = (words: string[], content: string) => matcher({ 1: words }).usersIn(content).has(1);

describe('AlertWordMatcher', () => {
  // Zulip's zerver/tests/test_alert_words.py test_alert_flags, word for word.
  it.each([
    ['Normal alert one time', true],
    ['Normal alert one', true],
    ['two normal alerts', true],
    ['This one? should alert', true],
    ['Definitely time for three.', true],
    ["One two three o'clock", true],
    ["One o'clock", true],
    ["Case of ONE, won't stop me", true],
    ["Don't alert on http://t.co/one/ URLs", false],
    ["Don't alert on http://t.co/one URLs", false],
    ["Don't alert on clone, twofold or seventytwofold", false],
  ])("as Zulip's tests: %j alerts: %s", (content, expected) => {
    expect(alerts(['one', 'two', 'three'], content)).toBe(expected);
  });

  it("matches without regard to case, the words' or the content's", () => {
    expect(alerts(['ALERT'], 'this is an alert for you')).toBe(true);
    expect(alerts(['Ünïcode'], 'say üNÏCODE!')).toBe(true);
    expect(alerts(['☃'], 'a ☃ here')).toBe(true);
    expect(alerts(['multi-word word'], 'a Multi-Word word, then')).toBe(true);
  });

  it("takes Zulip's punctuation around a word, and nothing else", () => {
    for (const before of [' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']) expect(alerts(['one'], `ab${before}one`)).toBe(true);
    for (const after of [' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']) expect(alerts(['one'], `one${after}ab`)).toBe(true);
    for (const before of ['a', '_', '-', '/', '@', '#', ')', '<']) expect(alerts(['one'], `ab${before}one`)).toBe(false);
    for (const after of ['a', '_', '-', '/', '(', '[', '>', '"']) expect(alerts(['one'], `one${after}ab`)).toBe(false);
  });

  it("keeps Zulip's quirk: a word from the second character on counts whatever the first is", () => {
    expect(alerts(['one'], 'xone')).toBe(true);
    expect(alerts(['one'], 'xxone')).toBe(false);
  });

  it('finds every user whose word occurs, words shared and overlapping', () => {
    const m = matcher({ 1: ['apple'], 2: ['apple pie', 'PIE'], 3: ['banana'], 4: ['pie crust'], 5: ['le pi'] });
    expect([...m.usersIn('I like apple pie.')].sort()).toEqual([1, 2]);
    expect([...m.usersIn('nothing here')]).toEqual([]);
    // A word inside a longer one's match still counts on its own boundaries.
    expect([...m.usersIn('pie')]).toEqual([2]);
  });

  it("skips fenced code blocks, as Zulip's preprocessors leave them out, but not quotes, spoilers or inline code", () => {
    expect(alerts(['secret'], '```\nthe secret\n```')).toBe(false);
    expect(alerts(['secret'], '~~~~ python\nsecret\n~~~~\nafter')).toBe(false);
    expect(alerts(['secret'], '```\nunclosed secret')).toBe(false);
    expect(alerts(['secret'], '```quote\nthe secret\n```')).toBe(true);
    expect(alerts(['secret'], '```spoiler Header\nthe secret\n```')).toBe(true);
    expect(alerts(['header'], '```spoiler Header\nbody\n```')).toBe(true);
    // Code in a quote needs another fence: the quote's own closes it.
    expect(alerts(['secret'], '````quote\n```\nthe secret\n```\n````')).toBe(false);
    expect(alerts(['secret'], '```quote\n```\nthe secret\n```\n```')).toBe(true);
    expect(alerts(['secret'], 'an `secret` in code')).toBe(true);
    // Only the same fence closes a block.
    expect(alerts(['secret'], '````\n```\nsecret\n````\nok')).toBe(false);
    expect(alerts(['secret'], '```\nx\n```\nthe secret')).toBe(true);
    // An indented fence is no fence for Zulip's preprocessor.
    expect(alerts(['secret'], '  ```\nthe secret\n  ```')).toBe(true);
  });

  it("reads tabs and carriage returns as Zulip's whitespace normalization leaves them", () => {
    expect(alerts(['one'], 'ab\tone')).toBe(true);
    expect(alerts(['one'], 'one\r\nnext')).toBe(true);
    expect(alertWordText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('handles a pathological word list over a 10,000-character message correctly', () => {
    // Every run of a's from 1 to 100 characters, each a different user's, and one word that
    // nearly matches everywhere: the text is 10,000 a's with a space every 101 characters.
    const words = new Map<number, string[]>();
    for (let n = 1; n <= 100; n++) words.set(n, ['a'.repeat(n)]);
    words.set(101, [`${'a'.repeat(99)}b`]);
    words.set(102, ['a'.repeat(101)]);
    const m = new AlertWordMatcher(words);
    const text = Array.from({ length: 100 }, () => 'a'.repeat(100)).join(' ');
    expect(text.length).toBeGreaterThanOrEqual(10000);
    const found = m.usersIn(text);
    // Only 100 a's stand between spaces; and the first word (from the second character on: Zulip's quirk) gives 99 too.
    expect([...found].sort((x, y) => x - y)).toEqual([99, 100]);
    // Separated by spaces every few characters, every short word counts.
    expect([...m.usersIn('a aa aaa aaaa')].sort((x, y) => x - y)).toEqual([1, 2, 3, 4]);
  });

  it('is empty without words, and ignores empty words', () => {
    expect(new AlertWordMatcher(new Map()).empty).toBe(true);
    expect(matcher({ 1: [''] }).usersIn('anything').size).toBe(0);
  });
});
