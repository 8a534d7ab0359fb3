import { BadRequestError } from '@parley/common';
import type { NarrowTerm } from '../store/queue-store';

/**
 * A queue's narrow: which `message` events it receives (other event types are not
 * narrowed, as in Zulip). Terms come as `[operator, operand]` pairs or as
 * `{operator, operand, negated}` objects.
 */
const OPERATORS = new Set(['channel', 'stream', 'channels', 'streams', 'topic', 'sender', 'dm', 'pm-with', 'dm-including', 'is', 'search', 'id', 'has', 'near', 'with']);

export function parseNarrow(raw: unknown): NarrowTerm[] {
  if (!Array.isArray(raw)) throw new BadRequestError('narrow is not a list');
  return (raw as unknown[]).map((term, i) => {
    const t = (Array.isArray(term) ? { operator: term[0] as unknown, operand: term[1] as unknown, negated: false } : term) as { operator?: unknown; operand?: unknown; negated?: unknown } | null;
    if (typeof t !== 'object' || t === null || typeof t.operator !== 'string' || !OPERATORS.has(t.operator)) {
      throw new BadRequestError(`Invalid narrow[${i}]`);
    }
    const operand = t.operand;
    const okOperand = typeof operand === 'string' || typeof operand === 'number' || (Array.isArray(operand) && operand.every((x: unknown) => typeof x === 'number'));
    if (!okOperand) throw new BadRequestError(`Invalid narrow[${i}]: bad operand`);
    return { operator: t.operator, operand, negated: t.negated === true };
  });
}

interface MessageLike {
  type?: string;
  stream_id?: number;
  display_recipient?: string | { id: number; email: string }[];
  subject?: string;
  topic?: string;
  sender_id?: number;
  sender_email?: string;
  id?: number;
}

const lower = (s: unknown) => String(s).toLowerCase();

/** Flags an `is:` operand stands for (Zulip's names). */
const IS_FLAGS: Record<string, string[]> = {
  mentioned: ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned'],
  alerted: ['has_alert_word'],
};

function termMatches(term: NarrowTerm, m: MessageLike, flags: string[], viewerId: number): boolean {
  const recipients = Array.isArray(m.display_recipient) ? m.display_recipient : [];
  const dmIds = (operand: NarrowTerm['operand']) =>
    Array.isArray(operand)
      ? operand
      : String(operand)
          .split(',')
          .map((x) => x.trim());
  const isUser = (r: { id: number; email: string }, x: string | number) => r.id === Number(x) || lower(r.email) === lower(x);
  switch (term.operator) {
    case 'channel':
    case 'stream':
      return m.type === 'stream' && (m.stream_id === Number(term.operand) || lower(m.display_recipient) === lower(term.operand));
    case 'channels':
    case 'streams':
      return m.type === 'stream' && term.operand === 'public';
    case 'topic':
      return m.type === 'stream' && lower(m.subject ?? m.topic ?? '') === lower(term.operand);
    case 'sender':
      return m.sender_id === Number(term.operand) || lower(m.sender_email) === lower(term.operand);
    case 'dm':
    case 'pm-with': {
      // Exactly that conversation: the named users and the viewer, nobody else.
      if (m.type !== 'private') return false;
      const named = dmIds(term.operand).map((x) => recipients.find((r) => isUser(r, x))?.id);
      if (named.some((id) => id === undefined)) return false;
      const wanted = new Set([...(named as number[]), viewerId]);
      return wanted.size === new Set(recipients.map((r) => r.id)).size && recipients.every((r) => wanted.has(r.id));
    }
    case 'dm-including':
      return m.type === 'private' && recipients.some((r) => isUser(r, Array.isArray(term.operand) ? term.operand[0] : term.operand));
    case 'is':
      if (term.operand === 'dm' || term.operand === 'private') return m.type === 'private';
      if (term.operand === 'unread') return !flags.includes('read');
      return (IS_FLAGS[String(term.operand)] ?? [String(term.operand)]).some((f) => flags.includes(f)); // starred, ...
    case 'id':
      return m.id === Number(term.operand);
    default:
      // search, has, near, with: need the message's content or history, which the messages
      // service judges; a narrowed queue with them receives the events and filters client-side.
      return true;
  }
}

/** Whether the queue of `viewerId` with this narrow receives the event. */
export function narrowAdmits(narrow: NarrowTerm[], event: Record<string, unknown>, viewerId: number): boolean {
  if (!narrow.length || event.type !== 'message') return true;
  const message = (event.message ?? {}) as MessageLike;
  const flags = Array.isArray(event.flags) ? (event.flags as string[]) : [];
  return narrow.every((term) => termMatches(term, message, flags, viewerId) !== term.negated);
}
