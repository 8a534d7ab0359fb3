import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isApiError, Queryable, refuseBots, withTransaction } from '@parley/common';
import * as store from '../store/profile-fields';
import * as userStore from '../store/users';
import type { ProfileFieldRow } from '../store/profile-fields';
import type { UserRow } from '../store/users';
import { accessUser } from './users';
import { notifyClients } from './notify';
import { FieldNotFoundError } from './profile-fields';
import { checkCappedString, checkDate, checkDictOnly, checkInt, checkIntList, checkString, checkUnion, checkUrl, FieldType, isRenderable } from './profile-field-types';

/** One entry of `data` / `profile_data`: a string, or for Person picker a list of user IDs. */
export interface ProfileDataEntry {
  id: number;
  value: string | number[] | null;
}

/** A user's value of one field, as user objects carry it in profile_data. */
export interface ProfileValue {
  value: string;
  rendered_value?: string;
}

class NotEditableError extends BadRequestError {
  constructor() {
    super('You are not allowed to change this field. Contact an administrator to update it.');
  }
}

/** Markdown to HTML as messages render it: the messages service's RenderMessage. */
export type RenderMarkdown = (text: string) => Promise<string>;

/**
 * The HTML of the values `data` gives the realm's Markdown-capable fields (short and long
 * text), rendered as messages are, as Zulip renders them: asked of the messages service
 * before the transaction, one call per distinct value. Data the check will refuse renders
 * nothing; a value without HTML here is stored as escaped text (renderValue).
 */
export async function renderProfileValues(pool: pg.Pool, realmId: number, data: string | undefined, render: RenderMarkdown): Promise<Map<string, string>> {
  let entries: ProfileDataEntry[];
  try {
    entries = data === undefined ? [] : parseProfileData(data, 'data');
  } catch {
    return new Map();
  }
  const renderable = new Set(
    (
      await store.findFields(
        pool,
        realmId,
        entries.map((e) => e.id),
      )
    )
      .filter((f) => isRenderable(f.field_type))
      .map((f) => f.id),
  );
  const texts = [...new Set(entries.filter((e) => renderable.has(e.id) && typeof e.value === 'string' && e.value.trim()).map((e) => e.value as string))];
  // A value the renderer refuses (a NUL byte, say) is left to the check, whose refusal is the field's own.
  const html = await Promise.all(
    texts.map((text) =>
      render(text).catch((err: unknown) => {
        if (isApiError(err) && err.httpStatus < 500) return undefined;
        throw err;
      }),
    ),
  );
  return new Map(texts.flatMap((text, i) => (html[i] === undefined ? [] : [[text, html[i]] as [string, string]])));
}

/** HTML for a Markdown-capable value nothing rendered: its escaped text in one paragraph. */
export function renderValue(value: string): string {
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return `<p>${escaped}</p>`;
}

