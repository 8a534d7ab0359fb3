import { hljs, codeLanguage, highlightedLexers } from './code-languages';
import { MAX_HIGHLIGHTED_CODE_CHARS, MAX_HIGHLIGHTED_WORD_CHARS, renderCodeBlock } from './code-highlight';
import { renderMessage } from './render';
import { expectLinearGrowth } from '@parley/common/testing';

const ctx = { users: [], groups: [], channels: [], linkifiers: [] };
const html = (content: string, defaultCodeBlockLanguage?: string) => renderMessage(content, { ...ctx, defaultCodeBlockLanguage }).html;
const codeBlocks = (rendered: string) => rendered.match(/<div class="codehilite"[^]*?<\/code><\/pre><\/div>/g) ?? [];

/**
 * Zulip's own cases (zerver/tests/fixtures/markdown_test_cases.json in zulip/zulip): every
 * case whose expected output has a code block, input → the HTML Zulip renders, compared whole.
 * Two are left out of this table: fenced_complexly_nested_quote (a fence inside a ~~~ quote,
 * a block-structure case of the renderer, not of code) and dangerous_block_having_backticks
 * (its code block is compared below; its ``` one ``` paragraphs are inline-code parsing).
 */
const ZULIP_CODE_CASES: [name: string, input: string, expected: string][] = [
  [
    'codeblock_hilite_python',
    'Hamlet said:\n~~~~.python \ndef speak(self):\n    x = 1\n~~~~',
    '<p>Hamlet said:</p>\n<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="k">def</span> <span class="nf">speak</span><span class="p">(</span><span class="bp">self</span><span class="p">):</span>\n    <span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
  ],
  [
    'codeblock_hilite_invented_language',
    '``` inventedlanguage\ndef speak(self):\n    x = 1\n```',
    '<div class="codehilite" data-code-language="inventedlanguage"><pre><span></span><code>def speak(self):\n    x = 1\n</code></pre></div>',
  ],
  [
    'codeblock_canonicalize_lang_alias',
    '``` py2\ndef speak(self):\n    x = 1\n```',
    '<div class="codehilite" data-code-language="Python 2.x"><pre><span></span><code><span class="k">def</span> <span class="nf">speak</span><span class="p">(</span><span class="bp">self</span><span class="p">):</span>\n    <span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
  ],
  [
    'ampampamp',
    '& &amp; &amp;amp;\n~~~~\n& &amp; &amp;amp;\n~~~~\n    & &amp; &amp;amp;',
    '<p>&amp; &amp; &amp;amp;</p>\n<div class="codehilite"><pre><span></span><code>&amp; &amp;amp; &amp;amp;amp;\n</code></pre></div>\n<div class="codehilite"><pre><span></span><code>&amp; &amp;amp; &amp;amp;amp;\n</code></pre></div>',
  ],
  [
    'codeblock_multiline',
    'Hamlet once said\n~~~~\ndef func():\n    x = 1\n\n    y = 2\n\n    z = 3\n~~~~\nAnd all was good.',
    '<p>Hamlet once said</p>\n<div class="codehilite"><pre><span></span><code>def func():\n    x = 1\n\n    y = 2\n\n    z = 3\n</code></pre></div>\n<p>And all was good.</p>',
  ],
  [
    'codeblock_trailing_whitespace',
    'Hamlet once said\n~~~~\ndef func():\n    x = 1\n\n    y = 2\t\t\n\n    z = 3       \n~~~~\nAnd all was good.',
    '<p>Hamlet once said</p>\n<div class="codehilite"><pre><span></span><code>def func():\n    x = 1\n\n    y = 2\n\n    z = 3\n</code></pre></div>\n<p>And all was good.</p>',
  ],
  ['codeblock_backticks', '\n```\nfenced code\n```\n\n```inline code```\n', '<div class="codehilite"><pre><span></span><code>fenced code\n</code></pre></div>\n<p><code>inline code</code></p>'],
  [
    'hanging_multi_codeblock',
    'Hamlet said:\n~~~~\ndef speak(self):\n    x = 1\n# Comment to make this code block longer to test Trac #1162\n~~~~\n\nThen he mentioned ````y = 4 + x**2```` and\n~~~~\ndef foobar(self):\n    return self.baz()',
    '<p>Hamlet said:</p>\n<div class="codehilite"><pre><span></span><code>def speak(self):\n    x = 1\n# Comment to make this code block longer to test Trac #1162\n</code></pre></div>\n<p>Then he mentioned <code>y = 4 + x**2</code> and</p>\n<div class="codehilite"><pre><span></span><code>def foobar(self):\n    return self.baz()\n</code></pre></div>',
  ],
  ['four_space_code_block', '    def foo(): pass', '<div class="codehilite"><pre><span></span><code>def foo(): pass\n</code></pre></div>'],
  [
    'list_codeblock_interference',
    'para:\n\n    1. list-1\n    2. list-2\n      1. list-2a\n    3. list-3\n',
    '<p>para:</p>\n<div class="codehilite"><pre><span></span><code>1. list-1\n2. list-2\n  1. list-2a\n3. list-3\n</code></pre></div>',
  ],
  ['ulist_codeblock', '~~~\nint x = 3\n* 4;\n~~~', '<div class="codehilite"><pre><span></span><code>int x = 3\n* 4;\n</code></pre></div>'],
  ['safe_html_in_code', '~~~\n<h1>stay normal</h1>', '<div class="codehilite"><pre><span></span><code>&lt;h1&gt;stay normal&lt;/h1&gt;\n</code></pre></div>'],
  [
    'tex_fenced_tex',
    '```tex\n\n\\pi \\textbf{ is not } 3.14\n```',
    '<div class="codehilite" data-code-language="TeX"><pre><span></span><code><span class="k">\\pi</span> <span class="k">\\textbf</span><span class="nb">{</span> is not <span class="nb">}</span> 3.14\n</code></pre></div>',
  ],
  [
    'tex_fenced_latex',
    '```latex\n\n\\pi \\textbf{ is not } 3.14\n```',
    '<div class="codehilite" data-code-language="TeX"><pre><span></span><code><span class="k">\\pi</span> <span class="k">\\textbf</span><span class="nb">{</span> is not <span class="nb">}</span> 3.14\n</code></pre></div>',
  ],
  [
    'codeblock_hilite_shebang_feature_no_path_1',
    '```\n#!python\nprint("Hello World")\n```',
    '<div class="codehilite"><pre><span></span><code><span class="ch">#!python</span>\n<span class="nb">print</span><span class="p">(</span><span class="s2">&quot;Hello World&quot;</span><span class="p">)</span>\n</code></pre></div>',
  ],
  [
    'codeblock_hilite_shebang_feature_no_path_2',
    '```\n:::python\nprint("Hello World")\n```',
    '<div class="codehilite"><pre><span></span><code><span class="p">:::</span><span class="n">python</span>\n<span class="nb">print</span><span class="p">(</span><span class="s2">&quot;Hello World&quot;</span><span class="p">)</span>\n</code></pre></div>',
  ],
  [
    'codeblock_hilite_shebang_feature_with_path',
    '```\n#!/usr/bin/python\nprint("Hello World")\n```',
    '<div class="codehilite"><pre><span></span><code><span class="ch">#!/usr/bin/python</span>\n<span class="nb">print</span><span class="p">(</span><span class="s2">&quot;Hello World&quot;</span><span class="p">)</span>\n</code></pre></div>',
  ],
];

