import pg from 'pg';
import { ApiError, BadRequestError, Caller, emit, LIMITS, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/snippets';
import { lockUserList } from '../store/user-lists';
import type { SnippetRow } from '../store/snippets';

/**
 * Saved snippets (feature levels 297, 368): a user's own reusable texts. Only their owner
 * sees, changes or deletes them; their other clients hear of every change (saved_snippets
 * events) and register gives them all.
 */
export const MAX_SNIPPET_TITLE_LENGTH = 60;

/** Parley's bound on a user's saved snippets (Zulip has none). */
export const MAX_SAVED_SNIPPETS = 1000;

export class TooManySnippetsError extends BadRequestError {
  constructor(max: number) {
    super(`You may have at most ${max} saved snippets.`);
  }
}

export class SnippetNotFoundError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'Saved snippet does not exist.', 404);
  }
}

export const formatSnippet = (s: SnippetRow) => ({ id: s.id, title: s.title, content: s.content, date_created: Math.floor(s.date_created.getTime() / 1000) });

function checkTitle(raw: string): string {
  const title = raw.trim();
  if (!title) throw new BadRequestError('Title cannot be empty.');
  if ([...title].length > MAX_SNIPPET_TITLE_LENGTH) throw new BadRequestError(`Title cannot be longer than ${MAX_SNIPPET_TITLE_LENGTH} characters.`);
  return title;
}

function checkContent(raw: string): string {
  const content = raw.trim();
  if (!content) throw new BadRequestError('Content cannot be empty.');
  if ([...content].length > LIMITS.max_message_length) throw new BadRequestError(`Content cannot be longer than ${LIMITS.max_message_length} characters.`);
  return content;
}

const notify = (tx: Queryable, caller: Caller, event: Record<string, unknown>) => emit(tx, 'messages', caller.realm_id, [caller.user_id], { type: 'saved_snippets', ...event });

export async function listSnippets(db: Queryable, caller: Caller) {
  return (await store.listSnippets(db, caller.user_id)).map(formatSnippet);
}

export async function checkCreateSnippet(pool: pg.Pool, caller: Caller, title: string, content: string, max = MAX_SAVED_SNIPPETS): Promise<number> {
  const [t, c] = [checkTitle(title), checkContent(content)];
  return withTransaction(pool, async (tx) => {
    await lockUserList(tx, 'saved_snippets', caller.user_id);
    if ((await store.countSnippets(tx, caller.user_id)) >= max) throw new TooManySnippetsError(max);
    const snippet = await store.insertSnippet(tx, caller.realm_id, caller.user_id, t, c);
    await notify(tx, caller, { op: 'add', saved_snippet: formatSnippet(snippet) });
    return snippet.id;
  });
}

export async function checkUpdateSnippet(pool: pg.Pool, caller: Caller, id: number, changes: { title?: string; content?: string }): Promise<void> {
  const title = changes.title === undefined ? undefined : checkTitle(changes.title);
  const content = changes.content === undefined ? undefined : checkContent(changes.content);
  if (title === undefined && content === undefined) throw new BadRequestError('At least one of title and content must be given.');
  await withTransaction(pool, async (tx) => {
    const snippet = await store.updateSnippet(tx, caller.user_id, id, { title, content });
    if (!snippet) throw new SnippetNotFoundError();
    await notify(tx, caller, { op: 'update', saved_snippet: formatSnippet(snippet) });
  });
}

export async function checkDeleteSnippet(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  await withTransaction(pool, async (tx) => {
    if (!(await store.deleteSnippet(tx, caller.user_id, id))) throw new SnippetNotFoundError();
    await notify(tx, caller, { op: 'remove', saved_snippet_id: id });
  });
}
