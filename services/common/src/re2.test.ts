import { compileRe2, Re2SyntaxError } from './re2';

const fullMatch = (pattern: string, text: string) => compileRe2(`^(?:${pattern})$`).matcher(text).find();

describe('compileRe2', () => {
  it("reads RE2's syntax: named groups both ways, inline and scoped flags, Unicode and POSIX classes, \\Q…\\E, \\x{…}", () => {
    expect(Object.keys(compileRe2('(?P<org>[a-z]+)/(?<repo>[a-z]+)').namedGroups())).toEqual(['org', 'repo']);
    expect(fullMatch('(?i)jira-\\d+', 'JIRA-5')).toBe(true);
    expect(fullMatch('(?i:abc)x', 'ABCx')).toBe(true);
    expect(fullMatch('(?i:abc)x', 'ABCX')).toBe(false);
    expect(fullMatch('\\pL+\\pN', 'éa1')).toBe(true);
    expect(fullMatch('\\p{Greek}+', 'αβ')).toBe(true);
    expect(fullMatch('\\Qa.b*\\E', 'a.b*')).toBe(true);
    expect(fullMatch('\\Qa.b*\\E', 'axbb')).toBe(false);
    expect(fullMatch('\\x{e9}\\x41\\101', 'éAA')).toBe(true);
    expect(fullMatch('[[:alpha:]][[:digit:]]+[[:^digit:]]', 'a12x')).toBe(true);
    expect(fullMatch('a{b}c]', 'a{b}c]')).toBe(true);
    expect(fullMatch('[]a]+', ']a]')).toBe(true);
  });

  it('reads \\C (one byte in C++ RE2) as one character, but not inside \\Q…\\E or after an escaped backslash', () => {
    expect(fullMatch('a\\Cb', 'a😀b')).toBe(true);
    expect(fullMatch('\\Qa\\C\\E', 'a\\C')).toBe(true);
    expect(fullMatch('\\\\C', '\\C')).toBe(true);
  });

  it("refuses what RE2 refuses with RE2's message, look-arounds and backreferences included", () => {
    const refusal = (pattern: string) => {
      try {
        compileRe2(pattern);
        return undefined;
      } catch (err) {
        expect(err).toBeInstanceOf(Re2SyntaxError);
        return (err as Error).message;
      }
    };
    expect(refusal('(foo')).toBe('missing closing ): (foo');
    expect(refusal('a(?=b)')).toBe('invalid or unsupported Perl syntax: (?=');
    expect(refusal('(a)\\1')).toBe('invalid escape sequence: \\1');
    expect(refusal('(?P<a>x)(?P<a>y)')).toBe('duplicate capture group name: a');
  });

  it('matches in time linear in the text where a backtracking engine takes exponential time', () => {
    // Each of these, on V8's RegExp, takes longer than the test's whole timeout at this size.
    const text = `${'a'.repeat(5_000)}!`;
    expect(compileRe2('(a+)+b').matcher(text).find()).toBe(false);
    expect(
      compileRe2('([A-Z]+-?)+[0-9]+')
        .matcher(`${'ABCDEFGHIJ'.repeat(500)}!`)
        .find(),
    ).toBe(false);
    expect(
      compileRe2('(a|aa)+$')
        .matcher(`${'a'.repeat(5_000)}b`)
        .find(),
    ).toBe(false);
  });
});