describe("renderCodeBlock: Zulip's fixture cases", () => {
  it.each(ZULIP_CODE_CASES)('%s renders as Zulip renders it', (_name, input, expected) => {
    expect(html(input)).toBe(expected);
  });

  it('dangerous_block_having_backticks: its code block as Zulip renders it', () => {
    expect(codeBlocks(html('``` one ```\n\n``` two ```\n\n~~~~\nx = 1'))).toEqual(['<div class="codehilite"><pre><span></span><code>x = 1\n</code></pre></div>']);
  });
});

describe('renderCodeBlock: the language', () => {
  it("names it with the Pygments lexer's name, from any alias, in any case", () => {
    const label = (lang: string) => /data-code-language="([^"]*)"/.exec(renderCodeBlock('x', lang))?.[1];
    expect(label('py2')).toBe('Python 2.x');
    expect(label('PYTHON')).toBe('Python');
    expect(label('js')).toBe('JavaScript');
    expect(label('c++')).toBe('C++');
    expect(label('c#')).toBe('C#');
    expect(label('sh')).toBe('Bash');
    expect(label('tex')).toBe('TeX');
    // Pygments' text lexer has a name too: Zulip tags ```text blocks "Text only".
    expect(label('text')).toBe('Text only');
  });

  it('keeps an unknown language as typed, lower-cased, and leaves its code plain', () => {
    expect(renderCodeBlock('def f(): "x"', 'InventedLanguage')).toBe('<div class="codehilite" data-code-language="inventedlanguage"><pre><span></span><code>def f(): "x"\n</code></pre></div>');
  });

  it('gives a known language without a highlight.js grammar its name and plain code', () => {
    expect(codeLanguage('abap')).toEqual({ label: 'ABAP', grammar: undefined });
    expect(renderCodeBlock("WRITE 'x'.", 'abap')).toBe('<div class="codehilite" data-code-language="ABAP"><pre><span></span><code>WRITE \'x\'.\n</code></pre></div>');
  });

  it('highlights the common languages with a registered grammar', () => {
    for (const lexer of [
      'Python',
      'Python 2.x',
      'JavaScript',
      'TypeScript',
      'C',
      'C++',
      'Java',
      'Go',
      'Rust',
      'SQL',
      'Bash',
      'JSON',
      'HTML',
      'CSS',
      'YAML',
      'Ruby',
      'TeX',
      'Haskell',
      'Kotlin',
      'Swift',
    ]) {
      const grammar = highlightedLexers().get(lexer);
      expect([lexer, grammar && hljs.getLanguage(grammar) !== undefined]).toEqual([lexer, true]);
    }
  });

  it("uses the realm's default language for fences without one, not for indented code", () => {
    expect(html('```\nx = 1\n```', 'python')).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    );
    expect(html('```js\nx\n```', 'python')).toContain('data-code-language="JavaScript"');
    expect(html('    x = 1', 'python')).toBe('<div class="codehilite"><pre><span></span><code>x = 1\n</code></pre></div>');
    expect(html('```\nx = 1\n```', '')).toBe('<div class="codehilite"><pre><span></span><code>x = 1\n</code></pre></div>');
  });
});

