import pg from 'pg';
import { ApiError, BadRequestError, checkEmoji, type ReactionType, emit, emojiDataForName, normalizeReactionType, type Person, Queryable, realmEmojiThrough, withTransaction } from '@parley/common';
import * as store from '../store/messages';
import * as reactionStore from '../store/reactions';
import type { ReactionKey, ReactionRow } from '../store/reactions';
import { actionAudience } from './audience';
import { applyForReaction, decideForReaction } from './auto-visibility';
import type { ChannelAccess, Peers } from '../peers';
import { accessMessage } from './fetch';
import { HISTORICAL_READ } from './format';

/**
 * Emoji reactions (POST and DELETE /messages/{message_id}/reactions), as Zulip's
 * zerver/actions/reactions.py: a user reacts to a message they may read, once per emoji;
 * reacting with an emoji someone already used on the message is a vote for that reaction and
 * takes its name, even where the emoji would not pass the check now (a deactivated custom
 * emoji). Everyone who hears of actions on the message gets a `reaction` event.
 *
 * What needs the other services (the channel's access, the custom emoji, who hears of it) is
 * asked before the transaction; inside it, the message row is locked and only this service's
 * tables are touched.
 */

export class ReactionExistsError extends ApiError {
  constructor() {
    super('REACTION_ALREADY_EXISTS', 'Reaction already exists.', 400);
  }
}

