import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, parseIntList, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/profile-fields';
import type { ProfileFieldChanges, ProfileFieldRow } from '../store/profile-fields';
import { notifyClients } from './notify';
import {
  checkCappedString,
  checkFieldData,
  customProfileFieldTypes,
  defaultExternalAccount,
  DEFAULT_EXTERNAL_ACCOUNTS,
  FieldData,
  fieldDataText,
  FieldType,
  HINT_MAX_LENGTH,
  isFieldType,
  MAX_SUMMARY_FIELDS,
  NAME_MAX_LENGTH,
  parseFieldData,
} from './profile-field-types';

/** A custom profile field as clients see it (the reference's CustomProfileField). */
export interface ApiProfileField {
  id: number;
  name: string;
  type: number;
  hint: string;
  field_data: string;
  order: number;
  required: boolean;
  editable_by_user: boolean;
  display_in_profile_summary?: true;
}

export function formatField(f: ProfileFieldRow): ApiProfileField {
  const out: ApiProfileField = {
    id: f.id,
    name: f.name,
    type: f.field_type,
    hint: f.hint,
    field_data: f.field_data,
    order: f.order,
    required: f.required,
    editable_by_user: f.editable_by_user,
  };
  // Zulip sends display_in_profile_summary only when true.
  if (f.display_in_profile_summary) out.display_in_profile_summary = true;
  return out;
}

/** GET /realm/profile_fields (any user of the realm): the fields in display order. */
export async function listProfileFields(db: Queryable, realmId: number): Promise<ApiProfileField[]> {
  return (await store.listFields(db, realmId)).map(formatField);
}

/** POST /register's state for the `custom_profile_fields` event type. */
export async function customProfileFieldsState(db: Queryable, realmId: number): Promise<Record<string, unknown>> {
  return { custom_profile_fields: await listProfileFields(db, realmId), custom_profile_field_types: customProfileFieldTypes() };
}

/** POST /register's realm_default_external_accounts (state of the `realm` event type). */
export function defaultExternalAccounts(): Record<string, { text: string; url_pattern: string; name: string; hint: string }> {
  return Object.fromEntries(Object.entries(DEFAULT_EXTERNAL_ACCOUNTS).map(([subtype, account]) => [subtype, { ...account }]));
}

/** Finds a field of the realm; another realm's field reads as nonexistent. */
export async function accessProfileField(db: Queryable, realmId: number, fieldId: number): Promise<ProfileFieldRow> {
  const [field] = await store.findFields(db, realmId, [fieldId]);
  if (!field) throw new FieldNotFoundError(fieldId);
  return field;
}

export class FieldNotFoundError extends BadRequestError {
  constructor(fieldId: number) {
    super(`Field id ${fieldId} not found.`);
  }
}

class LabelTakenError extends BadRequestError {
  constructor() {
    super('A field with that label already exists.');
  }
}

interface FieldDefinition {
  name: string;
  hint: string;
  type: number;
  data: FieldData;
  summary: boolean;
}

/** Zulip's validate_custom_profile_field, in its order (the messages clients see depend on it). */
function checkFieldDefinition(def: FieldDefinition): void {
  checkFieldData(def.type, def.data);
  if (!defaultExternalAccount(def.type, def.data)) {
    if (!def.name.trim()) throw new BadRequestError('Label cannot be blank.');
    checkCappedString(HINT_MAX_LENGTH)('hint', def.hint);
    checkCappedString(NAME_MAX_LENGTH)('name', def.name);
  }
  if (!isFieldType(def.type)) throw new BadRequestError('Invalid field type.');
  // Long text makes no sense in a summary; Person picker needs client support first.
  if (def.summary && (def.type === FieldType.LONG_TEXT || def.type === FieldType.USER)) {
    throw new BadRequestError('Field type not supported for display in profile summary.');
  }
}

/** Precondition: the realm's fields are locked (store.lockRealmFields). */
async function checkSummaryLimit(tx: Queryable, realmId: number, exceptFieldId?: number): Promise<void> {
  if ((await store.countSummaryFields(tx, realmId, exceptFieldId)) >= MAX_SUMMARY_FIELDS) {
    throw new BadRequestError(`Only ${MAX_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`);
  }
}

export async function notifyProfileFields(tx: Queryable, realmId: number): Promise<void> {
  const fields = await listProfileFields(tx, realmId);
  await notifyClients(tx, realmId, 'realm', { type: 'custom_profile_fields', fields });
}

export interface CreateFieldRequest {
  field_type: number;
  name?: string;
  hint?: string;
  /** JSON text of a dict. */
  field_data?: string;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/**
 * Parley's bound on a realm's custom profile fields (MAX_CUSTOM_PROFILE_FIELDS_PER_REALM; Zulip
 * has none): every user's POST /register lists them, and each user's values of them.
 */
export const DEFAULT_MAX_CUSTOM_PROFILE_FIELDS_PER_REALM = 100;

/** POST /realm/profile_fields (administrators): returns the new field's ID. */
export async function checkCreateProfileField(pool: pg.Pool, caller: Caller, req: CreateFieldRequest, maxFields = DEFAULT_MAX_CUSTOM_PROFILE_FIELDS_PER_REALM): Promise<number> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const data = req.field_data === undefined ? {} : parseFieldData(req.field_data);
  const summary = req.display_in_profile_summary ?? false;
  return withTransaction(pool, async (tx) => {
    await store.lockRealmFields(tx, caller.realm_id);
    if (summary) await checkSummaryLimit(tx, caller.realm_id);
    const def = { name: (req.name ?? '').trim(), hint: req.hint ?? '', type: req.field_type, data, summary };
    checkFieldDefinition(def);
    if ((await store.countFields(tx, caller.realm_id)) >= maxFields) throw new BadRequestError(`An organization may have at most ${maxFields} custom profile fields.`);
    const field = await doCreateProfileField(tx, caller.realm_id, def, { required: req.required ?? false, editable_by_user: req.editable_by_user ?? true });
    return field.id;
  });
}