describe('renderCodeBlock: structure and escaping', () => {
  it('escapes quotes as Pygments does without a language, and as lxml re-serializes with one', () => {
    expect(renderCodeBlock(`a = "b" + 'c'`, undefined)).toBe('<div class="codehilite"><pre><span></span><code>a = &quot;b&quot; + &#39;c&#39;\n</code></pre></div>');
    expect(renderCodeBlock(`a = "b" + 'c' & d < e`, 'python')).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">a</span> <span class="o">=</span> ' +
        '<span class="s2">"b"</span> <span class="o">+</span> <span class="s1">\'c\'</span> <span class="o">&amp;</span> ' +
        '<span class="n">d</span> <span class="o">&lt;</span> <span class="n">e</span>\n</code></pre></div>',
    );
  });

  it('never lets code or a language name out of the block', () => {
    const attack = '</code></pre></div><script>alert(1)</script><img src=x onerror=alert(1)>';
    const languages = [undefined, 'python', 'js', 'html', 'xml', 'c', 'markdown', 'bash', 'sql', 'css', 'php', 'ruby', 'yaml', 'tex', 'unknownlang'];
    for (const lang of languages) {
      const objectNames = 'constructor __proto__ toString hasOwnProperty valueOf';
      for (const code of [attack, `"${attack}"`, `/* ${attack} */`, `# ${attack}`, `<!-- ${attack} -->`, `\`${attack}\``, objectNames, `class ${objectNames} {}`]) {
        const out = renderCodeBlock(code, lang);
        // Only the wrapper and class-only spans are markup; everything else is escaped text.
        const markup = out
          .replace(/^<div class="codehilite"(?: data-code-language="[^"<>&]*")?><pre><span><\/span><code>/, '')
          .replace(/<\/code><\/pre><\/div>$/, '')
          .replace(/<span class="[a-z0-9]+">|<\/span>/g, '');
        expect([lang, code, markup.includes('<') || markup.includes('>')]).toEqual([lang, code, false]);
      }
    }
    expect(renderCodeBlock('x', '"><script>alert(1)</script>')).toBe(
      '<div class="codehilite" data-code-language="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"><pre><span></span><code>x\n</code></pre></div>',
    );
    // In Markdown, a fence's language is only what Zulip's FENCE_RE takes ([a-zA-Z0-9_+-./#]).
    expect(html('```"><script>alert(1)</script>\nx\n```')).toBe('<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>');
    expect(html('```py"><b>\n</code><script>\n```')).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="o">&lt;/</span><span class="n">code</span><span class="o">&gt;&lt;</span><span class="n">script</span><span class="o">&gt;</span>\n</code></pre></div>',
    );
  });

  it('writes nothing for a fence without lines, and one newline for blank lines', () => {
    expect(html('```\n```')).toBe('');
    expect(html('```python\n\n\n```')).toBe('<div class="codehilite" data-code-language="Python"><pre><span></span><code>\n</code></pre></div>');
  });

  it('keeps spans within a line, as Pygments does', () => {
    expect(renderCodeBlock('/* a\n   b */', 'c')).toBe(
      '<div class="codehilite" data-code-language="C"><pre><span></span><code><span class="cm">/* a</span>\n<span class="cm">   b */</span>\n</code></pre></div>',
    );
  });
});

