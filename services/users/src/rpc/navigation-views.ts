import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { AddNavigationViewRequest__Output } from '@parley/common/generated/parley/users/v1/AddNavigationViewRequest';
import type { UpdateNavigationViewRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateNavigationViewRequest';
import type { RemoveNavigationViewRequest__Output } from '@parley/common/generated/parley/users/v1/RemoveNavigationViewRequest';
import type { UsersDeps } from '../deps';
import { checkAddNavigationView, checkRemoveNavigationView, checkUpdateNavigationView, listNavigationViews } from '../domain/navigation-views';

export const getNavigationViews =
  (deps: UsersDeps): Handler<object, Reply<'GET /navigation_views'>> =>
  async (_req, ctx) => ({
    navigation_views: await listNavigationViews(deps.pool, ctx.caller),
  });

export const addNavigationView =
  (deps: UsersDeps): Handler<AddNavigationViewRequest__Output, Reply<'POST /navigation_views'>> =>
  async (req, ctx) => {
    await checkAddNavigationView(deps.pool, ctx.caller, { fragment: req.fragment, is_pinned: req.is_pinned, name: req.name });
    return {};
  };

export const updateNavigationView =
  (deps: UsersDeps): Handler<UpdateNavigationViewRequest__Output, Reply<'PATCH /navigation_views/{fragment}'>> =>
  async (req, ctx) => {
    await checkUpdateNavigationView(deps.pool, ctx.caller, req.fragment, { is_pinned: req.is_pinned, name: req.name });
    return {};
  };

export const removeNavigationView =
  (deps: UsersDeps): Handler<RemoveNavigationViewRequest__Output, Reply<'DELETE /navigation_views/{fragment}'>> =>
  async (req, ctx) => {
    await checkRemoveNavigationView(deps.pool, ctx.caller, req.fragment);
    return {};
  };
