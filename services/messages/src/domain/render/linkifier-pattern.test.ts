import { toJsPattern } from './linkifier-pattern';

const js = (pattern: string) => toJsPattern(pattern);
const matches = (pattern: string, text: string) => {
  const p = toJsPattern(pattern)!;
  return new RegExp(`^(?:${p.source})$`, `u${p.flags}`).test(text);
};

describe('toJsPattern', () => {
  it('writes Python\'s named groups as JavaScript\'s', () => {
    expect(js('#(?P<id>[0-9]+)')).toEqual({ source: '#(?<id>[0-9]+)', flags: '' });
    expect(js('(?P<org>[a-z]+)/(?<repo>[a-z]+)')).toEqual({ source: '(?<org>[a-z]+)/(?<repo>[a-z]+)', flags: '' });
  });

  it('turns a leading (?i), (?s) or (?m) into flags', () => {
    expect(js('(?i)jira-(?P<id>\\d+)')).toEqual({ source: 'jira-(?<id>\\d+)', flags: 'i' });
    expect(js('(?is)x')).toEqual({ source: 'x', flags: 'is' });
  });

  it('writes escaped punctuation, stray braces and brackets as literals', () => {
    expect(js('\\#\\-\\@(?P<id>\\d+)')).toEqual({ source: '#-@(?<id>\\d+)', flags: '' });
    expect(matches('a{b}c]', 'a{b}c]')).toBe(true);
    expect(matches('x{2}', 'xx')).toBe(true);
    expect(matches('x{,2}', 'x{,2}')).toBe(true);
    expect(matches('[]a]+', ']a]')).toBe(true);
    expect(matches('[\\-\\.]+', '-.')).toBe(true);
  });

  it('writes RE2\'s other escapes in JavaScript\'s spelling', () => {
    expect(matches('\\pL+\\pN', 'éa1')).toBe(true);
    expect(matches('\\p{Greek}+', 'αβ')).toBe(true);
    expect(matches('\\P{L}', '1')).toBe(true);
    expect(matches('\\Qa.b*\\E', 'a.b*')).toBe(true);
    expect(matches('\\Qa.b*\\E', 'axbb')).toBe(false);
    expect(matches('\\x{e9}\\x41\\101\\0', 'éAA\u0000')).toBe(true);
    expect(matches('\\Aab\\z', 'ab')).toBe(true);
    expect(matches('[[:alpha:]][[:digit:]]+[[:^digit:]]', 'a12x')).toBe(true);
  });

  it('gives undefined for what JavaScript cannot express or RE2 would refuse', () => {
    for (const pattern of ['(?i:abc)', '(?U)a+', '[[:^alpha:]]', '(unclosed', '\\', 'a\\k', '[[:nope:]]']) {
      expect(js(pattern)).toBeUndefined();
    }
  });
});
