import { withTransaction } from '@parley/common';
import { closeUsersDb, usersDb } from '../../../../test/support/users-db';
import { createRealm } from './realms';
import * as digestStore from '../store/digests';
import { DIGEST_INTERVAL_MS, hotConversations, zulipWeekday } from './digest';

/**
 * The digest's once-a-week claim, as two replicas race for it (each in its own transaction),
 * and Zulip's choice of hot conversations.
 */
afterAll(closeUsersDb);

describe('claimDigest', () => {
  it('lets exactly one of two concurrent transactions claim a user, and none again within the week', async () => {
    const { pool, config } = usersDb();
    const sub = `digest${Date.now().toString(36)}`;
    const { owner } = await createRealm(pool, config, { name: 'Digests', subdomain: sub, ownerEmail: `owner@${sub}.test`, ownerName: 'Olive', ownerPassword: 'a-long-password' });
    const userId = owner.user.id;
    // Both transactions claim before either commits: the second waits on the first's row, then sees its claim.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = withTransaction(pool, async (tx) => {
      const won = await digestStore.claimDigest(tx, userId, DIGEST_INTERVAL_MS);
      await held;
      return won;
    });
    await new Promise((r) => setTimeout(r, 100));
    const second = withTransaction(pool, (tx) => digestStore.claimDigest(tx, userId, DIGEST_INTERVAL_MS));
    release();
    // Exactly one wins (the first, unless the second got its row first).
    expect([await first, await second].filter(Boolean)).toHaveLength(1);
    expect(await digestStore.claimDigest(pool, userId, DIGEST_INTERVAL_MS)).toBe(false);
    // A week later, the next digest may go.
    await pool.query("UPDATE digest_sends SET sent_at = now() - interval '7 days' WHERE user_id = $1", [userId]);
    expect(await digestStore.claimDigest(pool, userId, DIGEST_INTERVAL_MS)).toBe(true);
  });
});

describe('hotConversations', () => {
  const topic = (name: string, senders: [number, number][]) => ({ channel_id: 1, topic: name, senders: senders.map(([user_id, count]) => ({ user_id, count })), samples: [] });
  const people = new Map([1, 2, 3, 4].map((id) => [id, { full_name: `P${id}`, is_bot: false }]));
  people.set(9, { full_name: 'Bot', is_bot: true });

  it("takes the two most diverse topics, then the longest, up to four, counting humans only (Zulip's get_hot_topics)", () => {
    const topics = [
      topic('long', [[1, 50]]),
      topic('diverse', [
        [1, 1],
        [2, 1],
        [3, 1],
      ]),
      topic('pair', [
        [1, 1],
        [2, 1],
      ]),
      topic('bots', [
        [9, 100],
        [1, 1],
      ]),
      topic('medium', [[4, 10]]),
      topic('small', [[4, 2]]),
    ];
    expect(hotConversations(topics, people).map((t) => t.topic)).toEqual(['diverse', 'pair', 'long', 'medium']);
  });
});

describe('zulipWeekday', () => {
  it('numbers Monday 0, as Python does', () => {
    expect(zulipWeekday(new Date('2026-12-07T12:00:00Z'))).toBe(0);
    expect(zulipWeekday(new Date('2026-12-13T12:00:00Z'))).toBe(6);
  });
});
