/**
 * highlight.js's output turned into Pygments' token spans (`<span class="k">def</span>`), the
 * classes every Zulip client colours. highlight.js scopes less than Pygments tokenizes: where it
 * leaves text unscoped, programming languages get Pygments' Name (n), Punctuation (p) and
 * Operator (o) classes from the characters themselves. As Pygments does, adjacent tokens of one
 * class share a span, a span never crosses a line, and whitespace outside strings and comments
 * stays bare.
 */

type ClassOf = string | ((first: string) => string);

/** A string's class by its opening quote, as Pygments tells String.Double/Single/Backtick apart. */
function stringClass(first: string): string {
  const quote = /^[a-zA-Z]{0,3}(["'`])/.exec(first)?.[1];
  return quote === '"' ? 's2' : quote === "'" ? 's1' : quote === '`' ? 'sb' : 's';
}

function commentClass(first: string): string {
  if (first.startsWith('#!')) return 'ch';
  if (/^(?:\/\*|\(\*|\{-|<!--)/.test(first)) return 'cm';
  if (/^(?:#|\/\/|--|;|%)/.test(first)) return 'c1';
  return 'c';
}

/** Number.Hex/Bin/Oct/Float/Integer. */
function numberClass(text: string): string {
  if (/^[-+]?0[xX]/.test(text)) return 'mh';
  if (/^[-+]?0[bB]/.test(text)) return 'mb';
  if (/^[-+]?0[oO]/.test(text)) return 'mo';
  if (/[.eE]/.test(text)) return 'mf';
  return /^[-+]?\d[\d_]*[lLuU]*$/.test(text) ? 'mi' : 'm';
}

/** highlight.js scope → Pygments short class. Scopes not listed take their parent's class. */
const SCOPE_CLASS: Readonly<Record<string, ClassOf>> = {
  'keyword': 'k',
  'built_in': 'nb',
  'type': 'kt',
  'literal': 'kc',
  'number': numberClass,
  'operator': 'o',
  'punctuation': 'p',
  'property': 'py',
  'regexp': 'sr',
  'string': stringClass,
  'char.escape': 'se',
  'subst': 'si',
  'symbol': 'ss',
  'variable': 'nv',
  'variable.language': 'bp',
  'variable.constant': 'no',
  'title': 'nf',
  'title.function': 'nf',
  'title.function.invoke': 'n',
  'title.class': 'nc',
  'title.class.inherited': 'n',
  'class': 'nc',
  'function': 'nf',
  'comment': commentClass,
  'meta': 'cp',
  'meta.keyword': 'cp',
  'meta.string': 'cpf',
  'section': 'gh',
  'name': 'nt',
  'attr': 'na',
  'attribute': 'na',
  'selector-tag': 'nt',
  'selector-id': 'nn',
  'selector-class': 'nc',
  'selector-attr': 'na',
  'selector-pseudo': 'nd',
  'template-tag': 'cp',
  'template-variable': 'nv',
  'bullet': 'k',
  'code': 'sb',
  'emphasis': 'ge',
  'strong': 'gs',
  'addition': 'gi',
  'deletion': 'gd',
};

/** Where a grammar's scope means what another Pygments class says (decorators, diff hunks, keys). */
const GRAMMAR_SCOPE_CLASS: Readonly<Record<string, Readonly<Record<string, ClassOf>>>> = {
  python: { meta: 'nd' },
  java: { meta: 'nd' },
  kotlin: { meta: 'nd' },
  scala: { meta: 'nd' },
  typescript: { meta: 'nd', 'variable.language': 'k' },
  javascript: { meta: 'nd', 'variable.language': 'k' },
  diff: { meta: 'gu', comment: 'gh' },
  json: { attr: 'nt', keyword: 'kc', literal: 'kc' },
  yaml: { attr: 'nt', bullet: 'p' },
  css: { attribute: 'k' },
  scss: { attribute: 'k' },
  less: { attribute: 'k' },
  bash: { meta: 'ch' },
  shell: { meta: 'ch' },
  ruby: { variable: 'vi' },
  c: { built_in: 'n' },
  cpp: { built_in: 'n' },
};

/**
 * Keywords Pygments' lexer for the language classes apart: declarations (kd), namespaces (kn),
 * reserved words (kr) and word operators (ow).
 */
const KEYWORD_CLASS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  python: { import: 'kn', from: 'kn', and: 'ow', or: 'ow', not: 'ow', in: 'ow', is: 'ow' },
  javascript: { var: 'kd', let: 'kd', const: 'kd', function: 'kd', class: 'kd', with: 'kd', from: 'kr' },
  typescript: {
    var: 'kd',
    let: 'kd',
    const: 'kd',
    function: 'kd',
    class: 'kd',
    interface: 'kd',
    type: 'kd',
    enum: 'kd',
    from: 'kr',
    as: 'kr',
  },
  java: Object.fromEntries<string>([
    ...['package', 'import'].map((k): [string, string] => [k, 'kn']),
    ...[
      'abstract',
      'class',
      'enum',
      'extends',
      'final',
      'implements',
      'interface',
      'native',
      'private',
      'protected',
      'public',
      'sealed',
      'static',
      'strictfp',
      'super',
      'synchronized',
      'throws',
      'transient',
      'volatile',
    ].map((k): [string, string] => [k, 'kd']),
  ]),
  go: Object.fromEntries<string>([
    ...['package', 'import'].map((k): [string, string] => [k, 'kn']),
    ...['var', 'func', 'struct', 'map', 'chan', 'type', 'interface', 'const'].map((k): [string, string] => [k, 'kd']),
  ]),
  rust: { let: 'kd' },
};

/** Pygments' class for plain identifiers: Name (n), or Name.Other (nx) in these lexers. */
const NAME_CLASS: Readonly<Record<string, string>> = { javascript: 'nx', typescript: 'nx', go: 'nx' };

/** Lexers that tell strings apart by quote (s1, s2, sb); the others' strings are all `s`. */
const QUOTED_STRING_GRAMMARS: ReadonlySet<string> = new Set(['python', 'javascript', 'typescript', 'ruby', 'bash', 'shell', 'php', 'perl', 'coffeescript', 'sql', 'json']);

/** Grammars whose unscoped text is prose or data, which Pygments leaves as plain Text. */
const PLAIN_TEXT_GRAMMARS: ReadonlySet<string> = new Set([
  'plaintext',
  'markdown',
  'xml',
  'diff',
  'bash',
  'shell',
  'latex',
  'properties',
  'ini',
  'yaml',
  'dockerfile',
  'nginx',
  'apache',
  'makefile',
  'cmake',
  'python-repl',
  'django',
  'handlebars',
  'erb',
  'php-template',
]);

/** Characters of otherwise plain text that Pygments classes: TeX's groups and specials are Name.Builtin. */
const PLAIN_CHAR_CLASS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  latex: { '{': 'nb', '}': 'nb', '&': 'nb', '_': 'nb', '^': 'nb' },
};

/** Python's self and cls are Name.Builtin.Pseudo (bp) in Pygments; `.` is an operator there. */
const PSEUDO_NAMES: Readonly<Record<string, ReadonlySet<string>>> = { python: new Set(['self', 'cls']) };

interface Segment {
  text: string;
  cls?: string;
}

/** A table's own entry (code is user input: `constructor` must not find Object's). */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

const HLJS_ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

function unescapeHljs(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => HLJS_ENTITIES[e]);
}

/** `hljs-title class_ inherited__` → "title.class.inherited"; other classes (language-xml) → "". */
function scopeOf(classAttr: string): string {
  const [first, ...rest] = classAttr.split(' ');
  if (!first.startsWith('hljs-')) return '';
  return [first.slice(5), ...rest.map((c) => c.replace(/_+$/, ''))].join('.');
}

/** Unscoped program text, by character: names, numbers, punctuation, operators; whitespace bare. */
function classifyBare(text: string, grammar: string, out: Segment[]): void {
  const pseudo = PSEUDO_NAMES[grammar];
  for (const [token] of text.matchAll(/\s+|[\p{L}_$][\p{L}\p{N}_$]*|\p{N}[\p{L}\p{N}_.]*|[^\s\p{L}\p{N}_$]/gu)) {
    let cls: string | undefined;
    if (/^\s/u.test(token)) cls = undefined;
    else if (/^[\p{L}_$]/u.test(token)) cls = pseudo?.has(token) ? 'bp' : (NAME_CLASS[grammar] ?? 'n');
    else if (/^\p{N}/u.test(token)) cls = numberClass(token);
    else if ('()[]{},;:'.includes(token) || (token === '.' && grammar !== 'python')) cls = 'p';
    else if ('-+*/%=<>!&|^~?@.'.includes(token)) cls = 'o';
    out.push({ text: token, cls });
  }
}

/** The unscoped part of a markup tag: `<`, `/`, `>` are punctuation and `=` an operator. */
function classifyTag(text: string, out: Segment[]): void {
  for (const [token] of text.matchAll(/[<>/]+|=|[^<>/=]+/g)) {
    out.push({ text: token, cls: token === '=' ? 'o' : /^[<>/]/.test(token) ? 'p' : undefined });
  }
}

/** Keeps whitespace at the edges of a name/keyword/punctuation token out of its span. */
function pushScoped(text: string, cls: string, out: Segment[]): void {
  if (/^(?:s[a-z0-9]*|c[1hms]?|g[a-z]*)$/.test(cls)) {
    out.push({ text, cls });
    return;
  }
  for (const [part] of text.matchAll(/\s+|\S+(?:\s+\S+)*/gu)) out.push({ text: part, cls: /^\s/u.test(part) ? undefined : cls });
}

/** highlight.js HTML (spans of escaped text) → segments with Pygments classes. */
export function pygmentsSegments(hljsHtml: string, grammar: string): Segment[] {
  const overrides = GRAMMAR_SCOPE_CLASS[grammar] ?? {};
  const classifyPlain = !PLAIN_TEXT_GRAMMARS.has(grammar);
  const keywords = KEYWORD_CLASS[grammar] ?? {};
  const plainChars = PLAIN_CHAR_CLASS[grammar];
  // Each open span: its class (null: none of its own), decided at its first text when it depends on it.
  const stack: { scope: string; classOf?: ClassOf; cls?: string | null }[] = [];
  const out: Segment[] = [];
  for (const [, classAttr, close, raw] of hljsHtml.matchAll(/<span class="([^"]*)">|(<\/span>)|([^<]+)/g)) {
    if (classAttr !== undefined) {
      let scope = scopeOf(classAttr);
      // Keywords and strings inside a preprocessor line are the directive and its file.
      if (stack.at(-1)?.scope === 'meta' && (scope === 'keyword' || scope === 'string')) scope = `meta.${scope}`;
      const base = scope.split('.')[0];
      let classOf = own(overrides, scope) ?? own(SCOPE_CLASS, scope) ?? own(overrides, base) ?? own(SCOPE_CLASS, base);
      if (classOf === stringClass && !QUOTED_STRING_GRAMMARS.has(grammar)) classOf = 's';
      stack.push(classOf === undefined ? { scope, cls: null } : { scope, classOf });
      continue;
    }
    if (close !== undefined) {
      stack.pop();
      continue;
    }
    const text = unescapeHljs(raw);
    let cls: string | undefined;
    for (let i = stack.length - 1; i >= 0; i--) {
      const open = stack[i];
      if (open.cls === null) continue;
      if (open.cls === undefined) {
        const classOf = open.classOf!;
        // Numbers are classed by their text; strings and comments by how they open.
        if (classOf === numberClass) {
          cls = numberClass(text.trim());
          break;
        }
        open.cls = typeof classOf === 'string' ? classOf : classOf(text);
      }
      cls = open.cls;
      break;
    }
    if (cls === 'k') cls = own(keywords, text) ?? cls;
    if (cls !== undefined) pushScoped(text, cls, out);
    else if (classifyPlain) classifyBare(text, grammar, out);
    else if (stack.some((open) => open.scope === 'tag')) classifyTag(text, out);
    else if (plainChars) for (const [part] of text.matchAll(/[^]/gu)) out.push({ text: part, cls: own(plainChars, part) });
    else out.push({ text });
  }
  return out;
}

/**
 * Segments as Pygments' HtmlFormatter writes them: one span per class run and line. `escape` is
 * escapeCode where Zulip keeps Pygments' escaping, escapeText where lxml re-serialized it.
 */
export function pygmentsHtml(segments: Segment[], escape: (text: string) => string): string {
  let html = '';
  let i = 0;
  while (i < segments.length) {
    const cls = segments[i].cls;
    let text = '';
    for (; i < segments.length && segments[i].cls === cls; i++) text += segments[i].text;
    html +=
      cls === undefined
        ? escape(text)
        : text
            .split('\n')
            .map((line) => (line ? `<span class="${cls}">${escape(line)}</span>` : ''))
            .join('\n');
  }
  return html;
}
