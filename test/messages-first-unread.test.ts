import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * GET /messages with the first unread anchor, as Zulip's: `use_first_unread_anchor=true`
 * overrides `anchor` (zulip-terminal sends anchor=0 with it, and must open at the first unread
 * message, not the oldest), and the first unread message passes over what the caller muted
 * (Zulip's exclude_muting_conditions): with no channel in the narrow, muted channels (but not
 * the topics unmuted or followed there) and muted topics; with one, its muted topics only.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let roles: TestUser[];

beforeAll(async () => {
  realm = await createTestRealm('First unread realm');
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
});
afterAll(closeFixtures);

/** A channel of `subscribers` and realm.other, who sends its messages. */
const createChannel = async (subscribers: TestUser[]) => (await newChannel(realm.owner, [realm.other, ...subscribers])).id;

const send = async (to: number, topic = 'unread') => ok(await realm.other.api.post('/messages', { type: 'stream', to, topic, content: unique('news ') })).id as number;
const markRead = async (user: TestUser, ids: number[]) => ok(await user.api.post('/messages/flags', { messages: ids, op: 'add', flag: 'read' }));
const mute = async (user: TestUser, channel: number, muted = true) =>
  ok(
    await user.api.post('/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: channel, property: 'is_muted', value: muted }],
    }),
  );
const VISIBILITY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 };
const setTopic = async (user: TestUser, stream_id: number, topic: string, policy: keyof typeof VISIBILITY) =>
  ok(await user.api.post('/user_topics', { stream_id, topic, visibility_policy: VISIBILITY[policy] }));
const fetch = async (user: TestUser, params: Json) => ok(await user.api.get('/messages', { num_before: 0, num_after: 1, ...params }));

