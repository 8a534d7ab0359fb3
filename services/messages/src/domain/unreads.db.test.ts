import { closeMessagesPool, insertRawMessage, messagesPool, scratchRealm } from '../../../../test/support/messages-db';
import { FLAG_BITS } from './flags';
import { unreadMessagesJson } from './unreads';

/** unread_msgs as a client reads it (it is made as JSON text). */
const unreadMessagesState = async (...args: Parameters<typeof unreadMessagesJson>) => JSON.parse(await unreadMessagesJson(...args));

/** Register's unread_msgs, on the messages schema of the test run's database. */
afterAll(closeMessagesPool);

const { read, mentioned, stream_wildcard_mentioned: channelWildcard, topic_wildcard_mentioned: topicWildcard } = FLAG_BITS;

describe('unreadMessagesJson', () => {
  it('groups unread channel messages by channel and topic whatever its case, with its oldest spelling, oldest group first', async () => {
    const { realmId, userId, channelId: channel } = scratchRealm();
    const [me, other] = [userId(1), userId(2)];
    const send = (channelId: number, topic: string, flags = 0) => insertRawMessage(realmId, { sender: other, channelId, topic, copies: { [me]: flags, [other]: read } });
    const a = await send(channel(1), 'Lunch');
    const b = await send(channel(2), 'plans');
    const c = await send(channel(1), 'LUNCH');
    await send(channel(1), 'lunch', read);
    const d = await send(channel(1), 'lunch');
    const e = await send(channel(2), 'Plans!');
    const state = await unreadMessagesState(messagesPool(), me);
    expect(state.streams).toEqual([
      { stream_id: channel(1), topic: 'Lunch', unread_message_ids: [a, c, d] },
      { stream_id: channel(2), topic: 'plans', unread_message_ids: [b] },
      { stream_id: channel(2), topic: 'Plans!', unread_message_ids: [e] },
    ]);
    expect(state.count).toBe(5);
    // The sender read them all.
    expect((await unreadMessagesState(messagesPool(), other)).count).toBe(0);
  });

  it("groups direct messages by the other participant (oneself in one's own conversation) and group conversations by their members", async () => {
    const { realmId, userId } = scratchRealm();
    const [me, x, y] = [userId(1), userId(2), userId(3)];
    const dm = (sender: number, users: number[]) =>
      insertRawMessage(realmId, {
        sender,
        dmUserIds: users,
        copies: Object.fromEntries(users.map((u) => [u, u === sender ? read : 0])),
      });
    const p1 = await dm(x, [me, x]);
    const g1 = await dm(y, [me, x, y]);
    const p2 = await dm(y, [me, y]);
    const p3 = await dm(x, [me, x]);
    const self = await insertRawMessage(realmId, { sender: me, dmUserIds: [me], copies: { [me]: 0 } });
    const g2 = await dm(x, [me, x, y]);
    const state = await unreadMessagesState(messagesPool(), me);
    expect(state.pms).toEqual([
      { other_user_id: x, sender_id: x, unread_message_ids: [p1, p3] },
      { other_user_id: y, sender_id: y, unread_message_ids: [p2] },
      { other_user_id: me, sender_id: me, unread_message_ids: [self] },
    ]);
    expect(state.huddles).toEqual([{ user_ids_string: [me, x, y].join(','), unread_message_ids: [g1, g2] }]);
    expect(state).toMatchObject({ count: 6, streams: [], mentions: [], old_unreads_missing: false });
  });

  it('lists the unread mentions, personal and wildcard, in ID order', async () => {
    const { realmId, userId, channelId } = scratchRealm();
    const [me, other] = [userId(1), userId(2)];
    const send = (flags: number, users = [me, other]) =>
      insertRawMessage(realmId, {
        sender: other,
        dmUserIds: users,
        copies: { [me]: flags, [other]: read },
      });
    const m1 = await send(mentioned);
    await send(0);
    const m2 = await insertRawMessage(realmId, { sender: other, channelId: channelId(1), topic: 't', copies: { [me]: channelWildcard, [other]: read } });
    await send(mentioned | read);
    const m3 = await insertRawMessage(realmId, { sender: other, channelId: channelId(1), topic: 't', copies: { [me]: topicWildcard } });
    expect((await unreadMessagesState(messagesPool(), me)).mentions).toEqual([m1, m2, m3]);
  });

  it('keeps the newest when there are more than it lists, and says that older ones are missing', async () => {
    const { realmId, userId } = scratchRealm();
    const [me, other] = [userId(1), userId(2)];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertRawMessage(realmId, { sender: other, dmUserIds: [me, other], copies: { [me]: i === 0 ? mentioned : 0 } }));
    const capped = await unreadMessagesState(messagesPool(), me, 3);
    expect(capped).toEqual({
      count: 3,
      pms: [{ other_user_id: other, sender_id: other, unread_message_ids: ids.slice(2) }],
      streams: [],
      huddles: [],
      mentions: [],
      old_unreads_missing: true,
    });
    expect(await unreadMessagesState(messagesPool(), me, 5)).toMatchObject({ count: 5, mentions: [ids[0]], old_unreads_missing: false });
  });

  it("writes JSON whose keys come in Zulip's order, topics with quotes and any character included", async () => {
    const { realmId, userId, channelId } = scratchRealm();
    const [me, other] = [userId(1), userId(2)];
    const topic = 'say "hi" \\ to Zoë 🎉 </script>';
    const id = await insertRawMessage(realmId, { sender: other, channelId: channelId(1), topic, copies: { [me]: 0 } });
    const text = await unreadMessagesJson(messagesPool(), me);
    const state = JSON.parse(text);
    expect(Object.keys(state)).toEqual(['count', 'pms', 'streams', 'huddles', 'mentions', 'old_unreads_missing']);
    expect(state.streams).toEqual([{ stream_id: channelId(1), topic, unread_message_ids: [id] }]);
    expect(Object.keys(state.streams[0])).toEqual(['stream_id', 'topic', 'unread_message_ids']);
  });

  it("lists muted topics' and channels' messages but leaves them out of count, and their wildcard-only mentions out of mentions", async () => {
    const { realmId, userId, channelId } = scratchRealm();
    const [me, other] = [userId(1), userId(2)];
    const [open, muted] = [channelId(1), channelId(2)];
    const send = (channel: number, topic: string, flags = 0) => insertRawMessage(realmId, { sender: other, channelId: channel, topic, copies: { [me]: flags } });
    const policy = (channel: number, topic: string, p: number) =>
      messagesPool().query('INSERT INTO user_topics (user_id, channel_id, topic, visibility_policy) VALUES ($1, $2, $3, $4)', [me, channel, topic, p]);
    await policy(open, 'Quiet', 1);
    await policy(muted, 'loud', 2);
    await policy(muted, 'Followed', 3);
    const a = await send(open, 'quiet', channelWildcard); // a muted topic (whatever its case): wildcard mention left out
    const b = await send(open, 'Quiet', mentioned); // a personal mention counts even there
    const c = await send(open, 'talk', topicWildcard);
    const d = await send(muted, 'other', channelWildcard); // a muted channel
    const e = await send(muted, 'Loud'); // unmuted in a muted channel
    const f = await send(muted, 'followed');
    const state = await unreadMessagesState(messagesPool(), me, undefined, Promise.resolve(new Set([muted])));
    expect(state.streams.map((g: { unread_message_ids: number[] }) => g.unread_message_ids)).toEqual([[a, b], [c], [d], [e], [f]]);
    expect(state.count).toBe(3);
    expect(state.mentions).toEqual([b, c]);
    // Without the muted channel, only the muted topic is left out.
    const plain = await unreadMessagesState(messagesPool(), me);
    expect([plain.count, plain.mentions]).toEqual([4, [b, c, d]]);
    await messagesPool().query('DELETE FROM user_topics WHERE user_id = $1', [me]);
  });

  it('answers an empty state for a user with nothing unread', async () => {
    const { userId } = scratchRealm();
    expect(await unreadMessagesState(messagesPool(), userId(9))).toEqual({
      count: 0,
      pms: [],
      streams: [],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    });
  });
});
