import { isIntegerParam, isIntegerText, parseIntList, parseJsonParam, requireRealmId } from './params';

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
    expect(() => parseIntList('order', '[9007199254740994]')).toThrow('order[0] is not an integer');
    expect(() => parseIntList('order', '[1e300]')).toThrow('order[0] is not an integer');
  });

  it('takes integers up to 2^53 in magnitude, 2^53 itself included (an ID that names nothing)', () => {
    expect(parseIntList('messages', '[9007199254740992, -9007199254740992, 2147483648]')).toEqual([2 ** 53, -(2 ** 53), 2 ** 31]);
    // A JSON number reads as JavaScript reads it: 2^53 + 1 is 2^53 by then.
    expect(parseIntList('messages', '[9007199254740993]')).toEqual([2 ** 53]);
    expect([2 ** 53, -(2 ** 53), 0, -1].map(isIntegerParam)).toEqual([true, true, true, true]);
    expect([2 ** 53 + 2, 1.5, '1', NaN, Infinity, null].map(isIntegerParam)).toEqual([false, false, false, false, false, false]);
  });

  it("reads an integer parameter's text exactly, up to 2^53", () => {
    expect(['0', '-1', '2147483648', '9007199254740992', '-9007199254740992'].map(isIntegerText)).toEqual([true, true, true, true, true]);
    expect(['9007199254740993', '-9007199254740993', '99999999999999999', '', '-', '1.0', '+1', '1e3', ' 1', '٣'].map(isIntegerText)).toEqual(Array(10).fill(false));
  });

  it('takes a positive integer realm ID', () => {
    expect(requireRealmId('7')).toBe(7);
    for (const bad of [0, -1, '1.5', 'x', undefined]) expect(() => requireRealmId(bad)).toThrow('realm_id is required');
  });
});
