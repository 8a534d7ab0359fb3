import type { DbServiceDeps, Handler } from '@parley/common';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import { listFolders } from '../domain/folders';

/** The channels service's part of POST /register: channel_folders (archived ones included, as Zulip). */
export const getRegisterState = ({ pool }: DbServiceDeps): Handler<RegisterStateRequest__Output> => async (req, ctx) => {
  const wanted: string[] | null = req.fetch_event_types === undefined ? null : JSON.parse(req.fetch_event_types);
  const state: Record<string, unknown> = {};
  if (wanted === null || wanted.includes('channel_folder')) state.channel_folders = await listFolders(pool, ctx.caller.realm_id, true);
  return state;
};
