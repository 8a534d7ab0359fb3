import pg from 'pg';
import {
  ApiError,
  BadRequestError,
  bindClient,
  Caller,
  emit,
  fetchRealmPolicy,
  groupIdsOf,
  holdsGroupSetting,
  isAdmin,
  Queryable,
  refuseBots,
  Role,
  RpcClients,
  unicodeEmojiCodeOf,
  withTransaction,
} from '@parley/common';
import * as store from '../store/realm-emoji';
import type { RealmEmojiRow } from '../store/realm-emoji';
import { checkValidEmojiName, emojiKey, normalizeEmojiName } from './emoji-names';

/**
 * Custom emoji (Zulip's realm emoji): uploaded by whoever holds the realm's
 * can_add_custom_emoji_group, listed for everyone, deactivated (never deleted: old messages,
 * reactions and statuses still show them) by administrators or their author. Every change
 * tells the whole realm the realm's whole emoji dict, as Zulip's notify_realm_emoji does.
 */
export interface EmojiDeps {
  pool: pg.Pool;
  clients: RpcClients;
}

/** The reference's RealmEmoji. still_url stays null: images are stored as uploaded, with no still frame made. */
export function formatEmoji(row: RealmEmojiRow) {
  return {
    id: String(row.id),
    name: row.name,
    source_url: `/user_avatars/${emojiKey(row.realm_id, row.file_name)}`,
    still_url: null,
    deactivated: row.deactivated,
    author_id: row.author_id,
  };
}

/** GET /realm/emoji and register's realm_emoji: every custom emoji of the realm, deactivated ones too, by id. */
export async function realmEmojiDict(db: Queryable, realmId: number): Promise<Record<string, ReturnType<typeof formatEmoji>>> {
  const rows = await store.realmEmoji(db, realmId);
  return Object.fromEntries(rows.map((r) => [String(r.id), formatEmoji(r)]));
}

async function notifyRealmEmoji(tx: Queryable, realmId: number): Promise<void> {
  await emit(tx, 'uploads', realmId, 'realm', { type: 'realm_emoji', op: 'update', realm_emoji: await realmEmojiDict(tx, realmId) });
}

/** Whether the caller holds the realm's can_add_custom_emoji_group (the users service owns both). Guests never do. */
export async function mayAddCustomEmoji(deps: EmojiDeps, caller: Caller): Promise<boolean> {
  if (caller.role === Role.GUEST) return false;
  const users = bindClient(deps.clients.users, { caller, client: 'uploads', host: '' });
  const [policy, groups] = await Promise.all([fetchRealmPolicy(users, caller.realm_id), groupIdsOf(users, caller.realm_id, [caller.user_id])]);
  return holdsGroupSetting(policy.settings.can_add_custom_emoji_group, caller.user_id, groups.get(caller.user_id) ?? new Set());
}

/**
 * What POST /realm/emoji/{emoji_name} checks before it reads the image, in Zulip's order
 * (require_member_or_admin, then upload_emoji), then Parley's bound on the realm's custom
 * emoji (`maxPerRealm`; doAddEmoji counts again under a lock). Returns the name to store.
 */
export async function checkAddEmoji(deps: EmojiDeps, caller: Caller, rawName: string, maxPerRealm: number): Promise<string> {
  if (caller.role === Role.GUEST) throw new BadRequestError('Not allowed for guest users');
  refuseBots(caller);
  const name = normalizeEmojiName(rawName);
  checkValidEmojiName(name);
  if (!(await mayAddCustomEmoji(deps, caller))) throw new BadRequestError('Insufficient permission');
  if (await store.activeEmojiByName(deps.pool, caller.realm_id, name)) throw new EmojiExistsError();
  // A custom emoji shadows the Unicode one of its name (it comes first when a name is looked up).
  if (unicodeEmojiCodeOf(name) !== undefined && !isAdmin(caller)) throw new BadRequestError('Only administrators can override default emoji.');
  await ensureEmojiRoom(deps.pool, caller.realm_id, maxPerRealm);
  return name;
}

/**
 * Refuses a custom emoji past the realm's bound (MAX_CUSTOM_EMOJI_PER_REALM). Deactivated
 * ones count: they are kept for good (old messages still show them) and every change sends
 * the realm all of them.
 */
