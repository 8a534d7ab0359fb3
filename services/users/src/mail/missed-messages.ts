import { Caller, ClientEvent, Logger, randomToken, RpcClients, startPeriodicJob, withTransaction } from '@parley/common';
import type pg from 'pg';
import type { MissedMessage__Output } from '@parley/common/generated/parley/messages/v1/MissedMessage';
import type { UsersConfig } from '../config';
import type { PresenceStore } from '../store/presence';
import * as store from '../store/missed-messages';
import { findUserById, listRealmUsers, listRealmUsersWithSettings, UserRow } from '../store/users';
import { findRealmById } from '../store/realms';
import { listMutedUsers } from '../store/muted-users';
import { userSettings } from '../domain/settings';
import { apiEmail } from '../domain/format';
import { OFFLINE_SECONDS } from '../domain/presence';
import { MailContent, queueMail } from './compose';
import { conversationsOf, missedMessageMail } from './missed-message-content';

/**
 * Missed-message mails (Zulip's email_notifications.py and its missedmessage_emails worker).
 * A message that would notify a user who is off Parley (a direct message, a mention, a
 * wildcard mention, a followed topic's message) is recorded for them when its event arrives
 * here; once their batching period has passed, one mail per conversation holds what is still
 * unread and readable of it. Nothing of this runs on the send's path: the send only names the
 * topic's followers in its event.
 */
export interface MissedMailDeps {
  pool: pg.Pool;
  config: UsersConfig;
  presence: PresenceStore;
  clients: RpcClients;
  log: Logger;
}

/** Why a message is mailed (Zulip's notification triggers). */
export type Trigger = 'direct_message' | 'mentioned' | 'stream_wildcard_mentioned' | 'topic_wildcard_mentioned' | 'followed_topic';

const WILDCARDS: readonly Trigger[] = ['stream_wildcard_mentioned', 'topic_wildcard_mentioned'];

/** What a message event says about who it may notify, before their settings and presence. */
export function candidatesOf(data: ClientEvent): { messageId: number; byUser: Map<number, Trigger> } | undefined {
  if (data.event.type !== 'message' || !Array.isArray(data.audience)) return undefined;
  const message = data.event.message as { id: number; sender_id: number; type: string };
  const flags = data.message?.flags ?? {};
  const followers = new Set(data.message?.followers ?? []);
  const byUser = new Map<number, Trigger>();
  for (const userId of data.audience) {
    if (userId === message.sender_id) continue;
    const own = flags[userId] ?? [];
    // Read already: the sender's own, or a muted sender's (Zulip marks those read at send).
    if (own.includes('read')) continue;
    const trigger: Trigger | undefined =
      message.type === 'private'
        ? 'direct_message'
        : own.includes('mentioned')
          ? 'mentioned'
          : own.includes('topic_wildcard_mentioned')
            ? 'topic_wildcard_mentioned'
            : own.includes('stream_wildcard_mentioned')
              ? 'stream_wildcard_mentioned'
              : followers.has(userId)
                ? 'followed_topic'
                : undefined;
    if (trigger) byUser.set(userId, trigger);
  }
  return { messageId: message.id, byUser };
}

/** Whether the user's settings ask for a mail for this trigger (Zulip's UserMessageNotificationsData). */
export function wantsMail(settings: Record<string, unknown>, trigger: Trigger, follows: boolean): boolean {
  const offline = settings.enable_offline_email_notifications === true;
  const followed = settings.enable_followed_topic_email_notifications === true;
  if (trigger === 'direct_message' || trigger === 'mentioned') return offline;
  if (trigger === 'followed_topic') return followed;
  // A wildcard mention: by the wildcard setting, or in a followed topic by the followed-topic one.
  return (offline && settings.wildcard_mentions_notify === true) || (follows && followed && settings.enable_followed_topic_wildcard_mentions_notify === true);
}

/** Zulip's receiver_is_off_zulip: no client of theirs active or connected lately. */
function isOffParley(record: { active_timestamp: number; idle_timestamp: number } | undefined, now: number): boolean {
  return !record || Math.max(record.active_timestamp, record.idle_timestamp) < now - OFFLINE_SECONDS;
}

/**
 * A message event older than this is not mailed: who is away is decided when a message comes
 * (a new consumer reading the stream's history on an upgrade mails nothing old).
 */
const STALE_EVENT_SECONDS = 15 * 60;

/** The consumer of the messages service's events: records what each away user may be mailed. Idempotent. */
export async function recordMissedMessages(deps: MissedMailDeps, data: ClientEvent, now = Date.now() / 1000): Promise<void> {
  const found = candidatesOf(data);
  if (!found?.byUser.size) return;
  const sent = Number((data.event.message as { timestamp?: number }).timestamp);
  if (sent < now - STALE_EVENT_SECONDS) return;
  const users = await listRealmUsersWithSettings(deps.pool, data.realm_id, [...found.byUser.keys()]);
  const followers = new Set(data.message?.followers ?? []);
  const wanted = users.filter((u) => u.is_active && !u.is_bot && wantsMail(userSettings(u), found.byUser.get(u.id)!, followers.has(u.id)));
  if (!wanted.length) return;
  // One read of the realm's presence beats one per user past a few (an @all in a large channel).
  const all = wanted.length > 8 ? await deps.presence.all(data.realm_id) : undefined;
  for (const u of wanted) {
    const record = all ? all.get(u.id) : await deps.presence.get(data.realm_id, u.id);
    if (!isOffParley(record, now)) continue;
    const period = Math.min(Number(userSettings(u).email_notifications_batching_period_seconds), deps.config.missedMessages.batchSecondsMax ?? Infinity);
    await store.addPending(deps.pool, data.realm_id, u.id, period, [{ message_id: found.messageId, trigger: found.byUser.get(u.id)! }]);
  }
}

