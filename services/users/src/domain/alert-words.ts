import pg from 'pg';
import { BadRequestError, Caller, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/alert-words';
import * as userStore from '../store/users';
import { notifyClients } from './notify';

/** Zulip's limit on one alert word, in characters, checked before the word is trimmed. */
export const MAX_ALERT_WORD_LENGTH = 100;
/** Parley's bound on a user's alert words (Zulip has none). */
export const MAX_ALERT_WORDS = 1000;

/** `alert_words` as both endpoints take it: a JSON list of strings (the gateway checked the shape). */
function parseWords(raw: string): string[] {
  const words = JSON.parse(raw) as unknown;
  if (!Array.isArray(words) || !words.every((w) => typeof w === 'string')) throw new BadRequestError('alert_words is not a list');
  return words;
}

/**
 * The words to add, as Zulip's views and add_user_alert_words clean them: each at most 100
 * characters as sent, then trimmed, empty ones dropped, and one per word without regard to
 * case (the last spelling, in the place of the first).
 */
export function cleanAlertWords(words: string[]): string[] {
  words.forEach((w, i) => {
    if ([...w].length > MAX_ALERT_WORD_LENGTH) throw new BadRequestError(`alert_words[${i}] is too long (limit: ${MAX_ALERT_WORD_LENGTH} characters)`);
  });
  const byKey = new Map<string, string>();
  for (const w of words.map((w) => w.trim()).filter(Boolean)) byKey.set(w.toLowerCase(), w);
  return [...byKey.values()];
}

/** GET /users/me/alert_words, and register's alert_words. */
export function listAlertWords(db: Queryable, caller: Caller): Promise<string[]> {
  return store.listAlertWords(db, caller.user_id);
}

/** POST /users/me/alert_words: adds the words the caller lacks; answers all of them. */
export async function checkAddAlertWords(pool: pg.Pool, caller: Caller, raw: string): Promise<string[]> {
  const words = cleanAlertWords(parseWords(raw));
  return withTransaction(pool, async (tx) => {
    // The user's row serializes the caller's concurrent changes, so the bound holds.
    await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    const have = new Set((await store.listAlertWords(tx, caller.user_id)).map((w) => w.toLowerCase()));
    const added = words.filter((w) => !have.has(w.toLowerCase()));
    if (have.size + added.length > MAX_ALERT_WORDS) throw new BadRequestError(`You may have at most ${MAX_ALERT_WORDS} alert words.`);
    await store.insertAlertWords(tx, caller.user_id, added);
    return notifyAlertWords(tx, caller);
  });
}

/** DELETE /users/me/alert_words: removes the caller's words equal to those given, without regard to case. */
export async function checkRemoveAlertWords(pool: pg.Pool, caller: Caller, raw: string): Promise<string[]> {
  const drop = new Set(parseWords(raw).map((w) => w.toLowerCase()));
  return withTransaction(pool, async (tx) => {
    // Compared here, not in SQL: PostgreSQL's lower() under the C locale leaves non-ASCII letters alone.
    const have = await store.listAlertWords(tx, caller.user_id);
    await store.deleteAlertWords(
      tx,
      caller.user_id,
      have.filter((w) => drop.has(w.toLowerCase())),
    );
    return notifyAlertWords(tx, caller);
  });
}

/** The alert_words event (to the user's own clients, after every change, as Zulip), with the words it carries. */
async function notifyAlertWords(tx: Queryable, caller: Caller): Promise<string[]> {
  const words = await store.listAlertWords(tx, caller.user_id);
  await notifyClients(tx, caller.realm_id, [caller.user_id], { type: 'alert_words', alert_words: words });
  return words;
}
