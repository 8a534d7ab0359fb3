import { applySettingsChanged, MAX_DRAFTS } from '../services/messages/src/domain/drafts';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { closeMessagesPool, messagesPool } from './support/messages-db';
import { refused } from './support/responses';
import { testServicePool } from './support/service-pools';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';

/**
 * Drafts (feature level 87): create several at once, list, edit, delete one's own; the
 * rules of each field; drafts events to the user's clients; register state; and
 * enable_drafts_synchronization: off refuses new drafts and removes the ones the user had;
 * at most 1,000 drafts per user (Parley's bound), held under concurrent creates.
 */
let realm: TestRealm;
let channel: number;
type Json = Record<string, any>;
beforeAll(async () => {
  realm = await createTestRealm('Drafts realm');
  channel = (await realm.admin.api.post('/channels/create', { name: 'Drafty', subscribers: [realm.member.user_id], send_new_subscription_messages: false })).body.id;
});
afterAll(async () => {
  await closeMessagesPool();
  await closeFixtures();
});

const list = async (user: TestUser) => (await user.api.get('/drafts')).body as { count: number; drafts: Json[] };
const draft = (extra: Json = {}) => ({ type: 'stream', to: [channel], topic: 'ideas', content: 'Half a thought', ...extra });

describe('drafts', () => {
  it("creates several at once, lists them with server timestamps, and tells the user's clients", async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['drafts'] })).body.queue_id as string;
    const before = Math.floor(Date.now() / 1000) - 1;
    const res = await realm.member.api.post('/drafts', {
      drafts: JSON.stringify([draft(), { type: 'private', to: [realm.other.user_id], topic: '', content: 'psst' }, { type: '', to: [], topic: '', content: 'nowhere yet' }]),
    });
    expect(res.status).toBe(200);
    const ids = res.body.ids as number[];
    expect(ids).toHaveLength(3);
    const { count, drafts } = await list(realm.member);
    const mine = drafts.filter((d) => ids.includes(d.id));
    expect(mine.map(({ timestamp, ...rest }) => rest)).toEqual([
      { id: ids[0], type: 'stream', to: [channel], topic: 'ideas', content: 'Half a thought' },
      { id: ids[1], type: 'private', to: [realm.other.user_id], topic: '', content: 'psst' },
      { id: ids[2], type: '', to: [], topic: '', content: 'nowhere yet' },
    ]);
    expect(count).toBe(drafts.length);
    for (const d of mine) expect(d.timestamp).toBeGreaterThanOrEqual(before);
    const [event] = await eventsOf(realm.member, queue, 1, ['add']);
    expect(event.drafts.map((d: Json) => d.id)).toEqual(ids);
    expect((await list(realm.other)).drafts.some((d) => ids.includes(d.id))).toBe(false);
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['drafts'] })).body;
    expect(state.drafts.map((d: Json) => d.id)).toEqual(expect.arrayContaining(ids));
  });

  it("edits a draft, keeping the client's timestamp when given, and deletes it, with events", async () => {
    const [id] = (await realm.member.api.post('/drafts', { drafts: JSON.stringify([draft()]) })).body.ids as number[];
    const queue = (await realm.member.api.post('/register', { event_types: ['drafts'] })).body.queue_id as string;
    const edited = await realm.member.api.patch(`/drafts/${id}`, { draft: JSON.stringify(draft({ content: 'A whole thought', timestamp: 1_600_000_000 })) });
    expect(edited.status).toBe(200);
    expect((await list(realm.member)).drafts.find((d) => d.id === id)).toEqual({
      id,
      type: 'stream',
      to: [channel],
      topic: 'ideas',
      content: 'A whole thought',
      timestamp: 1_600_000_000,
    });
    expect((await realm.member.api.delete(`/drafts/${id}`)).status).toBe(200);
    const events = await eventsOf(realm.member, queue, 2, ['update', 'remove']);
    expect(events.map((e) => [e.op, e.op === 'update' ? e.draft.id : e.draft_id])).toEqual([
      ['update', id],
      ['remove', id],
    ]);
  });

  it("refuses bad drafts, and other users' or unknown drafts (404)", async () => {
    const cases: [Json, string][] = [
      [draft({ to: [] }), 'Must specify exactly 1 channel ID for channel messages'],
      [draft({ to: [channel, channel] }), 'Must specify exactly 1 channel ID for channel messages'],
      [draft({ content: 'bad\u0000byte' }), 'Content must not contain null bytes'],
      [draft({ topic: 'bad\u0000byte' }), 'Topic must not contain null bytes'],
      [draft({ id: 5 }), 'draft["id"] is not allowed'],
      [draft({ type: 'channel' }), 'draft["type"] is not one of "", "stream", "private"'],
      [draft({ to: [987654] }), 'Invalid channel ID'],
      [{ type: 'private', to: [987654], topic: '', content: 'x' }, 'Invalid user ID'],
    ];
    for (const [d, msg] of cases) {
      const res = await realm.member.api.post('/drafts', { drafts: JSON.stringify([d]) }, { contract: 'envelope' });
      expect([JSON.stringify(d), res.status, res.body.msg]).toEqual([JSON.stringify(d), 400, msg]);
    }
    const [theirs] = (await realm.other.api.post('/drafts', { drafts: JSON.stringify([draft({ to: [channel] })]) })).body.ids as number[];
    for (const res of [await realm.member.api.patch(`/drafts/${theirs}`, { draft: JSON.stringify(draft()) }), await realm.member.api.delete(`/drafts/${theirs}`)]) {
      expect([res.status, res.body.code, res.body.msg]).toEqual([404, 'BAD_REQUEST', 'Draft does not exist']);
    }
  });

  it('refuses drafts while synchronization is off, and removes those the user had when turning it off', async () => {
    const user = await realm.addUser({ name: 'Dora Drafter' });
    const [kept] = (await user.api.post('/drafts', { drafts: JSON.stringify([{ type: '', to: [], topic: '', content: 'one' }]) })).body.ids as number[];
    expect(kept).toEqual(expect.any(Number));
    expect((await user.api.patch('/settings', { enable_drafts_synchronization: false })).status).toBe(200);
    await eventually(async () => expect((await list(user)).drafts).toEqual([]));
    const refused = await user.api.post('/drafts', { drafts: JSON.stringify([{ type: '', to: [], topic: '', content: 'two' }]) });
    expect([refused.status, refused.body.msg]).toEqual([400, 'User has disabled synchronizing drafts.']);
    expect((await user.api.patch('/settings', { enable_drafts_synchronization: true })).status).toBe(200);
    const [fresh] = (await user.api.post('/drafts', { drafts: JSON.stringify([{ type: '', to: [], topic: '', content: 'three' }]) })).body.ids as number[];
    expect((await list(user)).drafts.map((d) => d.id)).toEqual([fresh]);
  });
});

