import { emptyTopicDisplayName, type Queryable } from '@parley/common';
import * as store from '../store/user-topics';
import type { ChannelAccess, Peers } from '../peers';
import { activeNames, mutedTopics, userTopics } from './user-topics';

/**
 * Register's topic visibility state (Zulip's fetch_initial_state_data): `user_topics` with
 * the user_topic event type, the legacy `muted_topics` with muted_topics, and the channels
 * the user muted (for unread_msgs' counts). The channels come from one ListAccess (kept
 * between requests), asked side by side with the user's rows.
 */
export async function topicVisibilityState(
  db: Queryable,
  peers: Peers,
  wants: { userTopics: boolean; mutedTopics: boolean; unreads: boolean },
  emptyTopicNameCapable: boolean,
): Promise<{ state: Record<string, unknown>; mutedChannels: Promise<ReadonlySet<number>> }> {
  const channels: Promise<readonly ChannelAccess[]> | undefined = wants.unreads || wants.userTopics || wants.mutedTopics ? peers.allChannels() : undefined;
  const mutedChannels = channels ? channels.then((list) => new Set(list.filter((c) => c.is_muted).map((c) => c.stream_id))) : Promise.resolve(new Set<number>());
  if (!wants.userTopics && !wants.mutedTopics) return { state: {}, mutedChannels };
  const [rows, list, policy] = await Promise.all([store.userTopicsOf(db, peers.caller.user_id), channels!, peers.realmPolicy()]);
  const ctx = { names: activeNames(list), emptyTopicName: emptyTopicDisplayName(policy.settings) };
  return {
    state: {
      ...(wants.userTopics && { user_topics: userTopics(rows, ctx, emptyTopicNameCapable) }),
      ...(wants.mutedTopics && { muted_topics: mutedTopics(rows, ctx) }),
    },
    mutedChannels,
  };
}
