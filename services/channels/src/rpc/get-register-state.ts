import type { DbServiceDeps, Handler } from '@parley/common';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import { listFolders } from '../domain/folders';
import { listChannels, subscriptionState } from '../domain/read';
import { defaultChannelIds } from '../domain/update';
import { directoryFor } from './directory';
import { includeSubscribers } from './subscriptions';

/**
 * The channels service's part of POST /register: channel_folders (archived ones included, as
 * Zulip), subscriptions/unsubscribed/never_subscribed, streams, realm_default_streams and
 * realm_default_stream_groups. Archived channels only for clients declaring archived_channels.
 */
export const getRegisterState = (deps: DbServiceDeps): Handler<RegisterStateRequest__Output> => async (req, ctx) => {
  const wanted: string[] | null = req.fetch_event_types === undefined ? null : JSON.parse(req.fetch_event_types);
  const wants = (type: string) => wanted === null || wanted.includes(type);
  const capabilities = JSON.parse(req.client_capabilities || '{}') as Record<string, boolean>;
  const includeArchived = capabilities.archived_channels === true;
  const dir = directoryFor(deps, ctx);
  const state: Record<string, unknown> = {};
  if (wants('channel_folder')) state.channel_folders = await listFolders(deps.pool, ctx.caller.realm_id, true);
  if (wants('subscription')) {
    const s = await subscriptionState(deps.pool, dir, ctx.caller, { includeSubscribers: includeSubscribers(req.include_subscribers), includeArchived });
    Object.assign(state, { subscriptions: s.subscribed, unsubscribed: s.unsubscribed, never_subscribed: s.never });
  }
  if (wants('stream')) state.streams = await listChannels(deps.pool, dir, ctx.caller, { include_all: true, exclude_archived: !includeArchived });
  if (wants('default_streams')) state.realm_default_streams = await defaultChannelIds(deps.pool, ctx.caller.realm_id);
  if (wants('default_stream_groups')) state.realm_default_stream_groups = [];
  return state;
};
