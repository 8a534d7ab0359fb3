/**
 * A linkifier's pattern, stored in RE2's (Python's) syntax, rewritten for JavaScript's
 * RegExp in Unicode mode. The users service has already checked the syntax with RE2's rules
 * (services/users/src/domain/linkifier-syntax.ts), so this only translates what the two
 * dialects spell differently:
 * - `(?P<name>` is `(?<name>`; a leading `(?i)`, `(?m)`, `(?s)` becomes a RegExp flag;
 * - `\pL` is `\p{L}`, a script name `\p{Greek}` is `\p{Script=Greek}`; `\A`, `\z`, `\C`,
 *   `\Q...\E`, `\x{...}`, octal and `[[:alpha:]]` classes have no JS spelling and are rewritten;
 * - RE2 reads a stray `{`, `}`, `]` or an escaped punctuation mark (`\#`) as a literal, which
 *   Unicode mode refuses; they are written as literals.
 * What JS cannot express (scoped flags `(?i:...)`, the ungreedy flag U, negated POSIX
 * classes other than digit/space/word) gives undefined: that linkifier is not applied.
 */

export interface JsPattern {
  source: string;
  /** Flags from a leading `(?ims)`, without the `u` and `g` the caller adds. */
  flags: string;
}

class Unsupported extends Error {}

