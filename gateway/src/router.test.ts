import { serviceDefinition } from '@parley/common';
import { Router } from './router';
import { parseDecl } from './params';
import { type Route, routes } from '@parley/common/api';

const route = (method: Route['method'], path: string, params: Route['params'] = {}, rpc = `${method} ${path}`): Route => ({ method, path, service: 'users', rpc, auth: 'user', params });

/** The rpc of the matched route, or the kind of non-match. */
function matched(router: Router, method: string, path: string): string {
  const m = router.match(method, path);
  return m.kind === 'route' ? m.route.rpc : m.kind;
}

describe('Router', () => {
  describe('literal and parameter segments', () => {
    // The parameter route is listed first, so only the literal-first rule can pick /users/me.
    const router = new Router([route('GET', '/users/:name', { name: 'string' }, 'ByName'), route('GET', '/users/me', {}, 'Me'), route('GET', '/users', {}, 'List')]);

    it('prefers a literal segment over a parameter, whatever the table order', () => {
      expect(matched(router, 'GET', '/users/me')).toBe('Me');
    });

    it('falls back to the parameter route for any other segment', () => {
      const m = router.match('GET', '/users/alice');
      expect(m).toEqual({ kind: 'route', route: expect.objectContaining({ rpc: 'ByName' }), path: { name: 'alice' } });
    });

    it('matches on the number of segments', () => {
      expect(matched(router, 'GET', '/users')).toBe('List');
      expect(matched(router, 'GET', '/users/alice/extra')).toBe('none');
      expect(matched(router, 'GET', '/')).toBe('none');
    });

    it('ignores empty segments from doubled and trailing slashes', () => {
      expect(matched(router, 'GET', '/users//me/')).toBe('Me');
    });

    it('compares literal segments exactly (case-sensitive)', () => {
      expect(matched(router, 'GET', '/Users')).toBe('none');
    });
  });

  describe('int parameters', () => {
    const router = new Router([route('GET', '/users/me', {}, 'Me'), route('GET', '/users/:user_id', { user_id: 'int', client_gravatar: 'bool?' }, 'GetUser')]);

    it('match digits and yield a number', () => {
      const m = router.match('GET', '/users/42');
      expect(m.kind === 'route' && m.path).toEqual({ user_id: 42 });
    });

    it.each([['abc'], ['-1'], ['1.5'], ['1e3'], ['+1'], ['0x1'], ['9007199254740993'], ['12345678901234567'], ['%20']])('do not match %j', (segment) => {
      expect(matched(router, 'GET', `/users/${segment}`)).toBe('none');
    });

    it('accept up to 2^53, past every ID (the route answers as for an unknown one)', () => {
      for (const id of [123456789012345, 2 ** 31, 2 ** 53]) {
        const m = router.match('GET', `/users/${id}`);
        expect(m.kind === 'route' && m.path).toEqual({ user_id: id });
      }
    });

    it('are matched after URL-decoding', () => {
      const m = router.match('GET', '/users/%34%32');
      expect(m.kind === 'route' && m.path).toEqual({ user_id: 42 });
    });
  });

  describe('email parameters', () => {
    // The email route is listed first, so only the types can send IDs and `me` elsewhere.
    const router = new Router([
      route('GET', '/users/:email', { email: 'email' }, 'ByEmail'),
      route('PATCH', '/users/:email', { email: 'email' }, 'UpdateByEmail'),
      route('GET', '/users/:user_id', { user_id: 'int' }, 'ById'),
      route('GET', '/users/me', {}, 'Me'),
    ]);

    it('match a segment with an @, decoded, and yield it as a string', () => {
      expect(router.match('GET', '/users/iago@zulip.com')).toMatchObject({ kind: 'route', route: { rpc: 'ByEmail' }, path: { email: 'iago@zulip.com' } });
      expect(router.match('GET', '/users/a%2Bb%40x.example')).toMatchObject({ kind: 'route', route: { rpc: 'ByEmail' }, path: { email: 'a+b@x.example' } });
      expect(matched(router, 'GET', '/users/user12@parley.invalid')).toBe('ByEmail');
    });

    it('leave IDs to the int route and literal segments to theirs, whatever the table order', () => {
      expect(matched(router, 'GET', '/users/12')).toBe('ById');
      expect(matched(router, 'GET', '/users/me')).toBe('Me');
    });

    it('do not match a segment without an @', () => {
      expect(matched(router, 'GET', '/users/abc')).toBe('none');
    });

    it('do not take a method the literal route lacks: PATCH /users/me is not an email', () => {
      expect(router.match('PATCH', '/users/me')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    });

    it('win over a plain string parameter at the same place, whatever the table order', () => {
      const both = new Router([route('GET', '/x/:name', { name: 'string' }, 'ByName'), route('GET', '/x/:email', { email: 'email' }, 'ByEmail')]);
      expect(matched(both, 'GET', '/x/a@b.example')).toBe('ByEmail');
      expect(matched(both, 'GET', '/x/ab')).toBe('ByName');
    });
  });

  describe('URL-encoded string parameters', () => {
    const router = new Router([route('GET', '/channels/:name/topics', { name: 'string' })]);

    it('are decoded, an encoded slash staying inside the segment', () => {
      const m = router.match('GET', '/channels/caf%C3%A9%20%2F%20bar/topics');
      expect(m.kind === 'route' && m.path).toEqual({ name: 'café / bar' });
    });

    it('leave literal segments comparable once decoded (/users/m%65 is /users/me)', () => {
      const users = new Router([route('GET', '/users/me', {}, 'GetOwnUser'), route('GET', '/users/:user_id', { user_id: 'int' }, 'GetUser')]);
      const m = users.match('GET', '/users/m%65');
      expect(m.kind === 'route' && m.route.rpc).toBe('GetOwnUser');
    });

    it('do not match when the encoding is malformed', () => {
      expect(matched(router, 'GET', '/channels/%E0%A4%A/topics')).toBe('none');
      expect(matched(router, 'GET', '/channels/%/topics')).toBe('none');
      expect(matched(router, 'GET', '/channels/a%00b/topics')).toBe('none');
    });
  });

  describe('methods', () => {
    const router = new Router([
      route('GET', '/users/:user_id', { user_id: 'int' }, 'GetUser'),
      route('PATCH', '/users/:user_id', { user_id: 'int' }, 'UpdateUser'),
      route('DELETE', '/users/:user_id', { user_id: 'int' }, 'DeactivateUser'),
      route('POST', '/users', {}, 'CreateUser'),
    ]);

    it('picks the route of the request method', () => {
      expect(matched(router, 'PATCH', '/users/3')).toBe('UpdateUser');
      expect(matched(router, 'DELETE', '/users/3')).toBe('DeactivateUser');
    });

    it('reports method-not-allowed with the methods the path takes', () => {
      expect(router.match('POST', '/users/3')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'PATCH', 'DELETE'] });
      expect(router.match('GET', '/users')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    });

    it('reports none, not method-not-allowed, when the path matches no route at all', () => {
      expect(router.match('POST', '/users/abc')).toEqual({ kind: 'none' });
      expect(router.match('GET', '/streams')).toEqual({ kind: 'none' });
    });

    it('compares the method exactly', () => {
      expect(router.match('get', '/users/3')).toMatchObject({ kind: 'method-not-allowed' });
    });
  });

  describe('rest parameters (:name*, last segment only)', () => {
    const router = new Router([route('GET', '/user_uploads/:realm_id_str/:filename*', { realm_id_str: 'string', filename: 'string' }, 'File'), route('GET', '/user_uploads', {}, 'List')]);

    it('take the rest of the path, slashes included', () => {
      expect(router.match('GET', '/user_uploads/2/ab/cdef/notes.txt')).toMatchObject({
        kind: 'route',
        path: { realm_id_str: '2', filename: 'ab/cdef/notes.txt' },
      });
    });

    it('take a single segment too, but not none', () => {
      expect(router.match('GET', '/user_uploads/2/notes.txt')).toMatchObject({ path: { filename: 'notes.txt' } });
      expect(matched(router, 'GET', '/user_uploads/2')).toBe('none');
    });

    it('are decoded segment by segment', () => {
      expect(router.match('GET', '/user_uploads/2/ab/my%20file.txt')).toMatchObject({ path: { filename: 'ab/my file.txt' } });
    });
  });

  describe('construction', () => {
    it('throws when a path parameter is not declared in params', () => {
      expect(() => new Router([route('GET', '/users/:user_id/subscriptions/:stream_id', { user_id: 'int' })])).toThrow(
        'route GET /users/:user_id/subscriptions/:stream_id: path parameter stream_id is not declared',
      );
    });

    it('accepts an optional declaration for a path parameter', () => {
      const router = new Router([route('GET', '/x/:id', { id: 'int?' })]);
      expect(matched(router, 'GET', '/x/1')).toBe('GET /x/:id');
    });
  });
});

