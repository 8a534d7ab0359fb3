/**
 * The syntax of linkifiers. Zulip compiles a pattern with RE2 (Python's `re2`) and checks a
 * URL template with RFC 6570, then requires the template's variables and the pattern's
 * named groups to be the same set. These checks give the error texts of Google's RE2 and
 * Zulip; the pattern is then compiled by the RE2 port Parley runs linkifiers on (common/re2.ts),
 * whose own messages are worded differently.
 */

/** A pattern RE2 refuses; the message is RE2's ("missing ): (foo"). */
export class PatternSyntaxError extends Error {}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- its result is read through the UriTemplate type below
const { parse: parseTemplate } = require('uri-template') as { parse(this: void, template: string): unknown };

const MAX_REPEAT = 1000;
const CAPTURE_NAME = /^[A-Za-z0-9_]+$/;
const POSIX_CLASSES = new Set(['alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit']);
const FLAGS = new Set(['i', 'm', 's', 'U']);
/** `{n}`, `{n,}`, `{n,m}`: a counted repetition; any other `{` is a literal. */
const COUNTED = /\{(\d{1,8})(?:(,)(\d{0,8}))?\}/y;
const HEX = /^[0-9A-Fa-f]$/;
const OCTAL = /^[0-7]$/;

/** The named groups of an RE2 pattern, in order; throws PatternSyntaxError. */
export function patternGroups(pattern: string): string[] {
  return new PatternScanner(pattern).scan();
}

/**
 * A left-to-right pass over the pattern with RE2's parser rules (re2/parse.cc) for what it
 * refuses: Perl look-arounds and backreferences, stacked repetition operators, counts over
 * 1000, unknown escapes. Error arguments are the slices RE2 reports. Linear in the
 * pattern's length, which nothing bounds but the request size.
 */
class PatternScanner {
  private i = 0;
  private open = 0;
  /** Whether a repetition operator has something to repeat. */
  private operand = false;
  /** Where the repetition operator just before starts, or -1. */
  private lastRepeat = -1;
  private readonly groups: string[] = [];
  private readonly names = new Set<string>();
  /** The next `:]` at or after the last search (-1: none), for POSIX classes. */
  private colonBracket = -2;

  constructor(private readonly p: string) {}

  scan(): string[] {
    while (this.i < this.p.length) this.step();
    if (this.open > 0) this.fail('missing )', this.p);
    return this.groups;
  }

  private fail(code: string, arg = ''): never {
    throw new PatternSyntaxError(arg ? `${code}: ${arg}` : code);
  }

  private atom(): void {
    this.operand = true;
    this.lastRepeat = -1;
  }

  private step(): void {
    const c = this.p[this.i];
    if (c === '*' || c === '+' || c === '?') return this.repeat(this.i, 1);
    if (c === '{') {
      COUNTED.lastIndex = this.i;
      const m = COUNTED.exec(this.p);
      if (m && !/^0\d/.test(m[1]) && !/^0\d/.test(m[3] ?? '')) return this.counted(m);
    }
    if (c === '(') return this.group();
    if (c === ')') {
      if (this.open === 0) this.fail('unexpected )', this.p);
      this.open--;
    }
    if (c === '|') {
      this.i++;
      this.operand = false;
      this.lastRepeat = -1;
      return;
    }
    if (c === '[') {
      this.charClass();
    } else if (c === '\\') {
      if (!this.escape()) {
        // An empty \Q\E quotes nothing: no operand, but a repetition after it starts afresh (as RE2).
        this.lastRepeat = -1;
        return;
      }
    } else {
      this.i += this.charLength();
    }
    this.atom();
  }

  private charLength(): number {
    return (this.p.codePointAt(this.i) ?? 0) > 0xffff ? 2 : 1;
  }

  /** `*`, `+`, `?`, each optionally non-greedy. */
  private repeat(start: number, length: number): void {
    this.i = start + length;
    if (this.p[this.i] === '?') this.i++;
    if (this.lastRepeat >= 0) this.fail('bad repetition operator', this.p.slice(this.lastRepeat, this.i));
    if (!this.operand) this.fail('no argument for repetition operator', this.p.slice(start, this.i));
    this.lastRepeat = start;
  }

