import pg from 'pg';
import type { Api, Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { testServicePool } from './support/service-pools';

/**
 * Linkifiers (Zulip's realm filters) over HTTP: POST /realm/filters, GET /realm/linkifiers,
 * PATCH and DELETE /realm/filters/{filter_id}, PATCH /realm/linkifiers, every role's
 * refusal, realm isolation, the realm_linkifiers events and POST /register's state. Every
 * response is checked against the reference.
 */
let realm: TestRealm;
let elsewhere: TestRealm;

beforeAll(async () => {
  realm = await createTestRealm('Linkifier realm');
  elsewhere = await createTestRealm('Other linkifier realm');
});
afterAll(closeFixtures);

const ADMIN_ONLY = { result: 'error', code: 'BAD_REQUEST', msg: 'Must be an organization administrator' };
const NOT_FOUND = { result: 'error', code: 'BAD_REQUEST', msg: 'Linkifier not found.' };
const NOT_ALL = { result: 'error', code: 'BAD_REQUEST', msg: 'The ordered list must enumerate all existing linkifiers exactly once' };
/** Linkifiers differ by number so that each test's patterns are its own. */
const issue = (n: number) => ({ pattern: `#${n}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${n}/{id}` });
const refusedRoles = (): [string, TestUser][] => [
  ['moderator', realm.moderator],
  ['member', realm.member],
  ['guest', realm.guest],
  ['bot', realm.bot],
];

async function add(api: Api, params: { pattern: string; url_template: string }): Promise<number> {
  const res = await api.post('/realm/filters', params);
  expect([res.status, res.body.result]).toEqual([200, 'success']);
  return res.body.id as number;
}

async function list(api: Api): Promise<{ id: number; pattern: string; url_template: string }[]> {
  const res = await api.get('/realm/linkifiers');
  expect(res.status).toBe(200);
  return res.body.linkifiers;
}

const listIds = async (api: Api) => (await list(api)).map((l) => l.id);

/** A fresh realm, for tests that need to know the whole list. */
async function freshRealm(): Promise<TestRealm> {
  return createTestRealm('Fresh linkifier realm');
}

describe('POST /realm/filters', () => {
  it('adds a linkifier for owners and administrators, returning its ID, trimmed and last in order', async () => {
    const r = await freshRealm();
    const first = await add(r.owner.api, issue(1));
    const second = await add(r.admin.api, { pattern: ' ZUL-(?P<id>\\d+) ', url_template: ' https://zulip.example/{id} ' });
    expect(await list(r.member.api)).toEqual([
      { id: first, ...issue(1) },
      { id: second, pattern: 'ZUL-(?P<id>\\d+)', url_template: 'https://zulip.example/{id}' },
    ]);
  });

  it("accepts Zulip's examples of RFC 6570 templates", async () => {
    await add(realm.admin.api, { pattern: '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)', url_template: 'https://github.com/{org}/{repo}/issue/{id}' });
    await add(realm.admin.api, {
      pattern: 'FOO_(?P<id>[a-f]{5});(?P<zone>[a-f]);(?P<domain>[a-z]+);(?P<location>[a-z]+);(?P<name>[a-z]{2,8});(?P<chapter>[0-9]{2,3});(?P<fragment>[a-z]{2,8})',
      url_template: 'https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}',
    });
    await add(realm.admin.api, { pattern: '3#123', url_template: 'https://example.com' });
  });

  it('refuses moderators, members, guests and bots', async () => {
    for (const [role, user] of refusedRoles()) {
      const res = await user.api.post('/realm/filters', issue(2));
      expect([role, res.status, res.body]).toEqual([role, 400, ADMIN_ONLY]);
    }
    expect((await list(realm.admin.api)).map((l) => l.pattern)).not.toContain(issue(2).pattern);
  });

  it("refuses invalid patterns and templates with Zulip's messages", async () => {
    const cases: [Params, string][] = [
      [{ pattern: '', url_template: 'https://realm.example/{id}' }, 'This field cannot be blank.'],
      [{ pattern: '(foo', url_template: 'https://realm.example/' }, 'Bad regular expression: missing ): (foo'],
      [{ pattern: 'ZUL-(?P<id>\\d????)', url_template: 'https://realm.example/{id}' }, 'Bad regular expression: bad repetition operator: ????'],
      [{ pattern: 'a(?=b)(?P<id>x)', url_template: 'https://realm.example/{id}' }, 'Bad regular expression: invalid perl operator: (?='],
      [{ pattern: '(?P<id>x)\\1', url_template: 'https://realm.example/{id}' }, 'Bad regular expression: invalid escape sequence: \\1'],
      [{ pattern: '#(?P<id>\\d+)', url_template: 'https://realm.example/{id' }, 'Invalid URL template.'],
      [{ pattern: '#(?P<id>\\d+)', url_template: 'https://realm.example/{bar++}' }, 'Invalid URL template.'],
      [{ pattern: 'ZUL-(?P<id>\\d+)', url_template: 'https://realm.example/{hello}' }, "Group 'hello' in URL template is not present in linkifier pattern."],
      [{ pattern: 'ZUL-(?P<id>\\d+)-(?P<hello>\\d+)', url_template: 'https://realm.example/{hello}' }, "Group 'id' in linkifier pattern is not present in URL template."],
      [{ pattern: 'ZUL-(?P<id>\\d+)', url_template: '$fgfg' }, "Group 'id' in linkifier pattern is not present in URL template."],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.admin.api.post('/realm/filters', params);
      expect([params, res.status, res.body.code, res.body.msg]).toEqual([params, 400, 'BAD_REQUEST', msg]);
      expect(res.body.errors).toEqual(expect.any(Object));
    }
  });

  it('refuses a pattern the realm already has, but not one another realm has', async () => {
    await add(realm.admin.api, issue(3));
    const res = await realm.admin.api.post('/realm/filters', { ...issue(3), url_template: 'https://else.example/{id}' });
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Realm filter with this Realm and Pattern already exists.',
      errors: { __all__: ['Realm filter with this Realm and Pattern already exists.'] },
    });
    await add(elsewhere.admin.api, issue(3));
  });

  it('needs both parameters', async () => {
    const res = await realm.admin.api.post('/realm/filters', { pattern: '#(?P<id>\\d+)' });
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'url_template' });
  });
});

