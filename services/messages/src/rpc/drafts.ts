import type { Reply } from '@parley/common/api';
import { Handler, parseJsonParam } from '@parley/common';
import type { CreateDraftsRequest__Output } from '@parley/common/generated/parley/messages/v1/CreateDraftsRequest';
import type { EditDraftRequest__Output } from '@parley/common/generated/parley/messages/v1/EditDraftRequest';
import type { DraftIdRequest__Output } from '@parley/common/generated/parley/messages/v1/DraftIdRequest';
import { checkCreateDrafts, checkDeleteDraft, checkEditDraft, listDrafts } from '../domain/drafts';

import { peersFor, type MessagesDeps } from './messages';

/** The draft RPCs; each decodes its request and calls the domain. */
export const getDrafts =
  (deps: MessagesDeps): Handler<unknown, Reply<'GET /drafts'>> =>
  async (_req, ctx) =>
    listDrafts(deps.pool, ctx.caller);

export const createDrafts =
  (deps: MessagesDeps): Handler<CreateDraftsRequest__Output, Reply<'POST /drafts'>> =>
  async (req, ctx) => ({
    ids: await checkCreateDrafts(deps.pool, peersFor(deps, ctx), parseJsonParam('drafts', req.drafts)),
  });

export const editDraft =
  (deps: MessagesDeps): Handler<EditDraftRequest__Output, Reply<'PATCH /drafts/{draft_id}'>> =>
  async (req, ctx) => {
    await checkEditDraft(deps.pool, peersFor(deps, ctx), Number(req.draft_id), parseJsonParam('draft', req.draft));
    return {};
  };

export const deleteDraft =
  (deps: MessagesDeps): Handler<DraftIdRequest__Output, Reply<'DELETE /drafts/{draft_id}'>> =>
  async (req, ctx) => {
    await checkDeleteDraft(deps.pool, ctx.caller, Number(req.draft_id));
    return {};
  };
