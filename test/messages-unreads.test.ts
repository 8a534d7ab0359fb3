import { Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';

/**
 * POST /register's unread messages (unread_msgs, with event types message and
 * update_message_flags): grouped by channel and topic, one-on-one and group conversations,
 * with the mentions; reading a message takes it out.
 */
let realm: TestRealm;
beforeAll(async () => {
  realm = await createTestRealm('Unreads realm');
});
afterAll(closeFixtures);

describe('register unread_msgs', () => {
  it("groups the user's unread messages as Zulip's clients expect", async () => {
    const channel = (await realm.admin.api.post('/channels/create', { name: 'Busy', subscribers: [realm.admin.user_id, realm.member.user_id], send_new_subscription_messages: false })).body.id;
    const send = async (params: Params) => (await realm.admin.api.post('/messages', params)).body.id as number;
    const a = await send({ type: 'stream', to: channel, topic: 'Lunch', content: 'one' });
    const b = await send({ type: 'stream', to: channel, topic: 'lunch', content: 'two @**Mia Member**' });
    const c = await send({ type: 'direct', to: JSON.stringify([realm.member.user_id]), content: 'psst' });
    const d = await send({ type: 'direct', to: JSON.stringify([realm.member.user_id, realm.other.user_id]), content: 'group' });
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['message', 'update_message_flags'] })).body;
    expect(state.max_message_id).toBe(d);
    const group = [realm.admin.user_id, realm.member.user_id, realm.other.user_id].sort((x, y) => x - y).join(',');
    expect(state.unread_msgs).toEqual({
      count: 4,
      streams: [{ stream_id: channel, topic: 'Lunch', unread_message_ids: [a, b] }],
      pms: [{ other_user_id: realm.admin.user_id, sender_id: realm.admin.user_id, unread_message_ids: [c] }],
      huddles: [{ user_ids_string: group, unread_message_ids: [d] }],
      mentions: [b],
      old_unreads_missing: false,
    });
    await realm.member.api.post('/messages/flags', { messages: JSON.stringify([a, c]), op: 'add', flag: 'read' });
    const after = (await realm.member.api.post('/register', { fetch_event_types: ['message', 'update_message_flags'] })).body.unread_msgs;
    expect([after.count, after.streams[0].unread_message_ids, after.pms]).toEqual([2, [b], []]);
    // Only with both event types.
    expect((await realm.member.api.post('/register', { fetch_event_types: ['message'] })).body.unread_msgs).toBeUndefined();
  });
});
