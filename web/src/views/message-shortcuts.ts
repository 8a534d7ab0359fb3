// What the shortcuts for the selected message do (`r`, `Shift+R`, `@`, `>`, `<`, `-`, `Ctrl+S`,
// `+`, `=`, `Shift+U`, `Shift+M`, `s`, `Shift+S`, `z`): each the same API call or compose change
// as the message's buttons and menu. The ones that open a row's own state (edit box, menus)
// go to the row as a message command.
import { client, ok } from '../api/client';
import { insertIntoCompose, setComposeTarget, type ComposeTarget } from '../lib/compose-bus';
import type { Action } from '../lib/hotkeys';
import { sendMessageCommand } from '../lib/message-commands';
import { firstImageOf, openImage } from '../lib/lightbox';
import { channelNameOf, channelNarrow, conversationOf, dmNarrow, narrowHash, type Narrow } from '../lib/narrow';
import { attempt, showToast } from '../lib/toasts';
import { store, topicKey } from '../store/store';
import { VisibilityPolicy, type Message } from '../store/types';
import { pauseMarkRead } from './App';
import { toggleReaction } from './MessageActions';

const THUMBS_UP = { name: '+1', code: '1f44d', type: 'unicode_emoji' };

/** The message's conversation: its channel and topic, or its direct conversation (yourself alone for a note to self). */
export function conversationNarrow(m: Message): Narrow {
  const s = store.state!;
  if (m.type === 'stream') return channelNarrow(m.stream_id!, s.channels.get(m.stream_id!)?.name ?? channelNameOf(m), m.subject);
  const others = (Array.isArray(m.display_recipient) ? m.display_recipient : []).map((r) => r.id).filter((id) => id !== s.me.user_id);
  return dmNarrow(others.length ? others : [s.me.user_id]);
}

/** Where a reply to the message goes: its topic, or its direct conversation. */
export function replyTarget(m: Message): ComposeTarget {
  if (m.type === 'stream') return { type: 'stream', streamId: m.stream_id, topic: m.subject };
  return { type: 'private', to: conversationOf(conversationNarrow(m)).dmIds };
}

/** A link to the message in its conversation, as Zulip's "Copy link to message" makes it. */
export const messageLink = (m: Message): string => `${location.origin}/${narrowHash(conversationNarrow(m), m.id)}`;

/** A fence of backticks longer than any run of them in `text`, so a quoted code block cannot end the quote. */
export function unusedFence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/**
 * The Markdown that quotes a message, as Zulip's web app writes it: who said it (a silent
 * mention), a link to it, where (the topic, or the other people of a direct conversation),
 * then its text in a quote block.
 */
export function quoteOf(m: Message, raw: string): string {
  const s = store.state!;
  const said = `@_**${m.sender_full_name}|${m.sender_id}** [said](${messageLink(m)})`;
  let where: string;
  if (m.type === 'stream') {
    const name = s.channels.get(m.stream_id!)?.name ?? channelNameOf(m);
    const topicLink = `${location.origin}/${narrowHash(channelNarrow(m.stream_id!, name, m.subject))}`;
    where = ` in [#${name} > ${m.subject}](${topicLink})`;
  } else {
    const people = (Array.isArray(m.display_recipient) ? m.display_recipient : []).filter((r) => r.id !== m.sender_id);
    where = people.length ? ` to ${people.map((r) => `@_**${r.full_name}|${r.id}**`).join(', ')}` : '';
  }
  const fence = unusedFence(raw);
  return `${said}${where}:\n${fence}quote\n${raw}\n${fence}\n`;
}

/** A message's Markdown source (GET /messages/{id} with apply_markdown=false); undefined when refused (the error shown). */
async function rawContentOf(m: Message): Promise<string | undefined> {
  const answer = await attempt(() => ok(client.GET('/messages/{message_id}', { params: { path: { message_id: m.id }, query: { apply_markdown: false } } })));
  return answer ? (answer as unknown as { message: { content: string } }).message.content : undefined;
}

/** Quote and reply: the message quoted in the compose box, addressed to its conversation. */
export async function quoteAndReply(m: Message): Promise<void> {
  const raw = await rawContentOf(m);
  if (raw !== undefined) insertIntoCompose(quoteOf(m, raw), replyTarget(m));
}

/**
 * Forward (Zulip's `<`): the message quoted in the compose box, for the writer to send on. A
 * channel message keeps its channel and topic, to be changed; a direct one starts with no one.
 */
export async function forward(m: Message): Promise<void> {
  const raw = await rawContentOf(m);
  if (raw === undefined) return;
  const target: ComposeTarget = m.type === 'stream' ? { type: 'stream', streamId: m.stream_id, topic: m.subject } : { type: 'private', to: [] };
  insertIntoCompose(quoteOf(m, raw), target);
}

