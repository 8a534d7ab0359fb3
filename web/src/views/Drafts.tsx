import { client, ok } from '../api/client';
import { insertIntoCompose } from '../lib/compose-bus';
import { channelNarrow, dmNarrow, narrowHash } from '../lib/narrow';
import { attempt } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import type { State } from '../store/store';
import { RenderedContent } from './Feed';

function where(s: State, type: string, to: number[] | number, topic?: string): { label: string; href: string } {
  const ids = Array.isArray(to) ? to : [to];
  if (type === 'stream') {
    const name = s.channels.get(ids[0])?.name ?? `Channel ${ids[0]}`;
    return { label: `#${name} › ${topic || 'general chat'}`, href: narrowHash(channelNarrow(ids[0], name, topic ?? '')) };
  }
  const others = ids.filter((id) => id !== s.me.user_id);
  return { label: `To ${(others.length ? others : [s.me.user_id]).map((id) => s.users.get(id)?.full_name ?? id).join(', ')}`, href: narrowHash(dmNarrow(others.length ? others : [s.me.user_id])) };
}

export function DraftsView() {
  const s = useStore();
  const drafts = [...s.drafts.values()].sort((a, b) => b.timestamp - a.timestamp);
  return (
    <section className="overview" aria-labelledby="drafts-title">
      <div className="feed-header">
        <h1 id="drafts-title">Drafts</h1>
      </div>
      {!s.settings.enable_drafts_synchronization && <p className="hint">Drafts are not kept on the server: turn on “Synchronize drafts” in your settings.</p>}
      {drafts.length === 0 && <p className="empty">No drafts.</p>}
      <ul className="cards">
        {drafts.map((d) => {
          const w = where(s, d.type, d.to, d.topic);
          return (
            <li key={d.id} className="card">
              <a href={w.href}>{w.label}</a>
              <pre className="draft-text">{d.content}</pre>
              <div className="row-buttons">
                <button
                  onClick={() => {
                    location.hash = w.href;
                    setTimeout(() => insertIntoCompose(d.content), 50);
                    void client.DELETE('/drafts/{draft_id}', { params: { path: { draft_id: d.id } } });
                  }}
                >
                  Restore
                </button>
                <button className="danger" onClick={() => void attempt(() => ok(client.DELETE('/drafts/{draft_id}', { params: { path: { draft_id: d.id } } })))}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ScheduledView() {
  const s = useStore();
  const list = [...s.scheduled.values()].sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp);
  return (
    <section className="overview" aria-labelledby="scheduled-title">
      <div className="feed-header">
        <h1 id="scheduled-title">Scheduled messages</h1>
      </div>
      {list.length === 0 && <p className="empty">No scheduled messages.</p>}
      <ul className="cards">
        {list.map((m) => {
          const w = where(s, m.type, m.to, m.topic);
          return (
            <li key={m.scheduled_message_id} className={`card ${m.failed ? 'failed' : ''}`}>
              <a href={w.href}>{w.label}</a>
              <p>
                {m.failed ? 'Failed to send, ' : 'Sends '}
                {new Date(m.scheduled_delivery_timestamp * 1000).toLocaleString()}
              </p>
              <RenderedContent html={m.rendered_content} twentyFour={s.settings.twenty_four_hour_time} />
              <button
                className="danger"
                onClick={() => void attempt(() => ok(client.DELETE('/scheduled_messages/{scheduled_message_id}', { params: { path: { scheduled_message_id: m.scheduled_message_id } } })))}
              >
                Cancel
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
