import pg from 'pg';
import {
  BadRequestError,
  Caller,
  checkEmoji,
  emojiDataForName,
  isAdmin,
  NO_REALM_EMOJI,
  normalizeReactionType,
  Queryable,
  RealmEmojiLookup,
  refuseBots,
  withPrefetchedTransaction,
  withTransaction,
} from '@parley/common';
import * as statusStore from '../store/user-status';
import * as userStore from '../store/users';
import type { UserStatusRow } from '../store/user-status';
import type { UserRow } from '../store/users';
import type { PresenceStore } from '../store/presence';
import type { UsersConfig } from '../config';
import { notifyClients } from './notify';
import { applySettings } from './settings';
import { accessUser } from './users';

/**
 * User statuses: POST /users/me/status (any human), POST /users/{user_id}/status
 * (administrators, for another user), GET /users/{user_id}/status, and the `user_status`
 * state and events. The rules and their order are Zulip's (check_update_user_status).
 */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** What both endpoints take; an absent field is left as it is. */
export interface StatusRequest {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export interface StatusEmoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** A checked change. The emoji's three fields always change together. */
export interface StatusChange {
  status_text?: string;
  emoji?: StatusEmoji;
}

/** The reference's UserStatus: only the fields that say something (empty when none do). */
export interface ApiUserStatus {
  away?: true;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
}

/** Where a status emoji comes from, as Zulip names it. */
export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

/** Surrounding whitespace is dropped before the limit is applied, as Zulip's parser does. */
export function checkStatusText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const stripped = text.trim();
  // Characters are code points (Python's len), not UTF-16 units.
  if ([...stripped].length > MAX_STATUS_TEXT_LENGTH) {
    throw new BadRequestError(`status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`);
  }
  return stripped;
}

/**
 * Zulip's check_update_user_status. `away` is only POST /users/me/status's; `realmEmoji` is
 * the realm's custom emoji (none when not given).
 */
