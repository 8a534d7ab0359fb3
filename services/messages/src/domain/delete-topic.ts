import pg from 'pg';
import { ApiError, BadRequestError, clientEventPayload, emitAll, emptyTopicDisplayName, isAdmin, Logger, withTransaction } from '@parley/common';
import * as topics from '../store/topic-deletion';
import * as userTopics from '../store/user-topics';
import { mayLinkUploads, releaseMessages } from './attachments';
import { actionAudience } from './audience';
import type { ChannelAccess, Peers } from '../peers';
import { applyVisibility, changeContext } from './user-topics';
import { VISIBILITY } from './visibility';

/**
 * POST /streams/{stream_id}/delete_topic, as Zulip's delete_in_topic (zerver/views/streams.py):
 * organization administrators delete every message of a topic they may read (with protected
 * history, those they received), newest first, in batches of `batchSize`, each batch its own
 * transaction with its delete_message events. Past `timeLimitMs` it stops between batches and
 * answers complete: false, and the client asks again (feature level 211). Once the topic is
 * gone, its visibility policies go too, except for users who still have messages of it.
 */
export interface DeleteTopicOptions {
  batchSize: number;
  timeLimitMs: number;
  /** The clock (milliseconds), for tests. */
  now?: () => number;
}

export class OrganizationAdministratorRequiredError extends ApiError {
  constructor() {
    super('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator', 400);
  }
}

export async function checkDeleteTopic(pool: pg.Pool, peers: Peers, log: Logger, req: { stream_id: number; topic_name: string }, opts: DeleteTopicOptions): Promise<{ complete: boolean }> {
  if (!isAdmin(peers.caller)) throw new OrganizationAdministratorRequiredError();
  const channel = await peers.channel({ stream_id: req.stream_id });
  if (!channel?.content) throw new BadRequestError('Invalid channel ID');
  const policy = await peers.realmPolicy();
  const topic = req.topic_name === emptyTopicDisplayName(policy.settings) ? '' : req.topic_name;
  const complete = await inBatches(() => deleteBatch(pool, peers, log, channel, topic, opts.batchSize), opts);
  if (complete) await clearVisibilityPolicies(pool, peers, channel, topic);
  return { complete };
}

/**
 * Runs `batch` until it finds nothing more (true), or until the time limit has passed
 * before a batch (false: what was deleted stays deleted).
 */
export async function inBatches(batch: () => Promise<number>, opts: Pick<DeleteTopicOptions, 'timeLimitMs' | 'now'>): Promise<boolean> {
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.timeLimitMs;
  for (;;) {
    if (now() >= deadline) return false;
    if ((await batch()) === 0) return true;
  }
}

/**
 * Deletes the topic's newest batch: who hears of it is asked before the transaction; the
 * uploads service releases their files after it. Answers how many messages it found.
 */
async function deleteBatch(pool: pg.Pool, peers: Peers, log: Logger, channel: ChannelAccess, topic: string, size: number): Promise<number> {
  const caller = peers.caller;
  const found = await topics.newestOfTopic(pool, channel.stream_id, topic, size, channel.history_visible ? undefined : caller.user_id);
  if (!found.length) return 0;
  const audience = await actionAudience(peers, [...new Set(found.flatMap((m) => m.user_ids))], channel);
  const userIds = [...new Set([...audience, caller.user_id])].sort((a, b) => a - b);
  const deleted = await withTransaction(pool, async (tx) => {
    const ids = new Set(
      await topics.deleteMessages(
        tx,
        found.map((m) => m.id),
      ),
    );
    const gone = found.filter((m) => ids.has(m.id));
    // One event per message, as Zulip's clients without bulk_message_deletion get them.
    await emitAll(
      tx,
      'messages',
      gone.map((m) => {
        const base = { type: 'delete_message', message_type: 'stream', stream_id: channel.stream_id, topic: m.topic };
        return clientEventPayload(caller.realm_id, userIds, { ...base, message_ids: [m.id] }, { capability: 'bulk_message_deletion', event: { ...base, message_id: m.id } });
      }),
    );
    return gone;
  });
  const linking = deleted.filter((m) => mayLinkUploads(m.content)).map((m) => m.id);
  if (linking.length) await releaseMessages(peers.uploads, log, caller.realm_id, linking);
  return found.length;
}

/** The deleted topic's visibility policies, but those of users who still have messages of it (protected history). */
async function clearVisibilityPolicies(pool: pg.Pool, peers: Peers, channel: ChannelAccess, topic: string): Promise<void> {
  const holders = await userTopics.usersWithPolicy(pool, channel.stream_id, topic);
  if (!holders.length) return;
  const keep = channel.history_visible
    ? new Set<number>()
    : await userTopics.usersWithMessagesIn(
        pool,
        holders.map((h) => h.user_id),
        channel.stream_id,
        topic,
      );
  const ctx = await changeContext(peers);
  await withTransaction(pool, async (tx) => {
    for (const h of holders.filter((x) => !keep.has(x.user_id))) {
      await applyVisibility(tx, ctx, { userId: h.user_id, channelId: channel.stream_id, topic: h.topic, policy: VISIBILITY.INHERIT }, { enforceBound: false });
    }
  });
}
