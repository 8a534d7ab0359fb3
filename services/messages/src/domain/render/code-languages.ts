import pygmentsLexers from './pygments-lexers.json';

/**
 * A code block's language, as Zulip's fenced_code.py names it and as Parley highlights it.
 *
 * Zulip tags a block with the Pygments lexer's display name (`py2` → "Python 2.x", `js` →
 * "JavaScript"), or with the language as typed (lower-cased) when Pygments has no such lexer.
 * pygments-lexers.json is generated from Pygments itself (see its `source`). Highlighting is
 * done by highlight.js, for the Pygments lexers below that it has a grammar for.
 */

/** The part of highlight.js's API used here (its bundled types pull in the DOM library). */
export interface Highlighter {
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
  getLanguage(name: string): { aliases?: string[] } | undefined;
  registerLanguage(name: string, grammar: unknown): void;
  newInstance(): Highlighter;
  configure(options: { classPrefix?: string; ignoreUnescapedHTML?: boolean; throwUnescapedHTML?: boolean }): void;
}

/**
 * highlight.js grammars loaded: its "common" set plus languages often pasted in chat. Each
 * grammar costs start-up time (all 190 cost ~140 ms and 8 MiB), so the rest stay out.
 */
const GRAMMARS = [
  // highlight.js/lib/common
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'go',
  'graphql',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'less',
  'lua',
  'makefile',
  'markdown',
  'objectivec',
  'perl',
  'php',
  'php-template',
  'plaintext',
  'python',
  'python-repl',
  'r',
  'ruby',
  'rust',
  'scss',
  'shell',
  'sql',
  'swift',
  'typescript',
  'vbnet',
  'wasm',
  'xml',
  'yaml',
  // chat extras
  'clojure',
  'cmake',
  'coffeescript',
  'dart',
  'dockerfile',
  'elixir',
  'elm',
  'erlang',
  'fortran',
  'fsharp',
  'groovy',
  'haskell',
  'julia',
  'latex',
  'lisp',
  'matlab',
  'nginx',
  'nix',
  'ocaml',
  'powershell',
  'protobuf',
  'scala',
  'scheme',
  'tcl',
  'verilog',
  'vhdl',
  'vim',
  'x86asm',
  'llvm',
  'prolog',
  'awk',
  'd',
  'delphi',
  'apache',
  'properties',
  'erb',
  'handlebars',
  'django',
  'crystal',
  'ada',
  'smalltalk',
  'armasm',
] as const;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- highlight.js's core alone, without its bundled grammars
const core = require('highlight.js/lib/core') as Highlighter;
/** Parley's own highlight.js instance (not the shared global one). */
export const hljs: Highlighter = core.newInstance();
hljs.configure({ throwUnescapedHTML: false, ignoreUnescapedHTML: true });
/** Each grammar's registered name, by that name and by each of its aliases (`py` → python). */
const grammarNamed = new Map<string, string>();
for (const name of GRAMMARS) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the grammar's module is named at run time
  const grammar = require(`highlight.js/lib/languages/${name}`) as { default?: unknown };
  hljs.registerLanguage(name, grammar.default ?? grammar);
  for (const alias of [name, ...(hljs.getLanguage(name)?.aliases ?? [])]) {
    if (!grammarNamed.has(alias)) grammarNamed.set(alias, name);
  }
}

/**
 * Pygments lexers whose aliases highlight.js does not share, by lexer name → grammar. Lexers
 * not here use the first of their aliases that highlight.js knows (`python` → python).
 */
const GRAMMAR_OF_LEXER: Readonly<Record<string, string>> = {
  'Python 2.x': 'python',
  'Python 2.x Traceback': 'plaintext',
  'Python console session': 'python-repl',
  'Text only': 'plaintext',
  'JSX': 'javascript',
  'TSX': 'typescript',
  'Bash Session': 'shell',
  'HTML+Django/Jinja': 'django',
  'Django/Jinja': 'django',
  'Objective-C++': 'objectivec',
  'PostgreSQL SQL dialect': 'sql',
  'MySQL': 'sql',
  'sqlite3con': 'sql',
  'Transact-SQL': 'sql',
  'PL/pgSQL': 'sql',
  'Docker': 'dockerfile',
  'Common Lisp': 'lisp',
  'EmacsLisp': 'lisp',
  'TOML': 'ini',
  'Clojure': 'clojure',
  'TeX': 'latex',
  'Protocol Buffer': 'protobuf',
  'Nginx configuration file': 'nginx',
  'Makefile': 'makefile',
  'CMake': 'cmake',
  'GAS': 'x86asm',
  'NASM': 'x86asm',
};

const ALIASES: Readonly<Record<string, string>> = pygmentsLexers.aliases;

/** Each Pygments lexer's highlight.js grammar, where there is one. */
const grammarOfLexer = new Map<string, string>();
for (const [alias, lexer] of Object.entries(ALIASES)) {
  if (grammarOfLexer.has(lexer)) continue;
  const curated = GRAMMAR_OF_LEXER[lexer];
  if (curated !== undefined) grammarOfLexer.set(lexer, curated);
  else if (grammarNamed.has(alias)) grammarOfLexer.set(lexer, grammarNamed.get(alias)!);
}
// A lexer whose first alias is unknown to highlight.js may have a later one it knows.
for (const [alias, lexer] of Object.entries(ALIASES)) {
  if (!grammarOfLexer.has(lexer) && grammarNamed.has(alias)) grammarOfLexer.set(lexer, grammarNamed.get(alias)!);
}

export interface CodeLanguage {
  /** data-code-language: the Pygments lexer's name, else the language as typed (lower-cased). */
  label: string;
  /** The highlight.js grammar to highlight with; undefined: the code stays plain. */
  grammar?: string;
}

/** Zulip's canonical name for a fence's language (already non-empty). */
export function codeLanguage(lang: string): CodeLanguage {
  const typed = lang.toLowerCase();
  const lexer = Object.prototype.hasOwnProperty.call(ALIASES, typed) ? ALIASES[typed] : undefined;
  if (lexer === undefined) return { label: typed };
  return { label: lexer, grammar: grammarOfLexer.get(lexer) };
}

/** Pygments lexer names that Parley highlights, and with which highlight.js grammar (for docs and tests). */
export function highlightedLexers(): ReadonlyMap<string, string> {
  return grammarOfLexer;
}