/** A claim lasts this long: a replica that dies while building a batch leaves it to another after it. */
const CLAIM_LEASE_MS = 5 * 60_000;
const CLAIM_LIMIT = 1000;
const BATCHES_AT_ONCE = 8;

/** Every replica runs it; the claims make each batch go once. */
export function startMissedMessageMail(deps: MissedMailDeps): () => Promise<void> {
  return startPeriodicJob('missed-message mail', deps.config.missedMessages.pollMs, deps.log, () => sendDueBatches(deps));
}

/** Mails every batch that is due; answers how many mails were queued. */
export async function sendDueBatches(deps: MissedMailDeps): Promise<number> {
  const claim = randomToken();
  const rows = await store.claimDue(deps.pool, claim, CLAIM_LIMIT, CLAIM_LEASE_MS);
  const byUser = new Map<number, store.PendingRow[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  let queued = 0;
  const batches = [...byUser];
  // A few users' batches at a time: each waits mostly on the messages service and PostgreSQL
  // (an @-all in a large channel makes a batch for each member).
  for (let i = 0; i < batches.length; i += BATCHES_AT_ONCE) {
    const counts = await Promise.all(
      batches.slice(i, i + BATCHES_AT_ONCE).map(([userId, pending]) =>
        mailBatch(deps, claim, pending[0].realm_id, userId, pending).catch((err: unknown) => {
          // Its rows stay claimed: the batch is tried again when the lease ends.
          deps.log.warn({ err, user_id: userId }, 'missed-message mail: a batch failed; it will be tried again');
          return 0;
        }),
      ),
    );
    queued += counts.reduce((a, b) => a + b, 0);
  }
  return queued;
}

/** Builds and queues one user's batch: everything asked first, then one transaction. */
async function mailBatch(deps: MissedMailDeps, claim: string, realmId: number, userId: number, pending: store.PendingRow[]): Promise<number> {
  const { pool, config } = deps;
  const [user, realm] = await Promise.all([findUserById(pool, realmId, userId), findRealmById(pool, realmId)]);
  const settings = user && userSettings(user);
  const missed = user?.is_active && !user.is_bot && realm && !realm.deactivated ? await stillMissed(deps, user, pending) : [];
  const mails: MailContent[] = [];
  if (missed.length && user && realm && settings) {
    const people = new Map((await listRealmUsers(pool, realmId, [...new Set(missed.flatMap((m) => [Number(m.sender_id), ...m.dm_user_ids.map(Number)]))])).map((p) => [p.id, p]));
    const withRealmName = await showsRealmName(pool, user, Number(settings.realm_name_in_email_notifications_policy));
    for (const conversation of conversationsOf(missed)) {
      mails.push(missedMessageMail(config, realm, user, { conversation, people, withRealmName, showContent: settings.message_content_in_email_notifications === true }));
    }
  }
  return withTransaction(pool, async (tx) => {
    // Another replica took the rows after this claim's lease ran out: it mails them.
    if (!(await store.deleteClaimed(tx, claim, userId))) return 0;
    for (const content of mails) await queueMail(tx, config, { kind: 'missed_messages', realm: realm!, to: { address: user!.delivery_email, name: user!.full_name, userId }, content });
    return mails.length;
  });
}

/**
 * The pending messages still to mail: those the messages service says are unread and readable
 * by the user now, whose trigger still holds (a sender muted since, a topic or channel muted
 * since for wildcard mentions and followed topics, as Zulip's mutes do).
 */
async function stillMissed(deps: MissedMailDeps, user: UserRow, pending: store.PendingRow[]): Promise<MissedMessage__Output[]> {
  const caller: Caller = { realm_id: user.realm_id, user_id: user.id, role: user.role, is_bot: false, email: apiEmail(user, deps.config.fakeEmailDomain) };
  const [reply, muted] = await Promise.all([
    deps.clients.messages.getMissedMessages({ message_ids: pending.map((p) => p.message_id) }, { caller, client: 'users', host: '' }),
    listMutedUsers(deps.pool, user.id),
  ]);
  const mutedIds = new Set(muted.map((m) => m.muted_user_id));
  const triggers = new Map(pending.map((p) => [p.message_id, p.trigger as Trigger]));
  return reply.messages.filter((m) => {
    const trigger = triggers.get(Number(m.id));
    if (!trigger || mutedIds.has(Number(m.sender_id))) return false;
    if (trigger === 'followed_topic') return m.followed && !m.topic_muted;
    return !(WILDCARDS.includes(trigger) && m.topic_muted);
  });
}

/** realm_name_in_email_notifications_policy: 1 automatic (when the address has accounts in several realms), 2 always, 3 never. */
async function showsRealmName(pool: pg.Pool, user: UserRow, policy: number): Promise<boolean> {
  if (policy !== 1) return policy === 2;
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(delivery_email) = lower($1) AND is_active', [user.delivery_email]);
  return rows[0].n > 1;
}
