import { expandTemplate, percentEncode } from './url-template';

describe('expandTemplate', () => {
  // The examples of RFC 6570, section 1.2, for string values.
  const values = { var: 'value', hello: 'Hello World!', path: '/foo/bar', empty: '', x: '1024', y: '768' };

  it('expands level 1 and 2 expressions as RFC 6570 does', () => {
    expect(expandTemplate('https://github.com/zulip/zulip/issues/{id}', { id: '123' })).toBe('https://github.com/zulip/zulip/issues/123');
    expect(expandTemplate('{var}', values)).toBe('value');
    expect(expandTemplate('{hello}', values)).toBe('Hello%20World%21');
    expect(expandTemplate('{+hello}', values)).toBe('Hello%20World!');
    expect(expandTemplate('{+path}/here', values)).toBe('/foo/bar/here');
    expect(expandTemplate('X{#var}', values)).toBe('X#value');
  });

  it('expands level 3 and 4 operators and prefixes', () => {
    expect(expandTemplate('map?{x,y}', values)).toBe('map?1024,768');
    expect(expandTemplate('{?x,y,empty}', values)).toBe('?x=1024&y=768&empty=');
    expect(expandTemplate('?fixed=yes{&x}', values)).toBe('?fixed=yes&x=1024');
    expect(expandTemplate('{;x,y,empty}', values)).toBe(';x=1024;y=768;empty');
    expect(expandTemplate('X{.var}', values)).toBe('X.value');
    expect(expandTemplate('{/var,x}/here', values)).toBe('/value/1024/here');
    expect(expandTemplate('{var:3}', values)).toBe('val');
  });

  it('copies literal text as RFC 6570 does: %XX kept, a lone % and what a URI cannot hold encoded', () => {
    expect(expandTemplate('https://example.com/A%20Test/%%%ba/{id}', { id: '123' })).toBe('https://example.com/A%20Test/%25%25%ba/123');
    expect(expandTemplate('https://x.example/é b/{id}?q=1&r=[2]', { id: '7' })).toBe('https://x.example/%C3%A9%20b/7?q=1&r=[2]');
  });

  it('leaves out undefined values, and whole expressions when none is defined', () => {
    expect(expandTemplate('a{/missing}b{?missing,x}', { x: '1', missing: undefined })).toBe('ab?x=1');
  });
});

describe('percentEncode', () => {
  it('keeps only unreserved characters, or reserved ones and %XX when allowed', () => {
    expect(percentEncode('a-._~ /?#%41é😀')).toBe('a-._~%20%2F%3F%23%2541%C3%A9%F0%9F%98%80');
    expect(percentEncode("a/?#[]@!$&'()*+,;=%41%zz", true)).toBe("a/?#[]@!$&'()*+,;=%41%25zz");
  });
});
