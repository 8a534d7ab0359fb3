// The compose box: to a channel and topic, or to people directly; Markdown with a preview
// (POST /messages/render); typeahead for @mentions, #channels and :emoji:; files pasted,
// dropped or chosen, uploaded with progress (resumable by tus above 5 MiB: api/tus.ts); Enter
// or Ctrl+Enter sends, per `enter_sends`; drafts kept through /drafts; send later (scheduled
// messages); typing notices both ways.
import { useEffect, useRef, useState } from 'react';
import { client, errorText, ok, uploadFile } from '../api/client';
import { onCompose } from '../lib/compose-bus';
import { searchEmoji } from '../lib/emoji';
import { conversationOf, type Narrow } from '../lib/narrow';
import { attempt, showError, showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import { store } from '../store/store';
import { RenderedContent } from './Feed';
import { ensureTopics } from '../store/feeds';
import { FormError } from './Form';
import { byName } from '../lib/collate';

interface Target {
  type: 'stream' | 'private';
  streamId?: number;
  topic: string;
  to: number[];
}

function targetOf(narrow: Narrow): Target {
  const s = store.state!;
  const { channel, streamId, topic, dmIds } = conversationOf(narrow);
  if (dmIds) return { type: 'private', topic: '', to: dmIds };
  const first = [...s.subscriptions.values()].sort((a, b) => byName(a.name, b.name))[0];
  return { type: 'stream', streamId: channel !== undefined ? streamId : first?.stream_id, topic: topic ?? '', to: [] };
}

interface Suggestion {
  label: string;
  insert: string;
}

const TYPING_EVERY_MS = 10_000;
const TYPING_STOP_AFTER_MS = 5_000;

export function Compose({ narrow }: { narrow: Narrow }) {
  const s = useStore();
  const [target, setTarget] = useState<Target>(() => targetOf(narrow));
  const [content, setContent] = useState('');
  const [preview, setPreview] = useState<string>();
  const [uploads, setUploads] = useState<{ name: string; progress: number }[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [picked, setPicked] = useState(0);
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const draftId = useRef<number | undefined>(undefined);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typing = useRef<{ sentAt: number; stopTimer?: number; to?: string }>({ sentAt: 0 });

  useEffect(() => {
    if (target.type === 'stream' && target.streamId && !s.topics.has(target.streamId)) void ensureTopics(target.streamId).catch(() => undefined);
  }, [target.streamId, target.type, s.topics]);
  useEffect(
    () =>
      onCompose(({ insert, target: to }) => {
        if (to) setTarget((t) => ({ ...t, type: to.type, streamId: to.streamId ?? t.streamId, topic: to.topic ?? t.topic, to: to.to ?? t.to }));
        if (insert) setContent((c) => (c ? `${c}\n${insert}` : insert));
        textarea.current?.focus();
      }),
    [],
  );

  // Typing notices: start (again every 10 s) while typing, stop 5 s after the last key or on send.
  function typingParams(op: 'start' | 'stop') {
    if (target.type === 'private') return target.to.length ? { op, type: 'direct', to: target.to } : undefined;
    return target.streamId && target.topic ? { op, type: 'stream', stream_id: target.streamId, topic: target.topic } : undefined;
  }
  function noteTyping() {
    const params = typingParams('start');
    const enabled = target.type === 'private' ? s.settings.send_private_typing_notifications : s.settings.send_stream_typing_notifications;
    if (!params || enabled === false) return;
    const now = Date.now();
    const to = JSON.stringify(params);
    if (now - typing.current.sentAt > TYPING_EVERY_MS || typing.current.to !== to) {
      typing.current.sentAt = now;
      typing.current.to = to;
      void client.POST('/typing', { body: params }).catch(() => undefined);
    }
    clearTimeout(typing.current.stopTimer);
    typing.current.stopTimer = window.setTimeout(stopTyping, TYPING_STOP_AFTER_MS);
  }
  function stopTyping() {
    clearTimeout(typing.current.stopTimer);
    if (!typing.current.sentAt) return;
    typing.current.sentAt = 0;
    const params = typingParams('stop');
    if (params) void client.POST('/typing', { body: params }).catch(() => undefined);
  }

  // Drafts: kept on the server (when the user syncs drafts) a moment after typing stops.
  useEffect(() => {
    if (!s.settings.enable_drafts_synchronization || !content.trim()) return;
    const timer = setTimeout(() => {
      const draft = {
        type: target.type,
        to: target.type === 'stream' ? (target.streamId ? [target.streamId] : []) : target.to,
        topic: target.topic,
        content,
        timestamp: Math.floor(Date.now() / 1000),
      };
      if (draftId.current) void client.PATCH('/drafts/{draft_id}', { params: { path: { draft_id: draftId.current } }, body: { draft } }).catch(() => undefined);
      else
        void ok(client.POST('/drafts', { body: { drafts: [draft] } }))
          .then((a) => (draftId.current = (a as unknown as { ids: number[] }).ids[0]))
          .catch(() => undefined);
    }, 1500);
    return () => clearTimeout(timer);
  }, [content, target, s.settings.enable_drafts_synchronization]);

  /** Where the message goes, as POST /messages takes it (`to` a channel id, or a JSON list of user ids). */
  function destination(): { type: 'stream' | 'direct'; to: string; topic?: string } | undefined {
    if (target.type === 'private') {
      if (!target.to.length) return (setError('Choose who the message is for.'), undefined);
      return { type: 'direct', to: JSON.stringify(target.to) };
    }
    if (!target.streamId) return (setError('Choose a channel.'), undefined);
    if (!target.topic.trim() && s.realm.realm_mandatory_topics) return (setError('Topics are required in this organization.'), undefined);
    return { type: 'stream', to: String(target.streamId), topic: target.topic };
  }

  async function send() {
    if (!content.trim() || busy) return;
    const dest = destination();
    if (!dest) return;
    setBusy(true);
    setError(undefined);
    stopTyping();
    try {
      if (scheduling) {
        const at = Date.parse(when);
        if (Number.isNaN(at)) throw new Error('Choose when to send it.');
        await ok(client.POST('/scheduled_messages', { body: { ...dest, content, scheduled_delivery_timestamp: Math.floor(at / 1000) } }));
        showToast('Scheduled.');
        setScheduling(false);
      } else {
        await ok(client.POST('/messages', { body: { ...dest, content, read_by_sender: true } }));
      }
      setContent('');
      setPreview(undefined);
      if (draftId.current) void client.DELETE('/drafts/{draft_id}', { params: { path: { draft_id: draftId.current } } }).catch(() => undefined);
      draftId.current = undefined;
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function upload(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      setUploads((u) => [...u, { name: file.name, progress: 0 }]);
      try {
        const maxMib = s.realm.max_file_upload_size_mib === undefined ? undefined : Number(s.realm.max_file_upload_size_mib);
        const done = await uploadFile(file, (p) => setUploads((u) => u.map((x) => (x.name === file.name ? { ...x, progress: p } : x))), undefined, maxMib);
        setContent((c) => `${c}${c && !c.endsWith('\n') ? '\n' : ''}[${done.filename}](${done.url})\n`);
      } catch (err) {
        showError(err);
      } finally {
        setUploads((u) => u.filter((x) => x.name !== file.name));
      }
    }
  }

  // Typeahead: the word before the cursor, when it starts with @, # or :.
  function suggest(text: string, cursor: number) {
    const m = /(^|\s)([@#:])([^\s@#:]{0,40})$/.exec(text.slice(0, cursor));
    if (!m) return setSuggestions([]);
    const q = m[3].toLowerCase();
    let list: Suggestion[] = [];
    if (m[2] === '@')
      list = [...s.users.values()]
        .filter((u) => u.is_active && (u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)))
        .slice(0, 8)
        .map((u) => ({ label: `${u.full_name} (${u.email})`, insert: `@**${u.full_name}|${u.user_id}** ` }));
    else if (m[2] === '#')
      list = [...s.channels.values()]
        .filter((c) => !c.is_archived && c.name.toLowerCase().includes(q))
        .slice(0, 8)
        .map((c) => ({ label: `#${c.name}`, insert: `#**${c.name}** ` }));
    else if (q.length >= 1) list = searchEmoji(q, 8).map((e) => ({ label: `${e.glyph ?? ''} :${e.name}:`, insert: `:${e.name}: ` }));
    setSuggestions(list);
    setPicked(0);
  }
  function accept(sug: Suggestion) {
    const el = textarea.current!;
    const cursor = el.selectionStart;
    const before = content.slice(0, cursor).replace(/([@#:])([^\s@#:]{0,40})$/, '');
    const next = before + sug.insert + content.slice(cursor);
    setContent(next);
    setSuggestions([]);
    requestAnimationFrame(() => {
      el.focus();
      el.selectionStart = el.selectionEnd = (before + sug.insert).length;
    });
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (suggestions.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setPicked((p) => (p + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        accept(suggestions[picked]);
        return;
      }
      // Escape closes the suggestions only; the shortcut (leave the compose box) is for the next one.
      if (e.key === 'Escape') {
        e.preventDefault();
        return setSuggestions([]);
      }
    }
    if (e.key !== 'Enter') return;
    const modified = e.ctrlKey || e.metaKey;
    const sends = s.settings.enter_sends ? !modified && !e.shiftKey : modified;
    if (sends) {
      e.preventDefault();
      void send();
    }
  }

  const topics = target.streamId ? (s.topics.get(target.streamId) ?? []) : [];
  const subs = [...s.subscriptions.values()].filter((c) => !c.is_archived).sort((a, b) => byName(a.name, b.name));

  return (
    <form
      className="compose"
      aria-label="Compose message"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (e.dataTransfer.files.length) void upload(e.dataTransfer.files);
      }}
    >
      <div className="compose-target">
        <select aria-label="Send to" value={target.type} onChange={(e) => setTarget({ ...target, type: e.target.value as Target['type'] })}>
          <option value="stream">Channel</option>
          <option value="private">Direct message</option>
        </select>
        {target.type === 'stream' ? (
          <>
            <select aria-label="Channel" value={target.streamId ?? ''} onChange={(e) => setTarget({ ...target, streamId: Number(e.target.value) })}>
              {subs.map((c) => (
                <option key={c.stream_id} value={c.stream_id}>
                  #{c.name}
                </option>
              ))}
            </select>
            <input
              aria-label="Topic"
              placeholder="Topic"
              list="compose-topics"
              value={target.topic}
              maxLength={Number(s.realm.max_topic_length ?? 60)}
              onChange={(e) => setTarget({ ...target, topic: e.target.value })}
            />
            <datalist id="compose-topics">
              {topics.map((t) => (
                <option key={t.name} value={t.name} />
              ))}
            </datalist>
          </>
        ) : (
          <Recipients value={target.to} onChange={(to) => setTarget({ ...target, to })} />
        )}
      </div>
      <div className="compose-body">
        {preview !== undefined ? (
          <div className="preview" aria-label="Preview">
            <RenderedContent html={preview || '<p><em>Nothing to preview</em></p>'} twentyFour={s.settings.twenty_four_hour_time} />
          </div>
        ) : (
          <textarea
            id="compose-content"
            ref={textarea}
            aria-label="Message"
            placeholder={target.type === 'stream' ? 'Message this topic' : 'Message'}
            value={content}
            maxLength={Number(s.realm.max_message_length ?? 10000)}
            onChange={(e) => {
              setContent(e.target.value);
              suggest(e.target.value, e.target.selectionStart);
              if (e.target.value) noteTyping();
              else stopTyping();
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setSuggestions([]), 150)}
            onPaste={(e) => {
              if (e.clipboardData.files.length) {
                e.preventDefault();
                void upload(e.clipboardData.files);
              }
            }}
          />
        )}
        {suggestions.length > 0 && (
          <ul className="typeahead" role="listbox" aria-label="Suggestions">
            {suggestions.map((sug, i) => (
              <li key={sug.label} role="option" aria-selected={i === picked} onMouseDown={(e) => (e.preventDefault(), accept(sug))}>
                {sug.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      {uploads.map((u) => (
        <p key={u.name} className="upload-progress">
          Uploading {u.name}… <progress value={u.progress} max={1} aria-label={`Uploading ${u.name}`} />
        </p>
      ))}
      <FormError error={error} />
      <div className="compose-tools">
        <label className="button">
          Attach files
          <input type="file" multiple hidden onChange={(e) => e.target.files && void upload(e.target.files)} />
        </label>
        <button
          type="button"
          aria-pressed={preview !== undefined}
          onClick={() => {
            if (preview !== undefined) return setPreview(undefined);
            void attempt(async () => setPreview((await ok(client.POST('/messages/render', { body: { content } }))).rendered as string));
          }}
        >
          {preview !== undefined ? 'Edit' : 'Preview'}
        </button>
        <button type="button" aria-pressed={scheduling} onClick={() => setScheduling(!scheduling)}>
          Send later
        </button>
        {scheduling && <input type="datetime-local" aria-label="Send at" value={when} onChange={(e) => setWhen(e.target.value)} />}
        <span className="hint">{s.settings.enter_sends ? 'Enter sends, Shift+Enter adds a line' : 'Ctrl+Enter sends'}</span>
        <button type="submit" className="primary" disabled={busy || !content.trim()}>
          {scheduling ? 'Schedule' : 'Send'}
        </button>
      </div>
    </form>
  );
}

/** Direct-message recipients: chips, and a name field with suggestions. */
function Recipients({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const s = useStore();
  const [query, setQuery] = useState('');
  const matches = query
    ? [...s.users.values()]
        .filter((u) => u.is_active && !value.includes(u.user_id) && (u.full_name.toLowerCase().includes(query.toLowerCase()) || u.email.toLowerCase().includes(query.toLowerCase())))
        .slice(0, 6)
    : [];
  return (
    <div className="recipients">
      {value.map((id) => (
        <span key={id} className="chip">
          {s.users.get(id)?.full_name ?? id}
          <button type="button" className="icon-button" aria-label={`Remove ${s.users.get(id)?.full_name ?? id}`} onClick={() => onChange(value.filter((x) => x !== id))}>
            ×
          </button>
        </span>
      ))}
      <input
        aria-label="Add a recipient"
        placeholder="Add a person"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          // Enter takes the first match (the keyboard's way to pick), Backspace on empty drops the last chip.
          if (e.key === 'Enter' && matches.length) {
            e.preventDefault();
            onChange([...value, matches[0].user_id]);
            setQuery('');
          } else if (e.key === 'Backspace' && !query && value.length) onChange(value.slice(0, -1));
        }}
      />
      {matches.length > 0 && (
        <ul className="typeahead" role="listbox" aria-label="People">
          {matches.map((u) => (
            <li
              key={u.user_id}
              role="option"
              aria-selected="false"
              onMouseDown={(e) => {
                e.preventDefault();
                onChange([...value, u.user_id]);
                setQuery('');
              }}
            >
              {u.full_name} ({u.email})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
