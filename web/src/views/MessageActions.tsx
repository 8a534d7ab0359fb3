// What a reader can do to a message: react, edit, delete, move or rename its topic, resolve,
// star, quote-reply, copy its link, report, see its edit history and read receipts, be
// reminded of it. Each is one API call; the change comes back as
// an event and the store applies it.
import { useRef, useState } from 'react';
import { client, ok } from '../api/client';
import { glyphOf, type EmojiChoice } from '../lib/emoji';
import { attempt, showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import { useMessageCommands } from '../lib/message-commands';
import { store } from '../store/store';
import type { Message, Reaction } from '../store/types';
import { EmojiPicker } from './EmojiPicker';
import { EditHistory, ReadReceipts, RemindMe } from './MessageInfo';
import { SubmitCancel } from './Form';
import { pauseMarkRead } from './App';
import { forward, messageLink, quoteAndReply, toggleCollapsed } from './message-shortcuts';
import { MenuPopover } from './Menu';

const RESOLVED = '✔ ';

export async function toggleReaction(message: Message, emoji: { name: string; code: string; type: string }): Promise<void> {
  const me = store.state!.me.user_id;
  const mine = message.reactions.some((r) => r.user_id === me && r.emoji_code === emoji.code && r.reaction_type === emoji.type);
  const body = { emoji_name: emoji.name, emoji_code: emoji.code, reaction_type: emoji.type };
  await attempt(() =>
    mine
      ? ok(client.DELETE('/messages/{message_id}/reactions', { params: { path: { message_id: message.id }, query: body } }))
      : ok(client.POST('/messages/{message_id}/reactions', { params: { path: { message_id: message.id } }, body })),
  );
}

export function Reactions({ message }: { message: Message }) {
  const s = useStore();
  if (!message.reactions.length) return null;
  const groups = new Map<string, Reaction[]>();
  for (const r of message.reactions) groups.set(`${r.reaction_type}:${r.emoji_code}`, [...(groups.get(`${r.reaction_type}:${r.emoji_code}`) ?? []), r]);
  return (
    <div className="reactions">
      {[...groups.values()].map((list) => {
        const r = list[0];
        const mine = list.some((x) => x.user_id === s.me.user_id);
        const names = list.map((x) => (x.user_id === s.me.user_id ? 'You' : (s.users.get(x.user_id)?.full_name ?? 'Someone'))).join(', ');
        const custom = r.reaction_type !== 'unicode_emoji' ? s.realmEmoji.get(r.emoji_name) : undefined;
        return (
          <button
            key={`${r.reaction_type}:${r.emoji_code}`}
            className={`reaction ${mine ? 'mine' : ''}`}
            aria-pressed={mine}
            title={`${names} reacted with :${r.emoji_name}:`}
            aria-label={`${r.emoji_name}: ${list.length}`}
            onClick={() => void toggleReaction(message, { name: r.emoji_name, code: r.emoji_code, type: r.reaction_type })}
          >
            {custom ? <img src={custom.source_url} alt="" width={16} height={16} /> : glyphOf(r.emoji_code)} <span>{list.length}</span>
          </button>
        );
      })}
    </div>
  );
}

export function MessageActions({ message: m, onEdit }: { message: Message; onEdit: () => void }) {
  const s = store.state!;
  const [open, setOpen] = useState<'none' | 'menu' | 'emoji' | 'move' | 'report' | 'history' | 'receipts' | 'remind'>('none');
  const menuButton = useRef<HTMLButtonElement>(null);
  // Zulip's realm settings: who may see edit history ('all', 'moves' only, or 'none'), and read receipts.
  const historyPolicy = s.realm.realm_message_edit_history_visibility_policy ?? 'all';
  const showHistory = (m.last_edit_timestamp && historyPolicy === 'all') || (m.last_moved_timestamp && historyPolicy !== 'none');
  const mine = m.sender_id === s.me.user_id;
  const canDelete = s.me.is_admin || (mine && s.realm.realm_allow_message_editing !== false);
  const starred = m.flags.includes('starred');
  const link = messageLink(m);
  // The shortcuts `i`, `:`, `m`, `Shift+V` and `Shift+H` open these for the selected message; the menu takes the focus, as a click would.
  useMessageCommands(m.id, (command) => {
    if (command === 'menu') setOpen(open === 'menu' ? 'none' : 'menu');
    if (command === 'emoji') setOpen(open === 'emoji' ? 'none' : 'emoji');
    if (command === 'move' && m.type === 'stream') setOpen('move');
    if (command === 'receipts' && s.realm.realm_enable_read_receipts !== false) setOpen('receipts');
    if (command === 'history' && showHistory) setOpen('history');
  });

  async function quote() {
    setOpen('none');
    await quoteAndReply(m);
  }
  const patch = (body: Record<string, unknown>) => attempt(() => ok(client.PATCH('/messages/{message_id}', { params: { path: { message_id: m.id } }, body: body })));

  return (
    <div className="message-actions">
      <button className="icon-button" aria-label="Add emoji reaction" onClick={() => setOpen(open === 'emoji' ? 'none' : 'emoji')}>
        ☺
      </button>
      <button
        className="icon-button"
        aria-label={starred ? 'Unstar this message' : 'Star this message'}
        aria-pressed={starred}
        onClick={() => void attempt(() => ok(client.POST('/messages/flags', { body: { messages: [m.id], op: starred ? 'remove' : 'add', flag: 'starred' } })))}
      >
        {starred ? '★' : '☆'}
      </button>
      <button ref={menuButton} className="icon-button" aria-label="Message actions" aria-haspopup="menu" aria-expanded={open === 'menu'} onClick={() => setOpen(open === 'menu' ? 'none' : 'menu')}>
        ⋯
      </button>
      {open === 'emoji' && (
        <EmojiPicker
          onClose={() => setOpen('none')}
          onPick={(e: EmojiChoice) => {
            setOpen('none');
            void toggleReaction(m, e);
          }}
        />
      )}
      {open === 'menu' && (
        <MenuPopover
          label="Message actions"
          onEscape={() => {
            setOpen('none');
            menuButton.current?.focus();
          }}
        >
          <button role="menuitem" onClick={() => void quote()}>
            Quote and reply
          </button>
          <button
            role="menuitem"
            onClick={() => {
              setOpen('none');
              void forward(m);
            }}
          >
            Forward message
          </button>
          {mine && (
            <button
              role="menuitem"
              onClick={() => {
                setOpen('none');
                onEdit();
              }}
            >
              Edit message
            </button>
          )}
          {m.type === 'stream' && (
            <button role="menuitem" onClick={() => setOpen('move')}>
              Move or rename topic
            </button>
          )}
          {m.type === 'stream' && (
            <button
              role="menuitem"
              onClick={() => {
                setOpen('none');
                const resolved = m.subject.startsWith(RESOLVED);
                void patch({ topic: resolved ? m.subject.slice(RESOLVED.length) : `${RESOLVED}${m.subject}`, propagate_mode: 'change_all' });
              }}
            >
              {m.subject.startsWith(RESOLVED) ? 'Mark topic as unresolved' : 'Mark topic as resolved'}
            </button>
          )}
          <button
            role="menuitem"
            onClick={() => {
              setOpen('none');
              void navigator.clipboard?.writeText(link).then(
                () => showToast('Link copied.'),
                () => showToast(link),
              );
            }}
          >
            Copy link to message
          </button>
          <button
            role="menuitem"
            onClick={() => {
              setOpen('none');
              pauseMarkRead();
              void attempt(() => ok(client.POST('/messages/flags', { body: { messages: [m.id], op: 'remove', flag: 'read' } })));
            }}
          >
            Mark as unread
          </button>
          <button
            role="menuitem"
            onClick={() => {
              setOpen('none');
              void toggleCollapsed(m);
            }}
          >
            {m.flags.includes('collapsed') ? 'Expand message' : 'Collapse message'}
          </button>
          <button role="menuitem" onClick={() => setOpen('remind')}>
            Remind me about this
          </button>
          {showHistory ? (
            <button role="menuitem" onClick={() => setOpen('history')}>
              View edit history
            </button>
          ) : null}
          {s.realm.realm_enable_read_receipts !== false && (
            <button role="menuitem" onClick={() => setOpen('receipts')}>
              View read receipts
            </button>
          )}
          {!mine && (
            <button role="menuitem" onClick={() => setOpen('report')}>
              Report message
            </button>
          )}
          {canDelete && (
            <button
              role="menuitem"
              className="danger"
              onClick={() => {
                setOpen('none');
                if (confirm('Delete this message? This cannot be undone.')) void attempt(() => ok(client.DELETE('/messages/{message_id}', { params: { path: { message_id: m.id } } })));
              }}
            >
              Delete message
            </button>
          )}
        </MenuPopover>
      )}
      {open === 'move' && <MoveDialog message={m} onClose={() => setOpen('none')} />}
      {open === 'report' && <ReportDialog message={m} onClose={() => setOpen('none')} />}
      {open === 'history' && <EditHistory message={m} onClose={() => setOpen('none')} />}
      {open === 'receipts' && <ReadReceipts message={m} onClose={() => setOpen('none')} />}
      {open === 'remind' && <RemindMe message={m} onClose={() => setOpen('none')} />}
    </div>
  );
}

function MoveDialog({ message: m, onClose }: { message: Message; onClose: () => void }) {
  const s = useStore();
  const [topic, setTopic] = useState(m.subject);
  const [streamId, setStreamId] = useState(m.stream_id!);
  const [mode, setMode] = useState('change_all');
  async function submit() {
    const body: Record<string, unknown> = { propagate_mode: mode };
    if (topic !== m.subject) body.topic = topic;
    if (streamId !== m.stream_id) body.stream_id = streamId;
    const done = await attempt(() => ok(client.PATCH('/messages/{message_id}', { params: { path: { message_id: m.id } }, body: body })));
    if (done) onClose();
  }
  return (
    <form
      className="popover dialog"
      role="dialog"
      aria-label="Move messages"
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onClose())}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Channel
        <select value={streamId} onChange={(e) => setStreamId(Number(e.target.value))}>
          {[...s.subscriptions.values()].map((c) => (
            <option key={c.stream_id} value={c.stream_id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Topic
        <input value={topic} autoFocus onChange={(e) => setTopic(e.target.value)} />
      </label>
      <label>
        Which messages
        <select value={mode} onChange={(e) => setMode(e.target.value)}>
          <option value="change_all">All messages in the topic</option>
          <option value="change_later">This and later messages</option>
          <option value="change_one">Only this message</option>
        </select>
      </label>
      <SubmitCancel submit="Move" onCancel={onClose} />
    </form>
  );
}

function ReportDialog({ message: m, onClose }: { message: Message; onClose: () => void }) {
  const [type, setType] = useState('spam');
  const [description, setDescription] = useState('');
  async function submit() {
    const done = await attempt(() => ok(client.POST('/messages/{message_id}/report', { params: { path: { message_id: m.id } }, body: { report_type: type, description: description || undefined } })));
    if (done) {
      showToast('Thanks: the moderators have your report.');
      onClose();
    }
  }
  return (
    <form
      className="popover dialog"
      role="dialog"
      aria-label="Report message"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Reason
        <select value={type} onChange={(e) => setType(e.target.value)}>
          <option value="spam">Spam</option>
          <option value="harassment">Harassment</option>
          <option value="inappropriate">Inappropriate content</option>
          <option value="norms">Violates community norms</option>
          <option value="other">Other reason</option>
        </select>
      </label>
      <label>
        Details
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <SubmitCancel submit="Report" onCancel={onClose} />
    </form>
  );
}
