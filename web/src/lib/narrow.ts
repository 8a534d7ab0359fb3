// Zulip's narrows and their URL hashes (#narrow/channel/12-general/topic/lunch), so the
// channel and topic links Parley renders in messages navigate inside the client. The
// encoding is Zulip's web app's: encodeURIComponent, then '%' → '.', and '.', '(', ')' escaped.
import type { Message } from '../store/types';

export interface Term {
  operator: string;
  operand: string;
  negated?: boolean;
}
export type Narrow = Term[];

/** The client's places: a narrow of messages, or one of the views without a feed. */
export type Place =
  | { view: 'feed'; narrow: Narrow; near?: number }
  | { view: 'inbox' }
  | { view: 'recent' }
  | { view: 'drafts' }
  | { view: 'scheduled' }
  | { view: 'channels' }
  | { view: 'settings'; section: string }
  | { view: 'organization'; section: string };

const ALIASES: Record<string, string> = { stream: 'channel', subject: 'topic', 'pm-with': 'dm', streams: 'channels', 'group-pm-with': 'dm-including' };

export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[%().]/g, (c) => ({ '%': '.', '(': '.28', ')': '.29', '.': '.2E' })[c]!);
}

export function decodeHashComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\./g, '%'));
  } catch {
    return text;
  }
}

/** A channel's slug in a hash: `12-general-chat`. */
export const channelSlug = (id: number, name: string): string => `${id}-${encodeHashComponent(name.replace(/ /g, '-'))}`;

/** The id a channel operand names: `12-general`, `12`, or (older links) the channel's name. */
export function channelIdOf(operand: string, byName?: (name: string) => number | undefined): number | undefined {
  const m = /^(\d+)(-|$)/.exec(operand);
  if (m) return Number(m[1]);
  return byName?.(operand);
}

