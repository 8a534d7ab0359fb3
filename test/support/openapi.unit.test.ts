// Unit tests of the contract validator, on real schemas from zulip-openapi.yaml.
// No running system needed: it is in the unit project (npx jest test/support/openapi.unit.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { assertMatchesContract, contractProblems, PARLEY_ADDITIONS, SPEC_FILE } from './openapi';

const serverSettings = {
  result: 'success',
  msg: '',
  authentication_methods: { password: true, dev: false, email: true, ldap: false, remoteuser: false, github: false, azuread: false, google: false, saml: false },
  external_authentication_methods: [{ name: 'github', display_name: 'GitHub', display_icon: null, login_url: '/accounts/login/social/github', signup_url: '/accounts/register/social/github' }],
  zulip_feature_level: 420,
  zulip_version: '11.0',
  zulip_merge_base: '11.0',
  push_notifications_enabled: false,
  is_incompatible: false,
  email_auth_enabled: true,
  require_email_format_usernames: true,
  realm_uri: 'http://localhost:9991',
  realm_url: 'http://localhost:9991',
  realm_name: 'Parley Dev',
  realm_icon: 'https://example.com/icon.png',
  realm_description: '<p>Hello</p>',
  realm_web_public_access_enabled: false,
  service_feature_level: 420,
};
const settings = (body: unknown) => contractProblems({ method: 'GET', path: '/api/v1/server_settings', status: 200, body });

const user = {
  user_id: 12,
  delivery_email: null,
  email: 'user12@example.com',
  full_name: 'Iago',
  date_joined: '2024-01-01T00:00:00Z',
  is_active: true,
  is_owner: false,
  is_admin: true,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  bot_owner_id: null,
  role: 200,
  timezone: '',
  avatar_url: null,
  avatar_version: 1,
  profile_data: { '1': { value: 'x', rendered_value: '<p>x</p>' } },
};
const ownUser = {
  result: 'success',
  msg: '',
  user_id: 12,
  email: 'iago@example.com',
  full_name: 'Iago',
  is_admin: true,
  is_owner: false,
  role: 200,
  is_guest: false,
  is_bot: false,
  is_active: true,
  timezone: '',
  avatar_url: 'https://example.com/a.png',
  avatar_version: 1,
  date_joined: '2024-01-01T00:00:00Z',
  max_message_id: 30,
  delivery_email: 'iago@example.com',
  profile_data: {},
};

