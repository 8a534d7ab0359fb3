import { createLogger, fakeClients } from '@parley/common';
import { ownUsersDb } from '../../../../test/support/users-db';
import { createRealm } from '../domain/realms';
import { MemoryPresenceStore } from '../store/presence';
import * as store from '../store/missed-messages';
import { MissedMailDeps, sendDueBatches } from './missed-messages';

/**
 * Missed-message batches against PostgreSQL, with two "replicas" (two runs of the job at once):
 * each batch is claimed by one of them and mailed once; a replica whose claim was taken over
 * after its lease mails nothing. The messages service is a fake that answers slowly, so the
 * runs overlap.
 */
// A database of its own: the Parley under test (same run, shared database) runs this job too.
let db: Awaited<ReturnType<typeof ownUsersDb>>;
const usersDb = () => db;
afterAll(() => db?.close());

const log = createLogger('missed-mail-test', 'error');
let realmId: number;
let userId: number;
let asked = 0;

const deps = (): MissedMailDeps => {
  const { pool, config } = usersDb();
  const messages = async (method: string, req: { message_ids: number[] }) => {
    if (method !== 'GetMissedMessages') throw new Error(`unexpected ${method}`);
    asked++;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = req.message_ids.filter((id) => id >= 1_000_000);
    return {
      messages: mine.map((id) => ({ id, sender_id: userId, kind: 'direct', dm_user_ids: [userId], topic: '', content: `message ${id}`, rendered_content: `<p>message ${id}</p>`, date_sent: 0 })),
    };
  };
  return { pool, config, presence: new MemoryPresenceStore(), clients: fakeClients({ messages }), log };
};

const mailsOf = async () => (await usersDb().pool.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE user_id = $1 AND kind = 'missed_messages'", [userId])).rows[0].n;

beforeAll(async () => {
  db = await ownUsersDb('missed');
  const { pool, config } = usersDb();
  const sub = `missed${Date.now().toString(36)}`;
  const made = await createRealm(pool, config, { name: 'Missed', subdomain: sub, ownerEmail: `owner@${sub}.test`, ownerName: 'Olive', ownerPassword: 'a-long-password' });
  realmId = made.realm.id;
  userId = made.owner.user.id;
});

describe('sendDueBatches', () => {
  it('mails a batch once when two replicas look at the same time', async () => {
    const { pool } = usersDb();
    await store.addPending(pool, realmId, userId, 0, [
      { message_id: 1_000_001, trigger: 'direct_message' },
      { message_id: 1_000_002, trigger: 'direct_message' },
    ]);
    const counts = await Promise.all([sendDueBatches(deps()), sendDueBatches(deps())]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await mailsOf()).toBe(1);
    expect(await store.claimDue(pool, 'nobody', 10, 0)).toEqual([]);
  });

  it('mails nothing from a replica whose claim another took over after its lease', async () => {
    const { pool } = usersDb();
    const before = await mailsOf();
    await store.addPending(pool, realmId, userId, 0, [{ message_id: 1_000_003, trigger: 'direct_message' }]);
    // Replica A claims the batch, then stalls past its lease: replica B mails it.
    expect(await store.claimDue(pool, 'replica-a', 10, 0)).toHaveLength(1);
    expect(await sendDueBatches(deps())).toBe(1);
    expect(await store.deleteClaimed(pool, 'replica-a', userId)).toBe(0);
    expect(await mailsOf()).toBe(before + 1);
  });

  it('sends nothing, and forgets the batch, when nothing of it is left to mail', async () => {
    const { pool } = usersDb();
    const before = await mailsOf();
    asked = 0;
    // The fake answers no message below 1,000,000: read, deleted or out of reach.
    await store.addPending(pool, realmId, userId, 0, [{ message_id: 5, trigger: 'mentioned' }]);
    expect(await sendDueBatches(deps())).toBe(0);
    expect(asked).toBe(1);
    expect(await mailsOf()).toBe(before);
    expect((await pool.query('SELECT 1 FROM missed_message_notifications WHERE user_id = $1', [userId])).rowCount).toBe(0);
  });
});
