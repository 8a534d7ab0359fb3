import { MAX_SAVED_SNIPPETS } from '../services/messages/src/domain/snippets';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { closeMessagesPool, messagesPool } from './support/messages-db';
import { eventsOf } from './support/queues';
import { refused } from './support/responses';

/**
 * Saved snippets (feature levels 297, 368): create, list, edit and delete one's own; nobody
 * else sees or touches them; saved_snippets events to the owner; register state; at most
 * 1,000 per user (Parley's bound), held under concurrent creates.
 */
let realm: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;
beforeAll(async () => {
  realm = await createTestRealm('Snippets realm');
});
afterAll(async () => {
  await closeMessagesPool();
  await closeFixtures();
});

const list = async (user: TestUser) => (await user.api.get('/saved_snippets')).body.saved_snippets as Json[];

describe('saved snippets', () => {
  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[])('lets the %s keep snippets of their own', async (role) => {
    const user = realm[role];
    const queue = (await user.api.post('/register', { event_types: ['saved_snippets'] })).body.queue_id as string;
    const created = await user.api.post('/saved_snippets', { title: ' Greeting ', content: 'Hello **there**' });
    expect(created.status).toBe(200);
    const id = created.body.saved_snippet_id as number;
    expect((await list(user)).find((s) => s.id === id)).toEqual({ id, title: 'Greeting', content: 'Hello **there**', date_created: expect.any(Number) });
    expect((await user.api.patch(`/saved_snippets/${id}`, { content: 'Hi' })).status).toBe(200);
    expect((await list(user)).find((s) => s.id === id)).toMatchObject({ title: 'Greeting', content: 'Hi' });
    expect((await user.api.delete(`/saved_snippets/${id}`)).status).toBe(200);
    expect((await list(user)).some((s) => s.id === id)).toBe(false);
    const events = await eventsOf(user, queue, 3);
    expect(events.map((e) => [e.type, e.op])).toEqual([
      ['saved_snippets', 'add'],
      ['saved_snippets', 'update'],
      ['saved_snippets', 'remove'],
    ]);
    expect(events[0].saved_snippet).toMatchObject({ id, title: 'Greeting' });
    expect(events[2].saved_snippet_id).toBe(id);
  });

  it('keeps each user\'s snippets to them: others get "does not exist" (404)', async () => {
    const id = (await realm.member.api.post('/saved_snippets', { title: 'Mine', content: 'private' })).body.saved_snippet_id as number;
    expect((await list(realm.other)).some((s) => s.id === id)).toBe(false);
    for (const res of [await realm.admin.api.patch(`/saved_snippets/${id}`, { title: 'Taken' }), await realm.admin.api.delete(`/saved_snippets/${id}`)]) {
      expect([res.status, res.body.code, res.body.msg]).toEqual([404, 'BAD_REQUEST', 'Saved snippet does not exist.']);
    }
    expect((await list(realm.member)).find((s) => s.id === id)).toMatchObject({ title: 'Mine' });
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['saved_snippets'] })).body;
    expect(state.saved_snippets.map((s: Json) => s.id)).toContain(id);
  });

  it('refuses empty and overlong titles and contents', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: ' ', content: 'x' }, 'Title cannot be empty.'],
      [{ title: 'x', content: '  ' }, 'Content cannot be empty.'],
      [{ title: 't'.repeat(61), content: 'x' }, 'Title cannot be longer than 60 characters.'],
      [{ title: 't', content: 'c'.repeat(10001) }, 'Content cannot be longer than 10000 characters.'],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.member.api.post('/saved_snippets', params);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    const id = (await realm.member.api.post('/saved_snippets', { title: 'Ok', content: 'fine' })).body.saved_snippet_id as number;
    const nothing = await realm.member.api.patch(`/saved_snippets/${id}`, {});
    expect([nothing.status, nothing.body.msg]).toEqual([400, 'At least one of title and content must be given.']);
    const missing = await realm.member.api.post('/saved_snippets', { title: 'No content' });
    expect([missing.status, missing.body.code]).toEqual([400, 'REQUEST_VARIABLE_MISSING']);
  });
});

describe("Parley's bound on saved snippets", () => {
  const TOO_MANY = 'You may have at most 1000 saved snippets.';
  const create = (user: TestUser) => user.api.post('/saved_snippets', { title: 'One more', content: 'again' });
  /** A new user with `n` snippets written straight into the table. */
  async function hoarder(name: string, n: number): Promise<TestUser> {
    const user = await realm.addUser({ name });
    await messagesPool().query(`INSERT INTO saved_snippets (realm_id, user_id, title, content) SELECT $1, $2, 't', 'c' FROM generate_series(1, $3)`, [realm.realm_id, user.user_id, n]);
    return user;
  }

  it('keeps at most 1000 per user', async () => {
    expect(MAX_SAVED_SNIPPETS).toBe(1000);
    const user = await hoarder('Snippy Sam', 999);
    expect((await create(user)).status).toBe(200);
    refused(await create(user), TOO_MANY);
    expect(await list(user)).toHaveLength(1000);
    expect((await user.api.delete(`/saved_snippets/${(await list(user))[0].id}`)).status).toBe(200);
    expect((await create(user)).status).toBe(200);
  });

  it('holds under concurrent creates: 10 at once with room for 4 leave exactly 1000', async () => {
    const user = await hoarder('Racing Ruth', 996);
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(user)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) refused(a, TOO_MANY);
    expect(await list(user)).toHaveLength(1000);
  });
});
