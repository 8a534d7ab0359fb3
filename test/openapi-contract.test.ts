// The contract checker's half that uses Parley's own description (test/support/openapi.ts):
// it accepts what Parley documents and rejects what breaks it. No running system needed.
import { parleyContractProblems } from './support/openapi';

const check = (method: string, path: string, status: number, body: unknown) => parleyContractProblems({ method, path, status, body });

describe("Parley's description as a contract", () => {
  it('accepts a documented success and rejects a body that breaks its schema', () => {
    expect(check('POST', '/api/v1/messages', 200, { result: 'success', msg: '', id: 12 })).toEqual([]);
    expect(check('POST', '/api/v1/messages', 200, { result: 'success', msg: '', id: 12, ignored_parameters_unsupported: ['x'] })).toEqual([]);
    expect(check('POST', '/api/v1/messages', 200, { result: 'success', msg: '', id: 'twelve' }).join('\n')).toMatch(/\/id must be integer/);
    expect(check('POST', '/api/v1/messages', 200, { result: 'success', msg: '', id: 1, surprise: true }).join('\n')).toMatch(/must NOT have additional properties \(surprise\)/);
  });

  it('follows the shared component schemas', () => {
    const members = (member: unknown) => check('GET', '/api/v1/users', 200, { result: 'success', msg: '', members: [member] });
    expect(members({ user_id: 1, full_name: 'A' })).toEqual([]);
    expect(members({ user_id: 'one' }).join('\n')).toMatch(/\/members\/0\/user_id must be integer/);
    expect(members({ user_id: 1, surprise: true }).join('\n')).toMatch(/\/members\/0 must NOT have additional properties \(surprise\)/);
  });

  it('matches path templates, Parley additions included', () => {
    expect(check('GET', '/api/v1/users/12/status?x=1', 200, { result: 'success', msg: '', status: {} })).toEqual([]);
    expect(check('GET', '/api/v1/default_streams', 200, { result: 'success', msg: '', default_streams: [] })).toEqual([]);
    expect(check('GET', '/api/v1/default_streams', 200, { result: 'success', msg: '' }).join('\n')).toMatch(/default_streams/);
  });

  it('holds every error to the envelope, with the code-specific fields', () => {
    expect(check('GET', '/api/v1/users/me', 401, { result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' })).toEqual([]);
    expect(check('GET', '/api/v1/no/such/path', 404, { result: 'error', msg: 'Not found', code: 'NOT_FOUND' })).toEqual([]);
    expect(check('PUT', '/api/v1/users/me', 405, { result: 'error', msg: 'Method Not Allowed', code: 'BAD_REQUEST' })).toEqual([]);
    expect(check('GET', '/api/v1/users/me', 401, { result: 'error', msg: 'x' })).not.toEqual([]);
    expect(check('GET', '/api/v1/messages', 429, { result: 'error', msg: 'x', code: 'RATE_LIMIT_HIT', 'retry-after': 3 })).toEqual([]);
    expect(check('GET', '/api/v1/messages', 429, { result: 'error', msg: 'x', code: 'RATE_LIMIT_HIT' }).join('\n')).toMatch(/retry-after/);
  });

  it('refuses a success on a path the description does not have', () => {
    expect(check('GET', '/api/v1/no/such/path', 200, { result: 'success', msg: '' })).toEqual(["parley: GET /no/such/path 200: not documented in Parley's description"]);
  });
});
