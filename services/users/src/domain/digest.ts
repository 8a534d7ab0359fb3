import type pg from 'pg';
import { Logger, Role, RpcClients, ServicePool, withTransaction } from '@parley/common';
import type { UsersConfig } from '../config';
import type { PresenceStore } from '../store/presence';
import * as digestStore from '../store/digests';
import type { DigestCandidate } from '../store/digests';
import * as realmStore from '../store/realms';
import * as userStore from '../store/users';
import type { RealmRow } from '../store/realms';
import { queueMail } from '../mail/compose';
import { digestMail, DigestConversation, DigestNewChannel } from '../mail/digest-mail';
import { realmUrl } from './server-settings';

/** Zulip's DIGEST_CUTOFF: a digest covers the last 5 days, for users away that long. */
export const DIGEST_CUTOFF_MS = 5 * 86_400_000;
/** One digest a week: none within 6 days of the last (the weekly run may repeat on its day). */
export const DIGEST_INTERVAL_MS = 6 * 86_400_000;
/** Zulip's batches of 30 users: one question to each service per batch. */
const CHUNK = 30;
const ctx = { client: 'Internal', host: '' };

export interface DigestDeps {
  pool: ServicePool;
  config: UsersConfig;
  clients: RpcClients;
  presence: PresenceStore;
  log: Logger;
}

/** Zulip's weekday(): Monday is 0. */
export const zulipWeekday = (now: Date): number => (now.getUTCDay() + 6) % 7;

/**
 * One look of the periodic job, in every replica: the operator's waiting requests, then the
 * realms whose digest day it is. Users already sent one this week are skipped before any work,
 * and the claim at the end lets one replica only queue a user's digest.
 */
export async function runDigests(deps: DigestDeps, now = new Date()): Promise<number> {
  let sent = 0;
  // Zulip's SEND_DIGEST_EMAILS off: requests are answered, with none sent.
  if (!deps.config.sendDigestEmails) {
    for (const request of await digestStore.takeDigestRequests(deps.pool)) await digestStore.finishDigestRequest(deps.pool, request.id, 0);
    return 0;
  }
  for (const request of await digestStore.takeDigestRequests(deps.pool)) {
    const realm = await realmStore.findRealmById(deps.pool, request.realm_id);
    const n = realm && (request.any_weekday || digestDay(realm, now)) ? await realmDigests(deps, realm, now) : 0;
    await digestStore.finishDigestRequest(deps.pool, request.id, n);
    sent += n;
  }
  for (const realmId of await digestStore.realmsForDigestDay(deps.pool, zulipWeekday(now))) {
    const realm = await realmStore.findRealmById(deps.pool, realmId);
    if (realm) sent += await realmDigests(deps, realm, now);
  }
  return sent;
}

const digestDay = (realm: RealmRow, now: Date): boolean => Number(realm.settings.digest_weekday ?? 1) === zulipWeekday(now);

/**
 * Zulip's _enqueue_emails_for_realm and bulk_handle_digest_email: to each active human with
 * digests on who has not been on Parley since the cutoff, the hot conversations of their
 * channels and the new channels, when there is any. Returns how many digests were queued.
 */
export async function realmDigests(deps: DigestDeps, realm: RealmRow, now: Date): Promise<number> {
  if (realm.deactivated || realm.settings.digest_emails_enabled !== true) return 0;
  const cutoff = new Date(now.getTime() - DIGEST_CUTOFF_MS);
  const presence = await deps.presence.all(realm.id);
  const away = (await digestStore.digestCandidates(deps.pool, realm.id, DIGEST_INTERVAL_MS)).filter((u) => {
    const seen = presence.get(u.id);
    return !seen || Math.max(seen.active_timestamp, seen.idle_timestamp) * 1000 <= cutoff.getTime();
  });
  let sent = 0;
  for (let i = 0; i < away.length; i += CHUNK) {
    try {
      sent += await chunkDigests(deps, realm, away.slice(i, i + CHUNK), cutoff);
    } catch (err) {
      deps.log.warn({ err, realmId: realm.id }, 'digest: a batch failed; its users are tried on the next run');
    }
  }
  return sent;
}