describe('GET /realm/linkifiers', () => {
  it("lists the realm's linkifiers, in order, to every role, and nothing of another realm's", async () => {
    const r = await freshRealm();
    const ids = [await add(r.admin.api, issue(1)), await add(r.admin.api, issue(2))];
    const theirs = await add(elsewhere.admin.api, issue(4));
    for (const user of [r.owner, r.admin, r.moderator, r.member, r.guest, r.bot]) {
      expect(await list(user.api)).toEqual([
        { id: ids[0], ...issue(1) },
        { id: ids[1], ...issue(2) },
      ]);
    }
    expect(await listIds(elsewhere.member.api)).toContain(theirs);
  });
});

describe('PATCH /realm/filters/{filter_id}', () => {
  it('replaces the pattern and template in place', async () => {
    const r = await freshRealm();
    const [a, b] = [await add(r.admin.api, issue(1)), await add(r.admin.api, issue(2))];
    const res = await r.owner.api.patch(`/realm/filters/${a}`, { pattern: '#(?P<n>[0-9]+)', url_template: 'https://new.example/{n}' });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    // Keeping its own pattern is no duplicate.
    expect((await r.admin.api.patch(`/realm/filters/${b}`, { ...issue(2), url_template: 'https://two.example/{id}' })).status).toBe(200);
    expect(await list(r.member.api)).toEqual([
      { id: a, pattern: '#(?P<n>[0-9]+)', url_template: 'https://new.example/{n}' },
      { id: b, pattern: issue(2).pattern, url_template: 'https://two.example/{id}' },
    ]);
  });

  it('says "Linkifier not found." for nonexistent and other realms\' IDs', async () => {
    const theirs = await add(elsewhere.admin.api, issue(5));
    for (const id of [theirs, 2 ** 31 - 1]) {
      const res = await realm.admin.api.patch(`/realm/filters/${id}`, issue(6));
      expect([id, res.status, res.body]).toEqual([id, 400, NOT_FOUND]);
    }
    expect(await list(elsewhere.admin.api)).toContainEqual({ id: theirs, ...issue(5) });
  });

  it('validates like an addition', async () => {
    const id = await add(realm.admin.api, issue(7));
    await add(realm.admin.api, issue(8));
    const cases: [Params, string][] = [
      [{ pattern: 'ZUL-(?P<id>\\d????)', url_template: 'https://x.example/{id}' }, 'Bad regular expression: bad repetition operator: ????'],
      [{ pattern: '#(?P<id>[123])', url_template: '{id' }, 'Invalid URL template.'],
      [{ pattern: 'ZUL-(?P<id>\\d+)', url_template: '$fgfg' }, "Group 'id' in linkifier pattern is not present in URL template."],
      [issue(8), 'Realm filter with this Realm and Pattern already exists.'],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.admin.api.patch(`/realm/filters/${id}`, params);
      expect([params, res.status, res.body.msg]).toEqual([params, 400, msg]);
    }
    expect(await list(realm.admin.api)).toContainEqual({ id, ...issue(7) });
  });

  it('refuses moderators, members, guests and bots', async () => {
    const id = await add(realm.admin.api, issue(9));
    for (const [role, user] of refusedRoles()) {
      const res = await user.api.patch(`/realm/filters/${id}`, issue(10));
      expect([role, res.status, res.body]).toEqual([role, 400, ADMIN_ONLY]);
    }
    expect(await list(realm.admin.api)).toContainEqual({ id, ...issue(9) });
  });
});

