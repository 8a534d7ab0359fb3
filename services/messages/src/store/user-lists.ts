import type { Queryable } from '@parley/common';

/** The per-user lists whose length is bounded (one advisory lock each per user). */
export type UserList = 'drafts' | 'saved_snippets' | 'scheduled_messages';

/**
 * Serialises one user's additions to one of their lists until the transaction ends, so the
 * count read after it still holds at commit: two concurrent creates cannot both pass the
 * bound. Deletions need no lock (they only make room). Scheduled messages and reminders
 * share one lock (one table).
 */
export async function lockUserList(tx: Queryable, list: UserList, userId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [`${list}:per-user`, userId]);
}
