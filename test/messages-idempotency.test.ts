import pg from 'pg';
import { schemaOf } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { testDatabaseUrl } from './support/servers';

/**
 * Idempotent send (Parley's fix of a known pain of Zulip's API): a retry of POST /messages
 * with the same Idempotency-Key header, or the same queue_id + local_id, returns the first
 * message's ID and creates no second message — also when the retries race.
 */
let realm: TestRealm;
let channel: number;
beforeAll(async () => {
  realm = await createTestRealm('Idempotency realm');
  channel = (await realm.admin.api.post('/channels/create', { name: 'Retries', subscribers: [realm.member.user_id, realm.other.user_id] })).body.id;
});
afterAll(closeFixtures);

const send = (key: string | undefined, content: string, extra: Record<string, string> = {}, user = realm.member) =>
  user.api.post('/messages', { type: 'stream', to: channel, topic: 'retry', content, ...extra }, key ? { headers: { 'idempotency-key': key } } : {});

async function topicContents(): Promise<string[]> {
  const res = await realm.member.api.get('/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    apply_markdown: false,
    narrow: JSON.stringify([
      { operator: 'channel', operand: channel },
      { operator: 'topic', operand: 'retry' },
    ]),
  });
  return (res.body.messages as { content: string }[]).map((m) => m.content);
}

describe('Idempotency-Key', () => {
  it('returns the first message for a retry, and sends once', async () => {
    const first = await send('k-1', 'Once only');
    const again = await send('k-1', 'Once only');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect((await topicContents()).filter((c) => c === 'Once only')).toHaveLength(1);
  });

  it('sends once when retries race', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => send('k-race', 'Raced')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await topicContents()).filter((c) => c === 'Raced')).toHaveLength(1);
  });

  it('keeps keys apart per sender and per key', async () => {
    const mine = await send('k-shared', 'Mine');
    const theirs = await send('k-shared', 'Theirs', {}, realm.other);
    const other = await send('k-other', 'Mine again');
    expect(new Set([mine.body.id, theirs.body.id, other.body.id]).size).toBe(3);
  });

  it('does not hold a key for a send that failed', async () => {
    const refused = await send('k-fail', '   ');
    expect([refused.status, refused.body.msg]).toEqual([400, 'Message must not be empty']);
    const ok = await send('k-fail', 'Now with content');
    expect(ok.status).toBe(200);
  });

  it('forgets a key after 24 hours', async () => {
    const first = await send('k-old', 'Day one');
    const db = new pg.Client({ connectionString: testDatabaseUrl() });
    await db.connect();
    try {
      await db.query(`UPDATE ${schemaOf('messages')}.send_keys SET created_at = now() - interval '25 hours' WHERE sender_id = $1 AND key = 'key:k-old'`, [realm.member.user_id]);
    } finally {
      await db.end();
    }
    const later = await send('k-old', 'Day one');
    expect(later.body.id).toBeGreaterThan(first.body.id);
    expect((await topicContents()).filter((c) => c === 'Day one')).toHaveLength(2);
  });

  it('refuses an empty or overlong key', async () => {
    const long = await send('x'.repeat(256), 'Too long a key');
    expect([long.status, long.body.msg]).toEqual([400, 'Idempotency-Key must be 1 to 255 characters']);
  });
});

describe('queue_id + local_id', () => {
  it('treats a resend with the same local echo IDs as the same message', async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['message'] })).body.queue_id as string;
    const first = await send(undefined, 'Echoed', { queue_id: queue, local_id: '17.01' });
    const again = await send(undefined, 'Echoed', { queue_id: queue, local_id: '17.01' });
    const next = await send(undefined, 'Echoed', { queue_id: queue, local_id: '17.02' });
    expect(again.body.id).toBe(first.body.id);
    expect(next.body.id).not.toBe(first.body.id);
    expect((await topicContents()).filter((c) => c === 'Echoed')).toHaveLength(2);
  });
});
