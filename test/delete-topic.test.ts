import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * POST /streams/{stream_id}/delete_topic (Zulip's delete_in_topic): organization
 * administrators only, every message of the topic they may read deleted newest first in
 * batches (the test system's DELETE_TOPIC_BATCH_SIZE is 3), delete_message events, the
 * topic's visibility policies removed. The time limit between batches (complete: false) is
 * unit-tested (services/messages/src/domain/delete-topic.test.ts).
 */
type Json = Record<string, any>;

let realm: TestRealm;
let elsewhere: TestRealm;
let everyone: TestUser[];
let channel: number;

beforeAll(async () => {
  realm = await createTestRealm('Delete topic realm');
  elsewhere = await createTestRealm('Other delete topic realm');
  everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  channel = await createChannel(everyone);
});
afterAll(closeFixtures);

const createChannel = async (subscribers: TestUser[], params: Json = {}) => (await newChannel(realm.owner, subscribers, params)).id;

const send = async (by: TestUser, topic: string, to = channel) => ok(await by.api.post('/messages', { type: 'stream', to, topic, content: unique('doomed ') })).id as number;
const deleteTopic = (user: TestUser, topic_name: string, to = channel) => user.api.post(`/streams/${to}/delete_topic`, { topic_name });
const idsIn = async (user: TestUser, topic: string, to = channel): Promise<number[]> =>
  (
    ok(
      await user.api.get('/messages', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: JSON.stringify([
          { operator: 'channel', operand: to },
          { operator: 'topic', operand: topic },
        ]),
      }),
    ).messages as Json[]
  ).map((m) => m.id);

describe('POST /streams/{stream_id}/delete_topic', () => {
  it('deletes every message of the topic, whatever its case, in batches, for the owner and administrators', async () => {
    for (const admin of [realm.owner, realm.admin]) {
      const topic = unique('Old news ');
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) ids.push(await send(i % 2 ? realm.member : realm.guest, i === 3 ? topic.toUpperCase() : topic));
      const kept = await send(realm.member, unique('Other topic '));
      expect(ok(await deleteTopic(admin, topic.toLowerCase()))).toEqual({ result: 'success', msg: '', complete: true });
      expect(await idsIn(realm.member, topic)).toEqual([]);
      expect(ok(await realm.member.api.get(`/messages/${kept}`)).message.id).toBe(kept);
    }
  });

  it('tells everyone who had the messages with one delete_message event each, as bulk and as single events', async () => {
    const topic = unique('Announced ');
    const [bulk, single] = [
      ok(await realm.member.api.post('/register', { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } })).queue_id as string,
      ok(await realm.guest.api.post('/register', { event_types: ['delete_message'] })).queue_id as string,
    ];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await send(realm.other, topic));
    expect(ok(await deleteTopic(realm.admin, topic)).complete).toBe(true);
    const base = { type: 'delete_message', message_type: 'stream', stream_id: channel, topic };
    const bulkEvents = (await eventsOf(realm.member, bulk, 5)).map(({ id: _id, ...e }) => e);
    // Newest first, batch after batch.
    expect(bulkEvents).toEqual([...ids].reverse().map((id) => ({ ...base, message_ids: [id] })));
    const singleEvents = (await eventsOf(realm.guest, single, 5)).map(({ id: _id, ...e }) => e);
    expect(singleEvents).toEqual([...ids].reverse().map((id) => ({ ...base, message_id: id })));
  });

  it("removes the topic's visibility policies, with user_topic events", async () => {
    const topic = unique('Muted then gone ');
    await send(realm.other, topic);
    ok(await realm.member.api.post('/user_topics', { stream_id: channel, topic, visibility_policy: 1 }));
    const queue = ok(await realm.member.api.post('/register', { event_types: ['user_topic'] })).queue_id as string;
    ok(await deleteTopic(realm.owner, topic));
    const [event] = await eventsOf(realm.member, queue, 1);
    expect(event).toMatchObject({ type: 'user_topic', stream_id: channel, topic_name: topic, visibility_policy: 0 });
    const topics = ok(await realm.member.api.post('/register', { fetch_event_types: ['user_topic'] })).user_topics as Json[];
    expect(topics.filter((t) => t.topic_name === topic)).toEqual([]);
  });

  it("with protected history, deletes only the messages the administrator received, and keeps others' policies for the rest", async () => {
    const secret = await createChannel([realm.owner, realm.member], { invite_only: true, history_public_to_subscribers: false });
    const topic = unique('Before you came ');
    const early = await send(realm.member, topic, secret);
    ok(await realm.member.api.post('/user_topics', { stream_id: secret, topic, visibility_policy: 3 }));
    ok(await realm.owner.api.post('/users/me/subscriptions', { subscriptions: [{ name: ok(await realm.owner.api.get(`/streams/${secret}`)).stream.name }], principals: [realm.admin.user_id] }));
    const late = await send(realm.member, topic, secret);
    expect(ok(await deleteTopic(realm.admin, topic, secret)).complete).toBe(true);
    expect(await idsIn(realm.member, topic, secret)).toEqual([early]);
    expect(late).toBeGreaterThan(early);
    const topics = ok(await realm.member.api.post('/register', { fetch_event_types: ['user_topic'] })).user_topics as Json[];
    expect(topics.filter((t) => t.stream_id === secret && t.topic_name === topic).map((t) => t.visibility_policy)).toEqual([3]);
  });

  it('answers complete for a topic with no messages', async () => {
    expect(ok(await deleteTopic(realm.admin, unique('Never used ')))).toMatchObject({ complete: true });
  });

  it('refuses everyone but organization administrators with UNAUTHORIZED_PRINCIPAL, deleting nothing', async () => {
    const topic = unique('Protected ');
    const id = await send(realm.member, topic);
    for (const user of [realm.moderator, realm.member, realm.guest, realm.bot]) {
      refused(await deleteTopic(user, topic), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    }
    expect(await idsIn(realm.member, topic)).toEqual([id]);
  });

  it('refuses channels the administrator cannot read, nonexistent ones and other realms\' as "Invalid channel ID"', async () => {
    const hidden = await createChannel([realm.owner], { invite_only: true });
    const theirs = ok(await elsewhere.owner.api.post('/channels/create', { name: unique('Theirs '), subscribers: [elsewhere.owner.user_id] })).id as number;
    for (const id of [hidden, theirs, 999_999_999]) refused(await deleteTopic(realm.admin, 'x', id), 'Invalid channel ID');
    refused(await realm.admin.api.post(`/streams/${channel}/delete_topic`, {}), "Missing 'topic_name' argument", 'REQUEST_VARIABLE_MISSING');
  });
});