export async function checkStatusChange(req: StatusRequest, away?: boolean, realmEmoji: RealmEmojiLookup = NO_REALM_EMOJI): Promise<StatusChange> {
  const statusText = checkStatusText(req.status_text);
  if (away === undefined && statusText === undefined && req.emoji_name === undefined) {
    throw new BadRequestError('Client did not pass any new values.');
  }
  const change: StatusChange = statusText === undefined ? {} : { status_text: statusText };
  if (req.emoji_name === '') {
    // An empty name clears the emoji, whatever code and type came with it.
    change.emoji = { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  } else if (req.emoji_name !== undefined) {
    change.emoji = await checkStatusEmoji(req.emoji_name, req.emoji_code, req.reaction_type, realmEmoji);
  } else if (req.emoji_code || req.reaction_type) {
    throw new BadRequestError('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  return change;
}

/** A missing code or type is the name's; given ones must agree with the name. */
async function checkStatusEmoji(name: string, code: string | undefined, type: string | undefined, realmEmoji: RealmEmojiLookup): Promise<StatusEmoji> {
  const known = code === undefined || type === undefined ? await emojiDataForName(name, realmEmoji) : { emoji_code: code, reaction_type: type };
  const checked = await checkEmoji(name, code ?? known.emoji_code, normalizeReactionType(type ?? known.reaction_type), realmEmoji);
  return { emoji_name: name, ...checked };
}

/** A human user of the caller's realm whose status may be read or set (Zulip: allow_bots=False). */
async function accessStatusUser(db: Queryable, caller: Caller, userId: number): Promise<UserRow> {
  const user = await accessUser(db, caller, userId, { allowDeactivated: true });
  if (user.is_bot) throw new BadRequestError('No such user');
  if (!user.is_active) throw new BadRequestError('User is deactivated');
  return user;
}

/** POST /users/me/status. */
export async function checkUpdateOwnStatus(
  pool: pg.Pool,
  config: UsersConfig,
  presence: PresenceStore,
  caller: Caller,
  req: StatusRequest & { away?: boolean },
  realmEmoji: RealmEmojiLookup = NO_REALM_EMOJI,
): Promise<void> {
  refuseBots(caller);
  const change = await checkStatusChange(req, req.away, realmEmoji);
  await withTransaction(pool, async (tx) => {
    if (req.away !== undefined) await doChangeAway(tx, config, presence, caller, req.away);
    await doUpdateUserStatus(tx, caller.realm_id, caller.user_id, change, req.away);
  });
}

/**
 * The deprecated `away` is presence_enabled inverted. Zulip changes the setting as PATCH
 * /settings does, so the user's clients hear of it by the same events.
 */
async function doChangeAway(tx: Queryable, config: UsersConfig, presence: PresenceStore, caller: Caller, away: boolean): Promise<void> {
  const me = await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
  if (!me) throw new BadRequestError('No such user');
  await applySettings(tx, config, presence, me, { presence_enabled: !away });
}

/** POST /users/{user_id}/status: administrators set another user's status (no `away`). */
export async function checkUpdateStatusForUser(pool: pg.Pool, caller: Caller, userId: number, req: StatusRequest, realmEmoji: RealmEmojiLookup = NO_REALM_EMOJI): Promise<void> {
  // Zulip validates the text with the other parameters, before it looks at the target.
  checkStatusText(req.status_text);
  // The realm's emoji (uploads CheckRealmEmoji) are asked before BEGIN (rule 1); their errors
  // still come after the target's and the permission's, where the transaction asks them.
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const target = await accessStatusUser(tx, caller, userId);
      if (!isAdmin(caller)) throw new BadRequestError('Insufficient permission');
      await doUpdateUserStatus(tx, target.realm_id, target.id, await checkStatusChange(req, undefined, realmEmoji));
    },
    () => checkStatusChange(req, undefined, realmEmoji),
  );
}

/**
 * Precondition: tx is a transaction; the change is checked; the user is an active human of
 * realmId. `away` is only announced here: the caller changed presence_enabled already.
 */
export async function doUpdateUserStatus(tx: Queryable, realmId: number, userId: number, change: StatusChange, away?: boolean): Promise<void> {
  // Written even when only `away` changed: the row is what puts the user in register's state.
  await statusStore.upsertUserStatus(tx, userId, { status_text: change.status_text, ...change.emoji });
  await notifyUserStatus(tx, realmId, userId, change, away);
}

/** The reference's user_status event: the user's ID and the fields that changed. */
function notifyUserStatus(tx: Queryable, realmId: number, userId: number, change: StatusChange, away?: boolean): Promise<void> {
  const event: Record<string, unknown> & { type: string } = { type: 'user_status', user_id: userId };
  if (away !== undefined) event.away = away;
  if (change.status_text !== undefined) event.status_text = change.status_text;
  if (change.emoji) Object.assign(event, change.emoji);
  return notifyClients(tx, realmId, 'realm', event);
}

export function formatUserStatus(row: UserStatusRow): ApiUserStatus {
  const status: ApiUserStatus = {};
  if (!row.presence_enabled) status.away = true;
  if (row.status_text) status.status_text = row.status_text;
  if (row.emoji_name) {
    Object.assign(status, { emoji_name: row.emoji_name, emoji_code: row.emoji_code, reaction_type: row.reaction_type as ReactionType });
  }
  return status;
}

/** GET /users/{user_id}/status: `{}` for a user who never set one or cleared it. */
export async function getUserStatus(pool: pg.Pool, caller: Caller, userId: number): Promise<ApiUserStatus> {
  const target = await accessStatusUser(pool, caller, userId);
  const row = await statusStore.findUserStatus(pool, target.id);
  return row ? formatUserStatus(row) : {};
}

/** POST /register's `user_status`: user ID → status, for the realm's users who have one. */
export async function userStatusState(db: Queryable, realmId: number): Promise<{ user_status: Record<string, ApiUserStatus> }> {
  const rows = await statusStore.listRealmUserStatuses(db, realmId);
  return { user_status: Object.fromEntries(rows.map((row) => [String(row.user_id), formatUserStatus(row)])) };
}
