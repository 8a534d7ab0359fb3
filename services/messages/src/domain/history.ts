import { BadRequestError, emptyTopicDisplayName, Queryable } from '@parley/common';
import * as edits from '../store/edits';
import type { EditRow } from '../store/edits';
import type { MessageRow } from '../store/messages';
import type { Peers } from '../peers';
import { accessMessage } from './fetch';

/**
 * A message's edit history, rebuilt from its current state and the edits' previous values:
 * GET /messages/{message_id}/history's snapshots (oldest first, the original included), and
 * the `edit_history` of fetched messages (newest first, one entry per edit).
 */
const ts = (d: Date) => Math.floor(d.getTime() / 1000);

export function editHistory(rows: EditRow[]): Record<string, unknown>[] {
  return [...rows].reverse().map((e) => ({
    timestamp: ts(e.edited_at),
    user_id: e.user_id,
    ...(e.prev_content !== null && { prev_content: e.prev_content, prev_rendered_content: e.prev_rendered_content }),
    ...(e.prev_topic !== null && { prev_topic: e.prev_topic, topic: e.topic }),
    ...(e.prev_channel_id !== null && { prev_stream: e.prev_channel_id, stream: e.channel_id }),
  }));
}

/** The edit_history of each message that has one, by message ID. */
export async function editHistories(db: Queryable, ids: number[]): Promise<Map<number, Record<string, unknown>[]>> {
  const byMessage = new Map<number, EditRow[]>();
  if (!ids.length) return new Map();
  for (const e of await edits.editsOf(db, ids)) {
    const rows = byMessage.get(e.message_id);
    if (rows) rows.push(e);
    else byMessage.set(e.message_id, [e]);
  }
  return new Map([...byMessage].map(([id, rows]) => [id, editHistory(rows)]));
}

export function snapshots(m: MessageRow, rows: EditRow[], emptyTopicName?: string): Record<string, unknown>[] {
  // Clients that do not know the empty topic see the realm's name for it.
  const topicOf = (topic: string) => (m.kind === 'channel' && topic === '' && emptyTopicName !== undefined ? emptyTopicName : topic);
  let state = { content: m.content, rendered_content: m.rendered_content, topic: m.topic, stream: m.channel_id };
  const out: Record<string, unknown>[] = [];
  for (const e of [...rows].reverse()) {
    out.push({
      topic: topicOf(state.topic),
      content: state.content,
      rendered_content: state.rendered_content,
      timestamp: ts(e.edited_at),
      user_id: e.user_id,
      ...(e.prev_content !== null && {
        prev_content: e.prev_content,
        prev_rendered_content: e.prev_rendered_content,
        content_html_diff: htmlDiff(e.prev_rendered_content ?? '', state.rendered_content),
      }),
      ...(e.prev_topic !== null && { prev_topic: topicOf(e.prev_topic) }),
      ...(e.prev_channel_id !== null && { prev_stream: e.prev_channel_id, stream: state.stream }),
    });
    state = {
      content: e.prev_content ?? state.content,
      rendered_content: e.prev_rendered_content ?? state.rendered_content,
      topic: e.prev_topic ?? state.topic,
      stream: e.prev_channel_id ?? state.stream,
    };
  }
  out.push({ topic: topicOf(state.topic), content: state.content, rendered_content: state.rendered_content, timestamp: ts(m.date_sent), user_id: m.sender_id });
  return out.reverse();
}

/** GET /messages/{message_id}/history, for who may read the message, where the realm allows it. */
export async function messageHistory(db: Queryable, peers: Peers, id: number, allowEmptyTopicName: boolean) {
  const policy = await peers.realmPolicy();
  if (policy.settings.message_edit_history_visibility_policy === 'none') throw new BadRequestError('Message edit history is disabled in this organization');
  const message = await accessMessage(db, peers, id);
  const emptyName = allowEmptyTopicName ? undefined : emptyTopicDisplayName(policy.settings);
  return { message_history: snapshots(message, await edits.editsOf(db, [id]), emptyName) };
}

/**
 * Zulip's content_html_diff: the new HTML with the words an edit inserted and deleted marked
 * (`highlight_text_inserted` / `highlight_text_deleted`), from a word-level diff (tags kept).
 */
export function htmlDiff(before: string, after: string): string {
  const tokens = (html: string) => html.match(/<[^>]+>|[^<\s]+|\s+/g) ?? [];
  const a = tokens(before);
  const b = tokens(after);
  // Beyond a million token pairs the table costs more than the diff is worth: show the new text.
  if (a.length * b.length > 1_000_000) return `<div>${after}</div>`;
  // Longest common subsequence table, then a walk that emits kept, deleted and inserted tokens.
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: string[] = [];
  const mark = (kind: string, t: string) => (t.startsWith('<') || !t.trim() ? t : `<span class="highlight_text_${kind}">${t}</span>`);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(b[j]);
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push(mark('inserted', b[j++]));
    } else {
      const t = a[i++];
      if (!t.startsWith('<')) out.push(mark('deleted', t));
    }
  }
  return `<div>${out.join('')}</div>`;
}
