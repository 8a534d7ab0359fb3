import { routes } from '@parley/gateway';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { ok } from './support/responses';
import { Api } from './support/api';
import { rawRequest } from './support/uploads';
import {
  answer,
  bodyCases,
  BODY_ROUTES,
  callAs,
  Case,
  idRoutes,
  Json,
  Kind,
  KINDS_OF_PARAM,
  makeObjects,
  moveCase,
  Objects,
  PATH_ROUTES,
  pathCases,
  pathParams,
  routeKey,
  SPECIAL_ROUTES,
  unique,
} from './support/id-routes';

/**
 * Realm isolation (issue #11, part 3). Realm A makes one object of every kind that routes
 * take by ID; realm B's owner (the most privileged user there) then calls every such route,
 * generated from the gateway's route table, with realm A's ID and with an ID that does not
 * exist. The two answers must be the same error (no existence leak) and realm A's object
 * must be unchanged afterwards (no cross-realm write). A route with an ID parameter that
 * test/support/id-routes.ts does not know how to call fails the test, so new routes get covered.
 */

let a: TestRealm;
let b: TestRealm;
let objA: Objects;
let objB: Objects;
/** Realm B, the caller's side. */
const sideB = () => ({ realm: b, objects: objB });

/** Realm A's object of this kind as realm A sees it (its owner for realm-wide ones, its member for personal ones). */
async function snapshot(kind: Kind): Promise<unknown> {
  const { owner, member } = a;
  switch (kind) {
    case 'channel':
      return [
        ok(await owner.api.get(`/streams/${objA.channel}`)).stream,
        ok(await owner.api.get(`/streams/${objA.channel}/members`)).subscribers,
        (ok(await owner.api.get('/default_streams', {}, { contract: 'envelope' })).default_streams as Json[]).map((s) => s.stream_id),
      ];
    case 'message':
    case 'direct': {
      const id = objA[kind];
      const { message } = ok(await member.api.get(`/messages/${id}`));
      return [message, ok(await member.api.get(`/messages/${id}/history`)).message_history];
    }
    case 'user':
    case 'userEmail':
      return [ok(await owner.api.get(`/users/${objA.user}`)).user, ok(await owner.api.get(`/users/${objA.user}/status`)).status];
    case 'group':
      return [
        (ok(await owner.api.get('/user_groups', { include_deactivated_groups: true })).user_groups as Json[]).find((g) => g.id === objA.group),
        ok(await owner.api.get(`/user_groups/${objA.group}/members`)).members,
      ];
    case 'draft':
      return (ok(await member.api.get('/drafts')).drafts as Json[]).find((d) => d.id === objA.draft) ?? 'gone';
    case 'snippet':
      return (ok(await member.api.get('/saved_snippets')).saved_snippets as Json[]).find((s) => s.id === objA.snippet) ?? 'gone';
    case 'attachment':
    case 'pathId': {
      const file = await rawRequest('GET', `/user_uploads/${objA.pathId}`, { creds: member });
      return [(ok(await member.api.get('/attachments')).attachments as Json[]).find((x) => x.id === objA.attachment) ?? 'gone', file.status, file.body.toString()];
    }
    case 'linkifier':
      return (ok(await owner.api.get('/realm/linkifiers')).linkifiers as Json[]).find((l) => l.id === objA.linkifier) ?? 'gone';
    case 'field':
      return (ok(await owner.api.get('/realm/profile_fields')).custom_fields as Json[]).find((f) => f.id === objA.field) ?? 'gone';
    case 'scheduled':
      return (ok(await member.api.get('/scheduled_messages')).scheduled_messages as Json[]).find((s) => s.scheduled_message_id === objA.scheduled) ?? 'gone';
    case 'reminder':
      return (ok(await member.api.get('/reminders')).reminders as Json[]).find((s) => s.reminder_id === objA.reminder) ?? 'gone';
    case 'folder':
      return (ok(await owner.api.get('/channel_folders', { include_archived: true })).channel_folders as Json[]).find((f) => f.id === objA.folder) ?? 'gone';
    case 'emoji':
      return Object.values(ok(await owner.api.get('/realm/emoji')).emoji as Record<string, Json>).filter((e) => e.name === objA.emoji);
    case 'playground':
      return (ok(await member.api.post('/register', { fetch_event_types: ['realm_playgrounds'] })).realm_playgrounds as Json[]).find((x) => x.id === objA.playground) ?? 'gone';
    case 'view':
      return (ok(await member.api.get('/navigation_views')).navigation_views as Json[]).find((v) => v.fragment === objA.view) ?? 'gone';
    case 'bot':
      return (ok(await member.api.get('/bots', {}, { contract: 'envelope' })).bots as Json[]).find((x) => x.user_id === objA.bot) ?? 'gone';
    case 'invite':
    case 'inviteKey': {
      // Still listed, and still answering on realm A's own Host.
      const listed = (ok(await owner.api.get('/invites')).invites as Json[]).find((i) => i.id === objA.invite && i.is_multiuse) ?? 'gone';
      const link = await new Api().get(`/invites/link/${objA.inviteKey}`, {}, { contract: 'envelope', headers: { host: a.host } });
      return [listed, link.status, link.body.realm_name, (ok(await owner.api.get('/users')).members as Json[]).length];
    }
    case 'emailInvite':
    case 'confirmKey': {
      // Still pending, and its mailed link still answering on realm A's own Host.
      const listed = (ok(await owner.api.get('/invites')).invites as Json[]).find((i) => i.id === objA.emailInvite && !i.is_multiuse) ?? 'gone';
      const page = await new Api().get(`/invites/confirm/${objA.confirmKey}`, {}, { contract: 'envelope', headers: { host: a.host } });
      return [listed, page.status, page.body.email, (ok(await owner.api.get('/users')).members as Json[]).length];
    }
    case 'resetToken': {
      // Still working on realm A's own Host (the member's password unchanged).
      const page = await new Api().get(`/password_reset/${objA.resetToken}`, {}, { contract: 'envelope', headers: { host: a.host } });
      return [page.status, page.body.email];
    }
    case 'queue': {
      // Still alive for its owner (and nothing of realm B's arrived in it).
      const res = await member.api.get('/events', { queue_id: objA.queue, dont_block: true });
      return [res.status, res.body.result, (res.body.events as Json[] | undefined)?.filter((e) => e.type !== 'heartbeat')];
    }
  }
}

