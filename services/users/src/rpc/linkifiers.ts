import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { listLinkifiers, checkAddLinkifier, checkUpdateLinkifier, checkRemoveLinkifier, checkReorderLinkifiers, parseLinkifierIds } from '../domain/linkifiers';

/** GET /realm/linkifiers (parley.common.v1.Empty). */
export const getLinkifiers =
  (deps: UsersDeps): Handler<object, Reply<'GET /realm/linkifiers'>> =>
  async (_req, ctx) => ({
    linkifiers: await listLinkifiers(deps.pool, ctx.caller),
  });

/** parley.users.v1.AddLinkifierRequest (POST /realm/filters). */
export interface AddLinkifierRequest {
  pattern: string;
  url_template: string;
}

export const addLinkifier =
  (deps: UsersDeps): Handler<AddLinkifierRequest, Reply<'POST /realm/filters'>> =>
  async (req, ctx) => ({
    id: await checkAddLinkifier(deps.pool, ctx.caller, { pattern: req.pattern, url_template: req.url_template }, deps.config.maxLinkifiersPerRealm),
  });

/** parley.users.v1.UpdateLinkifierRequest (PATCH /realm/filters/{filter_id}). */
export interface UpdateLinkifierRequest {
  filter_id: number;
  pattern: string;
  url_template: string;
}

export const updateLinkifier =
  (deps: UsersDeps): Handler<UpdateLinkifierRequest, Reply<'PATCH /realm/filters/{filter_id}'>> =>
  async (req, ctx) => {
    await checkUpdateLinkifier(deps.pool, ctx.caller, req.filter_id, { pattern: req.pattern, url_template: req.url_template });
    return {};
  };

/** parley.users.v1.RemoveLinkifierRequest (DELETE /realm/filters/{filter_id}). */
export interface RemoveLinkifierRequest {
  filter_id: number;
}

export const removeLinkifier =
  (deps: UsersDeps): Handler<RemoveLinkifierRequest, Reply<'DELETE /realm/filters/{filter_id}'>> =>
  async (req, ctx) => {
    await checkRemoveLinkifier(deps.pool, ctx.caller, req.filter_id);
    return {};
  };

/** parley.users.v1.ReorderLinkifiersRequest (PATCH /realm/linkifiers). */
export interface ReorderLinkifiersRequest {
  /** JSON list of linkifier IDs. */
  ordered_linkifier_ids: string;
}

export const reorderLinkifiers =
  (deps: UsersDeps): Handler<ReorderLinkifiersRequest, Reply<'PATCH /realm/linkifiers'>> =>
  async (req, ctx) => {
    await checkReorderLinkifiers(deps.pool, ctx.caller, parseLinkifierIds(req.ordered_linkifier_ids));
    return {};
  };