export class ReactionDoesNotExistError extends ApiError {
  constructor() {
    super('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.", 400);
  }
}

export interface ReactionRequest {
  message_id: number;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** A reaction as message objects carry it (the reference's EmojiReaction). */
export interface ApiReaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
  user_id: number;
}

export async function checkAddReaction(pool: pg.Pool, peers: Peers, req: ReactionRequest): Promise<void> {
  const { channel } = await accessForReaction(pool, peers, req.message_id);
  // Independent of one another, side by side: the emoji and its checks, who hears of it, and
  // the user's automatic follow/unmute decision (reacting is taking part in the topic).
  const [emoji, notice, visibility] = await Promise.all([checkNewReaction(pool, peers, req), noticeFor(pool, peers, req.message_id, channel), decideForReaction(peers, channel, peers.caller.is_bot)]);
  const key: ReactionKey = { messageId: req.message_id, userId: peers.caller.user_id, emojiCode: emoji.code, reactionType: emoji.type };
  await withTransaction(pool, async (tx) => {
    const message = await accessMessage(tx, peers, key.messageId, { lock: true });
    const emojiName = await reactionStore.insertReaction(tx, key, emoji.name);
    if (emojiName === undefined) throw new ReactionExistsError();
    // Zulip's create_historical_user_messages: the message is now the user's too.
    if (message.flags === null) await store.addHistoricalCopies(tx, key.userId, [key.messageId], HISTORICAL_READ);
    await notifyReaction(tx, peers, notice, 'add', { ...toRow(key), emoji_name: emojiName });
    if (visibility && message.kind === 'channel') await applyForReaction(tx, visibility, key.userId, message.channel_id!, message.topic);
  });
}

/**
 * The emoji of a new reaction, in Zulip's order of checks: the user's reaction with it must not
 * exist yet; a vote for an earlier reaction keeps its name, unchecked; a new emoji must be
 * valid now.
 */
async function checkNewReaction(pool: pg.Pool, peers: Peers, req: ReactionRequest): Promise<{ name: string; code: string; type: string }> {
  const name = req.emoji_name ?? '';
  const realmEmoji = realmEmojiThrough(peers.uploads.checkRealmEmoji, peers.caller.realm_id);
  let code = req.emoji_code;
  let type = req.reaction_type === undefined ? undefined : normalizeReactionType(req.reaction_type);
  if (code === undefined || type === undefined) {
    const data = await emojiDataForName(name, realmEmoji);
    code ??= data.emoji_code;
    type ??= data.reaction_type;
  }
  const earlier = await reactionStore.withEmoji(pool, req.message_id, code, type);
  if (earlier.some((r) => r.user_id === peers.caller.user_id)) throw new ReactionExistsError();
  if (!earlier.length) await checkEmoji(name, code, type, realmEmoji);
  return { name, code, type };
}

export async function checkRemoveReaction(pool: pg.Pool, peers: Peers, req: ReactionRequest): Promise<void> {
  const { channel } = await accessForReaction(pool, peers, req.message_id);
  const [code, notice] = await Promise.all([emojiCodeToRemove(peers, req), noticeFor(pool, peers, req.message_id, channel)]);
  // Zulip's default, whatever the name: a custom emoji is removed with its type given.
  const type = normalizeReactionType(req.reaction_type ?? 'unicode_emoji');
  const key: ReactionKey = { messageId: req.message_id, userId: peers.caller.user_id, emojiCode: code, reactionType: type };
  await withTransaction(pool, async (tx) => {
    await accessMessage(tx, peers, key.messageId, { lock: true });
    // No check of the emoji: it was valid when added, and may not be now (a deactivated custom emoji).
    const removed = await reactionStore.deleteReaction(tx, key);
    if (!removed) throw new ReactionDoesNotExistError();
    await notifyReaction(tx, peers, notice, 'remove', removed);
  });
}

/** The code of the emoji to take back: given, or (simple clients name the emoji alone) its code by the current names. */
async function emojiCodeToRemove(peers: Peers, req: ReactionRequest): Promise<string> {
  if (req.emoji_code !== undefined) return req.emoji_code;
  if (req.emoji_name === undefined) {
    throw new BadRequestError('At least one of the following arguments must be present: emoji_name, emoji_code');
  }
  return (await emojiDataForName(req.emoji_name, realmEmojiThrough(peers.uploads.checkRealmEmoji, peers.caller.realm_id))).emoji_code;
}

/** Each message's reactions, by message ID, for message objects. */
export async function reactionsByMessage(db: Queryable, messageIds: number[]): Promise<Map<number, ApiReaction[]>> {
  const out = new Map<number, ApiReaction[]>();
  for (const r of await reactionStore.reactionsOf(db, messageIds)) {
    const list = out.get(r.message_id) ?? [];
    list.push({ emoji_name: r.emoji_name, emoji_code: r.emoji_code, reaction_type: r.reaction_type as ReactionType, user_id: r.user_id });
    out.set(r.message_id, list);
  }
  return out;
}

/**
 * The message, which the caller may read and change (Zulip: access_message with
 * is_modifying_message: not in an archived channel), with its channel's access. This also
 * fetches the channels the locked read in the transaction needs, so it asks no service.
 */
async function accessForReaction(pool: pg.Pool, peers: Peers, id: number): Promise<{ channel?: ChannelAccess }> {
  const message = await accessMessage(pool, peers, id);
  if (message.kind !== 'channel') return {};
  const channel = (await peers.allChannels()).find((c) => c.stream_id === message.channel_id);
  if (!channel?.content || channel.is_archived) throw new BadRequestError('Invalid message(s)');
  return { channel };
}

const toRow = (key: ReactionKey): Omit<ReactionRow, 'emoji_name'> => ({ message_id: key.messageId, user_id: key.userId, emoji_code: key.emojiCode, reaction_type: key.reactionType });

interface Notice {
  audience: number[];
  me?: Person;
}

/** Who hears of the reaction, and the reacting user as the event names them: asked before the transaction. */
async function noticeFor(pool: pg.Pool, peers: Peers, messageId: number, channel: ChannelAccess | undefined): Promise<Notice> {
  const [audience, me] = await Promise.all([actionAudience(peers, await store.copiesOf(pool, messageId), channel), peers.sender()]);
  return { audience, me };
}

/** The `reaction` event, to who hears of actions on the message and the reacting user. */
async function notifyReaction(tx: Queryable, peers: Peers, { audience, me }: Notice, op: 'add' | 'remove', r: ReactionRow): Promise<void> {
  const userIds = [...new Set([...audience, r.user_id])].sort((a, b) => a - b);
  await emit(tx, 'messages', peers.caller.realm_id, userIds, {
    type: 'reaction',
    op,
    user_id: r.user_id,
    // Zulip still sends the deprecated `user` object in events.
    user: { user_id: r.user_id, email: me?.email ?? peers.caller.email, full_name: me?.full_name ?? '' },
    message_id: r.message_id,
    emoji_name: r.emoji_name,
    emoji_code: r.emoji_code,
    reaction_type: r.reaction_type,
  });
}
