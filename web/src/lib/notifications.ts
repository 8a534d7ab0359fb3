// Desktop notifications (the browser's Notification API, once the user allowed it) for
// direct messages, mentions, alert words and followed topics, as the user's notification
// settings say; and the unread count in the tab's title.
import { store, topicKey, type State } from '../store/store';
import type { Message } from '../store/types';
import { VisibilityPolicy } from '../store/types';
import { channelNameOf, channelNarrow, dmNarrow, narrowHash } from './narrow';
import { unreadCounts } from './unreads';

/**
 * The tab's title with the unread count, as Zulip counts it: direct messages, and channel
 * messages outside muted topics and muted channels. From the cached counts (lib/unreads.ts),
 * so a render reads a few channels' totals, not every unread message.
 */
export function unreadTitle(s: State): string {
  const counts = unreadCounts(s);
  let count = counts.dms;
  for (const [streamId, n] of counts.byChannel) if (!s.subscriptions.get(streamId)?.is_muted) count += n;
  return `${count ? `(${count}) ` : ''}${s.realm.realm_name || 'Parley'} - Parley`;
}

/** Whether a new message deserves a desktop notification, by Zulip's rules for the web app. */
export function shouldNotify(s: State, m: Message): boolean {
  if (m.sender_id === s.me.user_id || m.flags.includes('read') || s.mutedUsers.has(m.sender_id)) return false;
  const settings = s.settings;
  if (m.type === 'private') return settings.enable_desktop_notifications;
  const mentioned = m.flags.some((f) => f === 'mentioned' || f === 'wildcard_mentioned');
  if (mentioned || m.flags.includes('has_alert_word')) return settings.enable_desktop_notifications;
  const sub = s.subscriptions.get(m.stream_id!);
  const policy = s.userTopics.get(topicKey(m.stream_id!, m.subject));
  if (policy === VisibilityPolicy.FOLLOWED) return settings.enable_followed_topic_desktop_notifications ?? true;
  if (policy === VisibilityPolicy.MUTED || sub?.is_muted) return false;
  return sub?.desktop_notifications ?? settings.enable_stream_desktop_notifications;
}

export function startNotifications(): () => void {
  return store.onMessage((m) => {
    const s = store.state!;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || document.hasFocus() || !shouldNotify(s, m)) return;
    const where = m.type === 'stream' ? `#${channelNameOf(m)} > ${m.subject}` : 'Direct message';
    const text = m.type === 'private' && !s.settings.pm_content_in_desktop_notifications ? 'New direct message' : (new DOMParser().parseFromString(m.content, 'text/html').body.textContent ?? '');
    const n = new Notification(`${m.sender_full_name} (${where})`, { body: text.slice(0, 300), tag: String(m.id) });
    n.onclick = () => {
      window.focus();
      const ids = Array.isArray(m.display_recipient) ? m.display_recipient.map((r) => r.id).filter((id) => id !== s.me.user_id) : [];
      location.hash = narrowHash(m.type === 'stream' ? channelNarrow(m.stream_id!, channelNameOf(m), m.subject) : dmNarrow(ids.length ? ids : [s.me.user_id]), m.id);
    };
  });
}

export async function askNotificationPermission(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return 'denied';
  return Notification.requestPermission();
}