async function chunkDigests(deps: DigestDeps, realm: RealmRow, users: DigestCandidate[], cutoff: Date): Promise<number> {
  // Everything asked of the other services before any transaction (rule 1).
  const since = Math.floor(cutoff.getTime() / 1000);
  const channels = await deps.clients.channels.getDigestChannels({ realm_id: realm.id, user_ids: users.map((u) => u.id), since }, ctx);
  const subscribed = new Map(channels.subscriptions.map((s) => [Number(s.user_id), new Set(s.channel_ids.map(Number))]));
  const allChannels = [...new Set([...subscribed.values()].flatMap((s) => [...s]))];
  const topics = allChannels.length ? (await deps.clients.messages.getDigestTopics({ realm_id: realm.id, channel_ids: allChannels, since }, ctx)).topics : [];
  const senderIds = [...new Set(topics.flatMap((t) => t.senders.map((s) => Number(s.user_id))))];
  const senders = new Map((await userStore.listRealmUsers(deps.pool, realm.id, senderIds)).map((u) => [u.id, u]));
  const names = new Map(channels.channels.map((c) => [Number(c.id), c.name]));
  const url = realmUrl(deps.config, realm);
  let sent = 0;
  for (const user of users) {
    const mine = subscribed.get(user.id) ?? new Set<number>();
    const conversations = hotConversations(
      topics.filter((t) => mine.has(Number(t.channel_id))),
      senders,
    ).map((t) => conversation(t, names.get(Number(t.channel_id)) ?? '', url, senders));
    // Guests see new web-public channels only (Zulip's can_access_public_streams).
    const newChannels: DigestNewChannel[] = channels.new_channels
      .filter((c) => (user.role === Role.GUEST ? c.is_web_public : !c.invite_only))
      .map((c) => ({ name: c.name, url: `${url}/#narrow/channel/${channelSlug(Number(c.id), c.name)}` }));
    // Zulip's enough_traffic: no mail with nothing in it; the user is done for the week all
    // the same (Zulip looks once, on the day), so the job's next looks skip them at once.
    if (!conversations.length && !newChannels.length) {
      await digestStore.claimDigest(deps.pool, user.id, DIGEST_INTERVAL_MS);
      continue;
    }
    const queued = await withTransaction(deps.pool, async (tx) => {
      if (!(await digestStore.claimDigest(tx, user.id, DIGEST_INTERVAL_MS))) return false;
      await queueMail(tx, deps.config, {
        kind: 'digest',
        realm,
        to: { address: user.delivery_email, name: user.full_name, userId: user.id },
        content: digestMail({ realmName: realm.name, realmUrl: url, conversations, newChannels }),
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

type Topic = Awaited<ReturnType<RpcClients['messages']['getDigestTopics']>>['topics'][number];
type Sender = { full_name: string; is_bot: boolean };

const humanCounts = (t: Topic, senders: Map<number, Sender>) => t.senders.filter((s) => senders.has(Number(s.user_id)) && !senders.get(Number(s.user_id))!.is_bot);
const diversity = (t: Topic, senders: Map<number, Sender>) => humanCounts(t, senders).length;
const length = (t: Topic, senders: Map<number, Sender>) => humanCounts(t, senders).reduce((n, s) => n + Number(s.count), 0);

/** Zulip's get_hot_topics: the two most diverse (human senders), padded to four by length (human messages). */
export function hotConversations(topics: Topic[], senders: Map<number, Sender>): Topic[] {
  const byDiversity = [...topics].sort((a, b) => diversity(b, senders) - diversity(a, senders));
  const byLength = [...topics].sort((a, b) => length(b, senders) - length(a, senders));
  const hot = byDiversity.slice(0, 2);
  for (const t of byLength) {
    if (hot.length >= 4) break;
    if (!hot.includes(t)) hot.push(t);
  }
  return hot;
}

function conversation(t: Topic, channel: string, url: string, senders: Map<number, Sender>): DigestConversation {
  const human = humanCounts(t, senders);
  return {
    channel,
    topic: t.topic,
    url: `${url}/#narrow/channel/${channelSlug(Number(t.channel_id), channel)}/topic/${hashComponent(t.topic)}`,
    participants: human.map((s) => senders.get(Number(s.user_id))!.full_name).sort(),
    samples: t.samples.map((s) => ({ sender: senders.get(Number(s.sender_id))?.full_name ?? 'Someone', html: s.rendered_content, text: plainText(s.rendered_content) })),
    more: Math.max(0, human.reduce((n, s) => n + Number(s.count), 0) - t.samples.length),
  };
}

/** Zulip's encode_hash_component: URI-encoded, then '.' for '%' (and '%2E' for '.'). */
function hashComponent(s: string): string {
  return encodeURIComponent(s).replace(/\./g, '%2E').replace(/%/g, '.');
}

const channelSlug = (id: number, name: string): string => `${id}-${hashComponent(name.replace(/ /g, '-'))}`;

/** A rendered message as one line of plain text (tags dropped, the usual entities read). */
function plainText(rendered: string): string {
  const text = rendered
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The periodic job, in every replica: looks every `intervalMs`, one look at a time. */
export function startDigestJob(deps: DigestDeps, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    // A look still running (a large realm) makes the next ones wait their turn, not pile up.
    if (stopped || running) return;
    running = runDigests(deps)
      .catch((err: unknown) => deps.log.warn({ err }, 'digest run failed'))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The CLI's `send-digests`: a request the running server's next look takes. */
export const requestDigests = (pool: pg.Pool, realmId: number, anyWeekday: boolean): Promise<number> => digestStore.insertDigestRequest(pool, realmId, anyWeekday);
