// Where the navigation shortcuts go (lib/key-navigation.ts): n, Shift+N, p, Shift+A/D.
import { Store } from '../store/store';
import { adjacentChannel, nextUnreadDm, nextUnreadTopic } from './key-navigation';

const ME = 10;
/** A register answer: channels b (pinned), a and c (muted); unread topics and direct messages. */
function state() {
  const store = new Store();
  const channel = (stream_id: number, name: string, extra = {}) => ({ stream_id, name, color: '#ccc', is_muted: false, pin_to_top: false, description: '', invite_only: false, ...extra });
  store.load({
    user_id: ME,
    email: 'me@x.test',
    full_name: 'Me',
    role: 400,
    realm_name: 'Test',
    realm_users: [11, 12, 13].map((id) => ({ user_id: id, email: `u${id}@x.test`, full_name: `U${id}`, role: 400, is_bot: false, is_active: true })),
    subscriptions: [channel(1, 'a'), channel(2, 'b', { pin_to_top: true }), channel(3, 'c', { is_muted: true })],
    unread_msgs: {
      streams: [
        { stream_id: 1, topic: 'old', unread_message_ids: [20] },
        { stream_id: 1, topic: 'new', unread_message_ids: [21, 30] },
        { stream_id: 2, topic: 'pinned', unread_message_ids: [25] },
        { stream_id: 1, topic: 'muted', unread_message_ids: [40] },
        { stream_id: 3, topic: 'in muted channel', unread_message_ids: [41] },
        { stream_id: 3, topic: 'followed', unread_message_ids: [42] },
      ],
      pms: [
        { other_user_id: 11, unread_message_ids: [50] },
        { other_user_id: 12, unread_message_ids: [51] },
      ],
      huddles: [],
      mentions: [],
    },
    recent_private_conversations: [
      { user_ids: [11], max_message_id: 50 },
      { user_ids: [12], max_message_id: 60 },
    ],
    user_topics: [
      { stream_id: 1, topic_name: 'muted', visibility_policy: 1 },
      { stream_id: 3, topic_name: 'followed', visibility_policy: 3 },
    ],
    user_settings: {},
  });
  return store.state!;
}

const topicOf = (narrow: { operator: string; operand: string }[] | undefined) => narrow?.map((t) => t.operand).join(' > ');

describe('n and Shift+N: the next unread topic', () => {
  it('goes in sidebar order (pinned first), newest topic first, skipping muted topics and channels', () => {
    const s = state();
    expect(topicOf(nextUnreadTopic(s, {}))).toBe('2-b > pinned');
    expect(topicOf(nextUnreadTopic(s, { streamId: 2, topic: 'pinned' }))).toBe('1-a > new');
    expect(topicOf(nextUnreadTopic(s, { streamId: 1, topic: 'NEW' }))).toBe('1-a > old');
    expect(topicOf(nextUnreadTopic(s, { streamId: 1, topic: 'old' }))).toBe('3-c > followed');
    // After the last, round to the first.
    expect(topicOf(nextUnreadTopic(s, { streamId: 3, topic: 'followed' }))).toBe('2-b > pinned');
  });

  it('with Shift, goes to followed topics only; none left is undefined', () => {
    const s = state();
    expect(topicOf(nextUnreadTopic(s, {}, true))).toBe('3-c > followed');
    expect(nextUnreadTopic(s, { streamId: 3, topic: 'followed' }, true)).toBeUndefined();
    s.unread.clear();
    expect(nextUnreadTopic(s, {})).toBeUndefined();
  });
});

describe('p: the next unread direct conversation', () => {
  it('goes newest first, round, never to the one shown', () => {
    const s = state();
    expect(topicOf(nextUnreadDm(s, {}))).toBe('12-dm');
    expect(topicOf(nextUnreadDm(s, { dmIds: [12] }))).toBe('11-dm');
    expect(topicOf(nextUnreadDm(s, { dmIds: [11] }))).toBe('12-dm');
    s.unread.delete(51);
    expect(nextUnreadDm(s, { dmIds: [11] })).toBeUndefined();
  });
});

describe('Shift+A and Shift+D: the channel before or after', () => {
  it('goes round the sidebar order', () => {
    const s = state();
    expect(topicOf(adjacentChannel(s, {}, 1))).toBe('2-b');
    expect(topicOf(adjacentChannel(s, {}, -1))).toBe('3-c');
    expect(topicOf(adjacentChannel(s, { streamId: 2 }, 1))).toBe('1-a');
    expect(topicOf(adjacentChannel(s, { streamId: 2 }, -1))).toBe('3-c');
  });
});