function parseJsonParam(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Argument "${name}" is not valid JSON.`);
  }
}

// Zulip's PATCH /users/{user_id} clears a field given a null value; accepted on both paths.
const checkNull = (varName: string, v: unknown): null => {
  if (v !== null) throw new BadRequestError(`${varName} is not null`);
  return v;
};

/** `data` / `profile_data`: a JSON list of `{id, value}`; null (or an empty value) clears. */
export function parseProfileData(raw: string, varName: string): ProfileDataEntry[] {
  const list = parseJsonParam(varName, raw);
  if (!Array.isArray(list)) throw new BadRequestError(`${varName} is not a list`);
  const value = checkUnion([checkString, checkIntList, checkNull]);
  return list.map((item, i) => checkDictOnly(`${varName}[${i}]`, item, { id: checkInt, value }) as unknown as ProfileDataEntry);
}

/** DELETE /users/me/profile_data's `data`: a JSON list of field IDs. */
export function parseFieldIds(raw: string): number[] {
  return checkIntList('data', parseJsonParam('data', raw));
}

const isEmpty = (v: ProfileDataEntry['value']) => v === null || v.length === 0;

/** Checks a value against its field (the field's name names it in messages); returns the text stored. */
async function checkValue(db: Queryable, realmId: number, field: ProfileFieldRow, value: string | number[]): Promise<string> {
  switch (field.field_type) {
    case FieldType.LONG_TEXT:
      return checkCappedString(500)(field.name, value);
    case FieldType.DATE:
      return checkDate(field.name, value);
    case FieldType.URL:
      return checkUrl(field.name, value);
    case FieldType.SELECT: {
      const choice = checkString(field.name, value);
      if (!Object.hasOwn(JSON.parse(field.field_data) as object, choice)) {
        throw new BadRequestError(`'${choice}' is not a valid choice for '${field.name}'.`);
      }
      return choice;
    }
    case FieldType.USER:
      return JSON.stringify(await checkPersonPicks(db, realmId, value));
    default:
      return checkCappedString(50)(field.name, value); // Short text, External account, Pronouns
  }
}

/** Person picker values: active human users of the realm (another realm's users read as invalid). */
async function checkPersonPicks(db: Queryable, realmId: number, value: unknown): Promise<number[]> {
  const ids = checkIntList('User IDs', value);
  const users = new Map((await userStore.listRealmUsers(db, realmId, ids)).map((u) => [u.id, u]));
  for (const id of ids) {
    const user = users.get(id);
    if (!user) throw new BadRequestError(`Invalid user ID: ${id}`);
    if (!user.is_active) throw new BadRequestError(`User with ID ${id} is deactivated`);
    if (user.is_bot) throw new BadRequestError(`User with ID ${id} is a bot`);
  }
  return ids;
}

/**
 * The fields `ids` of the caller's realm, locked against deletion until commit, each one the
 * caller may change: administrators any, others those editable_by_user.
 */
async function accessEditableFields(tx: Queryable, caller: Caller, ids: number[]): Promise<Map<number, ProfileFieldRow>> {
  const fields = new Map((await store.findFields(tx, caller.realm_id, ids, { share: true })).map((f) => [f.id, f]));
  for (const id of ids) {
    const field = fields.get(id);
    if (!field) throw new FieldNotFoundError(id);
    if (!isAdmin(caller) && !field.editable_by_user) throw new NotEditableError();
  }
  return fields;
}

/** A change to make: the text to store, or null to clear. */
interface ValueChange {
  field: ProfileFieldRow;
  value: string | null;
}

/**
 * Sets or clears `targetUserId`'s values from `data` (JSON text of a list of `{id, value}`):
 * PATCH /users/me/profile_data, and PATCH /users/{user_id}'s profile_data (the caller's own
 * values, or any user's for administrators). An empty value clears. Precondition: tx is a
 * transaction.
 */
export async function checkUpdateProfileData(tx: Queryable, caller: Caller, targetUserId: number, data: string, varName = 'profile_data', rendered: Map<string, string> = new Map()): Promise<void> {
  const entries = parseProfileData(data, varName);
  const target = await accessUser(tx, caller, targetUserId, { allowDeactivated: true });
  if (target.id !== caller.user_id && !isAdmin(caller)) throw new AdminRequiredError();
  const fields = await accessEditableFields(
    tx,
    caller,
    entries.map((e) => e.id),
  );
  const changes: ValueChange[] = [];
  for (const { id, value } of entries) {
    const field = fields.get(id)!;
    changes.push({ field, value: isEmpty(value) ? null : await checkValue(tx, caller.realm_id, field, value!) });
  }
  await doUpdateProfileData(tx, target, changes, rendered);
}

/** PATCH /users/me/profile_data (human users). */
export async function checkUpdateOwnProfileData(pool: pg.Pool, caller: Caller, data: string, render: RenderMarkdown): Promise<void> {
  refuseBots(caller);
  const rendered = await renderProfileValues(pool, caller.realm_id, data, render);
  await withTransaction(pool, (tx) => checkUpdateProfileData(tx, caller, caller.user_id, data, 'data', rendered));
}

/** DELETE /users/me/profile_data (human users): clears the caller's values of the fields `fieldIds`. */
export async function checkRemoveOwnProfileData(pool: pg.Pool, caller: Caller, fieldIds: number[]): Promise<void> {
  refuseBots(caller);
  await withTransaction(pool, async (tx) => {
    const target = await accessUser(tx, caller, caller.user_id);
    const fields = await accessEditableFields(tx, caller, fieldIds);
    await doUpdateProfileData(
      tx,
      target,
      fieldIds.map((id) => ({ field: fields.get(id)!, value: null })),
    );
  });
}

/**
 * Precondition: changes checked, fields locked. Writes the values that differ and tells the
 * realm, one realm_user update per changed field (the reference's shape, value null when cleared).
 */
async function doUpdateProfileData(tx: Queryable, target: UserRow, changes: ValueChange[], html: Map<string, string> = new Map()): Promise<void> {
  const ids = [...new Set(changes.map((c) => c.field.id))];
  const current = new Map((await store.findValues(tx, target.id, ids, { lock: true })).map((v) => [v.field_id, v.value]));
  for (const { field, value } of changes) {
    if (value === null) {
      if (!(await store.deleteValue(tx, target.id, field.id))) continue;
      current.delete(field.id);
      await notifyValueChanged(tx, target, { id: field.id, value: null });
      continue;
    }
    if (current.get(field.id) === value) continue;
    const rendered = isRenderable(field.field_type) ? (html.get(value) ?? renderValue(value)) : null;
    await store.upsertValue(tx, { user_id: target.id, field_id: field.id, value, rendered_value: rendered });
    current.set(field.id, value);
    await notifyValueChanged(tx, target, { id: field.id, value, ...(rendered !== null && { rendered_value: rendered }) });
  }
}

function notifyValueChanged(tx: Queryable, target: UserRow, field: { id: number; value: string | null; rendered_value?: string }) {
  return notifyClients(tx, target.realm_id, 'realm', {
    type: 'realm_user',
    op: 'update',
    person: { user_id: target.id, custom_profile_field: field },
  });
}

/**
 * The custom profile field values of `userIds` (users of other realms have none), for user
 * objects' profile_data: keyed by field ID as a string. Every requested user has an entry.
 */
export async function profileDataFor(db: Queryable, realmId: number, userIds: number[]): Promise<Map<number, Record<string, ProfileValue>>> {
  const out = new Map<number, Record<string, ProfileValue>>(userIds.map((id) => [id, {}]));
  for (const v of await store.listValues(db, realmId, userIds)) {
    out.get(v.user_id)![String(v.field_id)] = v.rendered_value === null ? { value: v.value } : { value: v.value, rendered_value: v.rendered_value };
  }
  return out;
}
