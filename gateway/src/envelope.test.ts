import { successBody as bodyBytes } from './envelope';

/** The body as text (it is UTF-8 bytes). */
const successBody = (data: string | Buffer, ignored: string[]) => bodyBytes(data, ignored).toString('utf8');

describe('successBody', () => {
  it('takes the reply as UTF-8 bytes and answers bytes, copying them as they are', () => {
    const data = Buffer.from('{"name":"Zoë 🎉","n":1}');
    const body = bodyBytes(data, []);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.toString('utf8')).toBe('{"result":"success","msg":"","name":"Zoë 🎉","n":1}');
  });

  it('renders empty data as result and msg only', () => {
    expect(JSON.parse(successBody('{}', []))).toEqual({ result: 'success', msg: '' });
  });

  it('treats an empty reply as empty data', () => {
    expect(JSON.parse(successBody('', []))).toEqual({ result: 'success', msg: '' });
  });

  it('splices the fields of the data after result and msg', () => {
    const body = successBody('{"user_id":7,"roles":[100,400],"avatar_url":null,"profile":{"a":"b"}}', []);
    expect(JSON.parse(body)).toEqual({ result: 'success', msg: '', user_id: 7, roles: [100, 400], avatar_url: null, profile: { a: 'b' } });
    expect(Object.keys(JSON.parse(body))).toEqual(['result', 'msg', 'user_id', 'roles', 'avatar_url', 'profile']);
  });

  it('keeps the data text as is, without re-encoding it', () => {
    // A re-encode would turn 1.50 into 1.5 and drop the escape.
    expect(successBody('{"price":1.50,"s":"\\u00e9"}', [])).toBe('{"result":"success","msg":"","price":1.50,"s":"\\u00e9"}');
  });

  it('puts ignored_parameters_unsupported between msg and the data', () => {
    const body = successBody('{"id":3}', ['b', 'a']);
    expect(Object.keys(JSON.parse(body))).toEqual(['result', 'msg', 'ignored_parameters_unsupported', 'id']);
    expect(JSON.parse(body)).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['b', 'a'], id: 3 });
  });

  it('adds ignored parameters to empty data', () => {
    expect(JSON.parse(successBody('{}', ['x"y']))).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['x"y'] });
  });

  it('leaves ignored_parameters_unsupported out when nothing was ignored', () => {
    expect(successBody('{"id":3}', [])).not.toContain('ignored_parameters_unsupported');
  });

  it('tolerates whitespace around the data', () => {
    expect(JSON.parse(successBody('  {"id":3}\n', []))).toEqual({ result: 'success', msg: '', id: 3 });
    expect(JSON.parse(successBody(' {} ', ['q']))).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['q'] });
    expect(JSON.parse(successBody('{\n  "id": 3\n}', []))).toEqual({ result: 'success', msg: '', id: 3 });
  });

  it('treats an empty object with inner whitespace ("{ }") as empty data', () => {
    expect(JSON.parse(successBody('{ }', []))).toEqual({ result: 'success', msg: '' });
    expect(JSON.parse(successBody('{\n}', ['x']))).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['x'] });
  });
});