describe('GET /messages with use_first_unread_anchor', () => {
  it('opens at the first unread message whatever `anchor` says, for every role', async () => {
    const channel = await createChannel(roles);
    const [oldest, firstUnread, newer] = [await send(channel), await send(channel), await send(channel)];
    for (const user of roles) {
      ok(await user.api.post('/mark_all_as_read'));
      ok(await user.api.post('/messages/flags', { messages: [firstUnread, newer], op: 'remove', flag: 'read' }));
      for (const anchor of [0, 'oldest', 'newest', oldest, undefined]) {
        const answer = await fetch(user, { anchor, use_first_unread_anchor: true });
        expect([answer.anchor, answer.messages.map((m: Json) => m.id)]).toEqual([firstUnread, [firstUnread, newer]]);
      }
      // Without it, `anchor` is what it says.
      expect((await fetch(user, { anchor: 0 })).messages[0].id).toBeLessThanOrEqual(oldest);
    }
  });

  it('anchors past the newest message when nothing is unread', async () => {
    const user = await realm.addUser({});
    const channel = await createChannel([user]);
    await send(channel);
    ok(await user.api.post('/mark_all_as_read'));
    const answer = await fetch(user, { anchor: 0, use_first_unread_anchor: true, num_before: 1, num_after: 0 });
    expect([answer.anchor, answer.found_newest, answer.messages.length]).toEqual([10_000_000_000_000_000, true, 1]);
  });

  it('passes over muted channels, unless the narrow names the channel', async () => {
    const user = await realm.addUser({});
    const [muted, unmuted] = [await createChannel([user]), await createChannel([user])];
    ok(await user.api.post('/mark_all_as_read'));
    const inMuted = await send(muted);
    const inUnmuted = await send(unmuted);
    await mute(user, muted);
    for (const params of [{ anchor: 0, use_first_unread_anchor: true }, { anchor: 'first_unread' }]) {
      expect((await fetch(user, params)).anchor).toBe(inUnmuted);
      const narrow = JSON.stringify([{ operator: 'channel', operand: muted }]);
      expect((await fetch(user, { ...params, narrow })).anchor).toBe(inMuted);
    }
    // Unmuted again, its older unread message is the first.
    await mute(user, muted, false);
    expect((await fetch(user, { anchor: 0, use_first_unread_anchor: true })).anchor).toBe(inMuted);
    await markRead(user, [inMuted]);
    expect((await fetch(user, { anchor: 0, use_first_unread_anchor: true })).anchor).toBe(inUnmuted);
  });

  it('passes over muted topics, whatever their case, for every role', async () => {
    const channel = await createChannel(roles);
    for (const user of roles) {
      ok(await user.api.post('/mark_all_as_read'));
      await setTopic(user, channel, 'Noise', 'muted');
    }
    const inMuted = await send(channel, 'noise');
    const inOther = await send(channel, 'signal');
    for (const user of roles) {
      expect((await fetch(user, { anchor: 'first_unread' })).anchor).toBe(inOther);
      // The channel narrow passes over its muted topics too.
      const narrow = JSON.stringify([{ operator: 'channel', operand: channel }]);
      expect((await fetch(user, { anchor: 'first_unread', narrow })).anchor).toBe(inOther);
      await setTopic(user, channel, 'noise', 'inherit');
      expect((await fetch(user, { anchor: 'first_unread' })).anchor).toBe(inMuted);
    }
  });

  it('does not pass over topics unmuted or followed in a muted channel', async () => {
    const user = await realm.addUser({});
    const [muted, other] = [await createChannel([user]), await createChannel([user])];
    ok(await user.api.post('/mark_all_as_read'));
    await mute(user, muted);
    await setTopic(user, muted, 'heard', 'unmuted');
    await setTopic(user, muted, 'Followed', 'followed');
    await send(muted, 'quiet');
    const inUnmuted = await send(muted, 'heard');
    const inFollowed = await send(muted, 'followed');
    const inOther = await send(other);
    expect((await fetch(user, { anchor: 'first_unread' })).anchor).toBe(inUnmuted);
    await markRead(user, [inUnmuted]);
    expect((await fetch(user, { anchor: 'first_unread' })).anchor).toBe(inFollowed);
    await markRead(user, [inFollowed]);
    expect((await fetch(user, { anchor: 'first_unread' })).anchor).toBe(inOther);
  });

  it("with a channel narrow, passes over that channel's muted topics only", async () => {
    const user = await realm.addUser({});
    const [channel, elsewhere] = [await createChannel([user]), await createChannel([user])];
    ok(await user.api.post('/mark_all_as_read'));
    await setTopic(user, channel, 'muted here', 'muted');
    await setTopic(user, elsewhere, 'open', 'muted'); // another channel's: not this narrow's business
    await mute(user, channel); // the channel's own muting does not apply when narrowed to it
    const skipped = await send(channel, 'muted here');
    const first = await send(channel, 'open');
    const narrow = JSON.stringify([{ operator: 'channel', operand: channel }]);
    expect((await fetch(user, { anchor: 'first_unread', narrow })).anchor).toBe(first);
    expect(skipped).toBeLessThan(first);
  });

  it("with a topic narrow, applies the same rule as Zulip (the channel's muted topics)", async () => {
    const user = await realm.addUser({});
    const channel = await createChannel([user]);
    ok(await user.api.post('/mark_all_as_read'));
    await mute(user, channel);
    await setTopic(user, channel, 'muted', 'muted');
    const inPlain = await send(channel, 'plain');
    const inMuted = await send(channel, 'muted');
    const narrowTo = (topic: string) =>
      JSON.stringify([
        { operator: 'channel', operand: channel },
        { operator: 'topic', operand: topic },
      ]);
    // A topic of a muted channel is read by narrowing to it.
    expect((await fetch(user, { anchor: 'first_unread', narrow: narrowTo('plain') })).anchor).toBe(inPlain);
    // A muted topic's unread messages are passed over even in its own narrow (Zulip's
    // find_first_unread_anchor applies exclude_muting_conditions to every narrow), so the
    // anchor falls back past the newest message and the window ends with the topic's last.
    const answer = await fetch(user, { anchor: 'first_unread', narrow: narrowTo('muted'), num_before: 5, num_after: 0 });
    expect([answer.anchor, answer.found_newest, answer.messages.map((m: Json) => m.id)]).toEqual([10_000_000_000_000_000, true, [inMuted]]);
  });

  it('with a direct message narrow, passes over nothing', async () => {
    const user = await realm.addUser({});
    const channel = await createChannel([user]);
    ok(await user.api.post('/mark_all_as_read'));
    await mute(user, channel);
    await setTopic(user, channel, 'unread', 'muted');
    await send(channel);
    const dm = ok(await realm.other.api.post('/messages', { type: 'direct', to: JSON.stringify([user.user_id]), content: unique('dm ') })).id as number;
    const narrow = JSON.stringify([{ operator: 'dm', operand: [realm.other.user_id] }]);
    expect((await fetch(user, { anchor: 'first_unread', narrow })).anchor).toBe(dm);
  });

  it('falls back past the newest message when every unread message is muted', async () => {
    const user = await realm.addUser({});
    const [muted, topics] = [await createChannel([user]), await createChannel([user])];
    ok(await user.api.post('/mark_all_as_read'));
    await mute(user, muted);
    await setTopic(user, topics, 'hushed', 'muted');
    await send(muted);
    const newest = await send(topics, 'hushed');
    for (const params of [{ anchor: 'first_unread' }, { anchor: 0, use_first_unread_anchor: true }]) {
      const answer = await fetch(user, { ...params, num_before: 1, num_after: 1 });
      expect([answer.anchor, answer.found_anchor, answer.found_newest, answer.messages.map((m: Json) => m.id)]).toEqual([10_000_000_000_000_000, false, true, [newest]]);
    }
  });

  it('anchors POST /messages/flags/narrow the same way', async () => {
    const user = await realm.addUser({});
    const [muted, unmuted] = [await createChannel([user]), await createChannel([user])];
    ok(await user.api.post('/mark_all_as_read'));
    await send(muted);
    const inUnmuted = await send(unmuted);
    await mute(user, muted);
    const answer = ok(
      await user.api.post('/messages/flags/narrow', {
        anchor: 'first_unread',
        num_before: 0,
        num_after: 0,
        narrow: '[]',
        op: 'add',
        flag: 'starred',
      }),
    );
    expect([answer.first_processed_id, answer.updated_count]).toEqual([inUnmuted, 1]);
  });

  it('still refuses it beside message_ids', async () => {
    refused(
      await realm.member.api.get('/messages', { message_ids: JSON.stringify([1]), use_first_unread_anchor: true }),
      'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
    );
  });
});