describe('DELETE /realm/filters/{filter_id}', () => {
  it("removes a linkifier, keeping the others' order", async () => {
    const r = await freshRealm();
    const [a, b, c] = [await add(r.admin.api, issue(1)), await add(r.admin.api, issue(2)), await add(r.admin.api, issue(3))];
    expect((await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [c, b, a] })).status).toBe(200);
    expect((await r.owner.api.delete(`/realm/filters/${b}`)).body).toEqual({ result: 'success', msg: '' });
    expect(await listIds(r.member.api)).toEqual([c, a]);
    expect((await r.admin.api.delete(`/realm/filters/${b}`)).body).toEqual(NOT_FOUND);
  });

  it("treats another realm's linkifier as nonexistent", async () => {
    const theirs = await add(elsewhere.admin.api, issue(11));
    for (const id of [theirs, 2 ** 31 - 1]) {
      const res = await realm.admin.api.delete(`/realm/filters/${id}`);
      expect([id, res.status, res.body]).toEqual([id, 400, NOT_FOUND]);
    }
    expect(await listIds(elsewhere.admin.api)).toContain(theirs);
  });

  it('refuses moderators, members, guests and bots', async () => {
    const id = await add(realm.admin.api, issue(12));
    for (const [role, user] of refusedRoles()) {
      const res = await user.api.delete(`/realm/filters/${id}`);
      expect([role, res.status, res.body]).toEqual([role, 400, ADMIN_ONLY]);
    }
    expect(await listIds(realm.admin.api)).toContain(id);
  });
});

describe('PATCH /realm/linkifiers', () => {
  it('reorders, and later additions come last', async () => {
    const r = await freshRealm();
    expect((await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [] })).body).toEqual({ result: 'success', msg: '' });
    const [a, b, c] = [await add(r.admin.api, issue(1)), await add(r.admin.api, issue(2)), await add(r.admin.api, issue(3))];
    expect((await r.owner.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [c, b, a] })).body).toEqual({ result: 'success', msg: '' });
    expect(await listIds(r.guest.api)).toEqual([c, b, a]);
    const d = await add(r.admin.api, issue(4));
    expect(await listIds(r.member.api)).toEqual([c, b, a, d]);
  });

  it("refuses duplicates and any list that is not exactly the realm's linkifiers", async () => {
    const r = await freshRealm();
    const [a, b] = [await add(r.admin.api, issue(1)), await add(r.admin.api, issue(2))];
    const theirs = await add(elsewhere.admin.api, issue(13));
    const dup = await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [a, b, a] });
    expect(dup.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'The ordered list must not contain duplicated linkifiers' });
    for (const wrong of [[a], [], [b, a, theirs], [a, theirs], [b, a, 2 ** 31 - 1]]) {
      const res = await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: wrong });
      expect([wrong, res.status, res.body]).toEqual([wrong, 400, NOT_ALL]);
    }
    expect(await listIds(r.admin.api)).toEqual([a, b]);
    const notList = await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: '{"a": 1}' });
    expect(notList.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'ordered_linkifier_ids is not a list' });
  });

  it('refuses moderators, members, guests and bots', async () => {
    const ids = await listIds(realm.admin.api);
    for (const [role, user] of refusedRoles()) {
      const res = await user.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [...ids].reverse() });
      expect([role, res.status, res.body]).toEqual([role, 400, ADMIN_ONLY]);
    }
    expect(await listIds(realm.admin.api)).toEqual(ids);
  });
});