const setFlag = (ids: number[], op: 'add' | 'remove', flag: 'read' | 'starred' | 'collapsed') => attempt(() => ok(client.POST('/messages/flags', { body: { messages: ids, op, flag } })));

/** Collapse or expand (Zulip's `-`): the `collapsed` flag, kept on the server for all the user's clients. */
export const toggleCollapsed = (m: Message) => setFlag([m.id], m.flags.includes('collapsed') ? 'remove' : 'add', 'collapsed');

export const canEdit = (m: Message): boolean => m.sender_id === store.state!.me.user_id && store.state!.realm.realm_allow_message_editing !== false;

/**
 * Mark as unread from here (Zulip's Shift+U): the message and the feed's later ones. Reading
 * on scroll pauses until the reader goes elsewhere, or the rows in view would be read again at once.
 */
export function markUnreadFrom(m: Message, feedIds: number[]): void {
  pauseMarkRead();
  void setFlag(
    feedIds.filter((id) => id >= m.id),
    'remove',
    'read',
  );
}

function toggleTopicMute(m: Message): void {
  if (m.type !== 'stream') return;
  const muted = store.state!.userTopics.get(topicKey(m.stream_id!, m.subject)) === VisibilityPolicy.MUTED;
  const visibility_policy = muted ? VisibilityPolicy.INHERIT : VisibilityPolicy.MUTED;
  void attempt(() => ok(client.POST('/user_topics', { body: { stream_id: m.stream_id!, topic: m.subject, visibility_policy } }))).then(
    (done) => done && showToast(muted ? 'Topic unmuted.' : 'Topic muted.'),
  );
}

/** `s`: from a topic to its channel; from anywhere else to the message's conversation. */
function toggleConversation(m: Message, narrow: Narrow): string {
  const { channel, streamId, topic } = conversationOf(narrow);
  if (channel !== undefined && topic !== undefined && narrow.length === 2) return narrowHash(channelNarrow(streamId ?? 0, store.state!.channels.get(streamId ?? 0)?.name ?? '', undefined), m.id);
  return narrowHash(conversationNarrow(m), m.id);
}

/** Runs a selected-message shortcut; false when it does not apply to this message. */
export function runOnMessage(action: Action, m: Message, narrow: Narrow, feedIds: number[]): boolean {
  switch (action) {
    case 'reply':
      setComposeTarget(replyTarget(m));
      return true;
    case 'reply-to-sender':
      setComposeTarget({ type: 'private', to: [m.sender_id] });
      return true;
    case 'reply-mention':
      insertIntoCompose(`@**${m.sender_full_name}|${m.sender_id}** `, replyTarget(m));
      return true;
    case 'quote':
      void quoteAndReply(m);
      return true;
    case 'forward':
      void forward(m);
      return true;
    case 'collapse':
      void toggleCollapsed(m);
      return true;
    case 'star':
      void setFlag([m.id], m.flags.includes('starred') ? 'remove' : 'add', 'starred');
      return true;
    case 'thumbs-up':
      void toggleReaction(m, THUMBS_UP);
      return true;
    case 'first-reaction': {
      const first = m.reactions[0];
      if (first) void toggleReaction(m, { name: first.emoji_name, code: first.emoji_code, type: first.reaction_type });
      return first !== undefined;
    }
    case 'mark-unread':
      markUnreadFrom(m, feedIds);
      return true;
    case 'toggle-topic-mute':
      toggleTopicMute(m);
      return m.type === 'stream';
    case 'edit':
      if (canEdit(m)) sendMessageCommand(m.id, 'edit');
      return canEdit(m);
    case 'move':
      if (m.type === 'stream') sendMessageCommand(m.id, 'move');
      return m.type === 'stream';
    case 'actions-menu':
      sendMessageCommand(m.id, 'menu');
      return true;
    case 'emoji-picker':
      sendMessageCommand(m.id, 'emoji');
      return true;
    case 'user-card':
      sendMessageCommand(m.id, 'card');
      return true;
    case 'read-receipts':
      sendMessageCommand(m.id, 'receipts');
      return true;
    case 'edit-history':
      sendMessageCommand(m.id, 'history');
      return true;
    case 'view-image': {
      const image = firstImageOf(m.content);
      if (image) openImage(image);
      return image !== undefined;
    }
    case 'toggle-conversation':
      location.hash = toggleConversation(m, narrow);
      return true;
    case 'go-to-channel':
      if (m.type === 'stream') location.hash = narrowHash(channelNarrow(m.stream_id!, store.state!.channels.get(m.stream_id!)?.name ?? channelNameOf(m)), m.id);
      return m.type === 'stream';
    case 'zoom':
      location.hash = narrowHash(conversationNarrow(m), m.id);
      return true;
    default:
      return false;
  }
}
