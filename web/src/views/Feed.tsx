// A narrow's feed: its messages, oldest first, grouped by recipient and sender with date
// dividers; older and newer windows load as the reader scrolls either way; messages become
// read as they are seen, as `web_mark_read_on_scroll_policy` says. The compose box below
// sends to the narrow's conversation. One message is selected (Zulip's outlined "current
// message", lib/selection.ts): the keyboard's `j`/`k` move it, a click picks it, and the
// message shortcuts act on it (views/shortcuts.ts routes them here).
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { channelNameOf, channelNarrow, conversationOf, dmKey, dmNarrow, messageDmKey, narrowHash, narrowText, type Narrow } from '../lib/narrow';
import { dayLabel, dayOf, fullTime, mediumDateTime, timeOfDay } from '../lib/format';
import { useStore } from '../lib/use-store';
import { extendFeed, feedKey, openFeed } from '../store/feeds';
import { store, topicKey, typingKeyForChannel, typingKeyForDm, type State } from '../store/store';
import { VisibilityPolicy, type Message } from '../store/types';
import { markRead } from './App';
import { useFeedShortcuts } from './shortcuts';
import { useSelection } from '../lib/selection';
import type { Action } from '../lib/hotkeys';
import { useMessageCommands } from '../lib/message-commands';
import { runOnMessage, toggleCollapsed } from './message-shortcuts';
import { Compose } from './Compose';
import { MessageActions, Reactions } from './MessageActions';
import { imageOfLink, openImage } from '../lib/lightbox';
import { UserCard } from './UserCard';
import { Widget, widgetOf } from './Widgets';
import { SubmitCancel } from './Form';
import { glyphOf } from '../lib/emoji';
import { attempt } from '../lib/toasts';
import { client, ok } from '../api/client';

function title(s: State, narrow: Narrow): string {
  if (!narrow.length) return 'Combined feed';
  const { channel, streamId, topic, dmIds } = conversationOf(narrow);
  if (channel !== undefined && (narrow.length === 1 || (narrow.length === 2 && topic !== undefined))) {
    const name = s.channels.get(streamId ?? 0)?.name ?? channel;
    return topic !== undefined ? `#${name} > ${topic}` : `#${name}`;
  }
  if (dmIds && narrow.length === 1) return `Direct messages with ${dmIds.map((id) => s.users.get(id)?.full_name ?? id).join(', ')}`;
  if (narrow.length === 1 && narrow[0].operator === 'is')
    return ({ starred: 'Starred messages', mentioned: 'Mentions', dm: 'Direct messages' } as Record<string, string>)[narrow[0].operand] ?? `is:${narrow[0].operand}`;
  return `Search: ${narrowText(
    narrow,
    (id) => s.channels.get(id)?.name,
    (id) => s.users.get(id)?.email,
  )}`;
}

/** Whether the narrow is a conversation view (for web_mark_read_on_scroll_policy 2). */
const isConversation = (narrow: Narrow) => narrow.some((t) => t.operator === 'channel' || t.operator === 'dm') && !narrow.some((t) => t.operator === 'search');

