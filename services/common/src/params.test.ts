import { parseIntList, parseJsonParam, requireRealmId } from './params';

describe('service parameters', () => {
  it("parses JSON parameters, refusing bad JSON with the gateway's message", () => {
    expect(parseJsonParam('drafts', '[1]')).toEqual([1]);
    expect(() => parseJsonParam('drafts', '[1')).toThrow('Argument "drafts" is not valid JSON.');
  });

  it("parses a list of integers with the gateway's messages, naming the first bad element", () => {
    expect(parseIntList('order', '[3, 1, 2]')).toEqual([3, 1, 2]);
    expect(parseIntList('order', '[]')).toEqual([]);
    expect(() => parseIntList('order', '[1,')).toThrow('Argument "order" is not valid JSON.');
    expect(() => parseIntList('order', '{"a": 1}')).toThrow('order is not a list');
    expect(() => parseIntList('order', '[1, "2", 3.5]')).toThrow('order[1] is not an integer');
    expect(() => parseIntList('order', '[1, 2.5]')).toThrow('order[1] is not an integer');
    expect(() => parseIntList('order', '[9007199254740993]')).toThrow('order[0] is not an integer');
  });

  it('takes a positive integer realm ID', () => {
    expect(requireRealmId('7')).toBe(7);
    for (const bad of [0, -1, '1.5', 'x', undefined]) expect(() => requireRealmId(bad)).toThrow('realm_id is required');
  });
});
