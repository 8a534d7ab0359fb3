import fc from 'fast-check';
import { compileRe2 } from '@parley/common';
import { patternGroups, templateVariables } from './linkifier-syntax';
import { expectLinearGrowth } from '@parley/common/testing';

const refusal = (pattern: string): string | undefined => {
  try {
    patternGroups(pattern);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('patternGroups', () => {
  it("accepts the patterns of Zulip's own tests and returns their named groups in order", () => {
    const cases: [string, string[]][] = [
      ['#(?P<id>[123])', ['id']],
      ['ZUL-(?P<id>\\d+)', ['id']],
      ['_code=(?P<id>[0-9a-zA-Z]+)', ['id']],
      ['!(?P<id>[0-9]+)', ['id']],
      ['(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)', ['org', 'repo', 'id']],
      [
        'FOO_(?P<id>[a-f]{5});(?P<zone>[a-f]);(?P<domain>[a-z]+);(?P<location>[a-z]+);(?P<name>[a-z]{2,8});(?P<chapter>[0-9]{2,3});(?P<fragment>[a-z]{2,8})',
        ['id', 'zone', 'domain', 'location', 'name', 'chapter', 'fragment'],
      ],
      ['3#123', []],
      ['', []],
    ];
    for (const [pattern, groups] of cases) expect([pattern, patternGroups(pattern)]).toEqual([pattern, groups]);
  });

  it('accepts what RE2 accepts beyond JavaScript: inline flags, (?<name>), POSIX and Unicode classes, \\x{...}, \\Q...\\E', () => {
    for (const pattern of [
      '(?i)#(?P<id>\\d+)',
      '(?i:abc)(?-s:x)(?P<n>\\d)',
      '(?<id>\\d+)',
      '[[:alpha:]]+[[:^digit:]]',
      '\\p{Greek}\\pL\\PN',
      '\\x{1F600}\\x41\\012\\0',
      'a{2,}?b{3}c{1,1000}',
      'a{,2}x{y',
      '[]a][^]b]',
      '[\\d-z]',
      '\\Qa.b(\\E',
      '\\_\\-\\.\\\\',
      '\\bword\\B\\A\\z',
      '[a-]',
      'é+😀{2}[😀-😂]',
    ]) {
      expect([pattern, refusal(pattern)]).toEqual([pattern, undefined]);
    }
  });

  it("refuses what RE2 refuses, with RE2's messages", () => {
    const cases: [string, string][] = [
      ['(foo', 'missing ): (foo'],
      ['ZUL-(?P<id>\\d????)', 'bad repetition operator: ????'],
      ['a**', 'bad repetition operator: **'],
      ['a*+', 'bad repetition operator: *+'],
      ['a{2}{3}', 'bad repetition operator: {2}{3}'],
      ['foo)', 'unexpected ): foo)'],
      ['*a', 'no argument for repetition operator: *'],
      ['a|+', 'no argument for repetition operator: +'],
      ['(?:*?)', 'no argument for repetition operator: *?'],
      ['a{1001}', 'invalid repetition size: {1001}'],
      ['a{3,2}', 'invalid repetition size: {3,2}'],
      ['[abc', 'missing ]: [abc'],
      ['[]', 'missing ]: []'],
      ['[z-a]', 'invalid character class range: z-a'],
      ['[[:foo:]]', 'invalid character class range: [:foo:]'],
      ['abc\\', 'trailing \\'],
      ['(a)\\1', 'invalid escape sequence: \\1'],
      ['\\8', 'invalid escape sequence: \\8'],
      ['\\k<id>', 'invalid escape sequence: \\k'],
      ['a\\Z', 'invalid escape sequence: \\Z'],
      ['\\xZZ', 'invalid escape sequence: \\xZ'],
      ['[a-\\d]', 'invalid escape sequence: \\d'],
      ['a(?=b)', 'invalid perl operator: (?='],
      ['a(?!b)', 'invalid perl operator: (?!'],
      ['(?<=a)b', 'invalid perl operator: (?<='],
      ['(?<!a)b', 'invalid perl operator: (?<!'],
      ['(?x)a', 'invalid perl operator: (?x'],
      ['(?i-)a', 'invalid perl operator: (?i-)'],
      ['(?P=id)', 'invalid perl operator: (?P'],
      ['(?P<a-b>x)', 'invalid named capture group: (?P<a-b>'],
      ['(?P<>x)', 'invalid named capture group: (?P<>'],
      ['(?P<id>x)(?P<id>y)', 'invalid named capture group: (?P<id>'],
      ['(?P<id', 'invalid named capture group: (?P<id'],
    ];
    for (const [pattern, msg] of cases) expect([pattern, refusal(pattern)]).toEqual([pattern, msg]);
  });

  it("does work in proportion to the pattern's length", () => {
    expect(patternGroups('('.repeat(100_000) + ')'.repeat(100_000))).toEqual([]);
    expect(patternGroups('[[:x]'.repeat(50_000))).toEqual([]);
    expect(patternGroups('(?P<g0>a)' + 'a{2}(?:b)'.repeat(50_000))).toEqual(['g0']);
    expectLinearGrowth((n) => patternGroups('('.repeat(n) + ')'.repeat(n)), 5_000);
    expectLinearGrowth((n) => patternGroups('[[:x]'.repeat(n)), 2_500);
    expectLinearGrowth((n) => patternGroups('(?P<g0>a)' + 'a{2}(?:b)'.repeat(n)), 2_500);
  });
});

describe('templateVariables', () => {
  it('accepts the templates Zulip accepts, returning their variables in order of first use', () => {
    const cases: [string, string[]][] = [
      ['http://example.com/', []],
      ['https://user:password@example.com/', []],
      ['https://example.com/foo[bar]', []],
      ['https://example.com/{foo}{bars}', ['foo', 'bars']],
      ['https://example.com/{foo}/and/{bar}/{foo}', ['foo', 'bar']],
      ['https://example.com/?foo={foo}', ['foo']],
      ['https://example.com/%ba', []],
      ['https://example.com/back%20to%20{back}', ['back']],
      ['https://example.com/%%(foo)s', []],
      ['https://example.com{/foo,bar,baz}', ['foo', 'bar', 'baz']],
      ['https://example.com/{?foo*}', ['foo']],
      ['https://example.com/{+foo,bar}', ['foo', 'bar']],
      ['https://chat{.domain}.com/{#foo}', ['domain', 'foo']],
      ['https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}', ['zone', 'domain', 'location', 'id', 'name', 'chapter', 'fragment']],
      ['{;a.b,c%20d}{&x:9999}', ['a.b', 'c%20d', 'x']],
      ['$not_a_url$', []],
      ['', []],
    ];
    for (const [template, names] of cases) expect([template, templateVariables(template)]).toEqual([template, names]);
  });

  it('refuses what is not an RFC 6570 template', () => {
    for (const template of [
      'https://example.com/{foo',
      'https://example.com/{{}',
      'https://example.com/{//foo}',
      'https://example.com/{bar++}',
      '{}',
      '{+}',
      'a}b',
      '{=x}',
      '{!x}',
      '{@x}',
      '{|x}',
      '{x:0}',
      '{x:10000}',
      '{x,}',
      '{.x.}',
      '{x y}',
      '{x%2}',
    ]) {
      expect([template, templateVariables(template)]).toEqual([template, undefined]);
    }
  });
});

describe('the syntax check and the engine that runs linkifiers', () => {
  const accepts = (check: (p: string) => unknown, pattern: string) => {
    try {
      check(pattern);
      return true;
    } catch {
      return false;
    }
  };

  // Found by the property below (seed 1822981987): an empty \Q\E is no operand for a repetition.
  it.each([
    ['\\Q\\E*', false],
    ['a|\\Q\\E*', false],
    ['a\\Q\\E*', true],
    ['a*\\Q\\E*', true],
    ['(\\Q\\E)*', true],
    ['\\Qab\\E*', true],
  ])('agree on %s (valid: %s)', (pattern, valid) => {
    expect([accepts(patternGroups, pattern), accepts(compileRe2, pattern)]).toEqual([valid, valid]);
  });

  it('agree on which patterns are valid, so every saved linkifier runs (RE2 port: common/re2.ts)', () => {
    const atoms = [
      'a',
      'é',
      '😀',
      '(',
      ')',
      '(?P<x>',
      '(?<y>',
      '(?:',
      '(?i)',
      '(?i:',
      '(?=',
      '[',
      ']',
      '[^',
      '[[:alpha:]]',
      '^',
      '$',
      '-',
      '\\d',
      '\\pL',
      '\\p{Greek}',
      '\\b',
      '\\x41',
      '\\x{1F600}',
      '\\0',
      '\\1',
      '\\Q',
      '\\E',
      '\\C',
      '\\',
      '.',
      '|',
      '*',
      '+',
      '?',
      '*?',
      '{2}',
      '{1,3}',
      '{,2}',
      '{1001}',
      '{',
      '}',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...atoms), { maxLength: 10 }), (parts) => {
        const pattern = parts.join('');
        expect([pattern, accepts(patternGroups, pattern)]).toEqual([pattern, accepts(compileRe2, pattern)]);
      }),
      { numRuns: 3000 },
    );
  });
});
