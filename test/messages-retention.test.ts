import pg from 'pg';
import { connect, parseJsonReply, schemaOf, ServiceClient } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { closeMessagesPool, insertRawMessage, scratchRealm } from './support/messages-db';
import { eventsOf } from './support/queues';
import { testDatabaseUrl } from './support/servers';

/**
 * Message retention: the job deletes messages older than their channel's
 * message_retention_days, or the realm's for "realm_default" channels and direct messages,
 * never for "unlimited", and tells whoever had them (delete_message). Messages are aged by
 * moving date_sent back; the job is run through the messages service's ApplyRetention RPC.
 */
let realm: TestRealm;
let messages: ServiceClient<'messages'>;
let db: pg.Client;

beforeAll(async () => {
  realm = await createTestRealm('Retention realm');
  messages = connect('messages', process.env.PARLEY_TEST_MESSAGES_GRPC_ADDR!, process.env.PARLEY_SECRET!);
  db = new pg.Client({ connectionString: testDatabaseUrl() });
  await db.connect();
});
afterAll(async () => {
  messages.transport.close();
  await db.end();
  await closeMessagesPool();
  await closeFixtures();
});

const age = (id: number, days: number) => db.query(`UPDATE ${schemaOf('messages')}.messages SET date_sent = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);
const runJob = async () => parseJsonReply<{ deleted: number }>(await messages.applyRetention({}, { client: 'test', host: '' })).deleted;
const exists = async (user: TestUser, id: number) => (await user.api.get(`/messages/${id}`)).status === 200;

let n = 0;
async function channelWith(retention: string | undefined): Promise<number> {
  const res = await realm.owner.api.post('/channels/create', {
    name: `Kept ${retention ?? 'default'} ${++n}`,
    subscribers: [realm.owner.user_id, realm.member.user_id],
    ...(retention && { message_retention_days: retention }),
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function send(to: number | number[], content: string): Promise<number> {
  const res = await realm.member.api.post('/messages', Array.isArray(to) ? { type: 'direct', to: JSON.stringify(to), content } : { type: 'stream', to, topic: 'old news', content });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('retention', () => {
  it("deletes what outlived its channel's retention, keeps the rest, and tells who had it", async () => {
    const short = await channelWith('2');
    const forever = await channelWith('unlimited');
    const inherited = await channelWith(undefined);
    const [expired, fresh, kept, inheritedOld, dm] = [
      await send(short, 'Expired'),
      await send(short, 'Fresh'),
      await send(forever, 'Forever'),
      await send(inherited, 'Realm default'),
      await send([realm.other.user_id], 'Old DM'),
    ];
    for (const id of [expired, kept, inheritedOld, dm]) await age(id, 3);
    const queue = (await realm.member.api.post('/register', { event_types: ['delete_message'] })).body.queue_id as string;

    expect(await runJob()).toBeGreaterThanOrEqual(1);
    expect(await exists(realm.member, expired)).toBe(false);
    expect(await exists(realm.member, fresh)).toBe(true);
    // The realm keeps everything by default: unlimited and realm_default channels, and DMs, stay.
    for (const id of [kept, inheritedOld, dm]) expect(await exists(realm.member, id)).toBe(true);
    const [event] = await eventsOf(realm.member, queue, 1);
    expect(event).toEqual({
      id: expect.any(Number),
      type: 'delete_message',
      message_type: 'stream',
      message_id: expired,
      message_ids: [expired],
      stream_id: short,
      topic: 'old news',
    });
  });

  it("applies the realm's retention to realm_default channels and direct messages", async () => {
    const inherited = await channelWith(undefined);
    const [old, dm] = [await send(inherited, 'Old in default'), await send([realm.other.user_id], 'Another old DM')];
    for (const id of [old, dm]) await age(id, 10);
    const set = await realm.owner.api.patch('/realm', { message_retention_days: 5 }, { contract: 'envelope' });
    expect(set.status).toBe(200);
    try {
      await runJob();
      expect(await exists(realm.member, old)).toBe(false);
      expect(await exists(realm.other, dm)).toBe(false);
    } finally {
      await realm.owner.api.patch('/realm', { message_retention_days: 'unlimited' }, { contract: 'envelope' });
    }
  });

  it("goes on past a realm whose policy it cannot read, and leaves that realm's messages alone", async () => {
    // Rows under a realm ID the users service has never heard of (as after a realm is gone there).
    const unknown = scratchRealm();
    const orphan = await insertRawMessage(unknown.realmId, {
      sender: unknown.userId(1),
      channelId: unknown.channelId(1),
      topic: 'orphan',
      copies: { [unknown.userId(1)]: 0 },
    });
    const short = await channelWith('1');
    const expired = await send(short, 'Expired beside an unknown realm');
    for (const id of [orphan, expired]) await age(id, 30);

    expect(await runJob()).toBeGreaterThanOrEqual(1);
    expect(await exists(realm.member, expired)).toBe(false);
    const left = await db.query(`SELECT 1 FROM ${schemaOf('messages')}.messages WHERE id = $1`, [orphan]);
    expect(left.rowCount).toBe(1);
  });
});
