import { createHash } from 'node:crypto';
import type { BoundClient } from '@parley/common';
import { AlertWordMatcher } from './alert-words';
import type { PeerCache } from './peer-cache';

/** What a send needs of a recipient: their alert words and whom they muted. */
export interface RecipientTraits {
  alert_words: readonly string[];
  muted_user_ids: ReadonlySet<number>;
}

/** A send's recipients' traits: an automaton of their alert words, and who muted whom. */
export interface SendTraits {
  /** Undefined when no recipient has alert words. */
  matcher?: AlertWordMatcher;
  /** Those of the recipients who muted `senderId`. */
  muters(senderId: number): number[];
}

const NO_TRAITS: RecipientTraits = { alert_words: [], muted_user_ids: new Set() };

/**
 * A send's recipients' alert words and mutes (the users service's GetRecipientTraits): one
 * call for those not kept, none when all are. The automaton of their alert words is kept too,
 * by the IDs of the recipients who have words, so the sends to a channel share one; both are
 * dropped when a user's alert words or mutes change (their events), judged from marks read
 * before the traits were asked for.
 */
export async function fetchSendTraits(getRecipientTraits: BoundClient<'users'>['getRecipientTraits'], realmId: number, recipients: number[], cache?: PeerCache): Promise<SendTraits> {
  // Each kept kind counts its own changes: both marks are read before the traits are asked for.
  const since = cache?.recipientTraits.mark();
  const matchersSince = cache?.alertMatchers.mark();
  const ask = async (missing: string[]) => {
    const r = await getRecipientTraits({ realm_id: realmId, user_ids: missing.map(Number) });
    const found = new Map(missing.map((id) => [id, NO_TRAITS]));
    for (const u of r.users) found.set(String(u.user_id), { alert_words: u.alert_words, muted_user_ids: new Set(u.muted_user_ids.map(Number)) });
    return found;
  };
  const keys = recipients.map(String);
  const traits = cache ? await cache.recipientTraits.getMany(realmId, keys, ask, since) : await ask(keys);
  const withWords = new Map<number, readonly string[]>();
  for (const [id, t] of traits) if (t.alert_words.length) withWords.set(Number(id), t.alert_words);
  const build = async () => new AlertWordMatcher(withWords);
  // A large channel's list of IDs is long: its digest names it.
  const key = createHash('sha256')
    .update([...withWords.keys()].sort((a, b) => a - b).join(','))
    .digest('base64');
  const matcher = !withWords.size ? undefined : cache ? await cache.alertMatchers.get(realmId, key, build, matchersSince) : await build();
  return {
    matcher,
    muters: (senderId) => [...traits].filter(([, t]) => t.muted_user_ids.has(senderId)).map(([id]) => Number(id)),
  };
}