describe("Parley's bound on drafts", () => {
  const TOO_MANY = 'You may have at most 1000 drafts.';
  const nowhere = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: '', to: [], topic: '', content: `draft ${i}` })));
  /** A new user with `n` drafts written straight into the table. */
  async function hoarder(name: string, n: number): Promise<TestUser> {
    const user = await realm.addUser({ name });
    await messagesPool().query(`INSERT INTO drafts (realm_id, user_id, type, "to", topic, content, timestamp) SELECT $1, $2, '', '{}', '', 'x', now() FROM generate_series(1, $3)`, [
      realm.realm_id,
      user.user_id,
      n,
    ]);
    return user;
  }

  it('keeps at most 1000 per user, refusing a batch that would pass it whole', async () => {
    expect(MAX_DRAFTS).toBe(1000);
    const user = await hoarder('Drafty Dora', 997);
    refused(await user.api.post('/drafts', { drafts: nowhere(4) }), TOO_MANY);
    expect((await list(user)).count).toBe(997);
    expect((await user.api.post('/drafts', { drafts: nowhere(3) })).body.ids).toHaveLength(3);
    refused(await user.api.post('/drafts', { drafts: nowhere(1) }), TOO_MANY);
    expect((await list(user)).count).toBe(1000);
    // Deleting one makes room for one.
    const [first] = (await list(user)).drafts;
    expect((await user.api.delete(`/drafts/${first.id}`)).status).toBe(200);
    expect((await user.api.post('/drafts', { drafts: nowhere(1) })).status).toBe(200);
  });

  it('holds under concurrent creates: 10 at once with room for 4 leave exactly 1000', async () => {
    const user = await hoarder('Racing Rita', 996);
    const answers = await Promise.all(Array.from({ length: 10 }, () => user.api.post('/drafts', { drafts: nowhere(1) })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) refused(a, TOO_MANY);
    expect((await list(user)).count).toBe(1000);
  });
});

describe('turning synchronization off, heard late', () => {
  it('removes only the drafts last changed before the change, so a late event spares newer ones', async () => {
    const user = await realm.addUser({ name: 'Late Larry' });
    const [old] = (await user.api.post('/drafts', { drafts: JSON.stringify([{ type: '', to: [], topic: '', content: 'before' }]) })).body.ids as number[];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const changedAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [fresh] = (await user.api.post('/drafts', { drafts: JSON.stringify([{ type: '', to: [], topic: '', content: 'after' }]) })).body.ids as number[];
    const pool = testServicePool('messages', process.env.PARLEY_SECRET!, 1);
    try {
      await applySettingsChanged(pool, { realm_id: realm.realm_id, user_id: user.user_id, changes: { enable_drafts_synchronization: false }, changed_at: changedAt });
    } finally {
      await pool.end();
    }
    expect((await list(user)).drafts.map((d) => d.id)).toEqual([fresh]);
    expect(old).not.toBe(fresh);
  });
});
