// The compose box: to a channel and topic, or to people directly; Markdown with a preview
// (POST /messages/render); typeahead for @mentions, #channels and :emoji:; files pasted,
// dropped or chosen, uploaded with progress (resumable by tus above 5 MiB: api/tus.ts); Enter
// or Ctrl+Enter sends, per `enter_sends`; Ctrl+B, Ctrl+I and Ctrl+Shift+L format (lib/compose-
// format.ts), Alt+P previews and Ctrl+. goes to the conversation being written to; drafts kept
// through /drafts; send later (scheduled messages); typing notices both ways.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { client, errorText, ok, uploadFile } from '../api/client';
import { handOver, onCompose, takeHandedOver, type ComposeCommand } from '../lib/compose-bus';
import { applyFormat, formatOfKey } from '../lib/compose-format';
import { searchEmoji } from '../lib/emoji';
import { channelNarrow, conversationOf, dmNarrow, narrowHash, type Narrow } from '../lib/narrow';
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

/** The conversation a target names, as a narrow's hash; undefined while it names none. */
function hashOf(target: Target): string | undefined {
  if (target.type === 'private') return target.to.length ? narrowHash(dmNarrow(target.to)) : undefined;
  if (!target.streamId) return undefined;
  const name = store.state!.channels.get(target.streamId)?.name ?? '';
  return narrowHash(channelNarrow(target.streamId, name, target.topic || undefined));
}

interface Upload {
  id: number;
  name: string;
  progress: number;
  cancel: AbortController;
}
let uploadIds = 0;

export function Compose({ narrow }: { narrow: Narrow }) {
  const s = useStore();
  // A message handed over by the previous view's box (Ctrl+.), else a new one to this narrow.
  const [given] = useState(takeHandedOver);
  const [target, setTarget] = useState<Target>(() =>
    given ? { type: given.target.type, streamId: given.target.streamId, topic: given.target.topic ?? '', to: given.target.to ?? [] } : targetOf(narrow),
  );
  const [content, setContent] = useState(given?.content ?? '');
  const [preview, setPreview] = useState<string>();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [picked, setPicked] = useState(0);
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const draftId = useRef<number | undefined>(given?.draftId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typing = useRef<{ sentAt: number; stopTimer?: number; to?: string }>({ sentAt: 0 });

  useEffect(() => {
    if (target.type === 'stream' && target.streamId && !s.topics.has(target.streamId)) void ensureTopics(target.streamId).catch(() => undefined);
  }, [target.streamId, target.type, s.topics]);
  // The selection a formatting key leaves, set once its text is rendered.
  const reselect = useRef<{ start: number; end: number } | undefined>(undefined);
  useLayoutEffect(() => {
    if (!reselect.current || !textarea.current) return;
    textarea.current.setSelectionRange(reselect.current.start, reselect.current.end);
    reselect.current = undefined;
  });

  // The compose shortcuts (Alt+P, Ctrl+.) run with the latest render's state.
  const commands = useRef<(command: ComposeCommand) => void>(() => undefined);
  useEffect(() => {
    commands.current = runCommand;
  });
  useEffect(
    () =>
      onCompose(({ insert, target: to, command }) => {
        if (command) return commands.current(command);
        if (to) setTarget((t) => ({ ...t, type: to.type, streamId: to.streamId ?? t.streamId, topic: to.topic ?? t.topic, to: to.to ?? t.to }));
        if (insert) setContent((c) => (c ? `${c}\n${insert}` : insert));
        textarea.current?.focus();
      }),
    [],
  );
  useEffect(() => {
    if (given) textarea.current?.focus();
  }, [given]);

  function runCommand(command: ComposeCommand) {
    if (command === 'toggle-preview') return void togglePreview();
    const hash = hashOf(target);
    if (!hash) return showToast(target.type === 'private' ? 'Choose who the message is for first.' : 'Choose a channel first.');
    if (hash === location.hash) return textarea.current?.focus();
    stopTyping();
    handOver({ target, content, draftId: draftId.current });
    location.hash = hash;
  }

  /** Preview (POST /messages/render), or back to the text: the button and Alt+P. */
  async function togglePreview() {
    if (preview !== undefined) {
      setPreview(undefined);
      requestAnimationFrame(() => textarea.current?.focus());
      return;
    }
    await attempt(async () => setPreview((await ok(client.POST('/messages/render', { body: { content } }))).rendered as string));
  }

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

  /** Uploads the files one after another; each can be cancelled (a resumable one is deleted on the server too). */
  async function upload(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const id = ++uploadIds;
      const cancel = new AbortController();
      setUploads((u) => [...u, { id, name: file.name, progress: 0, cancel }]);
      try {
        const maxMib = s.realm.max_file_upload_size_mib === undefined ? undefined : Number(s.realm.max_file_upload_size_mib);
        const done = await uploadFile(file, (p) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, progress: p } : x))), cancel.signal, maxMib);
        setContent((c) => `${c}${c && !c.endsWith('\n') ? '\n' : ''}[${done.filename}](${done.url})\n`);
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') showToast(`Upload of ${file.name} cancelled.`);
        else showError(err);
      } finally {
        setUploads((u) => u.filter((x) => x.id !== id));
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
    const format = formatOfKey(e);
    if (format) {
      e.preventDefault();
      const el = e.currentTarget;
      const out = applyFormat({ text: content, start: el.selectionStart, end: el.selectionEnd }, format);
      setContent(out.text);
      // Selected as soon as the new text is on screen, so a next key acts on it.
      reselect.current = { start: out.start, end: out.end };
      noteTyping();
      return;
    }
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
        <p key={u.id} className="upload-progress">
          Uploading {u.name}… <progress value={u.progress} max={1} aria-label={`Uploading ${u.name}`} />{' '}
          <button type="button" className="small" aria-label={`Cancel uploading ${u.name}`} onClick={() => u.cancel.abort()}>
            Cancel
          </button>
        </p>
      ))}
      <FormError error={error} />
      <div className="compose-tools">
        <label className="button">
          Attach files
          <input type="file" multiple hidden onChange={(e) => e.target.files && void upload(e.target.files)} />
        </label>
        <button type="button" aria-pressed={preview !== undefined} aria-keyshortcuts="Alt+P" onClick={() => void togglePreview()}>
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
