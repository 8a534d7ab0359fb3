import { closeMessagesPool, insertRawMessage, messagesPool, planOf, scratchRealm } from '../../../../test/support/messages-db';
import { recentDirectConversations, starredMessageIds } from './conversations';

/**
 * Register's per-user lists on the messages schema: they read the user's own rows through
 * the partial indexes (user_messages_starred, user_messages_direct), never the whole table.
 */
afterAll(closeMessagesPool);

describe('register lists', () => {
  it('read the starred messages and the direct messages of one user by their partial indexes', async () => {
    expect(await planOf((db) => starredMessageIds(db, 1, 10))).toMatch(/user_messages_starred/);
    expect(await planOf((db) => recentDirectConversations(db, 1, 10))).toMatch(/user_messages_direct/);
  });

  it('groups the newest direct messages by conversation, newest first, and lists stars ascending', async () => {
    const { realmId, userId, channelId } = scratchRealm();
    const [me, a, b] = [userId(1), userId(2), userId(3)];
    const direct = (users: number[], flags = 0) =>
      insertRawMessage(realmId, {
        sender: users[0],
        dmUserIds: users,
        copies: Object.fromEntries(users.map((u) => [u, flags])),
      });
    const old = await direct([me, a]);
    const group = await direct([me, a, b], 2);
    const latest = await direct([me, a]);
    const channelStar = await insertRawMessage(realmId, { sender: a, channelId: channelId(1), copies: { [me]: 2 } });
    const pool = messagesPool();
    expect(await recentDirectConversations(pool, me, 10)).toEqual([
      { dm_user_ids: [me, a], max_message_id: latest },
      { dm_user_ids: [me, a, b], max_message_id: group },
    ]);
    // Only the newest `limit` messages count.
    expect(await recentDirectConversations(pool, me, 1)).toEqual([{ dm_user_ids: [me, a], max_message_id: latest }]);
    expect(await starredMessageIds(pool, me, 10)).toEqual([group, channelStar]);
    expect(await starredMessageIds(pool, me, 1)).toEqual([group]);
    expect(old).toBeLessThan(group);
  });
});