beforeAll(async () => {
  [a, b] = [await createTestRealm('Isolation A'), await createTestRealm('Isolation B')];
  [objA, objB] = [await makeObjects(a), await makeObjects(b)];
  // Realm B can take reports, so a report is refused for the message, not for the realm.
  const moderation = ok(await b.owner.api.post('/channels/create', { name: unique('Moderation'), subscribers: [b.owner.user_id], invite_only: true })).id as number;
  ok(await b.owner.api.patch('/realm', { moderation_request_channel_id: moderation }, { contract: 'envelope' }));
}, 120_000);
afterAll(closeFixtures);

describe('the route table', () => {
  it('has no route with an ID parameter that this file does not know how to call', () => {
    const unknown = idRoutes()
      .map(routeKey)
      .filter((k) => !(k in PATH_ROUTES) && !SPECIAL_ROUTES.has(k));
    const unknownParams = idRoutes()
      .flatMap((r) => pathParams(r.path))
      .filter((p) => !(p in KINDS_OF_PARAM) && !['realm_id_str', 'filename'].includes(p));
    expect({ unknown, unknownParams }).toEqual({ unknown: [], unknownParams: [] });
  });

  it('has every route this file calls (none renamed or removed)', () => {
    const known = new Set(routes.map(routeKey));
    const called = [...Object.keys(PATH_ROUTES), ...SPECIAL_ROUTES, ...BODY_ROUTES.map((c) => c.route)];
    expect(called.filter((k) => !known.has(k))).toEqual([]);
  });
});

