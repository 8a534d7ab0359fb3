import { useEffect, useRef, useState } from 'react';
import { client, ok } from '../api/client';
import { channelNarrow, conversationOf, dmKey, dmNarrow, narrowHash, type Conversation, type Place } from '../lib/narrow';
import { attempt } from '../lib/toasts';
import { dmName, otherMembers, unreadCounts } from '../lib/unreads';
import { useStore } from '../lib/use-store';
import { topicKey } from '../store/store';
import { ensureTopics } from '../store/feeds';
import { VisibilityPolicy, type Subscription } from '../store/types';
import { byName } from '../lib/collate';

const VIEWS: [string, string, string][] = [
  ['#inbox', 'Inbox', 'inbox'],
  ['#recent', 'Recent conversations', 'recent'],
  ['#feed', 'Combined feed', 'feed'],
  ['#narrow/is/mentioned', 'Mentions', 'mentioned'],
  ['#narrow/is/starred', 'Starred messages', 'starred'],
  ['#drafts', 'Drafts', 'drafts'],
  ['#scheduled', 'Scheduled messages', 'scheduled'],
];

/** How many of the open channel's topics the sidebar lists before "More topics". */
const TOPICS_SHOWN = 12;

type TopicsListener = (streamId: number) => boolean;
const topicsListeners = new Set<TopicsListener>();
/** `y`: all of a channel's topics in the sidebar, the focus on the first; false when the channel is not listed there. */
export function showChannelTopics(streamId: number): boolean {
  return [...topicsListeners].some((listener) => listener(streamId));
}