/**
 * The narrows that read what the first unread anchor reads: `in:home` is Zulip's
 * exclude_muting_conditions too; `is:followed` and `has:reaction` read the topic policies and
 * the reactions the messages service keeps.
 */
describe('in:home, is:followed and has:reaction', () => {
  const narrow = (...terms: [string, string, boolean?][]) => JSON.stringify(terms.map(([operator, operand, negated]) => ({ operator, operand, negated: !!negated })));
  const idsOf = async (user: TestUser, channels: number[], terms: string) =>
    (await fetch(user, { anchor: 'newest', num_before: 100, num_after: 0, narrow: terms })).messages.filter((m: Json) => channels.includes(m.stream_id)).map((m: Json) => m.id as number);

  it('in:home leaves out muted topics and muted channels, but not a topic unmuted or followed there', async () => {
    const user = await realm.addUser({});
    const [plain, muted] = [await createChannel([user]), await createChannel([user])];
    const kept = await send(plain, 'kept');
    const mutedTopic = await send(plain, 'hushed');
    const inMuted = await send(muted, 'quiet');
    const unmutedThere = await send(muted, 'Loud');
    const followedThere = await send(muted, 'followed');
    await setTopic(user, plain, 'HUSHED', 'muted');
    await mute(user, muted);
    await setTopic(user, muted, 'loud', 'unmuted');
    await setTopic(user, muted, 'followed', 'followed');
    // Another user's policies do not count.
    await setTopic(realm.member, plain, 'kept', 'muted');

    expect(await idsOf(user, [plain, muted], narrow(['in', 'home']))).toEqual([kept, unmutedThere, followedThere]);
    expect(await idsOf(user, [plain, muted], narrow(['in', 'home', true]))).toEqual([mutedTopic, inMuted]);
    expect(await idsOf(user, [plain, muted], narrow(['in', 'all']))).toEqual([kept, mutedTopic, inMuted, unmutedThere, followedThere]);

    // The same narrow over flags: only the messages in:home names are starred.
    const starred = ok(
      await user.api.post('/messages/flags/narrow', {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: narrow(['in', 'home']),
        op: 'add',
        flag: 'starred',
      }),
    );
    expect(starred.processed_count).toBeGreaterThanOrEqual(3);
    expect(await idsOf(user, [plain, muted], narrow(['is', 'starred']))).toEqual([kept, unmutedThere, followedThere]);
  });

  it("is:followed is the caller's followed topics, whatever their case", async () => {
    const user = await realm.addUser({});
    const channel = await createChannel([user]);
    const followed = [await send(channel, 'Plans'), await send(channel, 'plans')];
    await send(channel, 'other');
    await setTopic(user, channel, 'PLANS', 'followed');
    await setTopic(realm.member, channel, 'other', 'followed');
    expect(await idsOf(user, [channel], narrow(['is', 'followed']))).toEqual(followed);
    await setTopic(user, channel, 'plans', 'inherit');
    expect(await idsOf(user, [channel], narrow(['is', 'followed']))).toEqual([]);
  });

  it("has:reaction is the messages with anyone's reaction, until it is taken back", async () => {
    const user = await realm.addUser({});
    const channel = await createChannel([user]);
    const [reacted, plain] = [await send(channel), await send(channel)];
    ok(await realm.other.api.post(`/messages/${reacted}/reactions`, { emoji_name: 'octopus' }));
    expect(await idsOf(user, [channel], narrow(['has', 'reaction']))).toEqual([reacted]);
    expect(await idsOf(user, [channel], narrow(['has', 'reaction', true]))).toEqual([plain]);
    ok(await realm.other.api.delete(`/messages/${reacted}/reactions`, { emoji_name: 'octopus' }));
    expect(await idsOf(user, [channel], narrow(['has', 'reaction']))).toEqual([]);
  });
});
