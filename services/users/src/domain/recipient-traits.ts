import type { Queryable } from '@parley/common';
import { alertWordsOf } from '../store/alert-words';
import { mutedUsersOf } from '../store/muted-users';

export interface RecipientTraits {
  user_id: number;
  alert_words: string[];
  muted_user_ids: number[];
}

/**
 * What a send needs of its recipients: each one's alert words (has_alert_word) and whom each
 * muted (a muted sender's message arrives read), for those of the realm's users who have
 * either. `userIds` are a send's recipients (at most the realm's users), and each user's lists
 * are bounded (1,000 words, 1,000 mutes), so the answer is too.
 */
export async function recipientTraits(db: Queryable, realmId: number, userIds: number[]): Promise<RecipientTraits[]> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const [words, muted] = await Promise.all([alertWordsOf(db, realmId, ids), mutedUsersOf(db, realmId, ids)]);
  const users = new Set([...words.keys(), ...muted.keys()]);
  return [...users].map((user_id) => ({ user_id, alert_words: words.get(user_id) ?? [], muted_user_ids: muted.get(user_id) ?? [] }));
}