export function Sidebar({ place }: { place: Place }) {
  const s = useStore();
  const [filter, setFilter] = useState('');
  const counts = unreadCounts(s);
  const here: Conversation = place.view === 'feed' ? conversationOf(place.narrow) : {};
  const subs = [...s.subscriptions.values()]
    .filter((c) => !c.is_archived && c.name.toLowerCase().includes(filter.trim().toLowerCase()))
    .sort((a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || byName(a.name, b.name));
  const current = place.view === 'feed' ? narrowHash(place.narrow) : `#${place.view}`;
  const dms = [...s.recentDms.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  const viewCount = (key: string) => (key === 'mentioned' ? counts.mentions : key === 'drafts' ? s.drafts.size : key === 'scheduled' ? s.scheduled.size : key === 'inbox' ? s.unread.size : 0);

  return (
    <nav className="sidebar left" aria-label="Channels and views">
      <ul className="views">
        {VIEWS.map(([href, label, key]) => (
          <li key={href}>
            <a href={href} aria-current={current === href ? 'page' : undefined}>
              <span>{label}</span>
              {viewCount(key) > 0 && <span className="count">{viewCount(key)}</span>}
            </a>
          </li>
        ))}
      </ul>
      <h2 className="sidebar-heading">
        <span>Channels</span>
        <a href="#channels/all" className="small">
          Browse
        </a>
      </h2>
      {/* Zulip's channel filter (its shortcut is q). */}
      <input id="channel-filter" type="search" aria-label="Filter channels" placeholder="Filter channels" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <ul className="channels">
        {subs.map((sub) => (
          <ChannelRow key={sub.stream_id} sub={sub} unread={counts.byChannel.get(sub.stream_id) ?? 0} open={here.streamId === sub.stream_id} topic={here.topic} topicCounts={counts.byTopic} />
        ))}
        {subs.length === 0 && <li className="empty">{filter ? 'No channel matches.' : 'You are not subscribed to any channel yet.'}</li>}
      </ul>
      <h2 className="sidebar-heading">
        <span>Direct messages</span>
        <a href="#narrow/is/dm" className="small">
          All
        </a>
      </h2>
      <ul className="dms">
        {dms.map(([key]) => {
          const unread = counts.byDm.get(key) ?? 0;
          const href = narrowHash(dmNarrow(otherMembers(s, key)));
          const open = here.dmIds !== undefined && dmKey(here.dmIds, s.me.user_id) === key;
          return (
            <li key={key}>
              <a href={href} aria-current={open ? 'page' : undefined} className={unread ? 'unread' : undefined}>
                <span className="name">{dmName(s, key)}</span>
                {unread > 0 && <span className="count">{unread}</span>}
              </a>
            </li>
          );
        })}
        {dms.length === 0 && <li className="empty">No direct messages yet.</li>}
      </ul>
    </nav>
  );
}

function ChannelRow({ sub, unread, open, topic, topicCounts }: { sub: Subscription; unread: number; open: boolean; topic?: string; topicCounts: Map<string, number> }) {
  const s = useStore();
  const [menu, setMenu] = useState(false);
  const topics = s.topics.get(sub.stream_id);
  const [allTopics, setAllTopics] = useState(false);
  const [focusTopics, setFocusTopics] = useState(false);
  const topicList = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const listener: TopicsListener = (id) => {
      if (id !== sub.stream_id) return false;
      setAllTopics(true);
      setFocusTopics(true);
      return true;
    };
    topicsListeners.add(listener);
    return () => void topicsListeners.delete(listener);
  }, [sub.stream_id]);
  // Once the topics are on screen (they may still be loading), the first takes the focus.
  useEffect(() => {
    const first = topicList.current?.querySelector('a');
    if (!focusTopics || !first) return;
    first.focus();
    setFocusTopics(false);
  }, [focusTopics, topics]);
  useEffect(() => {
    if (open && !topics) void attempt(() => ensureTopics(sub.stream_id));
  }, [open, topics, sub.stream_id]);

  async function setProperty(property: string, value: unknown) {
    setMenu(false);
    await attempt(() => ok(client.POST('/users/me/subscriptions/properties', { body: { subscription_data: [{ stream_id: sub.stream_id, property, value }] } })));
  }

  return (
    <li className={`channel ${sub.is_muted ? 'muted' : ''}`}>
      <div className="row">
        <span className="swatch" style={{ background: sub.color }} aria-hidden="true" />
        <a href={narrowHash(channelNarrow(sub.stream_id, sub.name))} aria-current={open && topic === undefined ? 'page' : undefined} className={unread ? 'unread' : undefined}>
          <span className="name">
            {sub.invite_only ? '🔒 ' : '# '}
            {sub.name}
          </span>
          {unread > 0 && <span className="count">{unread}</span>}
        </a>
        <button className="icon-button menu-button" aria-label={`Options for ${sub.name}`} aria-expanded={menu} onClick={() => setMenu(!menu)}>
          ⋮
        </button>
      </div>
      {menu && (
        <div className="popover" role="menu" aria-label={`${sub.name} options`}>
          <button role="menuitem" onClick={() => void setProperty('is_muted', !sub.is_muted)}>
            {sub.is_muted ? 'Unmute channel' : 'Mute channel'}
          </button>
          <button role="menuitem" onClick={() => void setProperty('pin_to_top', !sub.pin_to_top)}>
            {sub.pin_to_top ? 'Unpin from top' : 'Pin to top'}
          </button>
          <button role="menuitem" onClick={() => void setProperty('desktop_notifications', !(sub.desktop_notifications ?? s.settings.enable_stream_desktop_notifications))}>
            {(sub.desktop_notifications ?? s.settings.enable_stream_desktop_notifications) ? 'Turn off desktop notifications' : 'Turn on desktop notifications'}
          </button>
          <label className="menu-color">
            Colour <input type="color" value={sub.color} onChange={(e) => void setProperty('color', e.target.value)} />
          </label>
          <button
            role="menuitem"
            onClick={() => {
              setMenu(false);
              void attempt(() => ok(client.DELETE('/users/me/subscriptions', { params: { query: { subscriptions: JSON.stringify([sub.name]) } } })));
            }}
          >
            Unsubscribe
          </button>
        </div>
      )}
      {open && topics && (
        <ul className="topics" ref={topicList} aria-label={`Topics of ${sub.name}`}>
          {(allTopics ? topics : topics.slice(0, TOPICS_SHOWN)).map((t) => {
            const key = topicKey(sub.stream_id, t.name);
            const policy = s.userTopics.get(key);
            const count = topicCounts.get(key) ?? 0;
            return (
              <li key={t.name} className={policy === VisibilityPolicy.MUTED ? 'muted' : undefined}>
                <a
                  href={narrowHash(channelNarrow(sub.stream_id, sub.name, t.name))}
                  aria-current={topic?.toLowerCase() === t.name.toLowerCase() ? 'page' : undefined}
                  className={count ? 'unread' : undefined}
                >
                  <span className="name">{t.name || <em>general chat</em>}</span>
                  {count > 0 && <span className="count">{count}</span>}
                </a>
              </li>
            );
          })}
          {topics.length > TOPICS_SHOWN && (
            <li>
              <button className="link small" aria-expanded={allTopics} onClick={() => setAllTopics(!allTopics)}>
                {allTopics ? 'Fewer topics' : `More topics (${topics.length - TOPICS_SHOWN})`}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
