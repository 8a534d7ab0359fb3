// The keyboard shortcuts' one keydown listener (lib/hotkeys.ts says which key is which
// action and when none may run). Actions that go somewhere or focus something run here; the
// ones on the selected message go to the feed on screen, which registers for them.
import { useEffect, useRef } from 'react';
import { sendComposeCommand, setComposeTarget } from '../lib/compose-bus';
import { actionFor, FEED_ACTIONS, focusKind, mayRun, type Action } from '../lib/hotkeys';
import { adjacentChannel, nextUnreadDm, nextUnreadTopic } from '../lib/key-navigation';
import { conversationOf, narrowHash, parseHash, type Conversation, type Narrow, type Place } from '../lib/narrow';
import { showToast } from '../lib/toasts';
import { store } from '../store/store';
import { showChannelTopics } from './Sidebar';
import { openGearMenu } from './GearMenu';

type FeedHandler = (action: Action) => boolean;
let feedHandler: FeedHandler | undefined;

/** The feed on screen takes the feed shortcuts (the latest `handle`; one feed is shown at a time). */
export function useFeedShortcuts(handle: FeedHandler): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const mine: FeedHandler = (action) => latest.current(action);
    feedHandler = mine;
    return () => {
      if (feedHandler === mine) feedHandler = undefined;
    };
  }, []);
}

/** The hash of the user's home view (`web_home_view`), where Escape goes. */
function homeHash(): string {
  const home = store.state!.settings.web_home_view;
  return home === 'recent_topics' ? '#recent' : home === 'all_messages' ? '#feed' : '#inbox';
}

const go = (narrow: Narrow | undefined, none: string): boolean => {
  if (narrow) location.hash = narrowHash(narrow);
  else showToast(none);
  return true;
};

const open = (hash: string): boolean => {
  location.hash = hash;
  return true;
};

const focusField = (id: string): boolean => {
  const field = document.getElementById(id);
  field?.focus();
  return field !== null;
};

/** Escape: out of the field being typed in; else (unless the user turned it off) to the home view. */
function escape(target: EventTarget | null): boolean {
  const focus = focusKind(target instanceof Element ? target : null);
  if (focus === 'typing' || focus === 'compose') {
    (target as HTMLElement).blur();
    return true;
  }
  if (store.state!.settings.web_escape_navigates_to_home_view === false || location.hash === homeHash()) return false;
  location.hash = homeHash();
  return true;
}

/** The views that are lists of links (conversations, drafts, channels), where j/k and the arrows move through them. */
const LIST_VIEWS = new Set<Place['view']>(['inbox', 'recent', 'drafts', 'scheduled', 'channels']);

/**
 * j/k, the arrows, Home and End in a list view: the focus moves through its links (Enter then
 * opens one), as in Zulip's Inbox and Recent conversations.
 */
function moveInList(action: Action, place: Place): boolean {
  if (!LIST_VIEWS.has(place.view) || !['next', 'previous', 'first', 'last'].includes(action)) return false;
  const links = [...document.querySelectorAll<HTMLElement>('#main a[href]')];
  if (!links.length) return false;
  const at = links.indexOf(document.activeElement as HTMLElement);
  const to = action === 'first' ? 0 : action === 'last' ? links.length - 1 : at < 0 ? 0 : Math.min(links.length - 1, Math.max(0, at + (action === 'next' ? 1 : -1)));
  links[to].focus();
  links[to].scrollIntoView({ block: 'nearest' });
  return true;
}

/** Runs a shortcut that needs no feed; false when it did nothing (the key then keeps its default). */
function runGlobal(action: Action, here: Conversation, place: Place, toggleHelp: () => void): boolean {
  const s = store.state!;
  switch (action) {
    case 'search':
      return focusField('search-input');
    case 'help':
      toggleHelp();
      return true;
    case 'gear-menu':
      return openGearMenu();
    case 'compose-channel':
    case 'compose-dm':
      if (!document.getElementById('compose-content')) return false;
      setComposeTarget({ type: action === 'compose-dm' ? 'private' : 'stream' });
      return true;
    case 'filter-channels':
      return focusField('channel-filter');
    case 'filter-people':
      return focusField('people-filter');
    case 'channel-topics':
      if (here.streamId === undefined) return go(undefined, 'Go to a channel first: its topics are listed under it.');
      return showChannelTopics(here.streamId);
    case 'compose-preview':
    case 'go-to-compose-target':
      return sendComposeCommand(action === 'compose-preview' ? 'toggle-preview' : 'go-to-target');
    case 'inbox':
      return open('#inbox');
    case 'recent':
      return open('#recent');
    case 'combined-feed':
      return open('#feed');
    case 'starred':
      return open('#narrow/is/starred');
    case 'dm-feed':
      return open('#narrow/is/dm');
    case 'drafts':
      if (place.view === 'drafts') history.back();
      else location.hash = '#drafts';
      return true;
    case 'next-unread-topic':
      return go(nextUnreadTopic(s, here), 'There are no more unread topics.');
    case 'next-unread-followed-topic':
      return go(nextUnreadTopic(s, here, true), 'There are no more unread followed topics.');
    case 'next-unread-dm':
      return go(nextUnreadDm(s, here), 'There are no more unread direct messages.');
    case 'previous-channel':
    case 'next-channel':
      return go(adjacentChannel(s, here, action === 'next-channel' ? 1 : -1), 'You are not subscribed to any channel.');
    default:
      return false;
  }
}

/** Listens for the shortcuts while the app is shown; `toggleHelp` shows or hides the help dialog. */
export function useShortcuts(toggleHelp: () => void): void {
  const latest = useRef({ toggleHelp });
  useEffect(() => {
    latest.current = { toggleHelp };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A key a field, menu or dialog already handled (Escape closing a picker, say) is theirs.
      if (e.defaultPrevented) return;
      const action = actionFor(e);
      if (!action) return;
      const target = e.target instanceof Element ? e.target : null;
      const modalOpen = document.querySelector('[aria-modal="true"], .popover') !== null;
      if (!mayRun(action, { focus: focusKind(target), modalOpen, key: e.key })) return;
      const { toggleHelp } = latest.current;
      // Where the reader is, from the address itself, not the last render: a key pressed
      // again before the view changed (a second `d`, `n` twice) acts from the new place.
      const place = parseHash(location.hash);
      const here = place.view === 'feed' ? conversationOf(place.narrow) : {};
      let done: boolean;
      if (action === 'escape') done = escape(target);
      else if (FEED_ACTIONS.has(action)) done = feedHandler?.(action) ?? moveInList(action, place);
      else done = runGlobal(action, here, place, toggleHelp);
      if (done) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