export function FeedView({ narrow, near }: { narrow: Narrow; near?: number }) {
  const s = useStore();
  const key = feedKey(narrow);
  const feed = s.feeds.get(key);
  const scroller = useRef<HTMLDivElement>(null);
  /** Whether the view has scrolled to its anchor yet (the view is keyed by its narrow, so once per narrow). */
  const jumped = useRef(false);

  // Open the feed (around `near` when a link names a message, even if the narrow's feed is
  // loaded); one dropped since (moved messages) or made stale (a search) is fetched again.
  const opened = useRef(false);
  useEffect(() => {
    const aroundNear = !opened.current && near !== undefined;
    opened.current = true;
    if (aroundNear || !store.state!.feeds.has(key)) void openFeed(narrow, near);
  });

  // A topic moved or renamed as a whole (resolving it, say): the view follows it, as Zulip's does.
  useEffect(
    () =>
      store.onMoved((move) => {
        const { channel, streamId, topic } = conversationOf(narrow);
        if (!move.whole || channel === undefined || topic === undefined || narrow.length !== 2) return;
        if (streamId !== move.from.stream_id || topic.toLowerCase() !== move.from.topic.toLowerCase()) return;
        const name = store.state!.channels.get(move.to.stream_id)?.name ?? '';
        location.replace(narrowHash(channelNarrow(move.to.stream_id, name, move.to.topic)));
      }),
    [narrow],
  );

  // Computed each render (a few hundred rows at most): the rows themselves are memoized.
  const messages = (feed?.ids ?? []).map((id) => s.messages.get(id)).filter((m): m is Message => m !== undefined);

  // Scrolling. When the feed opens: to its anchor (the first unread message, or `near`), else
  // to the bottom. When older messages arrive above: the same distance from the bottom as
  // before, so what the reader sees stays put. When new ones arrive below: follow them if the
  // reader was at the bottom. Older (newer) messages load when the reader nears the top (bottom).
  const restore = useRef<{ fromBottom: number } | undefined>(undefined);
  const atBottom = useRef(false);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !feed || feed.loading || jumped.current || !messages.length) return;
    const target = near ?? feed.anchor;
    const row = target !== undefined ? el.querySelector(`[data-message-id="${target}"]`) : null;
    if (row) row.scrollIntoView({ block: 'center' });
    else el.scrollTop = el.scrollHeight;
    atBottom.current = !row;
    jumped.current = true;
  });
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    const wanted = restore.current;
    if (!el || !wanted) return;
    el.scrollTop = el.scrollHeight - wanted.fromBottom;
    restore.current = undefined;
  }, [firstId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current && jumped.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);
  // A feed shorter than its window cannot scroll: it loads older messages until it fills it.
  useEffect(() => {
    const el = scroller.current;
    if (el && feed && jumped.current && !feed.loading && !feed.foundOldest && el.scrollHeight <= el.clientHeight) void extendFeed(key, -1);
  });

  /** Older messages above, keeping what the reader sees in place. */
  function loadOlder() {
    const el = scroller.current;
    if (!el) return;
    restore.current = { fromBottom: el.scrollHeight - el.scrollTop };
    void extendFeed(key, -1);
  }

  function onScroll() {
    const el = scroller.current;
    if (!el || !feed) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (!jumped.current || feed.loading) return;
    if (el.scrollTop < 300 && !feed.foundOldest) loadOlder();
    else if (el.scrollHeight - el.scrollTop - el.clientHeight < 300 && !feed.foundNewest) void extendFeed(key, 1);
  }

  // Read on scroll: rows seen (half visible) become read, per the user's policy.
  useEffect(() => {
    const el = scroller.current;
    const policy = s.settings.web_mark_read_on_scroll_policy ?? 1;
    if (!el || policy === 3 || (policy === 2 && !isConversation(narrow))) return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!document.hasFocus() && document.visibilityState !== 'visible') return;
        markRead(entries.filter((e) => e.isIntersecting).map((e) => Number((e.target as HTMLElement).dataset.messageId)));
      },
      { root: el, threshold: 0.5 },
    );
    el.querySelectorAll('[data-message-id]').forEach((row) => {
      if (store.state!.unread.has(Number((row as HTMLElement).dataset.messageId))) seen.observe(row);
    });
    return () => seen.disconnect();
  }, [feed?.ids, s.unread.size, s.settings.web_mark_read_on_scroll_policy, narrow]);

  const ids = messages.map((m) => m.id);
  const selection = useSelection(ids, near ?? feed?.anchor, scroller);

  // The feed's shortcuts: moving the selection, paging, and the selected message's actions.
  useFeedShortcuts((action: Action) => {
    if (action === 'page-down' || action === 'page-up') {
      scroller.current?.scrollBy({ top: (action === 'page-down' ? 0.8 : -0.8) * (scroller.current?.clientHeight ?? 0) });
      return true;
    }
    if (action === 'next' || action === 'previous' || action === 'first' || action === 'last') {
      selection.move(action);
      // At either end of what is loaded, load more, as scrolling there would.
      if (feed && !feed.loading && selection.id === ids[0] && (action === 'previous' || action === 'first') && !feed.foundOldest) loadOlder();
      if (feed && !feed.loading && selection.id === ids[ids.length - 1] && (action === 'next' || action === 'last') && !feed.foundNewest) void extendFeed(key, 1);
      return true;
    }
    const selected = selection.id === undefined ? undefined : s.messages.get(selection.id);
    return selected !== undefined && runOnMessage(action, selected, narrow, ids);
  });

  const firstUnread = messages.find((m) => s.unread.has(m.id));
  const typingKey = composeTypingKey(s, narrow);
  const typers = typingKey ? [...(s.typing.get(typingKey)?.keys() ?? [])] : [];

  return (
    <section className="feed" aria-labelledby="feed-title">
      <div className="feed-header">
        <h1 id="feed-title">{title(s, narrow)}</h1>
        <TopicTools narrow={narrow} />
        {firstUnread && (
          <button className="small" onClick={() => scroller.current?.querySelector(`[data-message-id="${firstUnread.id}"]`)?.scrollIntoView({ block: 'center' })}>
            Jump to first unread
          </button>
        )}
      </div>
      {/* A click on a message selects it (its links and buttons still do their own thing); the keyboard's way is j and k. */}
      <div
        className="messages"
        ref={scroller}
        onScroll={onScroll}
        onClick={(e) => selection.select(Number((e.target as HTMLElement).closest<HTMLElement>('[data-message-id]')?.dataset.messageId) || undefined)}
        tabIndex={0}
        aria-label="Messages"
        role="log"
        aria-busy={feed?.loading}
      >
        {feed?.foundOldest && messages.length > 0 && <p className="feed-edge">This is the beginning of the conversation.</p>}
        {feed?.loading && <p className="feed-edge">Loading…</p>}
        {feed?.error && (
          <p role="alert" className="error">
            {feed.error}
          </p>
        )}
        {feed && !feed.loading && !feed.error && messages.length === 0 && <p className="feed-edge empty">No messages here yet.</p>}
        <MessageGroups messages={messages} selected={selection.id} />
      </div>
      <p className="typing" aria-live="polite">
        {typers.length > 0 && `${typers.map((id) => s.users.get(id)?.full_name ?? 'Someone').join(', ')} ${typers.length > 1 ? 'are' : 'is'} typing…`}
      </p>
      <Compose key={key} narrow={narrow} />
    </section>
  );
}