describe("renderCodeBlock: token classes (highlight.js scopes mapped to Pygments' short classes)", () => {
  // Approximate by design: highlight.js and Pygments tokenize differently. These pin the mapping.
  const spans = (code: string, lang: string) => [...renderCodeBlock(code, lang).matchAll(/<span class="([a-z0-9]+)">([^<]*)<\/span>/g)].map(([, cls, text]) => `${cls}:${text}`);

  it('classes Python as Pygments does', () => {
    expect(spans('import os\n@cached\ndef f(self, x=0x1F):\n    # note\n    return x is None and f"{x}" or 1.5', 'python')).toEqual(
      [
        'kn:import',
        'n:os',
        'nd:@cached',
        'k:def',
        'nf:f',
        'p:(',
        'bp:self',
        'p:,',
        'n:x',
        'o:=',
        'mh:0x1F',
        'p:):',
        'c1:# note',
        'k:return',
        'n:x',
        'ow:is',
        'kc:None',
        'ow:and',
        's2:f&quot;',
        'si:{x}',
        's2:&quot;',
        'ow:or',
        'mf:1.5',
      ].map((s) => s.replace(/&quot;/g, '"')),
    );
  });

  it('classes JavaScript and C declarations, strings, comments, preprocessor lines', () => {
    expect(spans('const s = `a${b}`; // c', 'js')).toEqual(['kd:const', 'nx:s', 'o:=', 'sb:`a', 'si:${b}', 'sb:`', 'p:;', 'c1:// c']);
    expect(spans('#include <stdio.h>\nint main() { return 0; }', 'c')).toEqual(['cp:#include', 'cpf:&lt;stdio.h&gt;', 'kt:int', 'nf:main', 'p:()', 'p:{', 'k:return', 'mi:0', 'p:;', 'p:}']);
  });

  it('classes markup tags and TeX as Pygments does', () => {
    expect(spans('<a href="x">t</a>', 'html')).toEqual(['p:&lt;', 'nt:a', 'na:href', 'o:=', 's:"x"', 'p:&gt;', 'p:&lt;/', 'nt:a', 'p:&gt;']);
  });
});

describe('renderCodeBlock: bounds', () => {
  it("leaves long code unhighlighted, in Zulip's structure with its language", () => {
    const spy = jest.spyOn(hljs, 'highlight');
    try {
      const long = 'x = 1\n'.repeat(Math.ceil(MAX_HIGHLIGHTED_CODE_CHARS / 6) + 1);
      expect(renderCodeBlock(long, 'python')).toBe(`<div class="codehilite" data-code-language="Python"><pre><span></span><code>${long}</code></pre></div>`);
      const word = `a${'b'.repeat(MAX_HIGHLIGHTED_WORD_CHARS)}`;
      expect(renderCodeBlock(`int ${word};`, 'csharp')).toBe(`<div class="codehilite" data-code-language="C#"><pre><span></span><code>int ${word};\n</code></pre></div>`);
      expect(spy).not.toHaveBeenCalled();
      expect(renderCodeBlock('x = 1', 'python')).toContain('<span class="n">x</span>');
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('highlights the largest code it takes, with work in proportion to its length', () => {
    const code = 'def f(self, x):\n    return {"k": [x, 1.5, \'s\']}  # c\n'.repeat(100);
    expect(renderCodeBlock(code.slice(0, MAX_HIGHLIGHTED_CODE_CHARS), 'python')).toContain('<span class="k">def</span>');
    // Ten at a time, so the smaller input's work is well above the timer's grain.
    const highlight = (n: number) => Array.from({ length: 10 }, () => renderCodeBlock(code.slice(0, n), 'python'));
    expectLinearGrowth(highlight, MAX_HIGHLIGHTED_CODE_CHARS / 8, { largest: MAX_HIGHLIGHTED_CODE_CHARS });
  });
});
