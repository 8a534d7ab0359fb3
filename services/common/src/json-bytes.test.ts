import { objectMembers } from './json-bytes';

const members = (text: string) => objectMembers(Buffer.from(text))?.toString('utf8');

describe('objectMembers', () => {
  it('gives the bytes between an object\'s braces, as they are', () => {
    expect(members('{"a":1,"b":"Zoë 🎉"}')).toBe('"a":1,"b":"Zoë 🎉"');
    expect(members(' \n{ "a": {"b": []} }\t')).toBe(' "a": {"b": []} ');
  });

  it('gives nothing for an object without members, or no JSON at all', () => {
    for (const text of ['{}', '{ \n\t}', '  {}  ', '', '   ']) expect(members(text)).toBeUndefined();
  });
});
