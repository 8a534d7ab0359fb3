import { ApiError } from '@parley/common';
import { coerce, ParamDecl, parseDecl, parseParams } from './params';

/** The ApiError a call throws, so a test can check code, message and extra together. */
function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

describe('parseDecl', () => {
  it.each([
    ['int', { type: 'int', required: true }],
    ['int?', { type: 'int', required: false }],
    ['string', { type: 'string', required: true }],
    ['bool?', { type: 'bool', required: false }],
    ['int[]', { type: 'int[]', required: true }],
    ['int[]?', { type: 'int[]', required: false }],
    ['string[]?', { type: 'string[]', required: false }],
    ['object', { type: 'object', required: true }],
    ['json?', { type: 'json', required: false }],
  ] as [ParamDecl, object][])('reads %s', (decl, spec) => {
    expect(parseDecl(decl)).toEqual(spec);
  });
});

describe('coerce', () => {
  describe('string', () => {
    it('passes the raw text through unchanged, spaces and JSON-looking text included', () => {
      expect(coerce('topic', 'string', '  hi  ')).toBe('  hi  ');
      expect(coerce('topic', 'string', '"quoted"')).toBe('"quoted"');
      expect(coerce('topic', 'string', '')).toBe('');
    });
  });

  describe('int', () => {
    it.each([
      ['42', 42],
      ['0', 0],
      ['-7', -7],
      [' 12 ', 12],
      ['\t5\n', 5],
      ['007', 7],
      ['9007199254740991', Number.MAX_SAFE_INTEGER],
      ['-9007199254740991', -Number.MAX_SAFE_INTEGER],
      ['2147483648', 2 ** 31],
      ['9007199254740992', 2 ** 53], // 2^53 itself: an ID that large names nothing, as in Zulip
      ['-9007199254740992', -(2 ** 53)],
    ])('accepts %j as %d', (raw, expected) => {
      expect(coerce('n', 'int', raw)).toBe(expected);
    });

    it.each([
      ['+5'],
      ['1.5'],
      ['1.0'],
      ['1e3'],
      ['0x10'],
      [''],
      ['  '],
      ['abc'],
      ['1 2'],
      ['5abc'],
      ['true'],
      ['[1]'],
      ['"5"'],
      ['9007199254740993'], // past 2^53, which a Number cannot tell from it
      ['12345678901234567'], // 17 digits
      ['-9007199254740993'],
    ])('refuses %j with BAD_REQUEST "n is not an integer"', (raw) => {
      const err = thrown(() => coerce('n', 'int', raw));
      expect(err).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, message: 'n is not an integer' });
    });
  });

  describe('bool', () => {
    it('decodes JSON true and false', () => {
      expect(coerce('flag', 'bool', 'true')).toBe(true);
      expect(coerce('flag', 'bool', 'false')).toBe(false);
      expect(coerce('flag', 'bool', ' true ')).toBe(true);
    });

    it.each([['1'], ['0'], ['"true"'], ['null'], ['[]']])('refuses valid JSON that is not a boolean: %j', (raw) => {
      expect(thrown(() => coerce('flag', 'bool', raw))).toMatchObject({ code: 'BAD_REQUEST', message: 'flag is not a boolean' });
    });

    it.each([['True'], ['yes'], ['on'], ['']])('refuses non-JSON %j as invalid JSON', (raw) => {
      expect(thrown(() => coerce('flag', 'bool', raw))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Argument "flag" is not valid JSON.',
      });
    });
  });

  describe('json', () => {
    it('validates and forwards the raw text, not a re-encoding', () => {
      const raw = '{ "a" : [1, 2] }';
      expect(coerce('data', 'json', raw)).toBe(raw);
      expect(coerce('data', 'json', 'null')).toBe('null');
      expect(coerce('data', 'json', '"text"')).toBe('"text"');
    });

    it('refuses invalid JSON', () => {
      expect(thrown(() => coerce('data', 'json', '{a: 1}'))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Argument "data" is not valid JSON.',
      });
    });
  });

  describe('object', () => {
    it('accepts a JSON object and forwards its text', () => {
      expect(coerce('settings', 'object', '{"x":1}')).toBe('{"x":1}');
      expect(coerce('settings', 'object', '{}')).toBe('{}');
    });

    it.each([['[]'], ['[{"x":1}]'], ['null'], ['1'], ['"{}"']])('refuses %j as not a dict', (raw) => {
      expect(thrown(() => coerce('settings', 'object', raw))).toMatchObject({ message: 'settings is not a dict' });
    });

    it('refuses invalid JSON', () => {
      expect(thrown(() => coerce('settings', 'object', '{'))).toMatchObject({ message: 'Argument "settings" is not valid JSON.' });
    });
  });

  describe('int[]', () => {
    it('accepts a list of integers, including an empty one, and forwards the text', () => {
      expect(coerce('user_ids', 'int[]', '[1, 2, -3]')).toBe('[1, 2, -3]');
      expect(coerce('user_ids', 'int[]', '[]')).toBe('[]');
    });

    it.each([
      ['[1,"2"]', 'user_ids[1] is not an integer'],
      ['[1.5]', 'user_ids[0] is not an integer'],
      ['[1,2,null]', 'user_ids[2] is not an integer'],
      ['[true]', 'user_ids[0] is not an integer'],
      ['[9007199254740994]', 'user_ids[0] is not an integer'],
      ['[[1]]', 'user_ids[0] is not an integer'],
    ])('refuses %s naming the bad element', (raw, message) => {
      expect(thrown(() => coerce('user_ids', 'int[]', raw))).toMatchObject({ code: 'BAD_REQUEST', message });
    });

    it.each([['1'], ['{"0":1}'], ['"[1]"'], ['null']])('refuses %s as not a list', (raw) => {
      expect(thrown(() => coerce('user_ids', 'int[]', raw))).toMatchObject({ message: 'user_ids is not a list' });
    });

    it('refuses invalid JSON', () => {
      expect(thrown(() => coerce('user_ids', 'int[]', '[1,'))).toMatchObject({ message: 'Argument "user_ids" is not valid JSON.' });
    });
  });

  describe('string[]', () => {
    it('accepts a list of strings and forwards the text', () => {
      expect(coerce('emails', 'string[]', '["a@x.org",""]')).toBe('["a@x.org",""]');
    });

    it('refuses a list with a non-string element, naming its index', () => {
      expect(thrown(() => coerce('emails', 'string[]', '["a",1]'))).toMatchObject({ message: 'emails[1] is not a string' });
      expect(thrown(() => coerce('emails', 'string[]', '[null]'))).toMatchObject({ message: 'emails[0] is not a string' });
    });

    it('refuses a bare string and an object as not a list', () => {
      expect(thrown(() => coerce('emails', 'string[]', '"a"'))).toMatchObject({ message: 'emails is not a list' });
      expect(thrown(() => coerce('emails', 'string[]', '{"a":1}'))).toMatchObject({ message: 'emails is not a list' });
    });
  });
});

