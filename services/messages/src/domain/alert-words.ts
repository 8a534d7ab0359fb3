/**
 * Alert words at send: which users' alert words a message's content holds, as Zulip's
 * AlertWordNotificationProcessor finds them (zerver/lib/markdown/__init__.py): an
 * Aho–Corasick automaton of the lower-cased words runs over the lower-cased text that
 * Markdown's preprocessors leave (fenced code blocks taken out), and a match counts when the
 * characters around it are among Zulip's punctuation. One pass over the text whatever the
 * words: time linear in the text (times the at most 100 words that can end at one place, a
 * word being at most 100 characters), never a regular expression built from users' words.
 */

/** What may come before a word (Zulip's allowed_before_punctuation). */
const BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
/**
 * What may come after a word (Zulip's allowed_after_punctuation). Zulip's set has '",' (two
 * characters, which no single character equals) where '"' was meant, so a word followed by
 * a double quote does not count there, nor here.
 */
const AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/** A fence line, as Zulip's fenced_code.py FENCE_RE reads it: no indentation, a language, a header. */
const FENCE = /^(~{3,}|`{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+\-./#]+)[ ]*([^ ~`][^~`]*)?\}?)?$/;
/** What a code block leaves in the text (Zulip's HTML stash placeholder; no letters to match). */
const STASHED = '\u0002\u0003';

interface Block {
  fence: string;
  /** Code (and math) is stashed away; quotes and spoilers stay Markdown, so their words count. */
  code: boolean;
  lines: string[];
}

// eslint-disable-next-line no-control-regex -- the STASHED markers, dropped from content so it cannot forge them
const MARKERS = /[\u0002\u0003]/g;

/**
 * The text Zulip looks for alert words in: the content with Python-Markdown's whitespace
 * normalized (newlines, tabs) and each fenced code block replaced by a placeholder, as
 * FencedBlockPreprocessor does (a fence closes only on the same fence string; a quote or
 * spoiler block may hold code blocks; one left open runs to the end).
 */
export function alertWordText(content: string): string {
  const source = content.replace(MARKERS, '').replace(/\r\n?/g, '\n').replace(/\t/g, '    ');
  const output: string[] = [];
  const stack: Block[] = [];
  const sink = () => (stack.length ? stack[stack.length - 1].lines : output);
  const close = () => {
    const block = stack.pop()!;
    if (block.lines.length) sink().push('', ...(block.code ? [STASHED] : block.lines), '');
  };
  for (const line of source.split('\n')) {
    const top = stack[stack.length - 1];
    if (top && line.trimEnd() === top.fence) {
      close();
    } else if (top?.code) {
      top.lines.push(line);
    } else {
      const fence = FENCE.exec(line);
      const lang = fence?.[2]?.toLowerCase();
      if (!fence) sink().push(line);
      else stack.push({ fence: fence[1], code: !['quote', 'quoted', 'spoiler'].includes(lang ?? ''), lines: lang === 'spoiler' && fence[3] ? [fence[3]] : [] });
    }
  }
  while (stack.length) close();
  return output.join('\n');
}

/** An automaton of some users' alert words (each word's node knows whose it is). */
export class AlertWordMatcher {
  private readonly next: Map<string, number>[] = [new Map<string, number>()];
  private readonly fail: number[] = [0];
  /** The nearest node down the fail links that ends a word (0: none). */
  private readonly output: number[] = [0];
  /** For a node that ends a word: its length in characters and its users. */
  private readonly words = new Map<number, { length: number; users: number[] }>();

  constructor(wordsByUser: ReadonlyMap<number, readonly string[]>) {
    for (const [userId, words] of wordsByUser) {
      for (const word of words) this.add([...word.toLowerCase()], userId);
    }
    this.link();
  }

  get empty(): boolean {
    return this.words.size === 0;
  }

  private add(chars: string[], userId: number): void {
    if (!chars.length) return;
    let node = 0;
    for (const ch of chars) {
      let child = this.next[node].get(ch);
      if (child === undefined) {
        child = this.next.push(new Map()) - 1;
        this.fail.push(0);
        this.output.push(0);
        this.next[node].set(ch, child);
      }
      node = child;
    }
    const entry = this.words.get(node) ?? { length: chars.length, users: [] };
    if (!entry.users.includes(userId)) entry.users.push(userId);
    this.words.set(node, entry);
  }

  /** The fail and output links, breadth first. */
  private link(): void {
    const queue = [...this.next[0].values()];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head];
      for (const [ch, child] of this.next[node]) {
        let f = this.fail[node];
        while (f && !this.next[f].has(ch)) f = this.fail[f];
        const target = this.next[f].get(ch);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        this.output[child] = this.words.has(this.fail[child]) ? this.fail[child] : this.output[this.fail[child]];
        queue.push(child);
      }
    }
  }

  /** The users whose alert words `content` holds (see alertWordText for the text searched). */
  usersIn(content: string): Set<number> {
    const found = new Set<number>();
    if (this.empty) return found;
    const text = [...alertWordText(content).toLowerCase()];
    const reported = new Set<number>();
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      while (node && !this.next[node].has(ch)) node = this.fail[node];
      node = this.next[node].get(ch) ?? 0;
      // Every word ending here shares the end; Zulip checks the character after it.
      if (i + 1 < text.length && !AFTER.has(text[i + 1])) continue;
      for (let n = this.words.has(node) ? node : this.output[node]; n; n = this.output[n]) {
        const word = this.words.get(n)!;
        if (reported.has(n) || !startsWell(text, i - word.length)) continue;
        reported.add(n);
        for (const user of word.users) found.add(user);
      }
    }
    return found;
  }
}

/**
 * Zulip's check_valid_start_position, given the index of the character before the match:
 * Zulip passes that index and accepts it when it is 0 or less, so a word that starts at the
 * text's second character counts whatever the first one is ("xone" alerts for "one"), a
 * quirk kept for the same flags as Zulip.
 */
function startsWell(text: string[], before: number): boolean {
  return before <= 0 || BEFORE.has(text[before]);
}
