import type MarkdownIt from 'markdown-it';
import type { Findings, Lookup, RenderEnv } from './context';
import { attrs, escapeText } from './html';

/**
 * Mentions as Zulip writes them (zerver/lib/mention.py, UserMentionPattern and
 * UserGroupMentionPattern in zerver/lib/markdown): `@**Full Name**`, `@**Full Name|12**`,
 * `@**|12**`, the wildcards `@**all**` (everyone, channel, stream) and `@**topic**`, and
 * `@*group*`; `@_` in front makes any of them silent. A mention that names nobody stays text.
 */

export type Mention =
  | { kind: 'user'; id: number; name: string; silent: boolean }
  | { kind: 'channel_wildcard'; name: string; silent: boolean }
  | { kind: 'topic_wildcard'; silent: boolean }
  | { kind: 'group'; id: number; name: string; silent: boolean };

const CHANNEL_WILDCARDS: ReadonlySet<string> = new Set(['all', 'everyone', 'stream', 'channel']);
const TOPIC_WILDCARD = 'topic';
const USER_MENTION = /\*\*([^*]+)\*\*/y;
const GROUP_MENTION = /\*([^*]+)\*/y;
// Python's `.` stops at a newline, so a name split over two lines is not ID syntax.
const ID_SYNTAX = /^(.+)?\|(\d+)$/;

/** Zulip's BEFORE_MENTION_ALLOWED_REGEX: the start, whitespace, or one of ' " ( { [ / <. */
export function mentionMayStartAt(src: string, pos: number): boolean {
  return pos === 0 || /[\s'"({[/<]/.test(src[pos - 1]);
}

/** What `@**text**` names, if anything. */
export function resolveUserMention(text: string, silent: boolean, lookup: Lookup): Mention | undefined {
  if (CHANNEL_WILDCARDS.has(text)) return { kind: 'channel_wildcard', name: text, silent };
  if (text === TOPIC_WILDCARD) return { kind: 'topic_wildcard', silent };
  const idSyntax = ID_SYNTAX.exec(text);
  const user = idSyntax ? lookup.usersById.get(Number(idSyntax[2])) : lookup.usersByName.get(text.toLowerCase());
  // @**Name|id** must give the user's own name: one user's name with another's ID names nobody.
  if (!user || (idSyntax?.[1] && user.full_name !== idSyntax[1])) return undefined;
  // A deactivated user's mention renders, but silently: it notifies no one.
  return { kind: 'user', id: user.user_id, name: user.full_name, silent: silent || !user.is_active };
}

function resolveGroupMention(text: string, silent: boolean, lookup: Lookup): Mention | undefined {
  const group = lookup.groupsByName.get(text);
  return group && { kind: 'group', id: group.id, name: group.name, silent };
}

function matchAt<T>(re: RegExp, state: MarkdownIt.StateInline, pos: number, resolve: (text: string) => T | undefined) {
  re.lastIndex = pos;
  const m = re.exec(state.src);
  if (!m || re.lastIndex > state.posMax) return undefined;
  const found = resolve(m[1]);
  return found === undefined ? undefined : { found, end: re.lastIndex };
}

/** The inline rule for `@`; it runs before emphasis, which would otherwise take the `**`. */
export function mentionRule(state: MarkdownIt.StateInline, validateOnly: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x40 /* @ */ || !mentionMayStartAt(src, pos)) return false;
  const { lookup } = state.env as RenderEnv;
  const silent = src[pos + 1] === '_';
  const start = pos + 1 + (silent ? 1 : 0);
  const match = matchAt(USER_MENTION, state, start, (text) => resolveUserMention(text, silent, lookup)) ?? matchAt(GROUP_MENTION, state, start, (text) => resolveGroupMention(text, silent, lookup));
  if (!match) return false;
  if (!validateOnly) state.push('zulip_mention', '', 0).meta = match.found;
  state.pos = match.end;
  return true;
}

/**
 * Counts a rendered mention. Zulip silences every mention inside a quote, so that quoting a
 * message does not notify its mentions again.
 */
export function noteMention(mention: Mention, inQuote: boolean, findings: Findings): void {
  if (inQuote) mention.silent = true;
  if (mention.silent) return;
  if (mention.kind === 'user') findings.mentionedUserIds.add(mention.id);
  else if (mention.kind === 'group') findings.mentionedGroupIds.add(mention.id);
  else if (mention.kind === 'channel_wildcard') findings.streamWildcard = true;
  else findings.topicWildcard = true;
}

/** Zulip's markup: attributes in its (alphabetical) order; a silent mention has no @. */
export function renderMention(mention: Mention): string {
  const silent = mention.silent ? ' silent' : '';
  const at = mention.silent ? '' : '@';
  const span = (className: string, idAttr: [string, string][], text: string) => `<span${attrs([['class', className + silent], ...idAttr])}>${escapeText(at + text)}</span>`;
  switch (mention.kind) {
    case 'user':
      return span('user-mention', [['data-user-id', String(mention.id)]], mention.name);
    case 'channel_wildcard':
      return span('user-mention channel-wildcard-mention', [['data-user-id', '*']], mention.name);
    case 'topic_wildcard':
      return span('topic-mention', [], TOPIC_WILDCARD);
    case 'group':
      return span('user-group-mention', [['data-user-group-id', String(mention.id)]], mention.name);
  }
}