describe('parseParams', () => {
  const none = new Set<string>();

  it('coerces declared parameters by type', () => {
    const { values, ignored } = parseParams({ count: 'int', flag: 'bool', name: 'string', ids: 'int[]' }, { count: '3', flag: 'false', name: 'x', ids: '[1]' }, {}, none);
    expect(values).toEqual({ count: 3, flag: false, name: 'x', ids: '[1]' });
    expect(ignored).toEqual([]);
  });

  it('refuses a missing required parameter with REQUEST_VARIABLE_MISSING and var_name', () => {
    const err = thrown(() => parseParams({ emoji_name: 'string', reaction_type: 'string?' }, {}, {}, none));
    expect(err).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      httpStatus: 400,
      message: "Missing 'emoji_name' argument",
      extra: { var_name: 'emoji_name' },
    });
    expect(err.toBody()).toEqual({
      result: 'error',
      msg: "Missing 'emoji_name' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'emoji_name',
    });
  });

  it('omits an absent optional parameter instead of filling a default', () => {
    const { values } = parseParams({ full_name: 'string?', role: 'int?' }, { role: '400' }, {}, none);
    expect(values).toEqual({ role: 400 });
    expect('full_name' in values).toBe(false);
  });

  it('keeps an empty string for a present optional string', () => {
    expect(parseParams({ comment: 'string?' }, { comment: '' }, {}, none).values).toEqual({ comment: '' });
  });

  it('takes path parameters from `path`, never from the raw parameters', () => {
    const { values, ignored } = parseParams({ user_id: 'int', full_name: 'string?' }, { user_id: 'not a number', full_name: 'Ann' }, { user_id: 5 }, none);
    expect(values).toEqual({ user_id: 5, full_name: 'Ann' });
    expect(ignored).toEqual([]);
  });

  it('lists unknown parameters as ignored, sorted, leaving out the always-accepted ones', () => {
    const { values, ignored } = parseParams({ name: 'string' }, { zeta: '1', name: 'n', alpha: '2', client: 'ZulipMobile', Mid: '3' }, {}, new Set(['client']));
    expect(values).toEqual({ name: 'n' });
    expect(ignored).toEqual(['Mid', 'alpha', 'zeta']);
  });

  it('leaves unknown names past 100 characters out of ignored, naming those up to it', () => {
    const [at, past] = ['n'.repeat(100), 'n'.repeat(101)];
    expect(parseParams({ name: 'string' }, { name: 'x', [at]: '1', [past]: '2', ['é'.repeat(101)]: '3', short: '4' }, {}, none).ignored).toEqual([at, 'short']);
  });

  it('reports an always-accepted parameter as ignored when the set does not hold it', () => {
    expect(parseParams({}, { client: 'x' }, {}, none).ignored).toEqual(['client']);
  });

  it("refuses a NUL byte in a declared parameter with Zulip's message", () => {
    const err = thrown(() => parseParams({ content: 'string' }, { content: 'a\u0000b' }, {}, none));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, message: 'content contains NULL (0x00) characters.' });
  });

  it('checks for NUL before the type, so an int parameter with NUL gets the NUL message', () => {
    expect(thrown(() => parseParams({ n: 'int' }, { n: '1\u0000' }, {}, none)).message).toBe('n contains NULL (0x00) characters.');
  });

  it('propagates a type error from coerce', () => {
    expect(thrown(() => parseParams({ n: 'int' }, { n: 'x' }, {}, none)).message).toBe('n is not an integer');
  });

  it('lists an unknown parameter named like an Object.prototype property (constructor) as ignored', () => {
    expect(parseParams({ n: 'int?' }, { constructor: '1', toString: 'x', zz: 'y' }, {}, none).ignored).toEqual(['constructor', 'toString', 'zz']);
  });
});
