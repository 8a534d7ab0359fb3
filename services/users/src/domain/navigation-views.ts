import pg from 'pg';
import { ApiError, BadRequestError, Caller, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/navigation-views';
import * as userStore from '../store/users';
import type { NavigationViewRow } from '../store/navigation-views';
import { notifyClients } from './notify';

/** Parley's bound on one user's navigation views (Zulip has none). */
export const MAX_NAVIGATION_VIEWS = 100;

/** Zulip's BUILT_IN_VIEW_FRAGMENTS: the web app's own views, which take no name. */
export const BUILT_IN_VIEW_FRAGMENTS: readonly string[] = ['inbox', 'recent', 'feed', 'drafts', 'narrow/has/reaction/sender/me', 'narrow/is/mentioned', 'narrow/is/starred', 'scheduled'];

export class NavigationViewNotFoundError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'Navigation view does not exist.', 404);
  }
}

const EXISTS = 'Navigation view already exists.';

/** A string parameter as Zulip's StringConstraints(strip_whitespace, min_length=1) takes it. */
function nonBlank(name: string, raw: string): string {
  const value = raw.trim();
  if (!value) throw new BadRequestError(`${name} cannot be blank`);
  return value;
}

/** GET /navigation_views and register's navigation_views: the caller's own. */
export function listNavigationViews(db: Queryable, caller: Caller): Promise<NavigationViewRow[]> {
  return store.listNavigationViews(db, caller.user_id);
}

/** POST /navigation_views, with Zulip's refusals in its order. */
export async function checkAddNavigationView(pool: pg.Pool, caller: Caller, req: { fragment: string; is_pinned: boolean; name?: string }): Promise<void> {
  const fragment = nonBlank('fragment', req.fragment);
  const name = req.name === undefined ? null : nonBlank('name', req.name);
  if (BUILT_IN_VIEW_FRAGMENTS.includes(fragment)) {
    if (name !== null) throw new BadRequestError('Built-in views cannot have a custom name.');
  } else if (!name) {
    throw new BadRequestError('Custom views must have a valid name.');
  }
  await withTransaction(pool, async (tx) => {
    // The user's row serializes the user's changes: the checks and the bound hold at commit.
    await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if (await store.findNavigationView(tx, caller.user_id, fragment)) throw new BadRequestError(EXISTS);
    if (name !== null && (await store.nameTaken(tx, caller.user_id, name))) throw new BadRequestError(EXISTS);
    if ((await store.countNavigationViews(tx, caller.user_id)) >= MAX_NAVIGATION_VIEWS) {
      throw new BadRequestError(`You may have at most ${MAX_NAVIGATION_VIEWS} navigation views.`);
    }
    const view = { fragment, is_pinned: req.is_pinned, name };
    await store.insertNavigationView(tx, caller.user_id, view);
    await notifyClients(tx, caller.realm_id, [caller.user_id], { type: 'navigation_view', op: 'add', navigation_view: view });
  });
}

/** PATCH /navigation_views/{fragment}: the fields given; the event carries just those. */
export async function checkUpdateNavigationView(pool: pg.Pool, caller: Caller, rawFragment: string, req: { is_pinned?: boolean; name?: string }): Promise<void> {
  const fragment = nonBlank('fragment', rawFragment);
  const name = req.name === undefined ? undefined : nonBlank('name', req.name);
  if (BUILT_IN_VIEW_FRAGMENTS.includes(fragment) && name !== undefined) throw new BadRequestError('Built-in views cannot have a custom name.');
  await withTransaction(pool, async (tx) => {
    await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    // As Zulip: any view with the name, this one included, and before looking the view up.
    if (name !== undefined && (await store.nameTaken(tx, caller.user_id, name))) throw new BadRequestError(EXISTS);
    const changes = { ...(req.is_pinned !== undefined && { is_pinned: req.is_pinned }), ...(name !== undefined && { name }) };
    if (!(await store.updateNavigationView(tx, caller.user_id, fragment, changes))) throw new NavigationViewNotFoundError();
    await notifyClients(tx, caller.realm_id, [caller.user_id], { type: 'navigation_view', op: 'update', fragment, data: changes });
  });
}

/** DELETE /navigation_views/{fragment}. */
export async function checkRemoveNavigationView(pool: pg.Pool, caller: Caller, rawFragment: string): Promise<void> {
  const fragment = nonBlank('fragment', rawFragment);
  await withTransaction(pool, async (tx) => {
    if (!(await store.deleteNavigationView(tx, caller.user_id, fragment))) throw new NavigationViewNotFoundError();
    await notifyClients(tx, caller.realm_id, [caller.user_id], { type: 'navigation_view', op: 'remove', fragment });
  });
}
