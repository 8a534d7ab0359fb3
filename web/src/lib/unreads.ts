// Unread counts by place, computed from the store's unread map (muted topics and channels
// count apart, as Zulip shows them dimmed).
import { topicKey, type State } from '../store/store';
import { VisibilityPolicy } from '../store/types';

export interface Counts {
  byChannel: Map<number, number>;
  byTopic: Map<string, number>;
  byDm: Map<string, number>;
  dms: number;
  mentions: number;
}

let cached: { state: State; version: number; counts: Counts } | undefined;

/** The counts, computed once per change of the unread messages (the store's `unreadVersion`), not on every render. */
export function unreadCounts(s: State): Counts {
  if (cached?.state === s && cached.version === s.unreadVersion) return cached.counts;
  const counts = countUnread(s);
  cached = { state: s, version: s.unreadVersion, counts };
  return counts;
}

function countUnread(s: State): Counts {
  const byChannel = new Map<number, number>();
  const byTopic = new Map<string, number>();
  const byDm = new Map<string, number>();
  let dms = 0;
  for (const [, place] of s.unread) {
    if (place.kind === 'dm') {
      byDm.set(place.key, (byDm.get(place.key) ?? 0) + 1);
      dms++;
      continue;
    }
    const key = topicKey(place.stream_id, place.topic);
    byTopic.set(key, (byTopic.get(key) ?? 0) + 1);
    if (s.userTopics.get(key) !== VisibilityPolicy.MUTED) byChannel.set(place.stream_id, (byChannel.get(place.stream_id) ?? 0) + 1);
  }
  return { byChannel, byTopic, byDm, dms, mentions: s.mentions.size };
}

/** A direct conversation's display name: the other members' names (yourself for a note to self). */
export function dmName(s: State, key: string): string {
  const ids = key.split(',').map(Number);
  const others = ids.filter((id) => id !== s.me.user_id);
  return (others.length ? others : [s.me.user_id]).map((id) => s.users.get(id)?.full_name ?? `User ${id}`).join(', ');
}

export const otherMembers = (s: State, key: string): number[] => {
  const ids = key.split(',').map(Number);
  const others = ids.filter((id) => id !== s.me.user_id);
  return others.length ? others : [s.me.user_id];
};
