import pg from 'pg';
import { UserMuted, withTransaction } from '@parley/common';
import * as store from '../store/messages';
import { notify } from './notify';

/** The users service's users.user.muted. */
/**
 * users.user.muted: the muter's unread messages from the muted user, sent up to the mute,
 * become read, with an update_message_flags event to the muter (Zulip's
 * do_mark_muted_user_messages_as_read, which Zulip runs with the mute; here it follows it on
 * the bus). Later messages arrive read at send. Idempotent: a redelivery finds nothing unread.
 */
export async function applyUserMuted(pool: pg.Pool, change: UserMuted): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const ids = await store.markSenderRead(tx, change.user_id, change.muted_user_id, new Date(change.muted_at));
    await notify(tx, change.realm_id, ids.length ? [change.user_id] : [], {
      type: 'update_message_flags',
      op: 'add',
      operation: 'add',
      flag: 'read',
      messages: ids,
      all: false,
    });
  });
}
