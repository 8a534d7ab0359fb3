import { jsonWithRaw, objectMembers, RawJson } from './json-bytes';

const members = (text: string) => objectMembers(Buffer.from(text))?.toString('utf8');

describe('objectMembers', () => {
  it("gives the bytes between an object's braces, as they are", () => {
    expect(members('{"a":1,"b":"Zoë 🎉"}')).toBe('"a":1,"b":"Zoë 🎉"');
    expect(members(' \n{ "a": {"b": []} }\t')).toBe(' "a": {"b": []} ');
  });

  it('gives nothing for an object without members, or no JSON at all', () => {
    for (const text of ['{}', '{ \n\t}', '  {}  ', '', '   ']) expect(members(text)).toBeUndefined();
  });
});

describe('jsonWithRaw', () => {
  it('puts RawJson texts in as they are, beside the other members encoded', () => {
    const text = jsonWithRaw({ a: 1, list: new RawJson('[{"x":"Zoë"},2]'), b: { c: [null, 'é'] }, none: undefined });
    expect(JSON.parse(text)).toEqual({ a: 1, list: [{ x: 'Zoë' }, 2], b: { c: [null, 'é'] } });
    expect(text).toContain('"list":[{"x":"Zoë"},2]');
  });

  it('makes valid JSON with only raw members, none, or keys that need escaping', () => {
    expect(JSON.parse(jsonWithRaw({ only: new RawJson('[]') }))).toEqual({ only: [] });
    expect(jsonWithRaw({})).toBe('{}');
    expect(JSON.parse(jsonWithRaw({ 'a"b\\n': new RawJson('{"k":true}'), z: 0 }))).toEqual({ 'a"b\\n': { k: true }, z: 0 });
  });

  it('encodes a RawJson nested below the top level as any object, its text not put in', () => {
    expect(JSON.parse(jsonWithRaw({ outer: { inner: new RawJson('[1]') } }))).toEqual({ outer: { inner: { json: '[1]' } } });
  });
});