describe('contractProblems', () => {
  test('PARLEY_ADDITIONS names only what any object may carry', () => {
    expect([...PARLEY_ADDITIONS].sort()).toEqual(['ignored_parameters_unsupported', 'local_message_id']);
  });

  test('service_feature_level (the spec asks for it) passes in GET /server_settings and POST /register only; parley_version nowhere', () => {
    const register = (body: unknown) => contractProblems({ method: 'POST', path: '/api/v1/register', status: 200, body });
    expect(register({ result: 'success', msg: '', queue_id: 'q', last_event_id: -1, zulip_feature_level: 420, service_feature_level: 420 })).toEqual([]);
    expect(register({ result: 'success', msg: '', queue_id: 'q', parley_version: '0.1.0' })).toEqual(['POST /register 200: (body) must NOT have additional properties (parley_version)']);
    expect(settings({ ...serverSettings, parley_version: '0.1.0' })).toEqual(['GET /server_settings 200: (body) must NOT have additional properties (parley_version)']);
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/me', status: 200, body: { ...ownUser, service_feature_level: 420 } })).toEqual([
      'GET /users/me 200: (body) must NOT have additional properties (service_feature_level)',
    ]);
  });

  test('GET /server_settings: a realistic body, with service_feature_level, passes', () => {
    expect(settings(serverSettings)).toEqual([]);
    // with or without the /api/v1 prefix, with a query string, any method case
    expect(contractProblems({ method: 'get', path: '/server_settings?x=1', status: 200, body: serverSettings })).toEqual([]);
  });

  test('GET /server_settings: a missing required field or a wrong type fails, with pointer and template', () => {
    const { result: _omitted, ...noResult } = serverSettings;
    expect(settings(noResult)).toEqual([expect.stringMatching(/^GET \/server_settings 200: \(body\) must have required property 'result'/)]);
    expect(settings({ ...serverSettings, zulip_feature_level: '420' })).toEqual(['GET /server_settings 200: /zulip_feature_level must be integer']);
    expect(settings({ ...serverSettings, result: 'error' })).toEqual([expect.stringContaining('/result must be equal to one of the allowed values')]);
    expect(settings({ ...serverSettings, service_feature_level: '420' })).toEqual(['GET /server_settings 200: /service_feature_level must be integer']);
    const badIcon = [{ ...serverSettings.external_authentication_methods[0], display_icon: 3 }];
    expect(settings({ ...serverSettings, external_authentication_methods: badIcon })).toEqual(['GET /server_settings 200: /external_authentication_methods/0/display_icon must be string,null']);
  });

  test('additionalProperties: false rejects unknown fields (also nested) but admits the additions', () => {
    expect(settings({ ...serverSettings, surprise: 1 })).toEqual(['GET /server_settings 200: (body) must NOT have additional properties (surprise)']);
    const extraNested = [{ ...serverSettings.external_authentication_methods[0], colour: 'red' }];
    expect(settings({ ...serverSettings, external_authentication_methods: extraNested })).toEqual([
      'GET /server_settings 200: /external_authentication_methods/0 must NOT have additional properties (colour)',
    ]);
    expect(settings({ ...serverSettings, ignored_parameters_unsupported: ['foo'] })).toEqual([]);
    expect(settings({ ...serverSettings, ignored_parameters_unsupported: 'foo' })).toEqual(['GET /server_settings 200: /ignored_parameters_unsupported must be array']);
    // JsonSuccess, reached through #/components/responses/SimpleSuccess
    const simple = (body: unknown) => contractProblems({ method: 'DELETE', path: '/api/v1/drafts/3', status: 200, body });
    expect(simple({ result: 'success', msg: '', ignored_parameters_unsupported: ['x'] })).toEqual([]);
    expect(simple({ result: 'success', msg: '', id: 3 })).toEqual(['DELETE /drafts/{draft_id} 200: (body) must NOT have additional properties (id)']);
  });

  test("GET /users/me: bot_type and bot_owner_id are a bot's only (Zulip's format_user_row)", () => {
    const me = (body: unknown) => contractProblems({ method: 'GET', path: '/api/v1/users/me', status: 200, body });
    expect(me({ ...ownUser, is_bot: true, bot_type: 1, bot_owner_id: 5 })).toEqual([]);
    expect(me({ ...ownUser, is_bot: true, bot_type: 1, bot_owner_id: null })).toEqual([]);
    for (const extra of [{ bot_type: null }, { bot_owner_id: null }, { bot_type: null, bot_owner_id: null }]) {
      expect(me({ ...ownUser, ...extra }).length).toBeGreaterThan(0);
    }
    // Nowhere else than where the server sends them: not in the own-user response's siblings.
    expect(settings({ ...serverSettings, bot_type: null })).toEqual(['GET /server_settings 200: (body) must NOT have additional properties (bot_type)']);
  });

  test('GET /users/me matches /users/me, not /users/{user_id}', () => {
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/me', status: 200, body: ownUser })).toEqual([]);
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/me', status: 200, body: { result: 'success', msg: '', user } })).toEqual([
      'GET /users/me 200: (body) must NOT have additional properties (user)',
    ]);
  });

  test('GET /users/12?client_gravatar=true matches /users/{user_id}; an email matches /users/{email}', () => {
    const check = (body: unknown, path = '/api/v1/users/12?client_gravatar=true') => contractProblems({ method: 'GET', path, status: 200, body });
    expect(check({ result: 'success', msg: '', user })).toEqual([]);
    expect(check({ ...ownUser })).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/users\/\{user_id\} 200: \(body\) must NOT have additional properties/)]));
    expect(check({ result: 'success', msg: '', user: { ...user, user_id: null, role: 7 } })).toEqual([
      'GET /users/{user_id} 200: /user/user_id must be integer',
      'GET /users/{user_id} 200: /user/role must be equal to one of the allowed values ([100,200,300,400,600])',
    ]);
    expect(check({ result: 'success', msg: '', user: 1 }, '/users/iago%40example.com')[0]).toMatch(/^GET \/users\/\{email\} 200: \/user must be object/);
  });

  test('undocumented paths, methods and statuses are problems, not passes', () => {
    expect(contractProblems({ method: 'GET', path: '/api/v1/no_such_endpoint', status: 200, body: {} })).toEqual(['path /no_such_endpoint is not documented in zulip-openapi.yaml']);
    expect(contractProblems({ method: 'PUT', path: '/api/v1/users/me', status: 200, body: {} })).toEqual(['method PUT on /users/me is not documented in zulip-openapi.yaml']);
    expect(contractProblems({ method: 'GET', path: '/api/v1/server_settings', status: 302, body: {} })).toEqual(['GET /server_settings: status 302 is not documented']);
  });

  test('an error status the endpoint does not document must still be a coded error envelope', () => {
    // The file documents no 400 for GET /users/{user_id} (only 200), and 401s nowhere per endpoint.
    const error = { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' };
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/12', status: 400, body: error })).toEqual([]);
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/me', status: 401, body: { ...error, code: 'UNAUTHORIZED', var_name: 'x' } })).toEqual([]);
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/12', status: 400, body: {} }).length).toBeGreaterThan(0);
    expect(contractProblems({ method: 'GET', path: '/api/v1/users/12', status: 500, body: { result: 'success', msg: '' } }).length).toBeGreaterThan(0);
  });

  test('400 error bodies validate where a 400 is documented', () => {
    const error = { result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' };
    expect(contractProblems({ method: 'GET', path: '/api/v1/streams/99', status: 400, body: error })).toEqual([]);
    expect(contractProblems({ method: 'GET', path: '/api/v1/streams/99', status: 400, body: { ...error, code: undefined } })).toEqual([
      "GET /streams/{stream_id} 400: (body) must have required property 'code'",
    ]);
    // send_message_400_response is a oneOf of four branches, three of them plain CodedError:
    // such a body matches several branches, which only passes because oneOf became anyOf.
    const sendError = { result: 'error', msg: "Invalid email 'x@example.com'", code: 'BAD_REQUEST' };
    expect(contractProblems({ method: 'POST', path: '/api/v1/messages', status: 400, body: sendError })).toEqual([]);
    expect(contractProblems({ method: 'POST', path: '/api/v1/messages', status: 400, body: { ...sendError, result: 'success' } }).length).toBeGreaterThan(0);
  });
});

describe('assertMatchesContract', () => {
  test('passes silently or throws listing the problems', () => {
    expect(() => assertMatchesContract({ method: 'GET', path: '/api/v1/server_settings', status: 200, body: serverSettings })).not.toThrow();
    expect(() => assertMatchesContract({ method: 'GET', path: '/api/v1/server_settings', status: 200, body: { ...serverSettings, msg: 5 } })).toThrow(
      /GET \/api\/v1\/server_settings \(200\)[\s\S]*GET \/server_settings 200: \/msg must be string/,
    );
  });
});

describe('the reference kept with the tests', () => {
  // Beside a checkout that has the project's shared folder (the developers', CI's), the copy
  // must be that reference; a clone elsewhere has only the copy, which the tests above read.
  const shared = path.resolve(__dirname, '../../../shared/reference/zulip-openapi.yaml');
  (fs.existsSync(shared) ? test : test.skip)('is byte for byte ../shared/reference/zulip-openapi.yaml', () => {
    expect(fs.readFileSync(SPEC_FILE).equals(fs.readFileSync(shared))).toBe(true);
  });
});