function composeTypingKey(s: State, narrow: Narrow): string | undefined {
  const { channel, streamId, topic, dmIds } = conversationOf(narrow);
  if (channel !== undefined && topic !== undefined) return typingKeyForChannel(streamId ?? 0, topic);
  if (dmIds) return typingKeyForDm(dmKey(dmIds, s.me.user_id));
  return undefined;
}

/** Messages with a recipient bar where the conversation changes and a date divider where the day does. */
function MessageGroups({ messages, selected }: { messages: Message[]; selected: number | undefined }) {
  const s = useStore();
  const out: React.ReactNode[] = [];
  let prev: Message | undefined;
  for (const m of messages) {
    const newDay = !prev || dayOf(prev.timestamp) !== dayOf(m.timestamp);
    const newPlace = !prev || conversationKeyOf(prev, s.me.user_id) !== conversationKeyOf(m, s.me.user_id);
    if (newDay)
      out.push(
        <div key={`day-${m.id}`} className="date-divider" role="separator">
          <span>{dayLabel(m.timestamp)}</span>
        </div>,
      );
    if (newPlace || newDay) out.push(<RecipientBar key={`bar-${m.id}`} message={m} />);
    const grouped = !newPlace && !newDay && prev!.sender_id === m.sender_id && m.timestamp - prev!.timestamp < 600;
    out.push(
      <MessageRow
        key={m.id}
        message={m}
        grouped={grouped}
        unread={s.unread.has(m.id)}
        selected={m.id === selected}
        mutedSender={s.mutedUsers.has(m.sender_id)}
        twentyFour={s.settings.twenty_four_hour_time}
      />,
    );
    prev = m;
  }
  return <>{out}</>;
}

const conversationKeyOf = (m: Message, me: number) => (m.type === 'stream' ? `c${m.stream_id}\0${m.subject.toLowerCase()}` : `d${messageDmKey(m, me)}`);

function RecipientBar({ message: m }: { message: Message }) {
  const s = useStore();
  if (m.type === 'stream') {
    const channel = s.channels.get(m.stream_id!);
    const name = channel?.name ?? channelNameOf(m);
    const policy = s.userTopics.get(topicKey(m.stream_id!, m.subject));
    return (
      <div className="recipient-bar" style={{ borderColor: s.subscriptions.get(m.stream_id!)?.color }}>
        <a href={narrowHash(channelNarrow(m.stream_id!, name))}>#{name}</a>
        <span aria-hidden="true">›</span>
        <a href={narrowHash(channelNarrow(m.stream_id!, name, m.subject))} className={policy === VisibilityPolicy.MUTED ? 'muted' : undefined}>
          {m.subject || <em>general chat</em>}
        </a>
      </div>
    );
  }
  const others = (Array.isArray(m.display_recipient) ? m.display_recipient : []).filter((r) => r.id !== s.me.user_id);
  return (
    <div className="recipient-bar dm">
      <a href={narrowHash(dmNarrow(others.length ? others.map((r) => r.id) : [s.me.user_id]))}>You and {others.length ? others.map((r) => r.full_name).join(', ') : 'yourself'}</a>
    </div>
  );
}

