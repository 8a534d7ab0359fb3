// Where the navigation keys go: `n` (`Shift+N`) the next unread (followed) topic, `p` the next
// unread direct conversation, `Shift+A`/`Shift+D` the channel before or after this one. Topics
// go in the sidebar's channel order, newest first within a channel, as Zulip's `n` goes;
// after the last, back to the first. Pure functions of the store's state.
import { byName } from './collate';
import { channelNarrow, dmKey, dmNarrow, type Conversation, type Narrow } from './narrow';
import { otherMembers } from './unreads';
import { topicKey, type State } from '../store/store';
import { VisibilityPolicy, type Subscription } from '../store/types';

/** The subscribed channels in the sidebar's order: pinned first, then by name; archived ones left out. */
export function sidebarChannels(s: State): Subscription[] {
  return [...s.subscriptions.values()].filter((c) => !c.is_archived).sort((a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || byName(a.name, b.name));
}

/** The item after `current` in `list` (the first when `current` is not in it), wrapping; never `current` itself. */
function after<T>(list: T[], same: (item: T) => boolean): T | undefined {
  const at = list.findIndex(same);
  for (let i = 1; i <= list.length; i++) {
    const item = list[(at + i) % list.length];
    if (!same(item)) return item;
  }
  return undefined;
}

interface UnreadTopic {
  streamId: number;
  topic: string;
  newest: number;
}

/** Unread topics a reader would see: not muted (nor in a muted channel, unless unmuted or followed there). */
function unreadTopics(s: State, onlyFollowed: boolean): UnreadTopic[] {
  const topics = new Map<string, UnreadTopic>();
  for (const [id, place] of s.unread) {
    if (place.kind !== 'channel') continue;
    const key = topicKey(place.stream_id, place.topic);
    const policy = s.userTopics.get(key) ?? VisibilityPolicy.INHERIT;
    const channelMuted = s.subscriptions.get(place.stream_id)?.is_muted === true;
    if (onlyFollowed ? policy !== VisibilityPolicy.FOLLOWED : policy === VisibilityPolicy.MUTED || (channelMuted && policy === VisibilityPolicy.INHERIT)) continue;
    const known = topics.get(key);
    if (!known) topics.set(key, { streamId: place.stream_id, topic: place.topic, newest: id });
    else known.newest = Math.max(known.newest, id);
  }
  const order = new Map(sidebarChannels(s).map((c, i) => [c.stream_id, i]));
  const rank = (t: UnreadTopic) => order.get(t.streamId) ?? order.size;
  return [...topics.values()].filter((t) => order.has(t.streamId)).sort((a, b) => rank(a) - rank(b) || b.newest - a.newest);
}

/** The narrow of the next unread (followed) topic after the conversation shown, if there is one. */
export function nextUnreadTopic(s: State, here: Conversation, onlyFollowed = false): Narrow | undefined {
  const isHere = (t: UnreadTopic) => t.streamId === here.streamId && here.topic !== undefined && t.topic.toLowerCase() === here.topic.toLowerCase();
  const next = after(unreadTopics(s, onlyFollowed), isHere);
  if (!next) return undefined;
  return channelNarrow(next.streamId, s.channels.get(next.streamId)?.name ?? '', next.topic);
}

/** The narrow of the next direct conversation with unread messages (newest first) after the one shown. */
export function nextUnreadDm(s: State, here: Conversation): Narrow | undefined {
  const keys = [...new Set([...s.unread.values()].flatMap((p) => (p.kind === 'dm' ? [p.key] : [])))];
  keys.sort((a, b) => (s.recentDms.get(b) ?? 0) - (s.recentDms.get(a) ?? 0));
  const hereKey = here.dmIds ? dmKey(here.dmIds, s.me.user_id) : undefined;
  const next = after(keys, (k) => k === hereKey);
  return next === undefined ? undefined : dmNarrow(otherMembers(s, next));
}

/** The channel before (-1) or after (+1) the one shown, in the sidebar's order, wrapping. */
export function adjacentChannel(s: State, here: Conversation, direction: 1 | -1): Narrow | undefined {
  const list = sidebarChannels(s);
  if (!list.length) return undefined;
  const at = list.findIndex((c) => c.stream_id === here.streamId);
  const index = at < 0 ? (direction === 1 ? 0 : list.length - 1) : (at + direction + list.length) % list.length;
  return channelNarrow(list[index].stream_id, list[index].name);
}
