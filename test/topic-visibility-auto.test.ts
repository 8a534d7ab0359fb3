import { closeFixtures, createTestRealm, settle, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { unique } from './support/route-samples';

/**
 * The settings that change a user's topic visibility as they take part (Zulip's
 * zerver/actions/message_send.py, reactions.py and zerver/lib/message.py):
 * automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy
 * on send, reaction and starting a topic, automatically_follow_topics_where_mentioned, with
 * POST /messages's automatic_new_visibility_policy and user_topic events; and unread_msgs as
 * muting makes it.
 */
type Json = Record<string, any>;

const [ON_PARTICIPATION, ON_SEND, ON_INITIATION, NEVER] = [1, 2, 3, 4];
const [MUTED, UNMUTED, FOLLOWED] = [1, 2, 3];

let realm: TestRealm;
let channel: number;

beforeAll(async () => {
  realm = await createTestRealm('Automatic visibility realm');
  const everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  channel = ok(
    await realm.owner.api.post('/channels/create', {
      name: unique('Auto '),
      subscribers: everyone.map((u) => u.user_id),
      send_new_subscription_messages: false,
    }),
  ).id as number;
});
afterAll(closeFixtures);

/** Changes the settings, and waits for the change's events (the messages service keeps the sender's settings until they come). */
const settings = async (user: TestUser, follow: number, unmute: number, mentioned = true) => {
  ok(
    await user.api.patch('/settings', {
      automatically_follow_topics_policy: follow,
      automatically_unmute_topics_in_muted_streams_policy: unmute,
      automatically_follow_topics_where_mentioned: mentioned,
    }),
  );
  await settle(user);
};
const send = async (user: TestUser, topic: string, content = unique('hello ')) => ok(await user.api.post('/messages', { type: 'stream', to: channel, topic, content }));
const policyOf = async (user: TestUser, topic: string): Promise<number> => {
  const topics = ok(await user.api.post('/register', { fetch_event_types: ['user_topic'] })).user_topics as Json[];
  return topics.find((t) => t.stream_id === channel && t.topic_name.toLowerCase() === topic.toLowerCase())?.visibility_policy ?? 0;
};
const muteChannel = async (user: TestUser, muted: boolean) =>
  ok(await user.api.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: channel, property: 'is_muted', value: muted }] }));

describe('on send', () => {
  it('follows a topic one starts (the default, ON_INITIATION) for every human role, and says so once', async () => {
    for (const user of [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest]) {
      await settings(user, ON_INITIATION, ON_INITIATION);
      const queue = ok(await user.api.post('/register', { event_types: ['user_topic'] })).queue_id as string;
      const topic = unique('Started ');
      expect(await send(user, topic)).toMatchObject({ automatic_new_visibility_policy: FOLLOWED });
      expect(await send(user, topic)).not.toHaveProperty('automatic_new_visibility_policy');
      expect(await policyOf(user, topic)).toBe(FOLLOWED);
      const [event] = await eventsOf(user, queue, 1);
      expect(event).toMatchObject({ type: 'user_topic', stream_id: channel, topic_name: topic, visibility_policy: FOLLOWED });
    }
  });

  it('does not follow a topic someone else started with ON_INITIATION; does with ON_SEND; never with NEVER', async () => {
    const topic = unique('Theirs ');
    await send(realm.other, topic);
    await settings(realm.member, ON_INITIATION, NEVER);
    expect(await send(realm.member, topic)).not.toHaveProperty('automatic_new_visibility_policy');
    expect(await policyOf(realm.member, topic)).toBe(0);
    await settings(realm.member, NEVER, NEVER);
    expect(await send(realm.member, unique('Mine '))).not.toHaveProperty('automatic_new_visibility_policy');
    await settings(realm.member, ON_SEND, NEVER);
    expect(await send(realm.member, topic.toUpperCase())).toMatchObject({ automatic_new_visibility_policy: FOLLOWED });
    expect(await policyOf(realm.member, topic)).toBe(FOLLOWED);
    await settings(realm.member, ON_INITIATION, ON_INITIATION);
  });

  it('unmutes a topic of a muted channel by automatically_unmute_topics_in_muted_streams_policy', async () => {
    const topic = unique('Muted channel ');
    await send(realm.other, topic);
    await settings(realm.moderator, NEVER, ON_SEND);
    await muteChannel(realm.moderator, true);
    expect(await send(realm.moderator, topic)).toMatchObject({ automatic_new_visibility_policy: UNMUTED });
    expect(await policyOf(realm.moderator, topic)).toBe(UNMUTED);
    await muteChannel(realm.moderator, false);
    await settings(realm.moderator, ON_INITIATION, ON_INITIATION);
  });

  it("with Zulip's defaults, follows a topic one starts and unmutes, in a muted channel, one sends to", async () => {
    const user = realm.other; // its settings untouched until here
    const defaults = ok(await user.api.post('/register', { fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } })).user_settings;
    expect([defaults.automatically_follow_topics_policy, defaults.automatically_unmute_topics_in_muted_streams_policy, defaults.automatically_follow_topics_where_mentioned]).toEqual([
      ON_INITIATION,
      ON_SEND,
      true,
    ]);
    const topic = unique('Default muted ');
    await send(realm.owner, topic);
    await muteChannel(user, true);
    await settle(user);
    expect(await send(user, topic)).toMatchObject({ automatic_new_visibility_policy: UNMUTED });
    expect(await policyOf(user, topic)).toBe(UNMUTED);
    await muteChannel(user, false);
  });

  it('changes nothing for bots', async () => {
    const topic = unique('Bot topic ');
    expect(await send(realm.bot, topic)).not.toHaveProperty('automatic_new_visibility_policy');
    expect(await policyOf(realm.bot, topic)).toBe(0);
  });
});

