import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * GET /users/me/{stream_id}/topics, as Zulip's get_topics_backend: the topics of a channel the
 * caller may read, once whatever their case, named as their newest message spells them, with
 * that message's ID, the most recent first; with protected history, only what the caller
 * received. zulip-terminal and the mobile app call it to list a channel's topics.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let roles: TestUser[];

beforeAll(async () => {
  realm = await createTestRealm('Topics realm');
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
});
afterAll(closeFixtures);

const createChannel = (subscribers: TestUser[], params: Json = {}) => newChannel(realm.owner, subscribers, params);

const send = async (to: number, topic: string, by = realm.admin) => ok(await by.api.post('/messages', { type: 'stream', to, topic, content: unique('topic ') })).id as number;
const topicsOf = async (user: TestUser, channel: number, params: Json = {}): Promise<Json[]> => ok(await user.api.get(`/users/me/${channel}/topics`, params)).topics;
const subscribe = async (by: TestUser, name: string, user: TestUser) => ok(await by.api.post('/users/me/subscriptions', { subscriptions: [{ name }], principals: [user.user_id] }));

describe('GET /users/me/{stream_id}/topics', () => {
  it("lists the channel's topics once each, newest first, as their newest message spells them, for every role", async () => {
    const channel = await createChannel([...roles, realm.other]);
    const lunch = await send(channel.id, 'lunch');
    const coffee = await send(channel.id, 'Coffee');
    const lunchAgain = await send(channel.id, 'LUNCH', realm.other);
    expect(lunch).toBeLessThan(coffee);
    for (const user of roles) {
      expect(await topicsOf(user, channel.id)).toEqual([
        { name: 'LUNCH', max_id: lunchAgain },
        { name: 'Coffee', max_id: coffee },
      ]);
    }
    expect(await topicsOf(realm.member, (await createChannel([realm.member])).id)).toEqual([]);
  });

  it('names the empty topic as the realm does, unless the client takes the empty string', async () => {
    const channel = await createChannel([realm.admin, realm.member]);
    const id = await send(channel.id, '');
    const { realm_empty_topic_display_name: name } = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(await topicsOf(realm.member, channel.id)).toEqual([{ name, max_id: id }]);
    expect(await topicsOf(realm.member, channel.id, { allow_empty_topic_name: true })).toEqual([{ name: '', max_id: id }]);
  });

  it("lists a public channel's topics to members who are not subscribed, not to guests", async () => {
    const channel = await createChannel([realm.admin]);
    const id = await send(channel.id, 'open');
    expect(await topicsOf(realm.member, channel.id)).toEqual([{ name: 'open', max_id: id }]);
    refused(await realm.guest.api.get(`/users/me/${channel.id}/topics`), 'Invalid channel ID');
    // Subscribed, a guest reads it all.
    await subscribe(realm.admin, channel.name, realm.guest);
    expect(await topicsOf(realm.guest, channel.id)).toEqual([{ name: 'open', max_id: id }]);
  });

  it('lists only what the caller received where history is protected, all of it where it is shared', async () => {
    const guarded = await createChannel([realm.admin], { invite_only: true, history_public_to_subscribers: false });
    const shared = await createChannel([realm.admin], { invite_only: true, history_public_to_subscribers: true });
    const [before, sharedBefore] = [await send(guarded.id, 'before'), await send(shared.id, 'before')];
    await subscribe(realm.admin, guarded.name, realm.member);
    await subscribe(realm.admin, shared.name, realm.member);
    const [after, beforeAgain] = [await send(guarded.id, 'after'), await send(guarded.id, 'Before')];
    const sharedAfter = await send(shared.id, 'after');
    expect(await topicsOf(realm.admin, guarded.id)).toEqual([
      { name: 'Before', max_id: beforeAgain },
      { name: 'after', max_id: after },
    ]);
    expect(await topicsOf(realm.member, guarded.id)).toEqual([
      { name: 'Before', max_id: beforeAgain },
      { name: 'after', max_id: after },
    ]);
    expect(before).toBeLessThan(after);
    const onlyBefore = await createChannel([realm.admin], { invite_only: true, history_public_to_subscribers: false });
    await send(onlyBefore.id, 'secret history');
    await subscribe(realm.admin, onlyBefore.name, realm.member);
    expect(await topicsOf(realm.member, onlyBefore.id)).toEqual([]);
    expect(await topicsOf(realm.member, shared.id)).toEqual([
      { name: 'after', max_id: sharedAfter },
      { name: 'before', max_id: sharedBefore },
    ]);
  });

  it('refuses private channels the caller is not in, and nonexistent ones, with "Invalid channel ID"', async () => {
    const secret = await createChannel([realm.admin], { invite_only: true });
    await send(secret.id, 'hidden');
    for (const user of [realm.member, realm.guest, realm.moderator]) refused(await user.api.get(`/users/me/${secret.id}/topics`), 'Invalid channel ID');
    refused(await realm.member.api.get('/users/me/999999999/topics'), 'Invalid channel ID');
    refused(await realm.member.api.get(`/users/me/${secret.id}/topics`, { allow_empty_topic_name: 'maybe' }), 'Argument "allow_empty_topic_name" is not valid JSON.');
  });
});
