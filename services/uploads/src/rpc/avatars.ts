import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import { deleteUploadedAvatar } from '../domain/avatars';
import type { UploadsRpcDeps } from './attachments';

/** DELETE /users/me/avatar: Zulip's delete_avatar_backend; POST streams over the HTTP server (http/avatars.ts). */
export const deleteAvatar =
  (deps: UploadsRpcDeps): Handler<unknown, Reply<'DELETE /users/me/avatar'>> =>
  async (_req, ctx) => ({ avatar_url: await deleteUploadedAvatar(deps, ctx.caller) });