/** The user ids a dm operand names: `5,7-group` or `5-Alice`. */
export function dmIdsOf(operand: string): number[] {
  const ids = operand.split('-')[0];
  return ids
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export function parseHash(hash: string): Place {
  const h = hash.replace(/^#/, '');
  if (h === '' || h === 'inbox') return { view: 'inbox' };
  if (h === 'recent' || h === 'recent_topics') return { view: 'recent' };
  if (h === 'feed' || h === 'all_messages') return { view: 'feed', narrow: [] };
  if (h === 'drafts') return { view: 'drafts' };
  if (h === 'scheduled') return { view: 'scheduled' };
  if (h.startsWith('channels')) return { view: 'channels' };
  if (h.startsWith('settings')) return { view: 'settings', section: h.split('/')[1] || 'profile' };
  if (h.startsWith('organization')) return { view: 'organization', section: h.split('/')[1] || 'settings' };
  if (!h.startsWith('narrow/')) return { view: 'inbox' };
  const parts = h.slice('narrow/'.length).split('/');
  const narrow: Narrow = [];
  let near: number | undefined;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    let operator = decodeHashComponent(parts[i]);
    const negated = operator.startsWith('-');
    if (negated) operator = operator.slice(1);
    operator = ALIASES[operator] ?? operator;
    const operand = decodeHashComponent(parts[i + 1]);
    if (operator === 'near' || operator === 'with') {
      near = Number(operand) || undefined;
      continue;
    }
    narrow.push(negated ? { operator, operand, negated } : { operator, operand });
  }
  return { view: 'feed', narrow, near };
}

export function narrowHash(narrow: Narrow, near?: number): string {
  if (narrow.length === 0) return near ? `#narrow/near/${near}` : '#feed';
  const parts = narrow.map((t) => `${t.negated ? '-' : ''}${t.operator}/${t.operator === 'channel' || t.operator === 'dm' ? t.operand : encodeHashComponent(t.operand)}`);
  return `#narrow/${parts.join('/')}${near ? `/near/${near}` : ''}`;
}

export const channelNarrow = (id: number, name: string, topic?: string): Narrow => [
  { operator: 'channel', operand: channelSlug(id, name) },
  ...(topic !== undefined ? [{ operator: 'topic', operand: topic }] : []),
];

/** Messages a person sent, as Zulip's web app links them (`#narrow/sender/12-Alice-Archer`). */
export const senderNarrow = (id: number, name: string): Narrow => [{ operator: 'sender', operand: `${id}-${name.replace(/[\s"%/<>`]+/g, '-')}` }];

/** A direct conversation's narrow: its other members (yourself alone for a note to self). */
export const dmNarrow = (ids: number[]): Narrow => [{ operator: 'dm', operand: `${[...ids].sort((a, b) => a - b).join(',')}-dm` }];

/** The conversation a narrow's channel, topic and dm terms name (each undefined when absent). */
export interface Conversation {
  /** The channel term's operand, and the id it names (undefined for an unknown name). */
  channel?: string;
  streamId?: number;
  topic?: string;
  dmIds?: number[];
}

export function conversationOf(narrow: Narrow): Conversation {
  const operand = (operator: string) => narrow.find((t) => t.operator === operator)?.operand;
  const channel = operand('channel');
  const dm = operand('dm');
  return { channel, streamId: channel === undefined ? undefined : channelIdOf(channel), topic: operand('topic'), dmIds: dm === undefined ? undefined : dmIdsOf(dm) };
}

/** The narrow as the API takes it (channel operands as ids, dm operands as id lists). */
export function apiNarrow(narrow: Narrow, channelByName?: (name: string) => number | undefined): { operator: string; operand: string | number | number[]; negated?: boolean }[] {
  return narrow.map((t) => {
    const negated = t.negated ? { negated: true } : {};
    if (t.operator === 'channel') return { operator: 'channel', operand: channelIdOf(t.operand, channelByName) ?? t.operand, ...negated };
    if (t.operator === 'dm' || t.operator === 'dm-including') return { operator: t.operator, operand: dmIdsOf(t.operand), ...negated };
    // A sender is an email, or an id alone or with its name as Zulip's links write it (`12-Alice-Archer`).
    const senderId = t.operator === 'sender' ? /^(\d+)(?:-[^@]*)?$/.exec(t.operand) : null;
    if (senderId) return { operator: 'sender', operand: Number(senderId[1]), ...negated };
    return { operator: t.operator, operand: t.operand, ...negated };
  });
}

/** The key a direct conversation is kept under: its members' ids, sorted, yourself included. */
export const dmKey = (ids: number[], me: number): string => [...new Set([...ids, me])].sort((a, b) => a - b).join(',');

/** The channel name a channel message carries (its display_recipient is the name for those). */
export const channelNameOf = (m: Message): string => (typeof m.display_recipient === 'string' ? m.display_recipient : '');

export function messageDmKey(message: Message, me: number): string {
  const recipients = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
  return dmKey(recipients, me);
}

/**
 * Whether a new message belongs in a narrow's feed, for the narrows the client can decide
 * alone (Zulip's web app does the same: a search narrow waits for the server).
 * Undefined: the client cannot tell.
 */
export function messageMatches(narrow: Narrow, message: Message, me: number): boolean | undefined {
  for (const term of narrow) {
    let matches: boolean;
    switch (term.operator) {
      case 'channel':
        matches = message.type === 'stream' && message.stream_id === channelIdOf(term.operand);
        break;
      case 'topic':
        matches = message.type === 'stream' && message.subject.toLowerCase() === term.operand.toLowerCase();
        break;
      case 'dm':
        matches = message.type === 'private' && messageDmKey(message, me) === dmKey(dmIdsOf(term.operand), me);
        break;
      case 'dm-including':
        matches = message.type === 'private' && messageDmKey(message, me).split(',').map(Number).includes(dmIdsOf(term.operand)[0]);
        break;
      case 'sender':
        matches = String(message.sender_id) === term.operand;
        break;
      case 'is':
        if (term.operand === 'dm' || term.operand === 'private') matches = message.type === 'private';
        else if (term.operand === 'starred') matches = message.flags.includes('starred');
        else if (term.operand === 'mentioned') matches = message.flags.some((f) => f === 'mentioned' || f === 'wildcard_mentioned' || f === 'has_alert_word');
        else if (term.operand === 'unread') matches = !message.flags.includes('read');
        else return undefined;
        break;
      case 'channels':
        matches = message.type === 'stream';
        break;
      default:
        return undefined;
    }
    if (matches === Boolean(term.negated)) return false;
  }
  return true;
}

/** A narrow as search-box text: `channel:general topic:lunch`. */
export function narrowText(narrow: Narrow, channelName: (id: number) => string | undefined, userEmail: (id: number) => string | undefined): string {
  return narrow
    .map((t) => {
      let operand = t.operand;
      if (t.operator === 'channel') operand = channelName(channelIdOf(t.operand) ?? 0) ?? t.operand;
      if (t.operator === 'dm')
        operand = dmIdsOf(t.operand)
          .map((id) => userEmail(id) ?? String(id))
          .join(',');
      if (t.operator === 'search') return operand;
      return `${t.negated ? '-' : ''}${t.operator}:${/\s/.test(operand) ? `"${operand}"` : operand}`;
    })
    .join(' ');
}

/** Search-box text as a narrow: `channel:general topic:"lunch plans" cheese` (Zulip's operators). */
export function parseSearch(text: string, channelId: (name: string) => number | undefined, userId: (email: string) => number | undefined): Narrow {
  const narrow: Narrow = [];
  const words: string[] = [];
  // One pass, linear: a token is `-?op:"quoted"`, `-?op:word` or a word.
  const token = /(-?)([a-z-]+):(?:"([^"]*)"|(\S+))|(\S+)/gi;
  for (const m of text.matchAll(token)) {
    if (m[5] !== undefined) {
      words.push(m[5]);
      continue;
    }
    const negated = m[1] === '-';
    const operator = ALIASES[m[2].toLowerCase()] ?? m[2].toLowerCase();
    let operand = m[3] ?? m[4];
    if (operator === 'channel') {
      const id = channelId(operand);
      if (id !== undefined) operand = String(id);
    } else if (operator === 'dm' || operator === 'sender' || operator === 'dm-including') {
      const ids = operand.split(',').map((e) => userId(e) ?? (/^\d+$/.test(e) ? Number(e) : undefined));
      if (ids.every((id) => id !== undefined)) operand = operator === 'sender' ? String(ids[0]) : `${ids.join(',')}-dm`;
    }
    narrow.push(negated ? { operator, operand, negated } : { operator, operand });
  }
  if (words.length) narrow.push({ operator: 'search', operand: words.join(' ') });
  return narrow;
}