/** Precondition: def checked; the realm's fields are locked. */
async function doCreateProfileField(
  tx: Queryable,
  realmId: number,
  def: FieldDefinition,
  flags: {
    required: boolean;
    editable_by_user: boolean;
  },
): Promise<ProfileFieldRow> {
  // A default external account brings its own name and hint.
  const account = defaultExternalAccount(def.type, def.data);
  const field = await store.insertField(tx, {
    realm_id: realmId,
    name: account?.name ?? def.name,
    hint: account?.hint ?? def.hint,
    field_type: def.type,
    field_data: fieldDataText(def.type, def.data),
    display_in_profile_summary: def.summary,
    ...flags,
  });
  if (!field) throw new LabelTakenError();
  await notifyProfileFields(tx, realmId);
  return field;
}

export interface UpdateFieldRequest {
  field_id: number;
  name?: string;
  hint?: string;
  field_data?: string;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

const storedData = (f: ProfileFieldRow): FieldData => (f.field_data === '' ? {} : (JSON.parse(f.field_data) as FieldData));

/** Key order does not matter, as for Python dicts. */
const sameData = (a: FieldData, b: FieldData): boolean => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Of a default external account field, only display_in_profile_summary and the flags may
 * change; clients may resend the current name, hint and field_data.
 */
function checkDefaultExternalKept(field: ProfileFieldRow, current: FieldData, req: { name?: string; hint?: string; data?: FieldData }): void {
  if (!defaultExternalAccount(field.field_type, current)) return;
  const changed = (req.name !== undefined && req.name !== field.name) || (req.hint !== undefined && req.hint !== field.hint) || (req.data !== undefined && !sameData(req.data, current));
  if (changed) throw new BadRequestError('Default custom field cannot be updated.');
}

/** PATCH /realm/profile_fields/{field_id} (administrators). A field's type never changes. */
export async function checkUpdateProfileField(pool: pg.Pool, caller: Caller, req: UpdateFieldRequest): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const data = req.field_data === undefined ? undefined : parseFieldData(req.field_data);
  const name = req.name?.trim();
  await withTransaction(pool, async (tx) => {
    await store.lockRealmFields(tx, caller.realm_id);
    const field = await accessProfileField(tx, caller.realm_id, req.field_id);
    if (req.display_in_profile_summary) await checkSummaryLimit(tx, caller.realm_id, field.id);
    const current = storedData(field);
    checkDefaultExternalKept(field, current, { name, hint: req.hint, data });
    checkFieldDefinition({
      name: name ?? field.name,
      hint: req.hint ?? field.hint,
      type: field.field_type,
      data: data ?? current,
      summary: req.display_in_profile_summary ?? field.display_in_profile_summary,
    });
    const changes: ProfileFieldChanges = {
      name,
      hint: req.hint,
      required: req.required,
      editable_by_user: req.editable_by_user,
      display_in_profile_summary: req.display_in_profile_summary,
      // Only List of options and External account fields keep field_data; others ignore it.
      field_data: data && fieldDataText(field.field_type, data) !== '' ? fieldDataText(field.field_type, data) : undefined,
    };
    await doUpdateProfileField(tx, field, changes);
  });
}

/** Precondition: changes checked; the realm's fields are locked. */
async function doUpdateProfileField(tx: Queryable, field: ProfileFieldRow, changes: ProfileFieldChanges): Promise<void> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ProfileFieldChanges;
  if (!(await store.updateField(tx, field.id, defined))) throw new LabelTakenError();
  // Values naming a removed option go with it (silently, as in Zulip).
  if (field.field_type === FieldType.SELECT && defined.field_data !== undefined) {
    await store.deleteValuesNotIn(tx, field.id, Object.keys(JSON.parse(defined.field_data) as object));
  }
  await notifyProfileFields(tx, field.realm_id);
}

/** DELETE /realm/profile_fields/{field_id} (administrators): every user's value goes too. */
export async function checkDeleteProfileField(pool: pg.Pool, caller: Caller, fieldId: number): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    await store.lockRealmFields(tx, caller.realm_id);
    const field = await accessProfileField(tx, caller.realm_id, fieldId);
    await store.deleteField(tx, field.id);
    await notifyProfileFields(tx, caller.realm_id);
  });
}

/** The `order` parameter: a JSON list of integers. */
export function parseOrder(raw: string): number[] {
  return parseIntList('order', raw);
}

/** PATCH /realm/profile_fields (administrators): `order` lists exactly the realm's field IDs. */
export async function checkReorderProfileFields(pool: pg.Pool, caller: Caller, order: number[]): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    await store.lockRealmFields(tx, caller.realm_id);
    const ids = new Set((await store.listFields(tx, caller.realm_id)).map((f) => f.id));
    // Zulip only requires every field to be listed and ignores other IDs; the spec asks for
    // exactly the realm's IDs, which also keeps repeats from making the order ambiguous.
    const exact = order.length === ids.size && new Set(order).size === order.length && order.every((id) => ids.has(id));
    if (!exact) throw new BadRequestError('Invalid order mapping.');
    await store.setFieldOrder(tx, caller.realm_id, order);
    await notifyProfileFields(tx, caller.realm_id);
  });
}
