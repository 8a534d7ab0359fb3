import type { Reply } from '@parley/common/api';
import { DbServiceDeps, Handler, parseJsonParam } from '@parley/common';
import type { CreateDraftsRequest__Output } from '@parley/common/generated/parley/messages/v1/CreateDraftsRequest';
import type { EditDraftRequest__Output } from '@parley/common/generated/parley/messages/v1/EditDraftRequest';
import type { DraftIdRequest__Output } from '@parley/common/generated/parley/messages/v1/DraftIdRequest';
import { checkCreateDrafts, checkDeleteDraft, checkEditDraft, listDrafts } from '../domain/drafts';

import { peersFor } from './messages';

/** The draft RPCs; each decodes its request and calls the domain. */
export const getDrafts =
  (deps: DbServiceDeps): Handler<unknown, Reply<'GET /drafts'>> =>
  async (_req, ctx) =>
    listDrafts(deps.pool, ctx.caller);

export const createDrafts =
  (deps: DbServiceDeps): Handler<CreateDraftsRequest__Output, Reply<'POST /drafts'>> =>
  async (req, ctx) => ({
    ids: await checkCreateDrafts(deps.pool, peersFor(deps, ctx), parseJsonParam('drafts', req.drafts)),
  });

export const editDraft =
  (deps: DbServiceDeps): Handler<EditDraftRequest__Output, Reply<'PATCH /drafts/{draft_id}'>> =>
  async (req, ctx) => {
    await checkEditDraft(deps.pool, peersFor(deps, ctx), Number(req.draft_id), parseJsonParam('draft', req.draft));
    return {};
  };

export const deleteDraft =
  (deps: DbServiceDeps): Handler<DraftIdRequest__Output, Reply<'DELETE /drafts/{draft_id}'>> =>
  async (req, ctx) => {
    await checkDeleteDraft(deps.pool, ctx.caller, Number(req.draft_id));
    return {};
  };