describe('the real route table', () => {
  it('compiles: every path parameter is declared', () => {
    expect(() => new Router(routes)).not.toThrow();
  });

  /** A path parameter's type as the router matches it: int, email, or any string. */
  const typeOf = (r: Route, name: string) => {
    const { type } = parseDecl(r.params[name]);
    return type === 'int' || type === 'email' ? type : 'string';
  };

  it('has no two routes with the same method and path shape (parameters by type)', () => {
    const shapes = routes.map((r) => `${r.method} ${r.path.replace(/:([a-z_]+)\*?/g, (_m, name: string) => `:${typeOf(r, name)}`)}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('routes every row to itself', () => {
    const router = new Router(routes);
    for (const r of routes) {
      const path = r.path.replace(/:([a-z_]+)\*?/g, (_m, name: string) => (typeOf(r, name) === 'email' ? 'someone@example.test' : '7'));
      const m = router.match(r.method, path);
      expect({ row: `${r.method} ${r.path}`, rpc: m.kind === 'route' ? m.route.rpc : m.kind }).toEqual({ row: `${r.method} ${r.path}`, rpc: r.rpc });
    }
  });

  it('names an RPC of its service for every row, and declares only fields of its request message', () => {
    for (const r of routes) {
      const method = serviceDefinition(r.service)[r.rpc] as unknown as { requestType: { type: { field: { name: string }[] } } } | undefined;
      expect({ row: `${r.method} ${r.path}`, exists: method !== undefined }).toEqual({ row: `${r.method} ${r.path}`, exists: true });
      const fields = method!.requestType.type.field.map((f) => f.name);
      for (const name of Object.keys(r.params)) expect({ rpc: r.rpc, param: name, isField: fields.includes(name) }).toEqual({ rpc: r.rpc, param: name, isField: true });
    }
  });

  it('sends /users/me to GetOwnUser, not GetUser', () => {
    expect(matched(new Router(routes), 'GET', '/users/me')).toBe('GetOwnUser');
  });
});
