import type { Reply } from '@parley/common/api';
import type { DbServiceDeps, Handler } from '@parley/common';
import type { CreateSavedSnippetRequest__Output } from '@parley/common/generated/parley/messages/v1/CreateSavedSnippetRequest';
import type { UpdateSavedSnippetRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateSavedSnippetRequest';
import type { SavedSnippetIdRequest__Output } from '@parley/common/generated/parley/messages/v1/SavedSnippetIdRequest';
import { checkCreateSnippet, checkDeleteSnippet, checkUpdateSnippet, listSnippets } from '../domain/snippets';

/** The saved-snippet RPCs; each one line over the domain. */
export const getSavedSnippets =
  (deps: DbServiceDeps): Handler<unknown, Reply<'GET /saved_snippets'>> =>
  async (_req, ctx) => ({ saved_snippets: await listSnippets(deps.pool, ctx.caller) });

export const createSavedSnippet =
  (deps: DbServiceDeps): Handler<CreateSavedSnippetRequest__Output, Reply<'POST /saved_snippets'>> =>
  async (req, ctx) => ({
    saved_snippet_id: await checkCreateSnippet(deps.pool, ctx.caller, req.title, req.content),
  });

export const updateSavedSnippet =
  (deps: DbServiceDeps): Handler<UpdateSavedSnippetRequest__Output, Reply<'PATCH /saved_snippets/{saved_snippet_id}'>> =>
  async (req, ctx) => {
    await checkUpdateSnippet(deps.pool, ctx.caller, Number(req.saved_snippet_id), { title: req.title, content: req.content });
    return {};
  };

export const deleteSavedSnippet =
  (deps: DbServiceDeps): Handler<SavedSnippetIdRequest__Output, Reply<'DELETE /saved_snippets/{saved_snippet_id}'>> =>
  async (req, ctx) => {
    await checkDeleteSnippet(deps.pool, ctx.caller, Number(req.saved_snippet_id));
    return {};
  };
