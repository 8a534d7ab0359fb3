import { RE2JS } from 're2js';

/**
 * Regular expressions that users write (linkifier patterns) run on RE2, as Zulip runs them:
 * matching takes time linear in the text for any pattern, where JavaScript's backtracking
 * RegExp can take exponential time and stop the process. This is re2js, a port of RE2 to
 * JavaScript (no native build, no WebAssembly heap to manage), with RE2's syntax: Python's
 * `(?P<name>…)`, inline flags, `\pL`, `\Q…\E`, POSIX classes.
 *
 * One difference from Google's C++ RE2, which Zulip uses: `\C` (one byte there, which only
 * makes sense for UTF-8 input) is refused by the port; it is read here as one character.
 */
export type Re2Pattern = RE2JS;

/** A pattern RE2 refuses; the message is RE2's ("missing closing ): (foo"). */
export class Re2SyntaxError extends Error {}

/** Compiles an RE2 pattern; throws Re2SyntaxError with RE2's message. */
export function compileRe2(pattern: string): Re2Pattern {
  try {
    return RE2JS.compile(anyByteAsCharacter(pattern));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Re2SyntaxError(message.replace(/^error parsing regexp: /, '').replace(/`/g, ''));
  }
}

/** `\C` outside classes and `\Q…\E` becomes `(?s:.)`; one pass over the pattern. */
function anyByteAsCharacter(pattern: string): string {
  if (!pattern.includes('\\C')) return pattern;
  let out = '';
  let quoted = false;
  /** Where the open class's first member is (a `]` there is a literal), or -1 outside classes. */
  let classStart = -1;
  /** No `:]` after here: looked for once, so a pattern of many `[:` stays one pass. */
  let noPosixEnd = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (quoted) {
      if (c === '\\' && pattern[i + 1] === 'E') quoted = false;
    } else if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      if (next === 'Q') quoted = true;
      out += next === 'C' && classStart < 0 ? '(?s:.)' : `\\${next}`;
      continue;
    } else if (classStart < 0 && c === '[') {
      classStart = pattern[i + 1] === '^' ? i + 2 : i + 1;
    } else if (classStart >= 0 && c === '[' && pattern[i + 1] === ':' && !noPosixEnd) {
      // A POSIX class inside a class: its `:]` does not close the outer one.
      const end = pattern.indexOf(':]', i + 2);
      noPosixEnd = end < 0;
      if (end > 0) {
        out += pattern.slice(i, end + 2);
        i = end + 1;
        continue;
      }
    } else if (classStart >= 0 && c === ']' && i > classStart) {
      classStart = -1;
    }
    out += c;
  }
  return out;
}
