import { BadRequestError } from '@parley/common';

/**
 * Message widgets, as Zulip's zerver/lib/widget.py and zerver/lib/validator.py: a message whose
 * first word is /poll or /todo gets a `widget` submessage with the poll's question and options
 * or the list's title and tasks; readers then add submessages (votes, new options, tasks,
 * strikes), each checked against the widget's type.
 */

export type WidgetType = 'poll' | 'todo';

export interface WidgetContent {
  widget_type: WidgetType;
  extra_data: { question: string; options: string[] } | { task_list_title: string; tasks: { task: string; desc: string }[] };
}

/** Zulip's MAX_IDX: the largest option index or task key. */
const MAX_IDX = 1000;
/** A bullet and the spaces around it, at the start of a stripped line (Zulip's `(\s*[-*]?\s*)`, first match). */
const BULLET = /^\s*[-*]?\s*/;

/** The widget a message's content makes (Zulip's get_widget_data), if any. */
export function widgetOf(content: string): WidgetContent | undefined {
  const first = content.split(/\s+/)[0];
  if (first !== '/poll' && first !== '/todo') return undefined;
  const rest = content.replace(first, '');
  const lines = rest.split(/\r\n|\r|\n/);
  const head = lines.length && lines[0] ? lines.shift()!.trim() : '';
  const items = lines.map((line) => line.trim().replace(BULLET, '')).filter((item) => item.length > 0);
  if (first === '/poll') return { widget_type: 'poll', extra_data: { question: head, options: items } };
  const tasks = items.map((item) => {
    const at = item.indexOf(': ');
    return at < 0 ? { task: item.trim(), desc: '' } : { task: item.slice(0, at).trim(), desc: item.slice(at + 2).trim() };
  });
  return { widget_type: 'todo', extra_data: { task_list_title: head, tasks } };
}

type Check = (name: string, value: unknown) => void;

const isString: Check = (name, value) => {
  if (typeof value !== 'string') throw new BadRequestError(`${name} is not a string`);
};
const isBool: Check = (name, value) => {
  if (typeof value !== 'boolean') throw new BadRequestError(`${name} is not a boolean`);
};
const isInt = (name: string, value: unknown): number => {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new BadRequestError(`${name} is not an integer`);
  return value;
};
const inRange: Check = (name, value) => {
  const n = isInt(name, value);
  if (n < 0) throw new BadRequestError(`${name} is too small`);
  if (n > MAX_IDX) throw new BadRequestError(`${name} is too large`);
};
const vote: Check = (name, value) => {
  if (![1, -1].includes(isInt(name, value))) throw new BadRequestError(`Invalid ${name}`);
};

/** Zulip's check_dict_only: these keys, each checked, and no others. */
function exactly(name: string, data: Record<string, unknown>, keys: [string, Check][]): void {
  for (const [key, check] of keys) {
    if (!(key in data)) throw new BadRequestError(`${key} key is missing from ${name}`);
    check(`${name}["${key}"]`, data[key]);
  }
  const extra = Object.keys(data).filter((k) => !keys.some(([key]) => key === k));
  if (extra.length) throw new BadRequestError(`Unexpected arguments: ${extra.join(', ')}`);
}

function typed(name: string, data: unknown): Record<string, unknown> & { type: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequestError(`${name} is not a dict`);
  const d = data as Record<string, unknown>;
  if (!('type' in d)) throw new BadRequestError(`type key is missing from ${name}`);
  isString(`${name}["type"]`, d.type);
  return d as Record<string, unknown> & { type: string };
}

/** Zulip's validate_poll_data; only the widget's author may change the question. */
export function checkPollData(data: unknown, isAuthor: boolean): void {
  const d = typed('poll data', data);
  if (d.type === 'vote')
    return exactly('poll data', d, [
      ['type', isString],
      ['key', isString],
      ['vote', vote],
    ]);
  if (d.type === 'question') {
    if (!isAuthor) throw new BadRequestError("You can't edit a question unless you are the author.");
    return exactly('poll data', d, [
      ['type', isString],
      ['question', isString],
    ]);
  }
  if (d.type === 'new_option')
    return exactly('poll data', d, [
      ['type', isString],
      ['option', isString],
      ['idx', inRange],
    ]);
  throw new BadRequestError(`Unknown type for poll data: ${d.type}`);
}

/** Zulip's validate_todo_data; only the widget's author may change the title. */
export function checkTodoData(data: unknown, isAuthor: boolean): void {
  const d = typed('todo data', data);
  if (d.type === 'new_task') {
    return exactly('todo data', d, [
      ['type', isString],
      ['key', inRange],
      ['task', isString],
      ['desc', isString],
      ['completed', isBool],
    ]);
  }
  if (d.type === 'strike')
    return exactly('todo data', d, [
      ['type', isString],
      ['key', isString],
    ]);
  if (d.type === 'new_task_list_title') {
    if (!isAuthor) throw new BadRequestError("You can't edit the task list title unless you are the author.");
    return exactly('todo data', d, [
      ['type', isString],
      ['title', isString],
    ]);
  }
  throw new BadRequestError(`Unknown type for todo data: ${d.type}`);
}
