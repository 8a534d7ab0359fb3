import type { DbServiceDeps, Handler } from '@parley/common';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import { listFolders } from '../domain/folders';
import { registerChannelState } from '../domain/read';
import { defaultChannelIds } from '../domain/update';
import { peersFor } from '../peers';
import { includeSubscribers } from './subscriptions';

/**
 * The channels service's part of POST /register: channel_folders (archived ones included, as
 * Zulip), subscriptions/unsubscribed/never_subscribed, streams, realm_default_streams and
 * realm_default_stream_groups. Archived channels only for clients declaring archived_channels.
 */
export const getRegisterState =
  (deps: DbServiceDeps): Handler<RegisterStateRequest__Output> =>
  async (req, ctx) => {
    const wanted = req.fetch_event_types === undefined ? null : (JSON.parse(req.fetch_event_types) as string[]);
    const wants = (type: string) => wanted === null || wanted.includes(type);
    const capabilities = JSON.parse(req.client_capabilities || '{}') as Record<string, boolean>;
    const includeArchived = capabilities.archived_channels === true;
    const peers = peersFor(deps, ctx);
    const opts = { includeSubscribers: includeSubscribers(req.include_subscribers), includeArchived };
    const viewed = wants('subscription') || wants('stream');
    // Independent reads, at once: the folders, and the channels with the caller's view of them
    // (which give the default channels too), or the default channels alone.
    const [folders, s, defaults] = await Promise.all([
      wants('channel_folder') ? listFolders(deps.pool, ctx.caller.realm_id, true) : undefined,
      viewed ? registerChannelState(deps.pool, peers, ctx.caller, opts) : undefined,
      !viewed && wants('default_streams') ? defaultChannelIds(deps.pool, ctx.caller.realm_id) : undefined,
    ]);
    const state: Record<string, unknown> = {};
    if (folders) state.channel_folders = folders;
    if (s && wants('subscription')) Object.assign(state, { subscriptions: s.subscribed, unsubscribed: s.unsubscribed, never_subscribed: s.never });
    if (s && wants('stream')) state.streams = s.streams;
    if (wants('default_streams')) state.realm_default_streams = s?.defaultChannelIds ?? defaults;
    if (wants('default_stream_groups')) state.realm_default_stream_groups = [];
    return state;
  };
