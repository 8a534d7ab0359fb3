// Zulip's keyboard shortcuts (its help center's "Keyboard shortcuts", web/src/hotkey.ts), the
// ones that map to something Parley's client has. One table says which key does what and
// feeds both the key handler (App) and the help dialog (`?`), so the two cannot disagree.
// Pure: no DOM here beyond reading an event's fields, so the unit tests cover it all.

/** What a shortcut does. Those under `FEED_ACTIONS` need a feed and act on its selected message. */
export type Action =
  | 'search'
  | 'help'
  | 'escape'
  | 'compose-channel'
  | 'compose-dm'
  | 'inbox'
  | 'recent'
  | 'combined-feed'
  | 'starred'
  | 'dm-feed'
  | 'drafts'
  | 'next-unread-topic'
  | 'next-unread-followed-topic'
  | 'next-unread-dm'
  | 'previous-channel'
  | 'next-channel'
  | 'filter-channels'
  | 'filter-people'
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'page-down'
  | 'page-up'
  | 'reply'
  | 'reply-to-sender'
  | 'reply-mention'
  | 'quote'
  | 'edit'
  | 'move'
  | 'toggle-conversation'
  | 'go-to-channel'
  | 'zoom'
  | 'star'
  | 'thumbs-up'
  | 'first-reaction'
  | 'actions-menu'
  | 'emoji-picker'
  | 'mark-unread'
  | 'toggle-topic-mute'
  | 'user-card'
  | 'read-receipts'
  | 'edit-history'
  | 'view-image'
  | 'collapse'
  | 'forward'
  | 'channel-topics'
  | 'compose-preview'
  | 'gear-menu'
  | 'go-to-compose-target';

export interface Shortcut {
  /** Key names as `keyName` spells them: `j`, `Shift+R`, `Ctrl+S`, `ArrowDown`, `?`. */
  keys: string[];
  action: Action;
  /** What the help dialog says. */
  label: string;
  section: 'Basics' | 'Navigation' | 'Selected message' | 'Composing';
}

