import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, compileRe2, isAdmin, parseIntList, Queryable, Re2SyntaxError, withTransaction } from '@parley/common';
import * as store from '../store/linkifiers';
import type { LinkifierRow } from '../store/linkifiers';
import { notifyClients } from './notify';
import { PatternSyntaxError, patternGroups, templateVariables } from './linkifier-syntax';

export type Linkifier = LinkifierRow;

export interface LinkifierInput {
  pattern: string;
  url_template: string;
}

/**
 * Zulip's refusal of an invalid linkifier (a Django ValidationError turned into an API
 * error): the first message as msg, and all of them by field in `errors`, '__all__' for
 * those about the pair.
 */
export class LinkifierInvalidError extends BadRequestError {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat()[0] ?? 'Invalid linkifier', { errors });
  }
}

export class LinkifierNotFoundError extends BadRequestError {
  constructor() {
    super('Linkifier not found.');
  }
}

const BLANK = 'This field cannot be blank.';
// Django's message for Zulip's unique (realm, pattern) constraint on its RealmFilter model.
const DUPLICATE = 'Realm filter with this Realm and Pattern already exists.';

/** GET /realm/linkifiers (anyone in the realm): in the order clients apply them. */
export function listLinkifiers(db: Queryable, caller: Caller): Promise<Linkifier[]> {
  return store.listLinkifiers(db, caller.realm_id);
}

/**
 * Zulip's checks of a linkifier, in its order (Django's full_clean): each field on its own
 * (blank, template syntax), then the pair (pattern syntax, groups against variables), then
 * uniqueness of the pattern in the realm. All problems are collected; the first is the
 * message. Returns the fields trimmed, as Zulip stores them.
 */
export async function checkLinkifierFields(db: Queryable, realmId: number, input: LinkifierInput, exceptId?: number): Promise<LinkifierInput> {
  const pattern = input.pattern.trim();
  const urlTemplate = input.url_template.trim();
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  if (!pattern) add('pattern', BLANK);
  const variables = templateVariables(urlTemplate);
  if (!urlTemplate) add('url_template', BLANK);
  else if (!variables) add('url_template', 'Invalid URL template.');
  const mismatch = pairProblem(pattern, variables);
  if (mismatch) add('__all__', mismatch);
  if (pattern && (await store.patternTaken(db, realmId, pattern, exceptId))) add('__all__', DUPLICATE);
  if (Object.keys(errors).length > 0) throw new LinkifierInvalidError(errors);
  return { pattern, url_template: urlTemplate };
}

/** The pattern's syntax, then its named groups against the template's variables (both ways). */
function pairProblem(pattern: string, variables: string[] | undefined): string | undefined {
  let groups: string[];
  try {
    groups = patternGroups(pattern);
    // The engine that runs it must take it too (RE2's own messages come from the check above).
    compileRe2(pattern);
  } catch (err) {
    if (err instanceof PatternSyntaxError || err instanceof Re2SyntaxError) return `Bad regular expression: ${err.message}`;
    throw err;
  }
  // An invalid template already has its own error; Zulip compares no sets then.
  if (!variables) return undefined;
  // Zulip names the alphabetically first one, so clients can fix them one at a time.
  const [groupSet, variableSet] = [new Set(groups), new Set(variables)];
  const unknown = variables.filter((v) => !groupSet.has(v)).sort()[0];
  if (unknown !== undefined) return `Group '${unknown}' in URL template is not present in linkifier pattern.`;
  const unused = groups.filter((g) => !variableSet.has(g)).sort()[0];
  if (unused !== undefined) return `Group '${unused}' in linkifier pattern is not present in URL template.`;
  return undefined;
}

/**
 * Parley's bound on a realm's linkifiers (MAX_LINKIFIERS_PER_REALM; Zulip has none): every
 * message's rendering runs each of them, and every user's POST /register lists them.
 */
export const DEFAULT_MAX_LINKIFIERS_PER_REALM = 500;

/** POST /realm/filters (administrators): adds a linkifier after the others; returns its ID. */
export async function checkAddLinkifier(pool: pg.Pool, caller: Caller, input: LinkifierInput, maxLinkifiers = DEFAULT_MAX_LINKIFIERS_PER_REALM): Promise<number> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  return withTransaction(pool, async (tx) => {
    await store.lockRealmLinkifiers(tx, caller.realm_id);
    const valid = await checkLinkifierFields(tx, caller.realm_id, input);
    if ((await store.countLinkifiers(tx, caller.realm_id)) >= maxLinkifiers) throw new BadRequestError(`An organization may have at most ${maxLinkifiers} linkifiers.`);
    return doAddLinkifier(tx, caller.realm_id, valid);
  });
}