  private counted(m: RegExpExecArray): void {
    const start = this.i;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : m[3] === '' ? -1 : Number(m[3]);
    this.i += m[0].length;
    if (this.p[this.i] === '?') this.i++;
    const op = this.p.slice(start, this.i);
    if (this.lastRepeat >= 0) this.fail('bad repetition operator', this.p.slice(this.lastRepeat, this.i));
    if (lo > MAX_REPEAT || hi > MAX_REPEAT || (hi !== -1 && hi < lo)) this.fail('invalid repetition size', op);
    if (!this.operand) this.fail('no argument for repetition operator', op);
    this.lastRepeat = start;
  }

  private openGroup(next: number): void {
    this.i = next;
    this.open++;
    this.operand = false;
    this.lastRepeat = -1;
  }

  private group(): void {
    const { p, i: start } = this;
    if (!p.startsWith('(?', start)) return this.openGroup(start + 1);
    const [c2, c3] = [p[start + 2], p[start + 3]];
    // RE2 has no look-arounds, and says so before reading (?<= as a named group.
    if (c2 === '=' || c2 === '!') this.fail('invalid perl operator', p.slice(start, start + 3));
    if (c2 === '<' && (c3 === '=' || c3 === '!')) this.fail('invalid perl operator', p.slice(start, start + 4));
    if (c2 === '<' || (c2 === 'P' && c3 === '<')) return this.namedGroup(start);
    this.flagGroup(start);
  }

  /** `(?P<name>` (Python's spelling, which Zulip documents) or `(?<name>`. */
  private namedGroup(start: number): void {
    const end = this.p.indexOf('>', start + 2);
    if (end < 0) this.fail('invalid named capture group', this.p.slice(start));
    const name = this.p.slice(start + (this.p[start + 2] === 'P' ? 4 : 3), end);
    if (!CAPTURE_NAME.test(name) || this.names.has(name)) this.fail('invalid named capture group', this.p.slice(start, end + 1));
    this.names.add(name);
    this.groups.push(name);
    this.openGroup(end + 1);
  }

  /** `(?flags)` and `(?flags:...)`, flags among i, m, s, U, with at most one `-`. */
  private flagGroup(start: number): void {
    let negated = false;
    let sawFlag = false;
    for (let j = start + 2; ; j++) {
      const c = this.p[j];
      const bad = () => this.fail('invalid perl operator', this.p.slice(start, j + 1));
      if (c === undefined) this.fail('invalid perl operator', this.p.slice(start));
      if (c === '-') {
        if (negated) bad();
        negated = true;
        sawFlag = false;
      } else if (c === ':' || c === ')') {
        if (negated && !sawFlag) bad();
        if (c === ':') return this.openGroup(j + 1);
        this.i = j + 1;
        this.lastRepeat = -1;
        return;
      } else if (FLAGS.has(c)) {
        sawFlag = true;
      } else {
        bad();
      }
    }
  }

  private charClass(): void {
    const start = this.i++;
    if (this.p[this.i] === '^') this.i++;
    // A ] first in the class is a literal.
    for (let first = true; ; first = false) {
      if (this.i >= this.p.length) this.fail('missing ]', this.p.slice(start));
      const c = this.p[this.i];
      if (c === ']' && !first) {
        this.i++;
        return;
      }
      if (c === '[' && this.p.startsWith('[:', this.i) && this.posixClass()) continue;
      if (c === '\\' && /^[dDsSwWpP]$/.test(this.p[this.i + 1] ?? '')) {
        this.escape();
        continue;
      }
      const from = this.i;
      const lo = this.classChar();
      if (this.p[this.i] === '-' && this.i + 1 < this.p.length && this.p[this.i + 1] !== ']') {
        this.i++;
        if (this.classChar() < lo) this.fail('invalid character class range', this.p.slice(from, this.i));
      }
    }
  }

  /** `[:alpha:]` and `[:^alpha:]`; false when this `[` is just a literal. */
  private posixClass(): boolean {
    // The search only moves forward, so many `[[:` cost one pass.
    if (this.colonBracket !== -1 && this.colonBracket < this.i + 2) this.colonBracket = this.p.indexOf(':]', this.i + 2);
    const end = this.colonBracket;
    if (end < 0) return false;
    const text = this.p.slice(this.i, end + 2);
    if (!POSIX_CLASSES.has(text.slice(2, -2).replace(/^\^/, ''))) this.fail('invalid character class range', text);
    this.i = end + 2;
    return true;
  }

  /** One character of a class (a range's end); its code point. */
  private classChar(): number {
    if (this.p[this.i] === '\\') return this.escapedChar();
    const cp = this.p.codePointAt(this.i) ?? 0;
    this.i += this.charLength();
    return cp;
  }