describe('realm_linkifiers events and register state', () => {
  const capable = { linkifier_url_template: true };

  async function register(user: TestUser, params: Params) {
    const res = await user.api.post('/register', params);
    expect(res.status).toBe(200);
    return res.body as { queue_id: string } & Record<string, unknown>;
  }

  async function poll(user: TestUser, queueId: string) {
    const res = await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
    expect(res.status).toBe(200);
    return res.body.events as Record<string, unknown>[];
  }

  it('sends the whole list after every change to everyone in the realm, and nothing elsewhere', async () => {
    const r = await freshRealm();
    const queues = await Promise.all([r.member, r.guest, r.bot].map((u) => register(u, { event_types: ['realm_linkifiers'], client_capabilities: capable })));
    const quiet = await register(elsewhere.member, { event_types: ['realm_linkifiers'], client_capabilities: capable });
    const a = await add(r.admin.api, issue(1));
    const b = await add(r.admin.api, issue(2));
    await r.admin.api.patch(`/realm/filters/${a}`, issue(3));
    await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [b, a] });
    await r.admin.api.delete(`/realm/filters/${b}`);
    const expected = [
      [{ id: a, ...issue(1) }],
      [
        { id: a, ...issue(1) },
        { id: b, ...issue(2) },
      ],
      [
        { id: a, ...issue(3) },
        { id: b, ...issue(2) },
      ],
      [
        { id: b, ...issue(2) },
        { id: a, ...issue(3) },
      ],
      [{ id: a, ...issue(3) }],
    ].map((realm_linkifiers, id) => ({ id, type: 'realm_linkifiers', realm_linkifiers }));
    for (const [i, user] of [r.member, r.guest, r.bot].entries()) {
      expect(await eventsOf(user, queues[i].queue_id, 5)).toEqual(expected);
    }
    expect(await poll(elsewhere.member, quiet.queue_id)).toEqual([]);
  });

  it('sends no event for a refused change, nor for reordering an empty list', async () => {
    const r = await freshRealm();
    const queue = await register(r.admin, { event_types: ['realm_linkifiers'], client_capabilities: capable });
    await r.member.api.post('/realm/filters', issue(1));
    await r.admin.api.post('/realm/filters', { pattern: '(', url_template: 'https://x.example/' });
    await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [] });
    const id = await add(r.admin.api, issue(2));
    expect(await eventsOf(r.admin, queue.queue_id, 1)).toEqual([{ id: 0, type: 'realm_linkifiers', realm_linkifiers: [{ id, ...issue(2) }] }]);
  });

  // Zulip keeps linkifiers from clients that would read templates as format strings.
  it('sends events and state only to queues registered with linkifier_url_template', async () => {
    const r = await freshRealm();
    const withIt = await register(r.member, { event_types: ['realm_linkifiers'], client_capabilities: capable });
    const without = await register(r.member, { event_types: ['realm_linkifiers'] });
    const id = await add(r.admin.api, issue(1));
    await eventsOf(r.member, withIt.queue_id, 1);
    expect(await poll(r.member, without.queue_id)).toEqual([]);
    const state = await register(r.member, { fetch_event_types: ['realm_linkifiers', 'realm_filters'], client_capabilities: capable });
    expect([state.realm_linkifiers, state.realm_filters]).toEqual([[{ id, ...issue(1) }], []]);
    const old = await register(r.member, { fetch_event_types: ['realm_linkifiers', 'realm_filters'] });
    expect([old.realm_linkifiers, old.realm_filters]).toEqual([[], []]);
  });

  it('gives a stale register state plus the events the same list as a fresh fetch', async () => {
    const r = await freshRealm();
    await add(r.admin.api, issue(1));
    const stale = await register(r.member, { event_types: ['realm_linkifiers'], client_capabilities: capable });
    const b = await add(r.admin.api, issue(2));
    await r.admin.api.patch('/realm/linkifiers', { ordered_linkifier_ids: [b, ...(stale.realm_linkifiers as { id: number }[]).map((l) => l.id)] });
    const events = await eventsOf(r.member, stale.queue_id, 2);
    const applied = (events.at(-1) as { realm_linkifiers: unknown }).realm_linkifiers;
    const fresh = await register(r.member, { fetch_event_types: ['realm_linkifiers'], client_capabilities: capable });
    expect(applied).toEqual(fresh.realm_linkifiers);
    expect(applied).toEqual(await list(r.member.api));
  });
});

