import pg from 'pg';
import { ApiError, BadRequestError, Caller, emit, isIntegerParam, Queryable, UserSettingsChanged, withTransaction } from '@parley/common';
import * as store from '../store/drafts';
import { lockUserList } from '../store/user-lists';
import type { DraftFields, DraftRow } from '../store/drafts';
import type { Peers } from '../peers';

/**
 * Drafts (feature level 87): a user's unsent messages, synchronized between their clients
 * (drafts events) while their enable_drafts_synchronization setting is on. Turning it off
 * deletes the drafts they had then (the users service's users.user.settings_changed, applied
 * to the drafts last changed before the change, so a late event spares newer drafts).
 */
export class DraftNotFoundError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'Draft does not exist', 404);
  }
}

/** Parley's bound on a user's drafts (Zulip has none). */
export const MAX_DRAFTS = 1000;

export class TooManyDraftsError extends BadRequestError {
  constructor(max: number) {
    super(`You may have at most ${max} drafts.`);
  }
}

export const formatDraft = (d: DraftRow) => ({
  id: d.id,
  type: d.type,
  to: d.to,
  topic: d.topic,
  content: d.content,
  timestamp: Math.floor(d.timestamp.getTime() / 1000),
});

/** One draft as clients send it: type, to, topic, content, and on edit maybe timestamp; never id. */
export function parseDraft(raw: unknown, now: Date, keepTimestamp: boolean): DraftFields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequestError('draft is not a dict');
  const d = raw as Record<string, unknown>;
  if ('id' in d) throw new BadRequestError('draft["id"] is not allowed');
  const type = d.type;
  if (type !== '' && type !== 'stream' && type !== 'private') throw new BadRequestError('draft["type"] is not one of "", "stream", "private"');
  const to = d.to ?? [];
  if (!Array.isArray(to) || !to.every(isIntegerParam)) throw new BadRequestError('draft["to"] is not a list of integers');
  for (const field of ['topic', 'content']) {
    if (typeof d[field] !== 'string') throw new BadRequestError(`draft["${field}"] is not a string`);
    if (d[field].includes('\u0000')) throw new BadRequestError(`${field === 'topic' ? 'Topic' : 'Content'} must not contain null bytes`);
  }
  if (type === 'stream' && to.length !== 1) throw new BadRequestError('Must specify exactly 1 channel ID for channel messages');
  let timestamp = now;
  if (keepTimestamp && d.timestamp !== undefined) {
    if (typeof d.timestamp !== 'number' || !Number.isFinite(d.timestamp) || d.timestamp < 0) throw new BadRequestError('draft["timestamp"] is not a number');
    timestamp = new Date(Math.floor(d.timestamp) * 1000);
  }
  return { type, to: type === '' ? [] : to, topic: d.topic as string, content: d.content as string, timestamp };
}

async function checkSyncEnabled(peers: Peers): Promise<void> {
  const [me] = await peers.userSettings([peers.caller.user_id]);
  if (me?.enable_drafts_synchronization === false) throw new BadRequestError('User has disabled synchronizing drafts.');
}

/** The channel and users a draft names exist and may be written to by the user. */
async function checkAddressees(peers: Peers, d: DraftFields): Promise<void> {
  if (d.type === 'stream') {
    const channel = await peers.channel({ stream_id: d.to[0] });
    if (!channel) throw new BadRequestError('Invalid channel ID');
  } else if (d.type === 'private' && d.to.length) {
    const { users, unknown } = await peers.people(d.to);
    if (unknown.length || users.some((u) => !u.is_active)) throw new BadRequestError('Invalid user ID');
  }
}

const notify = (tx: Queryable, caller: Caller, event: Record<string, unknown>) => emit(tx, 'messages', caller.realm_id, [caller.user_id], { type: 'drafts', ...event });

export async function listDrafts(db: Queryable, caller: Caller) {
  const drafts = (await store.listDrafts(db, caller.user_id)).map(formatDraft);
  return { count: drafts.length, drafts };
}

/** POST /drafts: all of them or none (a batch that would pass MAX_DRAFTS is refused whole). */
export async function checkCreateDrafts(pool: pg.Pool, peers: Peers, raw: unknown, now = new Date(), max = MAX_DRAFTS): Promise<number[]> {
  if (!Array.isArray(raw)) throw new BadRequestError('drafts is not a list');
  await checkSyncEnabled(peers);
  const drafts = raw.map((d) => parseDraft(d, now, false));
  for (const d of drafts) await checkAddressees(peers, d);
  return withTransaction(pool, async (tx) => {
    await lockUserList(tx, 'drafts', peers.caller.user_id);
    if ((await store.countDrafts(tx, peers.caller.user_id)) + drafts.length > max) throw new TooManyDraftsError(max);
    const rows = await store.insertDrafts(tx, peers.caller.realm_id, peers.caller.user_id, drafts);
    if (rows.length) await notify(tx, peers.caller, { op: 'add', drafts: rows.map(formatDraft) });
    return rows.map((r) => r.id);
  });
}

export async function checkEditDraft(pool: pg.Pool, peers: Peers, id: number, raw: unknown, now = new Date()): Promise<void> {
  await checkSyncEnabled(peers);
  const draft = parseDraft(raw, now, true);
  await checkAddressees(peers, draft);
  await withTransaction(pool, async (tx) => {
    const row = await store.updateDraft(tx, peers.caller.user_id, id, draft);
    if (!row) throw new DraftNotFoundError();
    await notify(tx, peers.caller, { op: 'update', draft: formatDraft(row) });
  });
}

export async function checkDeleteDraft(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  await withTransaction(pool, async (tx) => {
    if (!(await store.deleteDraft(tx, caller.user_id, id))) throw new DraftNotFoundError();
    await notify(tx, caller, { op: 'remove', draft_id: id });
  });
}

/** users.user.settings_changed: synchronization turned off removes the drafts the user had then. */
export async function applySettingsChanged(pool: pg.Pool, change: UserSettingsChanged): Promise<void> {
  if (change.changes.enable_drafts_synchronization !== false) return;
  await withTransaction(pool, async (tx) => {
    const gone = await store.deleteDraftsBefore(tx, change.user_id, new Date(change.changed_at));
    for (const id of gone) await emit(tx, 'messages', change.realm_id, [change.user_id], { type: 'drafts', op: 'remove', draft_id: id });
  });
}
