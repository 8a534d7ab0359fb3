import type { Caller } from '@parley/common';
import { closeMessagesPool, insertRawMessage, messagesPool, scratchRealm } from '../../../../test/support/messages-db';
import { markAllAsRead } from './mark-read';

/**
 * mark_all_as_read's batches on the messages schema: each batch commits on its own, newest
 * first; the one event goes with the last batch; a request out of time answers incomplete.
 */
afterAll(closeMessagesPool);

async function unreadWorld(count: number) {
  const { realmId, userId, channelId } = scratchRealm();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await insertRawMessage(realmId, { sender: userId(2), channelId: channelId(1), topic: 't', copies: { [userId(1)]: 0, [userId(2)]: 1 } }));
  }
  const caller = { realm_id: realmId, user_id: userId(1), email: 'reader@example.com', role: 400 } as unknown as Caller;
  return { caller, ids };
}

const unreadOf = async (userId: number, ids: number[]) =>
  (
    await messagesPool().query<{ message_id: number }>('SELECT message_id::int FROM user_messages WHERE user_id = $1 AND message_id = ANY($2::bigint[]) AND (flags & 1) = 0 ORDER BY message_id', [
      userId,
      ids,
    ])
  ).rows.map((r) => r.message_id);

const readEvents = async (realmId: number) =>
  (
    await messagesPool().query<{ payload: { event: Record<string, unknown>; user_ids: number[] } }>(
      "SELECT payload FROM outbox WHERE (payload ->> 'realm_id')::int = $1 AND payload #>> '{event,type}' = 'update_message_flags' ORDER BY id",
      [realmId],
    )
  ).rows.map((r) => r.payload.event);

describe('markAllAsRead', () => {
  it('marks every unread message read in batches, and tells the user once, with all: true', async () => {
    const { caller, ids } = await unreadWorld(5);
    expect(await markAllAsRead(messagesPool(), { caller }, { batch: 2 })).toEqual({ complete: true });
    expect(await unreadOf(caller.user_id, ids)).toEqual([]);
    expect(await readEvents(caller.realm_id)).toEqual([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true }]);
  });

  it('answers complete: false, telling no one, when out of time before a batch', async () => {
    const { caller, ids } = await unreadWorld(3);
    expect(await markAllAsRead(messagesPool(), { caller }, { batch: 2, budgetMs: 0 })).toEqual({ complete: false });
    expect(await unreadOf(caller.user_id, ids)).toEqual(ids);
    expect(await readEvents(caller.realm_id)).toEqual([]);
  });
});
