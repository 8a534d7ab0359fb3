import type { Queryable } from '@parley/common';
import * as store from '../store/conversations';

/**
 * Register's `starred_messages` and `recent_private_conversations`, as Zulip's
 * zerver/lib/events.py and get_recent_private_conversations. Clients keep them current from
 * `update_message_flags` (starred) and `message` events; each reads only the user's own rows.
 */

/** At most this many starred message IDs (Zulip's bound), the oldest. */
export const MAX_STARRED_MESSAGES = 10_000;
/** The conversations of the user's newest this many direct messages (Zulip's RECENT_CONVERSATIONS_LIMIT). */
export const RECENT_DIRECT_MESSAGES = 1000;

export function starredMessages(db: Queryable, userId: number): Promise<number[]> {
  return store.starredMessageIds(db, userId, MAX_STARRED_MESSAGES);
}

/**
 * The user's recent direct-message conversations, the most recent first: each with the other
 * participants (none for messages to oneself) and its newest message ID.
 */
export async function recentPrivateConversations(db: Queryable, userId: number): Promise<{ max_message_id: number; user_ids: number[] }[]> {
  const rows = await store.recentDirectConversations(db, userId, RECENT_DIRECT_MESSAGES);
  return rows.map((r) => ({ max_message_id: r.max_message_id, user_ids: r.dm_user_ids.filter((u) => u !== userId) }));
}