export const SHORTCUTS: Shortcut[] = [
  { keys: ['r', 'Enter'], action: 'reply', label: 'Reply to the selected message', section: 'Basics' },
  { keys: ['c'], action: 'compose-channel', label: 'New channel message', section: 'Basics' },
  { keys: ['x'], action: 'compose-dm', label: 'New direct message', section: 'Basics' },
  { keys: ['Escape'], action: 'escape', label: 'Leave the compose box or a field; otherwise go to your home view', section: 'Basics' },
  { keys: ['/', 'Ctrl+K'], action: 'search', label: 'Search messages', section: 'Basics' },
  { keys: ['?'], action: 'help', label: 'Show or hide these keyboard shortcuts', section: 'Basics' },
  { keys: ['g'], action: 'gear-menu', label: 'The main menu (settings, channels, drafts, log out)', section: 'Basics' },
  { keys: ['j', 'ArrowDown'], action: 'next', label: 'Next message', section: 'Basics' },
  { keys: ['k', 'ArrowUp'], action: 'previous', label: 'Previous message', section: 'Basics' },
  { keys: ['End', 'Shift+G'], action: 'last', label: 'Last message', section: 'Basics' },
  { keys: ['Home'], action: 'first', label: 'First message', section: 'Basics' },
  { keys: ['PageDown', 'Shift+J'], action: 'page-down', label: 'Scroll down', section: 'Basics' },
  { keys: ['PageUp', 'Shift+K'], action: 'page-up', label: 'Scroll up', section: 'Basics' },
  { keys: ['n'], action: 'next-unread-topic', label: 'Next unread topic', section: 'Navigation' },
  { keys: ['Shift+N'], action: 'next-unread-followed-topic', label: 'Next unread followed topic', section: 'Navigation' },
  { keys: ['p'], action: 'next-unread-dm', label: 'Next unread direct message conversation', section: 'Navigation' },
  { keys: ['s'], action: 'toggle-conversation', label: "Go to the selected message's conversation; from a topic, to its channel", section: 'Navigation' },
  { keys: ['Shift+S'], action: 'go-to-channel', label: "Go to the selected message's channel", section: 'Navigation' },
  { keys: ['z'], action: 'zoom', label: 'Zoom to the selected message in its conversation', section: 'Navigation' },
  { keys: ['Shift+A'], action: 'previous-channel', label: 'Previous channel', section: 'Navigation' },
  { keys: ['Shift+D'], action: 'next-channel', label: 'Next channel', section: 'Navigation' },
  { keys: ['Shift+I'], action: 'inbox', label: 'Inbox', section: 'Navigation' },
  { keys: ['t'], action: 'recent', label: 'Recent conversations', section: 'Navigation' },
  { keys: ['a'], action: 'combined-feed', label: 'Combined feed', section: 'Navigation' },
  { keys: ['*'], action: 'starred', label: 'Starred messages', section: 'Navigation' },
  { keys: ['Shift+P'], action: 'dm-feed', label: 'Direct message feed', section: 'Navigation' },
  { keys: ['d'], action: 'drafts', label: 'Drafts (again: back)', section: 'Navigation' },
  { keys: ['q'], action: 'filter-channels', label: 'Filter channels', section: 'Navigation' },
  { keys: ['w'], action: 'filter-people', label: 'Filter people', section: 'Navigation' },
  { keys: ['y'], action: 'channel-topics', label: "The channel's topics, in the sidebar", section: 'Navigation' },
  { keys: ['Shift+R'], action: 'reply-to-sender', label: 'Reply directly to the sender', section: 'Selected message' },
  { keys: ['@'], action: 'reply-mention', label: 'Reply @-mentioning the sender', section: 'Selected message' },
  { keys: ['>'], action: 'quote', label: 'Quote and reply', section: 'Selected message' },
  { keys: ['<'], action: 'forward', label: 'Forward (quote it in a new message)', section: 'Selected message' },
  { keys: ['e'], action: 'edit', label: 'Edit your message', section: 'Selected message' },
  { keys: ['m'], action: 'move', label: 'Move the message or its topic', section: 'Selected message' },
  { keys: ['Ctrl+S'], action: 'star', label: 'Star or unstar', section: 'Selected message' },
  { keys: ['+'], action: 'thumbs-up', label: 'React with 👍 (again: remove it)', section: 'Selected message' },
  { keys: ['='], action: 'first-reaction', label: 'Toggle the first emoji reaction', section: 'Selected message' },
  { keys: [':'], action: 'emoji-picker', label: 'Emoji reaction picker', section: 'Selected message' },
  { keys: ['i'], action: 'actions-menu', label: 'Message actions menu', section: 'Selected message' },
  { keys: ['Shift+U'], action: 'mark-unread', label: 'Mark as unread from the selected message', section: 'Selected message' },
  { keys: ['Shift+M'], action: 'toggle-topic-mute', label: "Mute or unmute the selected message's topic", section: 'Selected message' },
  { keys: ['u'], action: 'user-card', label: "The sender's card", section: 'Selected message' },
  { keys: ['Shift+V'], action: 'read-receipts', label: 'Read receipts', section: 'Selected message' },
  { keys: ['Shift+H'], action: 'edit-history', label: 'Edit history', section: 'Selected message' },
  { keys: ['v'], action: 'view-image', label: 'View its image', section: 'Selected message' },
  { keys: ['-'], action: 'collapse', label: 'Collapse or expand', section: 'Selected message' },
  { keys: ['Alt+P'], action: 'compose-preview', label: 'Preview the message, or back to editing', section: 'Composing' },
  { keys: ['Ctrl+.'], action: 'go-to-compose-target', label: "Go to the compose box's conversation", section: 'Composing' },
];

/**
 * The compose box's own keys, handled by the box (lib/compose-format.ts) and listed in the
 * help dialog with the rest.
 */
