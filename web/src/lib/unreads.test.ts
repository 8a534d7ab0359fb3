// Unread counts (lib/unreads.ts) and the tab title made from them (lib/notifications.ts):
// what they count, and that the cached counts follow the events that change them.
import { Store } from '../store/store';
import { unreadTitle } from './notifications';
import { unreadCounts } from './unreads';

const ME = 10;
/** Channels a and c (c muted); unread messages in a topic, a muted topic, the muted channel, and two direct conversations. */
function loaded(): Store {
  const store = new Store();
  const channel = (stream_id: number, name: string, is_muted = false) => ({ stream_id, name, color: '#ccc', is_muted, pin_to_top: false, description: '', invite_only: false });
  store.load({
    user_id: ME,
    email: 'me@x.test',
    full_name: 'Me',
    role: 400,
    realm_name: 'Acme',
    realm_users: [11, 12].map((id) => ({ user_id: id, email: `u${id}@x.test`, full_name: `U${id}`, role: 400, is_bot: false, is_active: true })),
    subscriptions: [channel(1, 'a'), channel(3, 'c', true)],
    unread_msgs: {
      streams: [
        { stream_id: 1, topic: 'lunch', unread_message_ids: [20, 21] },
        { stream_id: 1, topic: 'muted', unread_message_ids: [22] },
        { stream_id: 3, topic: 'quiet', unread_message_ids: [30] },
      ],
      pms: [{ other_user_id: 11, unread_message_ids: [40] }],
      huddles: [{ user_ids_string: '10,11,12', unread_message_ids: [41] }],
      mentions: [],
    },
    user_topics: [{ stream_id: 1, topic_name: 'muted', visibility_policy: 1 }],
    user_settings: {},
  });
  return store;
}

describe('unread counts and the tab title', () => {
  it('count by topic (all), by channel (not muted topics), direct messages; the title skips muted channels too', () => {
    const store = loaded();
    const counts = unreadCounts(store.state!);
    expect([...counts.byChannel]).toEqual([
      [1, 2],
      [3, 1],
    ]);
    expect(counts.byTopic.get('1\0muted')).toBe(1);
    expect(counts.dms).toBe(2);
    // 2 in #a > lunch and 2 direct: not the muted topic, not the muted channel.
    expect(unreadTitle(store.state!)).toBe('(4) Acme - Parley');
  });

  it('follow the events: a message read, a topic unmuted, a channel unmuted, all read', () => {
    const store = loaded();
    expect(unreadCounts(store.state!)).toBe(unreadCounts(store.state!)); // cached between changes
    store.apply({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [20], all: false });
    expect(unreadTitle(store.state!)).toBe('(3) Acme - Parley');
    store.apply({ type: 'user_topic', stream_id: 1, topic_name: 'muted', visibility_policy: 0, last_updated: 1 });
    expect(unreadTitle(store.state!)).toBe('(4) Acme - Parley');
    store.apply({ type: 'subscription', op: 'update', stream_id: 3, property: 'is_muted', value: false });
    expect(unreadTitle(store.state!)).toBe('(5) Acme - Parley');
    store.apply({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true });
    expect(unreadTitle(store.state!)).toBe('Acme - Parley');
  });
});
