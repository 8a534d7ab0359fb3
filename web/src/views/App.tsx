// The signed-in app: a header with search, the left sidebar (views, channels, direct
// messages), the main view the URL hash names, and the people list. One column on a
// narrow window, the sidebars behind buttons.
import { useEffect, useState } from 'react';
import { client, logOut, ok } from '../api/client';
import { parseHash, type Place } from '../lib/narrow';
import { useStore } from '../lib/use-store';
import { startNotifications, unreadTitle } from '../lib/notifications';
import { loadEmoji } from '../lib/emoji';
import { warmFormats } from '../lib/format';
import { store } from '../store/store';
import { feedKey, forgetMovedFeeds, openFeed, placeNewMessages } from '../store/feeds';
import { Sidebar } from './Sidebar';
import { FeedView } from './Feed';
import { Inbox, Recent } from './Overviews';
import { DraftsView, ScheduledView } from './Drafts';
import { BrowseChannels } from './BrowseChannels';
import { SearchBar } from './Search';
import { PeopleList } from './People';
import { Settings } from './Settings';
import { Organization } from './Organization';
import { Toasts } from './Toasts';
import { ShortcutsHelp } from './ShortcutsHelp';
import { Lightbox } from './Lightbox';
import { GearMenu } from './GearMenu';
import { useShortcuts } from './shortcuts';

function useHashPlace(): Place {
  const [place, setPlace] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onHash = () => {
      readPaused = false;
      const next = parseHash(location.hash);
      // A feed not loaded yet starts loading now, before the view renders, so that the request
      // and the render overlap (the view would otherwise ask for it only once it is on screen).
      if (next.view === 'feed' && next.near === undefined && !store.state!.feeds.has(feedKey(next.narrow))) void openFeed(next.narrow);
      setPlace(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return place;
}

export function App({ onLoggedOut }: { onLoggedOut: () => void }) {
  const s = useStore();
  const place = useHashPlace();
  // A sidebar opened over the feed (narrow windows), closed by going anywhere: it belongs to the place it was opened at.
  const [opened, setOpened] = useState<{ side: 'left' | 'right'; at: Place }>();
  const panel = opened?.at === place ? opened.side : 'none';
  const setPanel = (side: 'none' | 'left' | 'right') => setOpened(side === 'none' ? undefined : { side, at: place });

  useEffect(() => {
    const stops = [placeNewMessages(), forgetMovedFeeds(), startNotifications()];
    void loadEmoji();
    const warmTimer = window.setTimeout(() => warmFormats(Boolean(store.state?.settings.twenty_four_hour_time)), 300);
    const timer = setInterval(() => store.expireTyping(), 2000);
    // Presence, as Zulip's web app reports it: now and every minute, active when the tab has focus.
    const reportPresence = () =>
      void ok(client.POST('/users/me/presence', { body: { status: document.hasFocus() ? 'active' : 'idle', slim_presence: true, new_user_input: document.hasFocus() } }))
        .then((answer) => store.applyPresences((answer as { presences?: Record<string, unknown> }).presences))
        .catch(() => undefined);
    reportPresence();
    const presenceTimer = setInterval(reportPresence, 60_000);
    return () => {
      stops.forEach((stop) => stop());
      clearInterval(timer);
      clearInterval(presenceTimer);
      clearTimeout(warmTimer);
    };
  }, []);
  useEffect(() => {
    document.title = unreadTitle(s);
  });
  useEffect(() => {
    const dark = s.settings.color_scheme === 3 || (s.settings.color_scheme !== 2 && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.setProperty('--font-size', `${s.settings.web_font_size_px ?? 16}px`);
  }, [s.settings.color_scheme, s.settings.web_font_size_px]);
  const [helpOpen, setHelpOpen] = useState(false);
  useShortcuts(() => setHelpOpen((open) => !open));

  async function logout() {
    await logOut();
    onLoggedOut();
  }

  return (
    <div className={`app panel-${panel}`}>
      <header className="topbar">
        <button className="icon-button only-narrow" aria-label="Channels and views" onClick={() => setPanel(panel === 'left' ? 'none' : 'left')}>
          ☰
        </button>
        <a className="brand" href="#inbox">
          {s.realm.realm_name || 'Parley'}
        </a>
        <SearchBar key={location.hash} place={place} />
        {s.connection !== 'connected' && (
          <span className="connection" role="status">
            Reconnecting…
          </span>
        )}
        <button className="icon-button only-narrow" aria-label="People" onClick={() => setPanel(panel === 'right' ? 'none' : 'right')}>
          👥
        </button>
        <GearMenu onHelp={() => setHelpOpen(true)} onLogout={() => void logout()} />
        <nav className="user-menu" aria-label="Your account">
          <a href="#settings/profile">{s.me.full_name}</a>
          {(s.me.is_admin || s.me.is_owner) && <a href="#organization/settings">Organization</a>}
          <button className="link" onClick={() => void logout()}>
            Log out
          </button>
        </nav>
      </header>
      <Sidebar place={place} />
      <main className="main-view" id="main">
        <MainView place={place} />
      </main>
      <PeopleList />
      <Toasts />
      <Lightbox />
      {helpOpen && <ShortcutsHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}

function MainView({ place }: { place: Place }) {
  switch (place.view) {
    case 'feed':
      return <FeedView key={`${feedKey(place.narrow)}@${place.near ?? ''}`} narrow={place.narrow} near={place.near} />;
    case 'inbox':
      return <Inbox />;
    case 'recent':
      return <Recent />;
    case 'drafts':
      return <DraftsView />;
    case 'scheduled':
      return <ScheduledView />;
    case 'channels':
      return <BrowseChannels />;
    case 'settings':
      return <Settings section={place.section} />;
    case 'organization':
      return <Organization section={place.section} />;
  }
}

/** Marks messages read (POST /messages/flags), batched: the ids seen in one animation frame go together. */
let pendingRead = new Set<number>();
let readTimer: number | undefined;
/** Set by "mark as unread" until the reader goes elsewhere: the rows in view are not read again at once. */
let readPaused = false;
export function pauseMarkRead(): void {
  readPaused = true;
  pendingRead.clear();
}
export function markRead(ids: number[]): void {
  if (readPaused) return;
  for (const id of ids) if (store.state!.unread.has(id)) pendingRead.add(id);
  if (!pendingRead.size || readTimer !== undefined) return;
  readTimer = window.setTimeout(() => {
    const messages = [...pendingRead];
    pendingRead = new Set();
    readTimer = undefined;
    if (messages.length) void ok(client.POST('/messages/flags', { body: { messages, op: 'add', flag: 'read' } })).catch(() => undefined);
  }, 300);
}
