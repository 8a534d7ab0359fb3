import { parseNarrow } from './parse';

function thrown(fn: () => unknown): { code?: string; message?: string } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('did not throw');
}

describe('parseNarrow', () => {
  it('reads an absent narrow and an empty list as the empty narrow', () => {
    expect(parseNarrow(undefined)).toEqual([]);
    expect(parseNarrow(null)).toEqual([]);
    expect(parseNarrow([])).toEqual([]);
    expect(parseNarrow('[]')).toEqual([]);
  });

  it('reads objects, with negated defaulting to false', () => {
    expect(
      parseNarrow([
        { operator: 'channel', operand: 'Denmark' },
        { operator: 'is', operand: 'starred', negated: true },
      ]),
    ).toEqual([
      { operator: 'channel', operand: 'Denmark', negated: false },
      { operator: 'is', operand: 'starred', negated: true },
    ]);
  });

  it('reads legacy [operator, operand] pairs, never negated', () => {
    expect(
      parseNarrow([
        ['stream', 'Denmark'],
        ['topic', 'x'],
      ]),
    ).toEqual([
      { operator: 'stream', operand: 'Denmark', negated: false },
      { operator: 'topic', operand: 'x', negated: false },
    ]);
  });

  it('reads the JSON text of the parameter', () => {
    expect(parseNarrow('[{"operator":"dm","operand":[1,2]}]')).toEqual([{ operator: 'dm', operand: [1, 2], negated: false }]);
  });

  it('takes integer operands where Zulip does: channels, users, message IDs', () => {
    for (const operator of ['channel', 'stream', 'id', 'sender', 'dm-including', 'group-pm-with', 'with']) {
      expect(parseNarrow([{ operator, operand: 7 }])[0].operand).toBe(7);
    }
    expect(parseNarrow([{ operator: 'pm-with', operand: [3] }])[0].operand).toEqual([3]);
  });

  it('ignores members it does not know', () => {
    expect(parseNarrow([{ operator: 'is', operand: 'dm', extra: 1 }])).toEqual([{ operator: 'is', operand: 'dm', negated: false }]);
  });

  it('reads a null negated as false', () => {
    expect(parseNarrow([{ operator: 'is', operand: 'dm', negated: null }])[0].negated).toBe(false);
  });

  it.each([
    ['{', 'Argument "narrow" is not valid JSON.'],
    ['{"operator":"is"}', 'narrow is not a list'],
    [{ operator: 'is', operand: 'dm' }, 'narrow is not a list'],
    [[[]], 'Invalid narrow[0]: Value error, element is not a string pair'],
    [[['is']], 'Invalid narrow[0]: Value error, element is not a string pair'],
    [[['id', 5]], 'Invalid narrow[0]: Value error, element is not a string pair'],
    [[['is', 'dm'], 'dm'], 'Invalid narrow[1]: Value error, dict or list required'],
    [[null], 'Invalid narrow[0]: Value error, dict or list required'],
    [[{ operator: 'channel' }], 'Invalid narrow[0]: Value error, operand is missing'],
    [[{ operator: 'channel', operand: null }], 'Invalid narrow[0]: Value error, operand is missing'],
    [[{ operand: 'Denmark' }], 'Invalid narrow[0]: Value error, operator is missing'],
    [[{ operator: null, operand: 'Denmark' }], 'Invalid narrow[0]: Value error, operator is missing'],
    [[{ operator: 'topic', operand: 5 }], 'operand is not a string'],
    [[{ operator: 'near', operand: 5 }], 'operand is not a string'],
    [[{ operator: 'channel', operand: [1] }], 'operand is not a string or integer'],
    [[{ operator: 'sender', operand: 1.5 }], 'operand is not a string or integer'],
    [[{ operator: 'id', operand: true }], 'operand is not a string or integer'],
    [[{ operator: 'dm', operand: 5 }], 'operand is not a string or an integer list'],
    [[{ operator: 'dm', operand: [1, 'a'] }], 'operand[1] is not an integer'],
    [[{ operator: 'search', operand: '' }], 'operand cannot be blank.'],
    [[{ operator: 'search', operand: '   ' }], 'operand cannot be blank.'],
    [[{ operator: 5, operand: 'x' }], 'operator is not a string'],
    [[{ operator: 'is', operand: 'dm', negated: 'yes' }], 'negated is not a boolean'],
  ])('refuses %j with BAD_REQUEST %j', (raw, message) => {
    expect(thrown(() => parseNarrow(raw))).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('leaves unknown operators to narrowWhere, checking their operand as a string', () => {
    expect(parseNarrow([{ operator: 'bogus', operand: 'x' }])).toEqual([{ operator: 'bogus', operand: 'x', negated: false }]);
    expect(thrown(() => parseNarrow([{ operator: 'bogus', operand: 1 }]))).toMatchObject({ message: 'operand is not a string' });
  });
});