function avatarOf(s: State, m: Message): string | undefined {
  return s.users.get(m.sender_id)?.avatar_url ?? m.avatar_url ?? undefined;
}

interface RowProps {
  message: Message;
  grouped: boolean;
  unread: boolean;
  selected: boolean;
  mutedSender: boolean;
  twentyFour: boolean;
}

/**
 * One message. A muted sender's message keeps its place, as in Zulip's web app, but shows
 * "Muted user" and hides its text until the reader reveals it. A collapsed one (the
 * `collapsed` flag: `-` or its menu) shows its sender and time, and a button to expand it.
 */
const MessageRow = memo(function MessageRow({ message: m, grouped, unread, selected, mutedSender, twentyFour }: RowProps) {
  const s = store.state!;
  const [editing, setEditing] = useState(false);
  const [card, setCard] = useState(false);
  useMessageCommands(m.id, (command) => (command === 'edit' ? setEditing(true) : command === 'card' && setCard(true)));
  const [revealed, setRevealed] = useState(false);
  const hidden = mutedSender && !revealed;
  const collapsed = m.flags.includes('collapsed');
  const sender = s.users.get(m.sender_id);
  const edited = m.last_edit_timestamp ? 'EDITED' : m.last_moved_timestamp ? 'MOVED' : undefined;
  const widget = widgetOf(m);
  const avatar = hidden ? undefined : avatarOf(s, m);
  const senderName = hidden ? 'Muted user' : m.sender_full_name;
  return (
    <article
      className={`message ${grouped ? 'grouped' : ''} ${unread ? 'unread' : ''} ${selected ? 'selected' : ''} ${m.flags.includes('mentioned') ? 'mentioned' : ''}`}
      data-message-id={m.id}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${senderName}, ${fullTime(m.timestamp, twentyFour)}`}
    >
      {!grouped && (avatar ? <img className="avatar" src={avatar} alt="" width={36} height={36} loading="lazy" onClick={() => setCard(true)} /> : <span className="avatar" aria-hidden="true" />)}
      <div className="body">
        {!grouped && (
          <div className="meta">
            <button className="sender" aria-haspopup="dialog" aria-expanded={card} onClick={() => setCard(!card)}>
              {senderName}
            </button>
            <time dateTime={new Date(m.timestamp * 1000).toISOString()} title={fullTime(m.timestamp, twentyFour)}>
              {timeOfDay(m.timestamp, twentyFour)}
            </time>
            {m.flags.includes('starred') && <span aria-label="Starred">★</span>}
          </div>
        )}
        {editing ? (
          <EditBox message={m} onDone={() => setEditing(false)} />
        ) : (
          <>
            {hidden ? (
              <p className="muted-message">
                This message was hidden because you have muted the sender.{' '}
                <button className="link" onClick={() => setRevealed(true)}>
                  Show it
                </button>
              </p>
            ) : collapsed ? (
              <p className="collapsed-message">
                Collapsed.{' '}
                <button className="link" onClick={() => void toggleCollapsed(m)}>
                  Expand
                </button>
              </p>
            ) : widget ? (
              <Widget message={m} start={widget} />
            ) : (
              <RenderedContent html={m.content} twentyFour={twentyFour} />
            )}
            {edited && <span className="edit-mark">{edited}</span>}
          </>
        )}
        {!hidden && !collapsed && <Reactions message={m} />}
        {card && sender && <UserCard user={sender} onClose={() => setCard(false)} />}
      </div>
      <MessageActions message={m} onEdit={() => setEditing(true)} />
    </article>
  );
});

/**
 * Parley's rendered HTML, as Zulip renders it (the server's output, sanitized there): `<time>`
 * shown in the reader's timezone and clock, spoilers that open on a click.
 */
export function RenderedContent({ html, twentyFour }: { html: string; twentyFour: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.querySelectorAll('time[datetime]').forEach((t) => {
      const when = Date.parse(t.getAttribute('datetime')!);
      if (!Number.isNaN(when)) {
        t.textContent = mediumDateTime(when, twentyFour);
        t.classList.add('rendered-time');
      }
    });
    // Unicode emoji come as `<span class="emoji emoji-1f642">:smile:</span>` (Zulip styles them from a sprite sheet); shown here as the glyph.
    el.querySelectorAll<HTMLElement>('span.emoji').forEach((span) => {
      const code = [...span.classList].find((c) => c.startsWith('emoji-'))?.slice('emoji-'.length);
      if (!code || span.dataset.glyph) return;
      const glyph = glyphOf(code);
      if (!glyph) return;
      span.dataset.glyph = '1';
      span.textContent = glyph;
      span.classList.add('emoji-glyph');
    });
    // Zulip's inline images carry no alt text; their link's title (the file's name) names them.
    el.querySelectorAll<HTMLImageElement>('.message_inline_image img:not([alt])').forEach((img) => {
      img.alt = img.closest('a')?.getAttribute('title') ?? '';
    });
    el.querySelectorAll<HTMLElement>('.spoiler-header').forEach((h) => {
      h.tabIndex = 0;
      h.setAttribute('role', 'button');
      h.setAttribute('aria-expanded', 'false');
    });
  }, [html, twentyFour]);
  function onClick(e: React.MouseEvent | React.KeyboardEvent) {
    // An inline image opens in the viewer (a click; Enter on its link is a click too).
    const imageLink = 'key' in e ? null : (e.target as HTMLElement).closest('.message_inline_image a');
    const image = imageLink && imageOfLink(imageLink);
    if (image && !(e as React.MouseEvent).ctrlKey && !(e as React.MouseEvent).metaKey) {
      e.preventDefault();
      return openImage(image);
    }
    if ('key' in e && e.key !== 'Enter' && e.key !== ' ') return;
    const header = (e.target as HTMLElement).closest('.spoiler-header');
    if (!header) return;
    e.preventDefault();
    const block = header.parentElement!;
    const open = block.classList.toggle('spoiler-open');
    header.setAttribute('aria-expanded', String(open));
  }
  return <div ref={ref} className="rendered_markdown" onClick={onClick} onKeyDown={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

function EditBox({ message, onDone }: { message: Message; onDone: () => void }) {
  const [raw, setRaw] = useState<string>();
  const [topic, setTopic] = useState(message.subject);
  useEffect(() => {
    void attempt(async () => {
      const answer = await ok(client.GET('/messages/{message_id}', { params: { path: { message_id: message.id }, query: { apply_markdown: false } } }));
      setRaw((answer as unknown as { raw_content?: string; message: { content: string } }).raw_content ?? (answer as unknown as { message: { content: string } }).message.content);
    });
  }, [message.id]);
  async function save() {
    const body: Record<string, unknown> = { content: raw };
    if (message.type === 'stream' && topic !== message.subject) body.topic = topic;
    const done = await attempt(() => ok(client.PATCH('/messages/{message_id}', { params: { path: { message_id: message.id } }, body: body })));
    if (done !== undefined) onDone();
  }
  if (raw === undefined) return <p>Loading…</p>;
  return (
    <form
      className="edit-box"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {message.type === 'stream' && <input aria-label="Topic" value={topic} onChange={(e) => setTopic(e.target.value)} />}
      <textarea
        aria-label="Edit message"
        value={raw}
        autoFocus
        onChange={(e) => setRaw(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
        }}
      />
      <SubmitCancel submit="Save" onCancel={onDone} />
    </form>
  );
}

/** A topic's tools in its header: follow, mute, resolve. */
function TopicTools({ narrow }: { narrow: Narrow }) {
  const s = useStore();
  const { channel, streamId = 0, topic } = conversationOf(narrow);
  if (channel === undefined || topic === undefined || narrow.length !== 2) return null;
  const policy = s.userTopics.get(topicKey(streamId, topic)) ?? VisibilityPolicy.INHERIT;
  const setPolicy = (visibility_policy: number) => attempt(() => ok(client.POST('/user_topics', { body: { stream_id: streamId, topic, visibility_policy } })));
  return (
    <div className="topic-tools">
      <label>
        Notifications
        <select value={policy} onChange={(e) => void setPolicy(Number(e.target.value))}>
          <option value={VisibilityPolicy.INHERIT}>Default</option>
          <option value={VisibilityPolicy.FOLLOWED}>Follow</option>
          <option value={VisibilityPolicy.UNMUTED}>Unmute</option>
          <option value={VisibilityPolicy.MUTED}>Mute</option>
        </select>
      </label>
    </div>
  );
}