export const COMPOSE_KEYS: { keys: string[]; label: string }[] = [
  { keys: ['Ctrl+B'], label: 'Bold' },
  { keys: ['Ctrl+I'], label: 'Italic' },
  { keys: ['Ctrl+Shift+L'], label: 'Link' },
];

/** The shortcuts that also work while typing in the compose box (Zulip's compose keys). */
const IN_COMPOSE = new Set<Action>(['escape', 'compose-preview', 'go-to-compose-target']);

const BY_KEY = new Map(SHORTCUTS.flatMap((s) => s.keys.map((k) => [k, s.action] as const)));

/** The actions that need a feed with a selected message (or its scroller). */
export const FEED_ACTIONS = new Set<Action>(SHORTCUTS.filter((s) => s.section === 'Selected message').map((s) => s.action));
for (const a of ['next', 'previous', 'first', 'last', 'page-down', 'page-up', 'reply', 'toggle-conversation', 'go-to-channel', 'zoom'] as const) FEED_ACTIONS.add(a);

/** The fields of a KeyboardEvent the mapping reads (a plain object in the tests). */
export interface KeyPress {
  key: string;
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

// Characters typed with Shift on most layouts: Shift is part of the character, not a modifier.
const SHIFTED_CHARACTERS = new Set(['*', '+', '=', '-', '/', ':', '<', '>', '?', '@']);

/**
 * A key press as the table names it: `j`, `Shift+R`, `Ctrl+S`, `?`. Letters go by `code` when
 * `key` is not a Latin letter (a Cyrillic layout types `о` on J's key), as Zulip does; Caps
 * Lock does not turn `j` into `Shift+J`. Cmd counts as Ctrl (a Mac's Cmd+K).
 */
export function keyName(e: KeyPress): string {
  let key = e.key;
  if (key.length === 1 && !/[\x20-\x7e]/.test(key) && e.code?.startsWith('Key')) key = e.code.slice(3);
  // Lowercase unless Shift is held (so Caps Lock changes nothing); with Ctrl or Alt, upper (`Ctrl+K`, `Alt+P`).
  if (/^[a-zA-Z]$/.test(key)) key = e.shiftKey || e.ctrlKey || e.metaKey || e.altKey ? key.toUpperCase() : key.toLowerCase();
  if (e.shiftKey && !SHIFTED_CHARACTERS.has(key)) key = `Shift+${key}`;
  if (e.altKey) key = `Alt+${key}`;
  if (e.ctrlKey || e.metaKey) key = `Ctrl+${key}`;
  return key;
}

/** The action a key press names, if any. */
export const actionFor = (e: KeyPress): Action | undefined => BY_KEY.get(keyName(e));

/** Where the focus is when the key is pressed, as `focusKind` tells it: `compose` is the compose box's text. */
export type Focus = 'compose' | 'typing' | 'control' | 'other';

/**
 * Whether a shortcut may run. Never while typing (the field gets the key), except Escape,
 * which leaves the field, and in the compose box the compose shortcuts (Alt+P, Ctrl+.);
 * never while a modal dialog or popover is open (it handles its own keys); Enter and Space
 * on a button or link press that control instead.
 */
export function mayRun(action: Action, where: { focus: Focus; modalOpen: boolean; key: string }): boolean {
  if (where.modalOpen) return false;
  if (where.focus === 'compose') return IN_COMPOSE.has(action);
  if (where.focus === 'typing') return action === 'escape';
  if (where.focus === 'control' && (where.key === 'Enter' || where.key === ' ')) return false;
  return true;
}

/** What kind of element has the focus: a field one types in, a control (button, link), or other. */
export function focusKind(el: Element | null): Focus {
  if (!el) return 'other';
  if (el.id === 'compose-content') return 'compose';
  if (el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return 'typing';
  if (el.closest('button, a[href], summary, [role="button"], [role="menuitem"], [role="option"]')) return 'control';
  return 'other';
}