describe("realm B's owner with realm A's IDs", () => {
  // The cases need the objects, made in beforeAll; jest collects tests before that runs, so
  // one test per route walks its cases and reports every difference at once.
  const table = idRoutes().filter((r) => !SPECIAL_ROUTES.has(routeKey(r)));
  const extra = [...new Set(BODY_ROUTES.map((c) => c.route)), 'PATCH /messages/:message_id (move)'];

  async function check(cases: Case[]): Promise<void> {
    expect(cases.length).toBeGreaterThan(0);
    const problems: Json[] = [];
    for (const c of cases) {
      const before = await snapshot(c.kind);
      const missing = await callAs(b.owner, c, c.missing);
      const foreign = await callAs(b.owner, c, c.id);
      const after = await snapshot(c.kind);
      const [m, f] = [answer(missing, c.missing), answer(foreign, c.id)];
      if (process.env.ISOLATION_LOG) console.log(`${c.name}: ${JSON.stringify(m)} / ${JSON.stringify(f)}`);
      if (JSON.stringify(m) !== JSON.stringify(f) || m.result !== 'error' || f.result !== 'error' || m.status < 400 || f.status < 400) {
        problems.push({ case: c.name, missingId: m, realmAId: f });
      }
      if (JSON.stringify(before) !== JSON.stringify(after)) problems.push({ case: c.name, changed: { before, after } });
    }
    expect(problems).toEqual([]);
  }

  it.each(table.map((r) => [routeKey(r), r.method, r.path]))('%s', async (_key, method, path) => {
    if (!(`${method} ${path}` in PATH_ROUTES)) throw new Error(`${method} ${path}: an ID route this file does not know how to call; add it to PATH_ROUTES (test/support/id-routes.ts)`);
    await check(pathCases(method, path, sideB(), objA));
  });

  it.each(extra)('%s (ID in the body)', async (route) => {
    if (route === 'PATCH /messages/:message_id (move)') return check([moveCase(sideB(), objA)]);
    return check(bodyCases(sideB(), objA).filter((c) => c.name.startsWith(`${route} (`)));
  });
});

describe("realm A's files from realm B", () => {
  const fakePath = () => {
    const [realmId, dir] = objA.pathId.split('/');
    return `${realmId}/${dir}/AAAAAAAAAAAAAAAAAAAAAAAA/secret.txt`;
  };

  it('GET /user_uploads/<realm A path_id> is a 404 like a file that does not exist', async () => {
    const foreign = await rawRequest('GET', `/user_uploads/${objA.pathId}`, { creds: b.owner });
    const missing = await rawRequest('GET', `/user_uploads/${fakePath()}`, { creds: b.owner });
    expect({ status: foreign.status, body: foreign.body.toString() }).toEqual({ status: missing.status, body: missing.body.toString() });
    expect(foreign.status).toBe(404);
    expect(await snapshot('pathId')).toEqual([expect.objectContaining({ id: objA.attachment }), 200, 'file secret']);
  });

  it('GET /api/v1/user_uploads/<realm A path_id> (temporary URL) is a 404 like a file that does not exist', async () => {
    const opts = { contract: 'envelope' as const };
    const foreign = await b.owner.api.get(`/user_uploads/${objA.pathId}`, {}, opts);
    const missing = await b.owner.api.get(`/user_uploads/${fakePath()}`, {}, opts);
    expect(answer(foreign, objA.pathId)).toEqual(answer(missing, fakePath()));
    expect(foreign.status).toBe(404);
    // And in realm B's own namespace: the same file name under B's realm ID.
    const [, ...rest] = objA.pathId.split('/');
    const own = await b.owner.api.get(`/user_uploads/${b.realm_id}/${rest.join('/')}`, {}, opts);
    expect(own.status).toBe(404);
  });
});

describe('realm A afterwards', () => {
  it('still has every object, as realm A sees it', async () => {
    for (const kind of Object.keys(objA) as Kind[]) {
      const seen = await snapshot(kind);
      expect({ kind, gone: JSON.stringify(seen).includes('"gone"') }).toEqual({ kind, gone: false });
    }
  });
});