  /** An escape outside a class, or a class escape (\d, \pL) inside one; false for an empty `\Q\E`. */
  private escape(): boolean {
    const c = this.p[this.i + 1];
    if (c !== undefined && 'dDsSwWbBAzC'.includes(c)) {
      this.i += 2;
    } else if (c === 'p' || c === 'P') {
      this.unicodeClass();
    } else if (c === 'Q') {
      const from = this.i + 2;
      const end = this.p.indexOf('\\E', from);
      this.i = end < 0 ? this.p.length : end + 2;
      return (end < 0 ? this.p.length : end) > from;
    } else {
      this.escapedChar();
    }
    return true;
  }

  /** `\pL`, `\p{Greek}`, `\P{^Greek}`: the name is not checked against Unicode's. */
  private unicodeClass(): void {
    const start = this.i;
    if (this.p[start + 2] !== '{') {
      if (start + 2 >= this.p.length) this.fail('invalid escape sequence', this.p.slice(start));
      this.i = start + 3;
      return;
    }
    const end = this.p.indexOf('}', start + 3);
    if (end < 0 || !/^\^?[A-Za-z_]+$/.test(this.p.slice(start + 3, end))) {
      this.fail('invalid character class range', this.p.slice(start, end < 0 ? undefined : end + 1));
    }
    this.i = end + 1;
  }

  /** An escape that stands for one character: octal, hex, control, or escaped punctuation. */
  private escapedChar(): number {
    const start = this.i;
    const c = this.p[start + 1];
    const bad = (length: number): never => this.fail('invalid escape sequence', this.p.slice(start, start + length));
    if (c === undefined) this.fail('trailing \\');
    if (/^[0-7]$/.test(c)) {
      // \1 to \7 alone would be backreferences, which RE2 lacks; with more digits, octal.
      if (c !== '0' && !OCTAL.test(this.p[start + 2] ?? '')) bad(2);
      let end = start + 2;
      while (end < start + 4 && OCTAL.test(this.p[end] ?? '')) end++;
      this.i = end;
      return parseInt(this.p.slice(start + 1, end), 8);
    }
    if (c === 'x') return this.hexChar(start, bad);
    const controls: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    if (c in controls) {
      this.i = start + 2;
      return controls[c];
    }
    // Escaped ASCII punctuation (and \_) stands for itself; any other escape is unknown.
    if (c.charCodeAt(0) < 0x80 && !/[A-Za-z0-9]/.test(c)) {
      this.i = start + 2;
      return c.charCodeAt(0);
    }
    return bad(2);
  }

  private hexChar(start: number, bad: (length: number) => never): number {
    if (this.p[start + 2] !== '{') {
      const digits = this.p.slice(start + 2, start + 4);
      if (!HEX.test(digits[0] ?? '')) bad(3);
      if (!HEX.test(digits[1] ?? '')) bad(4);
      this.i = start + 4;
      return parseInt(digits, 16);
    }
    let end = start + 3;
    while (HEX.test(this.p[end] ?? '')) end++;
    const value = parseInt(this.p.slice(start + 3, end), 16);
    if (end === start + 3 || this.p[end] !== '}' || value > 0x10ffff) bad(end - start + 1);
    this.i = end + 1;
    return value;
  }
}

/**
 * The variables of an RFC 6570 URL template (level 4), in order of first use; undefined
 * when it is not one. Parsed by the uri-template package (a grammar of the RFC), which also
 * refuses what RFC 6570 does not allow between expressions.
 */
export function templateVariables(template: string): string[] | undefined {
  let parsed: UriTemplate;
  try {
    parsed = parseTemplate(template) as UriTemplate;
  } catch {
    return undefined;
  }
  const names = new Set<string>();
  for (const part of parsed.ast.parts) {
    // The package lets a lone '}' through as literal text; RFC 6570 literals exclude braces.
    if (part.type === 'literal' && /[{}]/.test(part.value ?? '')) return undefined;
    for (const v of part.type === 'expression' ? (part.variables ?? []) : []) {
      // The package is lenient where RFC 6570 is strict: variable names (no trailing dot, only
      // whole %XX escapes) and prefix lengths (1 to 9999).
      if (!VARNAME.test(v.name)) return undefined;
      if (v.modifier?.type === 'substr' && !(v.modifier.length! >= 1 && v.modifier.length! <= 9999)) return undefined;
      names.add(v.name);
    }
  }
  return [...names];
}

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

interface UriTemplate {
  ast: { parts: { type: string; value?: string; variables?: { name: string; modifier: { type: string; length?: number } | null }[] }[] };
}
