// What the message menu shows about a message, each in a dialog: its edit history (GET
// /messages/{id}/history), who has read it (GET /messages/{id}/read_receipts), and a reminder
// about it (POST /reminders), as Zulip's web app offers them.
import { useEffect, useState, type ReactNode } from 'react';
import { client, errorText, ok } from '../api/client';
import { fullTime, localInputValue } from '../lib/format';
import { showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import type { Message } from '../store/types';
import { RenderedContent } from './Feed';
import { FormError, SubmitCancel } from './Form';
import { PopoverDialog } from './Modal';

/** One version of a message, as GET /messages/{id}/history lists them, oldest first. */
interface Version {
  timestamp: number;
  user_id?: number | null;
  topic?: string;
  prev_topic?: string;
  rendered_content?: string;
  prev_rendered_content?: string;
  stream?: number;
  prev_stream?: number;
}

/** A dialog over the message, headed by its label. */
function Dialog({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  return (
    <PopoverDialog label={label} className="dialog message-info" onClose={onClose}>
      <h2>{label}</h2>
      {children}
    </PopoverDialog>
  );
}

/** Loads once when the dialog opens: the answer, or the server's refusal as its `msg`. */
function useAnswer<T>(load: () => Promise<T>): { value?: T; error?: string } {
  const [state, setState] = useState<{ value?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ value }),
      (err: unknown) => live && setState({ error: errorText(err) }),
    );
    return () => {
      live = false;
    };
    // The dialog loads what it shows when it opens, not again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

export function EditHistory({ message, onClose }: { message: Message; onClose: () => void }) {
  const s = useStore();
  const twentyFour = s.settings.twenty_four_hour_time;
  const { value, error } = useAnswer(
    async () => (await ok(client.GET('/messages/{message_id}/history', { params: { path: { message_id: message.id } } }))) as unknown as { message_history: Version[] },
  );
  const who = (id?: number | null) => (id ? (s.users.get(id)?.full_name ?? `User ${id}`) : 'Someone');
  const channel = (id?: number) => (id ? `#${s.channels.get(id)?.name ?? id}` : '');
  return (
    <Dialog label="Message edit history" onClose={onClose}>
      <FormError error={error} />
      {!value && !error && <p className="hint">Loading…</p>}
      <ol className="edit-history">
        {value?.message_history.map((v, i) => (
          <li key={i}>
            <p className="hint">
              {i === 0 ? 'Sent' : 'Edited'} by {who(v.user_id)}, {fullTime(v.timestamp, twentyFour)}
            </p>
            {v.prev_stream !== undefined && (
              <p>
                Moved from {channel(v.prev_stream)} to {channel(v.stream)}
              </p>
            )}
            {v.prev_topic !== undefined && (
              <p>
                Topic: {v.prev_topic || 'general chat'} → {v.topic || 'general chat'}
              </p>
            )}
            {(i === 0 || v.prev_rendered_content !== undefined) && v.rendered_content !== undefined && <RenderedContent html={v.rendered_content} twentyFour={twentyFour} />}
          </li>
        ))}
      </ol>
      <button onClick={onClose}>Close</button>
    </Dialog>
  );
}

export function ReadReceipts({ message, onClose }: { message: Message; onClose: () => void }) {
  const s = useStore();
  const { value, error } = useAnswer(async () => (await ok(client.GET('/messages/{message_id}/read_receipts', { params: { path: { message_id: message.id } } }))) as unknown as { user_ids: number[] });
  const names = (value?.user_ids ?? []).map((id) => s.users.get(id)?.full_name ?? `User ${id}`).sort((a, b) => a.localeCompare(b));
  return (
    <Dialog label="Read receipts" onClose={onClose}>
      <FormError error={error} />
      {value && <p>{names.length === 0 ? 'Nobody has read this message yet.' : `This message has been read by ${names.length} ${names.length === 1 ? 'person' : 'people'}:`}</p>}
      <ul className="plain-list">
        {names.map((name, i) => (
          <li key={i}>{name}</li>
        ))}
      </ul>
      <button onClick={onClose}>Close</button>
    </Dialog>
  );
}

/** When a reminder can be set for, as Zulip's menu offers: soon, later today, tomorrow morning, or a time. */
function reminderChoices(now = new Date()): [string, number][] {
  const inMinutes = (n: number) => Math.floor(now.getTime() / 1000) + n * 60;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return [
    ['In 20 minutes', inMinutes(20)],
    ['In 1 hour', inMinutes(60)],
    ['In 3 hours', inMinutes(180)],
    ['Tomorrow at 9:00', Math.floor(tomorrow.getTime() / 1000)],
  ];
}

export function RemindMe({ message, onClose }: { message: Message; onClose: () => void }) {
  const choices = reminderChoices();
  const [when, setWhen] = useState(localInputValue(choices[1][1]));
  const [error, setError] = useState<string>();
  async function remind(at: number) {
    try {
      await ok(client.POST('/reminders', { body: { message_id: message.id, scheduled_delivery_timestamp: at } }));
      showToast(`Reminder set for ${new Date(at * 1000).toLocaleString()}.`);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  }
  return (
    <Dialog label="Remind me about this message" onClose={onClose}>
      <div className="row-buttons">
        {choices.map(([label, at]) => (
          <button key={label} onClick={() => void remind(at)}>
            {label}
          </button>
        ))}
      </div>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          const at = Date.parse(when);
          if (Number.isNaN(at)) setError('Choose when to be reminded.');
          else void remind(Math.floor(at / 1000));
        }}
      >
        <label>
          At a time of your choosing
          <input type="datetime-local" required value={when} onChange={(e) => setWhen(e.target.value)} />
        </label>
        <FormError error={error} />
        <SubmitCancel submit="Remind me" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