const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));
const POSIX: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7F', blank: '\\t ', cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9', graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`\\{-~', space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z', word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
};
const NEGATED_POSIX: Readonly<Record<string, string>> = { digit: '\\D', space: '\\S', word: '\\W' };
const CATEGORIES = new Set(['Any', 'C', 'Cc', 'Cf', 'Co', 'Cs', 'L', 'Ll', 'Lm', 'Lo', 'Lt', 'Lu', 'M', 'Mc', 'Me', 'Mn',
  'N', 'Nd', 'Nl', 'No', 'P', 'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps', 'S', 'Sc', 'Sk', 'Sm', 'So', 'Z', 'Zl', 'Zp', 'Zs']);
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { a: '\\x07', f: '\\f', n: '\\n', r: '\\r', t: '\\t', v: '\\v' };
const COUNTED = /\{\d+(?:,\d*)?\}/y;

/** The JS form of a stored pattern, or undefined when JS cannot express it. */
export function toJsPattern(pattern: string): JsPattern | undefined {
  try {
    const result = new Translator(pattern).translate();
    new RegExp(result.source, `u${result.flags}`);
    return result;
  } catch {
    return undefined;
  }
}

class Translator {
  private i = 0;
  private out = '';
  private flags = '';

  constructor(private readonly p: string) {}

  translate(): JsPattern {
    this.leadingFlags();
    while (this.i < this.p.length) this.step();
    return { source: this.out, flags: this.flags };
  }

  private leadingFlags(): void {
    const m = /^\(\?([a-zA-Z]+)\)/.exec(this.p);
    if (!m) return;
    for (const flag of new Set(m[1])) {
      if (!'ims'.includes(flag)) throw new Unsupported(flag);
      this.flags += flag;
    }
    this.i = m[0].length;
  }

  private step(): void {
    const c = this.p[this.i];
    if (c === '\\') return this.escape(false);
    if (c === '[') return this.charClass();
    if (c === '(') return this.group();
    if (c === '{') {
      COUNTED.lastIndex = this.i;
      const m = COUNTED.exec(this.p);
      if (m) {
        this.out += m[0];
        this.i += m[0].length;
        return;
      }
    }
    this.out += c === '{' || c === '}' || c === ']' ? `\\${c}` : c;
    this.i++;
  }

  private group(): void {
    const rest = this.p.slice(this.i);
    const named = /^\(\?P?<([A-Za-z0-9_]+)>/.exec(rest);
    if (named) {
      this.out += `(?<${named[1]}>`;
      this.i += named[0].length;
      return;
    }
    // Plain, non-capturing and look-around groups are spelled alike; scoped flags are not.
    if (rest.startsWith('(?') && !/^\(\?(?::|=|!|<=|<!)/.test(rest)) throw new Unsupported(rest.slice(0, 4));
    this.out += '(';
    this.i++;
  }

  /** One escape; inside a class `\-` keeps its backslash. */
  private escape(inClass: boolean): void {
    const c = this.p[this.i + 1];
    if (c === undefined) throw new Unsupported('trailing \\');
    this.i += 2;
    if ('dDsSwW'.includes(c) || (!inClass && 'bB'.includes(c))) this.out += `\\${c}`;
    else if (c === 'A') this.out += '(?<![\\s\\S])';
    else if (c === 'z') this.out += '(?![\\s\\S])';
    else if (c === 'C') this.out += inClass ? '\\s\\S' : '[\\s\\S]';
    else if (c === 'p' || c === 'P') this.unicodeClass(c === 'P');
    else if (c === 'Q') this.quoted(inClass);
    else if (c === 'x') this.hex();
    else if (c >= '0' && c <= '7') this.octal(c);
    else if (c in CONTROL_ESCAPES) this.out += CONTROL_ESCAPES[c];
    else if (c.charCodeAt(0) < 0x80 && !/[A-Za-z0-9]/.test(c)) this.out += literal(c, inClass);
    else throw new Unsupported(`\\${c}`);
  }

  private unicodeClass(negated: boolean): void {
    let name: string;
    if (this.p[this.i] === '{') {
      const end = this.p.indexOf('}', this.i);
      if (end < 0) throw new Unsupported('\\p{');
      name = this.p.slice(this.i + 1, end);
      this.i = end + 1;
    } else {
      name = this.p[this.i++] ?? '';
    }
    if (name.startsWith('^')) {
      negated = !negated;
      name = name.slice(1);
    }
    const property = CATEGORIES.has(name) ? name : `Script=${name}`;
    this.out += `\\${negated ? 'P' : 'p'}{${property}}`;
  }

  private quoted(inClass: boolean): void {
    const end = this.p.indexOf('\\E', this.i);
    const text = this.p.slice(this.i, end < 0 ? undefined : end);
    this.i = end < 0 ? this.p.length : end + 2;
    for (const ch of text) this.out += literal(ch, inClass);
  }

  private hex(): void {
    const m = /^\{([0-9A-Fa-f]+)\}|^[0-9A-Fa-f]{2}/.exec(this.p.slice(this.i));
    if (!m) throw new Unsupported('\\x');
    this.i += m[0].length;
    this.out += `\\u{${m[1] ?? m[0]}}`;
  }

  /** `\0`, `\012`, `\123`: up to three octal digits (RE2 has no backreferences). */
  private octal(first: string): void {
    let digits = first;
    while (digits.length < 3 && /[0-7]/.test(this.p[this.i] ?? '')) digits += this.p[this.i++];
    this.out += `\\u{${parseInt(digits, 8).toString(16)}}`;
  }

  private charClass(): void {
    this.out += '[';
    this.i++;
    if (this.p[this.i] === '^') {
      this.out += '^';
      this.i++;
    }
    // A `]` first in the class is a literal in RE2; in JS it would close an empty class.
    if (this.p[this.i] === ']') {
      this.out += '\\]';
      this.i++;
    }
    while (this.i < this.p.length && this.p[this.i] !== ']') {
      const c = this.p[this.i];
      if (c === '\\') this.escape(true);
      else if (c === '[' && this.posixClass()) continue;
      else {
        this.out += c === '[' ? '\\[' : c;
        this.i++;
      }
    }
    if (this.i >= this.p.length) throw new Unsupported('missing ]');
    this.out += ']';
    this.i++;
  }

  private posixClass(): boolean {
    const m = /^\[:(\^?)([a-z]+):\]/.exec(this.p.slice(this.i));
    if (!m) return false;
    const replacement = m[1] ? NEGATED_POSIX[m[2]] : POSIX[m[2]];
    if (replacement === undefined) throw new Unsupported(m[0]);
    this.out += replacement;
    this.i += m[0].length;
    return true;
  }
}

/** A character that must match itself, escaped as Unicode mode requires. */
function literal(c: string, inClass: boolean): string {
  if (JS_SYNTAX.has(c) || (inClass && c === '-')) return `\\${c}`;
  return c;
}