async function ensureEmojiRoom(db: Queryable, realmId: number, maxPerRealm: number): Promise<void> {
  if ((await store.countRealmEmoji(db, realmId)) >= maxPerRealm) throw new EmojiLimitError(maxPerRealm);
}

export class EmojiLimitError extends BadRequestError {
  constructor(max: number) {
    super(`This organization has reached its limit of ${max} custom emoji (deactivated ones included).`);
  }
}

export class EmojiExistsError extends BadRequestError {
  constructor() {
    super('A custom emoji with this name already exists.');
  }
}

/** Zulip's ResourceNotFoundError: 404, with the generic code (since feature level 190). */
export class EmojiNotFoundError extends ApiError {
  constructor(name: string) {
    super('BAD_REQUEST', `Emoji '${name}' does not exist`, 404);
  }
}

/**
 * Precondition: checkAddEmoji passed and the image is in the store under emojiKey(realm,
 * file_name). Counts the realm's emoji again under a per-realm lock, so uploads at once
 * never pass `maxPerRealm` together (EmojiLimitError: the caller deletes the image).
 */
export async function doAddEmoji(pool: pg.Pool, caller: Caller, emoji: { name: string; fileName: string; contentType: string; size: number }, maxPerRealm: number): Promise<RealmEmojiRow> {
  return withTransaction(pool, async (tx) => {
    await store.lockRealmEmoji(tx, caller.realm_id);
    await ensureEmojiRoom(tx, caller.realm_id, maxPerRealm);
    const row = await store
      .insertRealmEmoji(tx, {
        realm_id: caller.realm_id,
        name: emoji.name,
        author_id: caller.user_id,
        file_name: emoji.fileName,
        content_type: emoji.contentType,
        size: emoji.size,
      })
      .catch((err: unknown) => {
        // Another upload of the same name won the race since checkAddEmoji.
        throw err instanceof store.EmojiNameTakenError ? new EmojiExistsError() : err;
      });
    await notifyRealmEmoji(tx, caller.realm_id);
    return row;
  });
}

/** DELETE /realm/emoji/{emoji_name}: Zulip's delete_emoji and check_remove_custom_emoji. */
export async function deactivateEmoji(deps: EmojiDeps, caller: Caller, name: string): Promise<void> {
  const found = await store.activeEmojiByName(deps.pool, caller.realm_id, name);
  if (!found) throw new EmojiNotFoundError(name);
  if (!isAdmin(caller)) {
    // Authors may take back their emoji only while they may still add emoji.
    if (!(await mayAddCustomEmoji(deps, caller))) throw new BadRequestError('Insufficient permission');
    if (found.author_id !== caller.user_id) throw new BadRequestError('Must be an organization administrator or emoji author');
  }
  await withTransaction(deps.pool, async (tx) => {
    const row = await store.activeEmojiByName(tx, caller.realm_id, name, true);
    // Deactivated meanwhile by someone else: the same answer as for an unknown name.
    if (!row || row.id !== found.id) throw new EmojiNotFoundError(name);
    await store.deactivateEmoji(tx, row.id);
    await notifyRealmEmoji(tx, caller.realm_id);
  });
}

/**
 * Zulip's check_emoji_request for reaction_type realm_emoji (statuses, reactions): the code
 * must be the ID of one of the realm's custom emoji, the name its name, and it still active.
 */
export async function checkRealmEmoji(db: Queryable, realmId: number, code: string, name: string): Promise<void> {
  const row = /^\d{1,15}$/.test(code) ? await store.emojiById(db, realmId, Number(code)) : undefined;
  if (!row) throw new BadRequestError('Invalid custom emoji.');
  if (row.name !== name) throw new BadRequestError('Invalid custom emoji name.');
  if (row.deactivated) throw new BadRequestError('This custom emoji has been deactivated.');
}

/** The code (ID) of the realm's active custom emoji of this name, if there is one. */
export async function realmEmojiCodeOf(db: Queryable, realmId: number, name: string): Promise<string | undefined> {
  const row = await store.activeEmojiByName(db, realmId, name);
  return row ? String(row.id) : undefined;
}