/** Precondition: fields checked; the realm's linkifiers are locked (tx is a transaction). */
async function doAddLinkifier(tx: Queryable, realmId: number, valid: LinkifierInput): Promise<number> {
  const id = await store.insertLinkifier(tx, realmId, valid.pattern, valid.url_template);
  await notifyLinkifiers(tx, realmId);
  return id;
}

/** PATCH /realm/filters/{filter_id} (administrators): replaces pattern and template, keeping the place. */
export async function checkUpdateLinkifier(pool: pg.Pool, caller: Caller, id: number, input: LinkifierInput): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    await store.lockRealmLinkifiers(tx, caller.realm_id);
    // Another realm's linkifier reads as nonexistent. Zulip looks it up before validating.
    if (!(await store.findLinkifier(tx, caller.realm_id, id))) throw new LinkifierNotFoundError();
    const valid = await checkLinkifierFields(tx, caller.realm_id, input, id);
    await store.updateLinkifier(tx, caller.realm_id, id, valid.pattern, valid.url_template);
    await notifyLinkifiers(tx, caller.realm_id);
  });
}

/** DELETE /realm/filters/{filter_id} (administrators). */
export async function checkRemoveLinkifier(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    await store.lockRealmLinkifiers(tx, caller.realm_id);
    if (!(await store.deleteLinkifier(tx, caller.realm_id, id))) throw new LinkifierNotFoundError();
    await notifyLinkifiers(tx, caller.realm_id);
  });
}

/** The `ordered_linkifier_ids` parameter: a JSON list of integers. */
export function parseLinkifierIds(raw: string): number[] {
  const value = parseIntList('ordered_linkifier_ids', raw);
  return value;
}

/**
 * PATCH /realm/linkifiers (administrators): the new order, which must list every linkifier
 * of the realm exactly once (a stale list, e.g. one missing a linkifier just added, fails).
 */
export async function checkReorderLinkifiers(pool: pg.Pool, caller: Caller, orderedIds: number[]): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  if (new Set(orderedIds).size < orderedIds.length) {
    throw new BadRequestError('The ordered list must not contain duplicated linkifiers');
  }
  await withTransaction(pool, async (tx) => {
    await store.lockRealmLinkifiers(tx, caller.realm_id);
    const current = await store.listLinkifiers(tx, caller.realm_id);
    if (current.length !== orderedIds.length || !current.every((l) => orderedIds.includes(l.id))) {
      throw new BadRequestError('The ordered list must enumerate all existing linkifiers exactly once');
    }
    // Like Zulip: an empty list for a realm without linkifiers changes nothing, and says nothing.
    if (current.length === 0) return;
    await store.setLinkifierOrder(tx, caller.realm_id, orderedIds);
    await notifyLinkifiers(tx, caller.realm_id);
  });
}

/** The realm_linkifiers event: the realm's whole list, as it now is, to everyone in it. */
export async function notifyLinkifiers(tx: Queryable, realmId: number): Promise<void> {
  const realmLinkifiers = await store.listLinkifiers(tx, realmId);
  // Clients without linkifier_url_template do not understand these events: they get none.
  await notifyClients(tx, realmId, 'realm', { type: 'realm_linkifiers', realm_linkifiers: realmLinkifiers }, { capability: 'linkifier_url_template', event: null });
}

/**
 * POST /register's linkifier state. Clients without the `linkifier_url_template`
 * capability get an empty list (they would misread templates as format strings); the
 * legacy `realm_filters` is always empty since Zulip 7.0 (feature level 176).
 */
export async function linkifierState(
  db: Queryable,
  realmId: number,
  req: {
    fetchEventTypes: string[] | null;
    linkifierUrlTemplate: boolean;
  },
): Promise<Record<string, unknown>> {
  const wants = (type: string) => req.fetchEventTypes === null || req.fetchEventTypes.includes(type);
  const state: Record<string, unknown> = {};
  if (wants('realm_linkifiers')) state.realm_linkifiers = req.linkifierUrlTemplate ? await store.listLinkifiers(db, realmId) : [];
  if (wants('realm_filters')) state.realm_filters = [];
  return state;
}