describe('rendering with patterns that backtrack catastrophically elsewhere', () => {
  it('renders and sends a 10,000-character adversarial message correctly (RE2: linear time), and the server stays up', async () => {
    const r = await freshRealm();
    await add(r.admin.api, { pattern: '(?P<id>(a+)+b)', url_template: 'https://example.com/{id}' });
    await add(r.admin.api, { pattern: '(?P<ticket>([A-Z]+-?)+[0-9]+)', url_template: 'https://tickets.example/{ticket}' });
    const aRun = 'aaaaaaaaaaaaaaaaaaaaaaaaaaa! '.repeat(170);
    const capitals = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ! '.repeat(170);
    const content = `aab ${aRun}${capitals}ABC-12`;
    expect(content.length).toBeGreaterThan(9_600);
    const a = (url: string, text: string) => `<a href="${url}">${text}</a>`;
    const expected = `<p>${a('https://example.com/aab', 'aab')} ${aRun}${capitals}${a('https://tickets.example/ABC-12', 'ABC-12')}</p>`;

    const rendered = await r.member.api.post('/messages/render', { content });
    expect([rendered.status, rendered.body.rendered]).toEqual([200, expected]);
    const sent = await r.member.api.post('/messages', { type: 'direct', to: JSON.stringify([r.other.user_id]), content });
    expect(sent.status).toBe(200);
    const fetched = await r.other.api.get(`/messages/${sent.body.id}`);
    expect([fetched.status, fetched.body.message.content]).toEqual([200, expected]);
    // Another realm is answered meanwhile, as ever.
    expect((await elsewhere.member.api.get('/users/me')).status).toBe(200);
  });
});

describe("Parley's bound on a realm's linkifiers (MAX_LINKIFIERS_PER_REALM)", () => {
  const MAX = 500;
  const TOO_MANY = { result: 'error', code: 'BAD_REQUEST', msg: `An organization may have at most ${MAX} linkifiers.` };
  let pool: pg.Pool;
  beforeAll(() => {
    pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
  });
  afterAll(async () => {
    await pool.query("DELETE FROM linkifiers WHERE realm_id = $1 AND pattern LIKE 'bulk-%'", [realm.realm_id]);
    await pool.end();
  });

  const count = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM linkifiers WHERE realm_id = $1', [realm.realm_id])).rows[0].n;
  /** Fills the realm until `room` linkifiers more would reach the bound, written straight into the table. */
  async function leaveRoom(room: number): Promise<void> {
    await pool.query("DELETE FROM linkifiers WHERE realm_id = $1 AND pattern LIKE 'bulk-%'", [realm.realm_id]);
    await pool.query(
      `INSERT INTO linkifiers (realm_id, pattern, url_template, sort_order)
       SELECT $1, 'bulk-' || g || '-(?P<id>[0-9]+)', 'https://bulk.example/' || g || '/{id}', 1000 + g FROM generate_series(1, $2) AS g`,
      [realm.realm_id, MAX - (await count()) - room],
    );
  }

  it('refuses one more to owners and administrators; the other roles are refused as before', async () => {
    await leaveRoom(2);
    await add(realm.owner.api, issue(9001));
    await add(realm.admin.api, issue(9002));
    expect(await count()).toBe(MAX);
    for (const [role, user] of [
      ['owner', realm.owner],
      ['admin', realm.admin],
    ] as const) {
      const res = await user.api.post('/realm/filters', issue(9003));
      expect([role, res.status, res.body]).toEqual([role, 400, TOO_MANY]);
    }
    for (const [role, user] of refusedRoles()) {
      const res = await user.api.post('/realm/filters', issue(9003));
      expect([role, res.status, res.body]).toEqual([role, 400, ADMIN_ONLY]);
    }
    // Deleting one makes room for one.
    const [first] = await listIds(realm.owner.api);
    expect((await realm.owner.api.delete(`/realm/filters/${first}`)).status).toBe(200);
    await add(realm.owner.api, issue(9003));
    expect(await count()).toBe(MAX);
  });

  it('holds under concurrent adds: 10 at once with room for 4 make exactly 4', async () => {
    await leaveRoom(4);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => realm.admin.api.post('/realm/filters', issue(9100 + i))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual(TOO_MANY);
    expect(await count()).toBe(MAX);
  });
});
