// Zulip's message widgets, from a message's submessages: polls and to-do lists. Votes and
// tasks are new submessages (POST /submessage), which every reader receives as events.
import { useState } from 'react';
import { client, ok } from '../api/client';
import { attempt } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import type { Message } from '../store/types';

/** A widget submessage's content: Zulip's JSON (`{widget_type, extra_data}`, then `{type: 'vote', …}` and so on). */
type WidgetData = Record<string, unknown>;
export interface WidgetStart {
  widget_type: string;
  extra_data?: WidgetData;
}

const parse = (text: string): WidgetData | undefined => {
  try {
    return JSON.parse(text) as WidgetData;
  } catch {
    return undefined;
  }
};

/** A JSON value as text (a widget's strings; anything else shows as nothing). */
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

const send = (message_id: number, content: object) => attempt(() => ok(client.POST('/submessage', { body: { message_id, msg_type: 'widget', content: JSON.stringify(content) } })));

/** The widget a message starts with (its first submessage), when it is one this client shows. */
export function widgetOf(message: Message): WidgetStart | undefined {
  const first = message.submessages[0];
  const start = first && (parse(first.content) as WidgetStart | undefined);
  return start && (start.widget_type === 'poll' || start.widget_type === 'todo') ? start : undefined;
}

/** A poll or to-do list, shown in place of its message's text as Zulip's web app does. */
export function Widget({ message, start }: { message: Message; start: WidgetStart }) {
  return start.widget_type === 'poll' ? <Poll message={message} start={start} /> : <Todo message={message} start={start} />;
}

function Poll({ message, start }: { message: Message; start: WidgetStart }) {
  const s = useStore();
  const [newOption, setNewOption] = useState('');
  let question = text(start.extra_data?.question);
  const options = new Map<string, { text: string; voters: Set<number> }>();
  (start.extra_data?.options as string[] | undefined)?.forEach((text, i) => options.set(`canned,${i}`, { text, voters: new Set() }));
  for (const sub of message.submessages.slice(1)) {
    const data = parse(sub.content);
    if (!data) continue;
    if (data.type === 'new_option') options.set(`${sub.sender_id},${text(data.idx)}`, { text: text(data.option), voters: new Set() });
    else if (data.type === 'question' && sub.sender_id === message.sender_id) question = text(data.question);
    else if (data.type === 'vote') {
      const option = options.get(text(data.key));
      if (option && data.vote === 1) option.voters.add(sub.sender_id);
      else if (option) option.voters.delete(sub.sender_id);
    }
  }
  const mine = message.submessages.filter((x) => x.sender_id === s.me.user_id && parse(x.content)?.type === 'new_option').length;
  return (
    <div className="widget poll">
      <h4>{question || 'Poll'}</h4>
      <ul>
        {[...options].map(([key, option]) => {
          const voted = option.voters.has(s.me.user_id);
          return (
            <li key={key}>
              <button className={`vote ${voted ? 'voted' : ''}`} aria-pressed={voted} onClick={() => void send(message.id, { type: 'vote', key, vote: voted ? -1 : 1 })}>
                {option.voters.size}
                <span className="visually-hidden"> votes: vote for {option.text}</span>
              </button>
              <span>{option.text}</span>
              <span className="voters">{[...option.voters].map((id) => s.users.get(id)?.full_name ?? id).join(', ')}</span>
            </li>
          );
        })}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!newOption.trim()) return;
          void send(message.id, { type: 'new_option', idx: mine + 1, option: newOption.trim() });
          setNewOption('');
        }}
      >
        <input aria-label="New option" placeholder="New option" value={newOption} onChange={(e) => setNewOption(e.target.value)} />
        <button type="submit">Add option</button>
      </form>
    </div>
  );
}

function Todo({ message, start }: { message: Message; start: WidgetStart }) {
  const s = useStore();
  const [task, setTask] = useState('');
  const title = text(start.extra_data?.task_list_title) || 'Task list';
  const tasks = new Map<string, { task: string; desc: string; done: boolean }>();
  (start.extra_data?.tasks as { task: string; desc: string }[] | undefined)?.forEach((t, i) => tasks.set(`${i},canned`, { task: t.task, desc: t.desc ?? '', done: false }));
  for (const sub of message.submessages.slice(1)) {
    const data = parse(sub.content);
    if (!data) continue;
    if (data.type === 'new_task') tasks.set(`${text(data.key)},${sub.sender_id}`, { task: text(data.task), desc: text(data.desc), done: Boolean(data.completed) });
    else if (data.type === 'strike') {
      const t = tasks.get(text(data.key));
      if (t) t.done = !t.done;
    }
  }
  const mine = message.submessages.filter((x) => x.sender_id === s.me.user_id && parse(x.content)?.type === 'new_task').length;
  return (
    <div className="widget todo">
      <h4>{title}</h4>
      <ul>
        {[...tasks].map(([key, t]) => (
          <li key={key}>
            <label className={t.done ? 'done' : undefined}>
              <input type="checkbox" checked={t.done} onChange={() => void send(message.id, { type: 'strike', key })} /> <strong>{t.task}</strong>
              {t.desc && `: ${t.desc}`}
            </label>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!task.trim()) return;
          void send(message.id, { type: 'new_task', key: mine + 1000, task: task.trim(), desc: '', completed: false });
          setTask('');
        }}
      >
        <input aria-label="New task" placeholder="New task" value={task} onChange={(e) => setTask(e.target.value)} />
        <button type="submit">Add task</button>
      </form>
    </div>
  );
}
