// Inbox (unread conversations) and Recent conversations (the newest topics and direct
// conversations, read or not, from the store's topic and conversation lists).
import { useEffect, useState } from 'react';
import { client, ok } from '../api/client';
import { channelNameOf, channelNarrow, dmNarrow, narrowHash } from '../lib/narrow';
import { dmName, otherMembers, unreadCounts } from '../lib/unreads';
import { attempt } from '../lib/toasts';
import { dateTime } from '../lib/format';
import { useStore } from '../lib/use-store';
import { topicKey } from '../store/store';
import { VisibilityPolicy, type Message } from '../store/types';

export function Inbox() {
  const s = useStore();
  const counts = unreadCounts(s);
  const topics = new Map<string, { streamId: number; topic: string; count: number }>();
  for (const [, place] of s.unread) {
    if (place.kind !== 'channel') continue;
    const key = topicKey(place.stream_id, place.topic);
    if (s.userTopics.get(key) === VisibilityPolicy.MUTED || s.subscriptions.get(place.stream_id)?.is_muted) continue;
    topics.set(key, { streamId: place.stream_id, topic: place.topic, count: (topics.get(key)?.count ?? 0) + 1 });
  }
  const byChannel = new Map<number, { topic: string; count: number }[]>();
  for (const t of topics.values()) byChannel.set(t.streamId, [...(byChannel.get(t.streamId) ?? []), { topic: t.topic, count: t.count }]);
  const empty = counts.byDm.size === 0 && byChannel.size === 0;
  return (
    <section className="overview" aria-labelledby="inbox-title">
      <div className="feed-header">
        <h1 id="inbox-title">Inbox</h1>
        {!empty && (
          <button className="small" onClick={() => void attempt(() => ok(client.POST('/mark_all_as_read', {})))}>
            Mark all as read
          </button>
        )}
      </div>
      {empty && <p className="empty">You have no unread messages.</p>}
      {counts.byDm.size > 0 && (
        <>
          <h2>Direct messages</h2>
          <ul className="conversation-list">
            {[...counts.byDm].map(([key, count]) => (
              <li key={key}>
                <a href={narrowHash(dmNarrow(otherMembers(s, key)))}>{dmName(s, key)}</a>
                <span className="count">{count}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {[...byChannel].map(([streamId, list]) => {
        const name = s.channels.get(streamId)?.name ?? `Channel ${streamId}`;
        return (
          <div key={streamId}>
            <h2>
              <a href={narrowHash(channelNarrow(streamId, name))}>#{name}</a>
            </h2>
            <ul className="conversation-list">
              {list.map((t) => (
                <li key={t.topic}>
                  <a href={narrowHash(channelNarrow(streamId, name, t.topic))}>{t.topic || <em>general chat</em>}</a>
                  <span className="count">{t.count}</span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

export function Recent() {
  const s = useStore();
  const [messages, setMessages] = useState<Message[]>();
  useEffect(() => {
    void attempt(async () => {
      const answer = await ok(client.GET('/messages', { params: { query: { anchor: 'newest', num_before: 400, num_after: 0, apply_markdown: false } } }));
      setMessages((answer as unknown as { messages: Message[] }).messages);
    });
  }, []);
  const rows = new Map<string, { href: string; label: string; last: Message; senders: Set<number> }>();
  for (const m of [...(messages ?? []), ...[...s.messages.values()]].sort((a, b) => b.id - a.id)) {
    const key =
      m.type === 'stream'
        ? topicKey(m.stream_id!, m.subject)
        : `dm:${(Array.isArray(m.display_recipient) ? m.display_recipient : [])
            .map((r) => r.id)
            .sort((a, b) => a - b)
            .join(',')}`;
    const row = rows.get(key);
    if (row) {
      row.senders.add(m.sender_id);
      continue;
    }
    if (m.type === 'stream') {
      const name = s.channels.get(m.stream_id!)?.name ?? channelNameOf(m);
      rows.set(key, { href: narrowHash(channelNarrow(m.stream_id!, name, m.subject)), label: `#${name} › ${m.subject || 'general chat'}`, last: m, senders: new Set([m.sender_id]) });
    } else {
      const key2 = (Array.isArray(m.display_recipient) ? m.display_recipient : []).map((r) => r.id).join(',');
      rows.set(key, { href: narrowHash(dmNarrow(otherMembers(s, key2))), label: dmName(s, key2), last: m, senders: new Set([m.sender_id]) });
    }
  }
  return (
    <section className="overview" aria-labelledby="recent-title">
      <div className="feed-header">
        <h1 id="recent-title">Recent conversations</h1>
      </div>
      {!messages && <p>Loading…</p>}
      {messages && rows.size === 0 && <p className="empty">No conversations yet.</p>}
      <table className="recent">
        <thead>
          <tr>
            <th scope="col">Conversation</th>
            <th scope="col">Participants</th>
            <th scope="col">Last message</th>
          </tr>
        </thead>
        <tbody>
          {[...rows.values()].slice(0, 100).map((r) => (
            <tr key={r.href}>
              <td>
                <a href={r.href}>{r.label}</a>
              </td>
              <td>{[...r.senders].map((id) => s.users.get(id)?.full_name ?? id).join(', ')}</td>
              <td>{dateTime(r.last.timestamp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
