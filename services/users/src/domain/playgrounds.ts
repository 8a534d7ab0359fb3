import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/playgrounds';
import type { PlaygroundRow } from '../store/playgrounds';
import { lockRealmLinkifiers as lockRealmRow } from '../store/linkifiers';
import { notifyClients } from './notify';
import { templateVariables } from './linkifier-syntax';

/** Parley's bound on a realm's code playgrounds (Zulip has none). */
export const MAX_REALM_PLAYGROUNDS = 100;
/** Zulip's RealmPlayground.MAX_PYGMENTS_LANGUAGE_LENGTH. */
export const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;

export interface PlaygroundInput {
  name: string;
  pygments_language: string;
  url_template: string;
}

/** Zulip's refusal of an invalid playground (a ValidationError): the first message, and all by field. */
export class PlaygroundInvalidError extends BadRequestError {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat()[0] ?? 'Invalid playground', { errors });
  }
}

const BLANK = 'This field cannot be blank.';
const BAD_LANGUAGE = 'Invalid characters in pygments language';
// Django's message for Zulip's unique (realm, pygments_language, name) constraint.
const DUPLICATE = 'Realm playground with this Realm, Pygments language and Name already exists.';

/**
 * Zulip's check_pygments_language, on the parameter as sent: at most 40 characters, each a
 * letter of either case, a digit, a space or one of `_ + , - . / #` ("Python", "C++", "F#").
 * Zulip writes the class `[ a-zA-Z0-9_+-./#]`, where `+-.` is a range, so the comma passes
 * too. Its model validates the stored value with the same pattern, which can refuse nothing
 * more once this passed, so this is the one check.
 */
export function checkPygmentsLanguageParam(raw: string): void {
  if ([...raw].length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw new BadRequestError(`pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`);
  }
  if (!/^[ a-zA-Z0-9_+,\-./#]*$/.test(raw)) throw new BadRequestError(BAD_LANGUAGE);
}

/**
 * Zulip's RealmPlayground.full_clean on the trimmed fields, in its order: each field (blank,
 * template syntax; the language's characters were checked as sent), then the template's
 * variables (exactly {code}), then uniqueness of (language, name) in the realm. The first
 * problem is the message.
 */
async function checkPlaygroundFields(db: Queryable, realmId: number, p: PlaygroundInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  const variables = templateVariables(p.url_template);
  if (!p.url_template) add('url_template', BLANK);
  else if (!variables) add('url_template', 'Invalid URL template.');
  if (!p.name) add('name', BLANK);
  if (!p.pygments_language) add('pygments_language', BLANK);
  if (variables && !variables.includes('code')) add('__all__', 'Missing the required variable "code" in the URL template');
  else if (variables && variables.length !== 1) add('__all__', '"code" should be the only variable present in the URL template');
  if (p.name && p.pygments_language && (await store.playgroundTaken(db, realmId, p.pygments_language, p.name))) {
    add('__all__', DUPLICATE);
  }
  if (Object.keys(errors).length > 0) throw new PlaygroundInvalidError(errors);
}

/** POST /realm/playgrounds (administrators): returns the new playground's ID. */
export async function checkAddPlayground(pool: pg.Pool, caller: Caller, input: PlaygroundInput): Promise<number> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  checkPygmentsLanguageParam(input.pygments_language);
  const p = { name: input.name.trim(), pygments_language: input.pygments_language.trim(), url_template: input.url_template.trim() };
  return withTransaction(pool, async (tx) => {
    // The realm row serializes the realm's playground changes: the bound holds, events go in order.
    await lockRealmRow(tx, caller.realm_id);
    await checkPlaygroundFields(tx, caller.realm_id, p);
    if ((await store.countPlaygrounds(tx, caller.realm_id)) >= MAX_REALM_PLAYGROUNDS) {
      throw new BadRequestError(`An organization may have at most ${MAX_REALM_PLAYGROUNDS} code playgrounds.`);
    }
    const id = await store.insertPlayground(tx, caller.realm_id, p);
    await notifyPlaygrounds(tx, caller.realm_id);
    return id;
  });
}

/** DELETE /realm/playgrounds/{playground_id} (administrators); another realm's reads as nonexistent. */
export async function checkRemovePlayground(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    await lockRealmRow(tx, caller.realm_id);
    if (!(await store.deletePlayground(tx, caller.realm_id, id))) throw new BadRequestError('Invalid playground');
    await notifyPlaygrounds(tx, caller.realm_id);
  });
}

/** The realm_playgrounds event: the realm's whole list, as it now is, to everyone in it. */
async function notifyPlaygrounds(tx: Queryable, realmId: number): Promise<void> {
  await notifyClients(tx, realmId, 'realm', { type: 'realm_playgrounds', realm_playgrounds: await store.listPlaygrounds(tx, realmId) });
}

/** POST /register's realm_playgrounds. */
export async function listPlaygrounds(db: Queryable, realmId: number): Promise<PlaygroundRow[]> {
  return store.listPlaygrounds(db, realmId);
}
