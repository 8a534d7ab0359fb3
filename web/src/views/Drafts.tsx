import { useState } from 'react';
import { client, errorText, ok } from '../api/client';
import { dateTime, localInputValue } from '../lib/format';
import { insertIntoCompose } from '../lib/compose-bus';
import { channelNarrow, dmNarrow, narrowHash } from '../lib/narrow';
import { attempt } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import type { State } from '../store/store';
import type { ScheduledMessage } from '../store/types';
import { RenderedContent } from './Feed';
import { FormError, SubmitCancel } from './Form';

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
  const [editing, setEditing] = useState<number>();
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
            <li key={m.scheduled_message_id} className={`card ${m.failed ? 'failed' : ''}`} aria-label={`Scheduled: ${w.label}`}>
              <a href={w.href}>{w.label}</a>
              <p>
                {m.failed ? 'Failed to send, ' : 'Sends '}
                {dateTime(m.scheduled_delivery_timestamp)}
              </p>
              {editing === m.scheduled_message_id ? (
                <EditScheduled message={m} onDone={() => setEditing(undefined)} />
              ) : (
                <>
                  <RenderedContent html={m.rendered_content} twentyFour={s.settings.twenty_four_hour_time} />
                  <div className="row-buttons">
                    <button onClick={() => setEditing(m.scheduled_message_id)}>{m.failed ? 'Edit and reschedule' : 'Edit'}</button>
                    <button
                      className="danger"
                      onClick={() => void attempt(() => ok(client.DELETE('/scheduled_messages/{scheduled_message_id}', { params: { path: { scheduled_message_id: m.scheduled_message_id } } })))}
                    >
                      Cancel
                    </button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Edits a scheduled message in place: its text, its topic (a channel's), and when it is sent
 * (PATCH /scheduled_messages/{id}, which also reschedules one that failed). Only what changed
 * is sent; the server's refusal (a time in the past, an empty text) is shown as its `msg`.
 */
function EditScheduled({ message, onDone }: { message: ScheduledMessage; onDone: () => void }) {
  const [content, setContent] = useState(message.content);
  const [topic, setTopic] = useState(message.topic ?? '');
  const [when, setWhen] = useState(localInputValue(message.scheduled_delivery_timestamp));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const at = Date.parse(when);
    if (Number.isNaN(at)) return setError('Choose when to send it.');
    const changes: { content?: string; topic?: string; scheduled_delivery_timestamp?: number } = {};
    if (content !== message.content) changes.content = content;
    if (message.type === 'stream' && topic !== (message.topic ?? '')) changes.topic = topic;
    // A failed message is rescheduled by giving it a time again, even the same one.
    if (when !== localInputValue(message.scheduled_delivery_timestamp) || message.failed) changes.scheduled_delivery_timestamp = Math.floor(at / 1000);
    if (!Object.keys(changes).length) return onDone();
    setBusy(true);
    setError(undefined);
    try {
      await ok(client.PATCH('/scheduled_messages/{scheduled_message_id}', { params: { path: { scheduled_message_id: message.scheduled_message_id } }, body: changes }));
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      aria-label="Edit the scheduled message"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {message.type === 'stream' && (
        <label>
          Topic
          <input value={topic} onChange={(e) => setTopic(e.target.value)} />
        </label>
      )}
      <label>
        Message
        <textarea value={content} rows={4} onChange={(e) => setContent(e.target.value)} />
      </label>
      <label>
        Send at
        <input type="datetime-local" required value={when} onChange={(e) => setWhen(e.target.value)} />
      </label>
      <FormError error={error} />
      <SubmitCancel submit="Save" onCancel={onDone} />
    </form>
  );
}
