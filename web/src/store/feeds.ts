// Feeds: the messages of a narrow, fetched in windows of GET /messages around an anchor and
// kept current by the message events the store applies (for narrows the client can match;
// a search narrow is refetched instead, as in Zulip's web app).
import { client, errorText, ok } from '../api/client';
import { apiNarrow, messageMatches, type Narrow } from '../lib/narrow';
import type { Message } from './types';
import { store } from './store';

/** Messages fetched either side of an anchor when a feed opens: a screenful and more, quickly. */
export const FIRST_WINDOW = 25;
/** Messages fetched as the reader scrolls past the loaded ones. */
export const WINDOW = 60;
export const feedKey = (narrow: Narrow): string => JSON.stringify(narrow.map((t) => [t.operator, t.operand, Boolean(t.negated)]));

function channelByName(name: string): number | undefined {
  for (const c of store.state!.channels.values()) if (c.name.toLowerCase() === name.toLowerCase()) return c.stream_id;
  return undefined;
}

async function fetchWindow(narrow: Narrow, anchor: string | number, before: number, after: number) {
  const answer = await ok(
    client.GET('/messages', {
      params: {
        query: {
          anchor: String(anchor),
          num_before: before,
          num_after: after,
          narrow: JSON.stringify(apiNarrow(narrow, channelByName)),
          apply_markdown: true,
          client_gravatar: false,
        },
      },
    }),
  );
  return answer as unknown as { messages: Message[]; found_oldest: boolean; found_newest: boolean; found_anchor?: boolean; anchor?: number };
}

/** Opens (or refreshes) a narrow's feed around its first unread message, or `near`. */
export async function openFeed(narrow: Narrow, near?: number): Promise<string> {
  const s = store.state!;
  const key = feedKey(narrow);
  const existing = s.feeds.get(key);
  if (existing && !near && existing.ids.length && existing.foundNewest) return key;
  s.feeds.set(key, { narrow, ids: [], foundOldest: false, foundNewest: false, loading: true });
  store.changed();
  try {
    const answer = await fetchWindow(narrow, near ?? 'first_unread', FIRST_WINDOW, FIRST_WINDOW);
    const feed = s.feeds.get(key)!;
    if (answer.anchor !== undefined && answer.anchor < 10 ** 15) feed.anchor = answer.anchor;
    store.addFetched(key, answer.messages, answer.found_oldest, answer.found_newest);
  } catch (err) {
    const feed = s.feeds.get(key);
    if (feed) {
      feed.loading = false;
      feed.error = errorText(err);
      store.changed();
    }
  }
  return key;
}

/** Older (direction -1) or newer (+1) messages of an open feed. */
export async function extendFeed(key: string, direction: -1 | 1): Promise<void> {
  const feed = store.state!.feeds.get(key);
  if (!feed || feed.loading || !feed.ids.length) return;
  if (direction < 0 ? feed.foundOldest : feed.foundNewest) return;
  feed.loading = true;
  store.changed();
  try {
    const anchor = direction < 0 ? feed.ids[0] : feed.ids[feed.ids.length - 1];
    const answer = await fetchWindow(feed.narrow, anchor, direction < 0 ? WINDOW : 0, direction > 0 ? WINDOW : 0);
    store.addFetched(key, answer.messages, direction < 0 ? answer.found_oldest : undefined, direction > 0 ? answer.found_newest : undefined);
  } catch (err) {
    feed.loading = false;
    feed.error = errorText(err);
    store.changed();
  }
}

/** New messages join the feeds they belong to, when those feeds reach the newest message. */
export function placeNewMessages(): () => void {
  return store.onMessage((m) => {
    const s = store.state!;
    for (const [key, feed] of s.feeds) {
      if (!feed.foundNewest) continue;
      const matches = messageMatches(feed.narrow, m, s.me.user_id);
      if (matches === undefined) {
        // A search: the server decides; mark the feed as not current so it refetches on view.
        feed.foundNewest = false;
        continue;
      }
      if (matches && !feed.ids.includes(m.id)) s.feeds.set(key, { ...feed, ids: [...feed.ids, m.id] });
    }
  });
}

/** Moved messages: feeds are refetched when next shown (the move may add or remove messages). */
export function forgetMovedFeeds(): () => void {
  return store.onMoved(() => {
    const s = store.state!;
    for (const [key, feed] of s.feeds) if (feed.narrow.some((t) => t.operator === 'topic' || t.operator === 'channel' || t.operator === 'search')) s.feeds.delete(key);
  });
}

/** Resolves once no feed is loading: secondary fetches wait, so a feed's first window comes first. */
function afterFeedsLoad(): Promise<void> {
  const loading = () => [...store.state!.feeds.values()].some((f) => f.loading);
  if (!loading()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (loading()) return;
      stop();
      resolve();
    });
  });
}

const topicLoads = new Map<number, Promise<void>>();
/**
 * A channel's topics (GET /users/me/{stream_id}/topics), once, after the feeds being opened
 * have their messages: the sidebar and the compose box's topic suggestions share one request.
 */
export function ensureTopics(streamId: number): Promise<void> {
  if (store.state!.topics.has(streamId)) return Promise.resolve();
  let load = topicLoads.get(streamId);
  if (!load) {
    load = afterFeedsLoad()
      .then(() => ok(client.GET('/users/me/{stream_id}/topics', { params: { path: { stream_id: streamId } } })))
      .then((answer) => store.setTopics(streamId, (answer as unknown as { topics: { name: string; max_id: number }[] }).topics))
      .finally(() => topicLoads.delete(streamId));
    topicLoads.set(streamId, load);
  }
  return load;
}