describe('on reaction', () => {
  it('follows with ON_PARTICIPATION, not with the other settings, and never lowers a followed topic', async () => {
    const topic = unique('Reacted ');
    const id = (await send(realm.other, topic)).id as number;
    await settings(realm.admin, ON_INITIATION, NEVER);
    ok(await realm.admin.api.post(`/messages/${id}/reactions`, { emoji_name: 'octopus' }));
    expect(await policyOf(realm.admin, topic)).toBe(0);
    await settings(realm.admin, ON_PARTICIPATION, NEVER);
    const queue = ok(await realm.admin.api.post('/register', { event_types: ['user_topic'] })).queue_id as string;
    ok(await realm.admin.api.post(`/messages/${id}/reactions`, { emoji_name: 'smile' }));
    expect(await policyOf(realm.admin, topic)).toBe(FOLLOWED);
    expect((await eventsOf(realm.admin, queue, 1))[0]).toMatchObject({ type: 'user_topic', topic_name: topic, visibility_policy: FOLLOWED });
    await settings(realm.admin, ON_INITIATION, ON_INITIATION);
  });

  it('unmutes in a muted channel with the unmute setting ON_PARTICIPATION', async () => {
    const topic = unique('Reacted muted ');
    const id = (await send(realm.other, topic)).id as number;
    await settings(realm.guest, NEVER, ON_PARTICIPATION);
    await muteChannel(realm.guest, true);
    ok(await realm.guest.api.post(`/messages/${id}/reactions`, { emoji_name: 'octopus' }));
    expect(await policyOf(realm.guest, topic)).toBe(UNMUTED);
    await muteChannel(realm.guest, false);
    await settings(realm.guest, ON_INITIATION, ON_INITIATION);
  });
});

describe('on mention', () => {
  it('follows for the users mentioned by name who want it, not the muted, not silently, not bots', async () => {
    const topic = unique('Mentions ');
    await send(realm.owner, topic);
    ok(await realm.guest.api.post('/user_topics', { stream_id: channel, topic, visibility_policy: MUTED }));
    await settings(realm.moderator, ON_INITIATION, ON_INITIATION, false);
    const queue = ok(await realm.member.api.post('/register', { event_types: ['user_topic'] })).queue_id as string;
    await send(realm.owner, topic, `@**${realm.member.full_name}** @**${realm.guest.full_name}** @**${realm.moderator.full_name}** @_**${realm.other.full_name}**`);
    expect(await policyOf(realm.member, topic)).toBe(FOLLOWED);
    expect((await eventsOf(realm.member, queue, 1))[0]).toMatchObject({ type: 'user_topic', topic_name: topic, visibility_policy: FOLLOWED });
    expect(await policyOf(realm.guest, topic)).toBe(MUTED);
    expect(await policyOf(realm.moderator, topic)).toBe(0);
    expect(await policyOf(realm.other, topic)).toBe(0);
    await settings(realm.moderator, ON_INITIATION, ON_INITIATION, true);
  });
});

describe('register unread_msgs with muting', () => {
  it("lists a muted topic's and a muted channel's messages, but counts neither, nor their wildcard mentions", async () => {
    const user = realm.other;
    const quietChannel = ok(
      await realm.owner.api.post('/channels/create', {
        name: unique('Unread muting '),
        subscribers: [realm.owner.user_id, user.user_id],
        send_new_subscription_messages: false,
      }),
    ).id as number;
    const post = async (topic: string, content: string) => ok(await realm.owner.api.post('/messages', { type: 'stream', to: quietChannel, topic, content })).id as number;
    const mute = async (muted: boolean) =>
      ok(
        await user.api.post('/users/me/subscriptions/properties', {
          subscription_data: [{ stream_id: quietChannel, property: 'is_muted', value: muted }],
        }),
      );
    const unreads = async () => ok(await user.api.post('/register', { fetch_event_types: ['message', 'update_message_flags'] })).unread_msgs as Json;
    // Mentioned, the user would follow the topic (and see it in the muted channel).
    await settings(user, ON_INITIATION, ON_INITIATION, false);
    const before = (await unreads()).count as number;
    const [quiet, loud] = [unique('Quiet '), unique('Loud ')];
    ok(await user.api.post('/user_topics', { stream_id: quietChannel, topic: quiet, visibility_policy: MUTED }));
    const a = await post(quiet, '@**all** look');
    const b = await post(loud, 'plain');
    const c = await post(loud, `@**${user.full_name}** you`);
    const state = await unreads();
    expect((state.streams as Json[]).filter((g) => g.stream_id === quietChannel).map((g) => g.unread_message_ids)).toEqual([[a], [b, c]]);
    expect(state.count).toBe(before + 2);
    expect(state.mentions).not.toContain(a);
    expect(state.mentions).toContain(c);
    await mute(true);
    // The messages service keeps each user's channel access until the channels service's event of the change reaches it.
    await eventually(async () => expect((await unreads()).count).toBe(before));
    expect(await policyOf(user, loud)).toBe(0);
    expect((await unreads()).mentions).toContain(c);
    ok(await user.api.post('/user_topics', { stream_id: quietChannel, topic: loud, visibility_policy: FOLLOWED }));
    expect((await unreads()).count).toBe(before + 2);
  });
});
