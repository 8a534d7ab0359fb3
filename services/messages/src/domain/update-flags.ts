import pg from 'pg';
import { BadRequestError, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/messages';
import type { Peers } from '../peers';
import { EDITABLE_FLAGS, FLAG_BITS, FlagName } from './flags';
import { HISTORICAL_READ } from './format';
import { needsMutedChannels, FetchRequest, messageWindow } from './fetch';
import { notify } from './notify';

/**
 * POST /messages/flags: a user adds or removes read, starred or collapsed on messages they
 * may read. A message they never received gets a `historical` copy when they flag it.
 * Marking unread skips channels they are not subscribed to (reported by ID).
 */
export interface FlagsRequest {
  messages: number[];
  op: string;
  flag: string;
}

function checkFlagChange(op: string, flag: string): number {
  if (!(flag in FLAG_BITS) && flag !== 'wildcard_mentioned') throw new BadRequestError(`Invalid flag: '${flag}'`);
  if (!EDITABLE_FLAGS.includes(flag as FlagName)) throw new BadRequestError(`Flag not editable: '${flag}'`);
  if (op !== 'add' && op !== 'remove') throw new BadRequestError(`Invalid message flag operation: '${op}'`);
  return FLAG_BITS[flag as FlagName];
}

export async function checkUpdateFlags(pool: pg.Pool, peers: Peers, req: FlagsRequest) {
  checkFlagChange(req.op, req.flag);
  const ids = [...new Set(req.messages)];
  // The channels service is asked before the transaction (peers keeps its answer for the window).
  await peers.allChannels();
  return withTransaction(pool, async (tx) => {
    const { rows } = await messageWindow<store.FlagRow>(tx, peers, { message_ids: JSON.stringify(ids) }, { columns: store.FLAG_COLUMNS });
    if (rows.length < ids.length) throw new BadRequestError('Invalid message(s)');
    return doUpdateFlags(tx, peers, rows, req.op, req.flag);
  });
}

/**
 * POST /messages/flags/narrow: the same change on the messages of a window (anchor, counts,
 * narrow) the caller may read; reports how many were processed and changed.
 */
export async function checkUpdateFlagsInNarrow(pool: pg.Pool, peers: Peers, req: FetchRequest & { op: string; flag: string }) {
  checkFlagChange(req.op, req.flag);
  // What the window asks of the channels service, asked before the transaction (peers keeps it).
  await Promise.all([peers.allChannels(), needsMutedChannels(req) ? peers.mutedChannelIds() : undefined]);
  return withTransaction(pool, async (tx) => {
    const w = await messageWindow<store.FlagRow>(tx, peers, { ...req, message_ids: undefined }, { columns: store.FLAG_COLUMNS });
    const result = await doUpdateFlags(tx, peers, w.rows, req.op, req.flag);
    return {
      processed_count: w.rows.length,
      updated_count: result.messages.length,
      first_processed_id: w.rows[0]?.id ?? null,
      last_processed_id: w.rows[w.rows.length - 1]?.id ?? null,
      found_oldest: w.foundOldest,
      found_newest: w.foundNewest,
      ...('ignored_because_not_subscribed_channels' in result && { ignored_because_not_subscribed_channels: result.ignored_because_not_subscribed_channels }),
    };
  });
}

/** Precondition: the caller may read every row; op and flag checked. */
async function doUpdateFlags(tx: Queryable, peers: Peers, rows: store.FlagRow[], op: string, flag: string) {
  const bit = FLAG_BITS[flag as FlagName];
  const caller = peers.caller;
  const req = { op, flag };
  let targets = rows;
  const skippedChannels = new Set<number>();
  if (req.op === 'remove' && req.flag === 'read') {
    const subscribed = new Set((await peers.allChannels()).filter((c) => c.subscribed).map((c) => c.stream_id));
    targets = rows.filter((r) => {
      const skip = r.kind === 'channel' && !subscribed.has(r.channel_id!);
      if (skip) skippedChannels.add(r.channel_id!);
      return !skip;
    });
  }
  const targetIds = targets.map((r) => r.id);
  // A message the user has no copy of reads as read+historical (Zulip's DEFAULT_HISTORICAL_FLAGS):
  // it gets a historical copy only when the change makes a difference to those flags.
  const target = req.op === 'add' ? bit : 0;
  const missing = (HISTORICAL_READ & bit) === target ? [] : targets.filter((r) => r.flags === null).map((r) => r.id);
  const created = await store.addHistoricalCopies(tx, caller.user_id, missing, (HISTORICAL_READ & ~bit) | target);
  let changed = [...created, ...(await store.setFlag(tx, caller.user_id, targetIds, bit, req.op === 'add'))];
  changed = [...new Set(changed)].sort((a, b) => a - b);
  if (changed.length) {
    const event: Record<string, unknown> & { type: string } = {
      type: 'update_message_flags',
      op: req.op,
      operation: req.op,
      flag: req.flag,
      messages: changed,
      all: false,
    };
    if (req.op === 'remove' && req.flag === 'read') {
      const byId = new Map(rows.map((r) => [r.id, r]));
      event.message_details = Object.fromEntries(
        changed.map((id) => {
          const r = byId.get(id)!;
          const mentioned = (r.flags ?? 0) & (FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned);
          return [
            id,
            r.kind === 'channel'
              ? { type: 'stream', stream_id: r.channel_id, topic: r.topic, ...(mentioned && { mentioned: true }) }
              : { type: 'private', user_ids: (r.dm_user_ids ?? []).filter((u) => u !== caller.user_id), ...(mentioned && { mentioned: true }) },
          ];
        }),
      );
    }
    await notify(tx, caller.realm_id, [caller.user_id], event);
  }
  return {
    messages: changed,
    ...(req.op === 'remove' && req.flag === 'read' && { ignored_because_not_subscribed_channels: [...skippedChannels].sort((a, b) => a - b) }),
  };
}
