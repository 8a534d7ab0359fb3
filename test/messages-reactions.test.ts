import { unicodeEmojiCodeOf } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { addEmoji, unique } from './support/route-samples';

/**
 * Emoji reactions: POST and DELETE /messages/{message_id}/reactions, `reactions` on message
 * objects, `reaction` events, for every role, with Zulip's refusals (zerver/actions/reactions.py
 * and zerver/views/reactions.py). Every response is checked against the reference.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let elsewhere: TestRealm;
let channel: { id: number; name: string };

const OCTOPUS = unicodeEmojiCodeOf('octopus')!;
const THUMBS_UP = unicodeEmojiCodeOf('+1')!;

beforeAll(async () => {
  realm = await createTestRealm('Reactions realm');
  elsewhere = await createTestRealm('Other reactions realm');
  const everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  channel = await createChannel(everyone);
});
afterAll(closeFixtures);

const createChannel = (subscribers: TestUser[], params: Json = {}) => newChannel(realm.owner, subscribers, params);

const send = async (by: TestUser, to = channel.id) => ok(await by.api.post('/messages', { type: 'stream', to, topic: 'reactions', content: unique('react to me ') })).id as number;
const dm = async (by: TestUser, to: TestUser) => ok(await by.api.post('/messages', { type: 'direct', to: JSON.stringify([to.user_id]), content: unique('dm ') })).id as number;
const react = (user: TestUser, id: number, params: Json) => user.api.post(`/messages/${id}/reactions`, params);
const unreact = (user: TestUser, id: number, params: Json) => user.api.delete(`/messages/${id}/reactions`, params);
const reactionsOf = async (user: TestUser, id: number): Promise<Json[]> => ok(await user.api.get(`/messages/${id}`)).message.reactions;

describe('POST /messages/{message_id}/reactions', () => {
  it('adds a reaction by name for every role, shown on the message to everyone who reads it, in order', async () => {
    const id = await send(realm.other);
    const roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
    for (const user of roles) ok(await react(user, id, { emoji_name: 'octopus' }));
    const expected = roles.map((u) => ({ emoji_name: 'octopus', emoji_code: OCTOPUS, reaction_type: 'unicode_emoji', user_id: u.user_id }));
    expect(await reactionsOf(realm.other, id)).toEqual(expected);
    // GET /messages carries them too.
    const fetched = ok(
      await realm.member.api.get('/messages', {
        anchor: id,
        num_before: 0,
        num_after: 0,
        narrow: JSON.stringify([{ operator: 'channel', operand: channel.id }]),
      }),
    ).messages as Json[];
    expect(fetched.map((m) => [m.id, m.reactions])).toEqual([[id, expected]]);
  });

  it('refuses the same reaction twice with REACTION_ALREADY_EXISTS, by name or by code', async () => {
    const id = await send(realm.other);
    ok(await react(realm.member, id, { emoji_name: 'octopus' }));
    refused(await react(realm.member, id, { emoji_name: 'octopus' }), 'Reaction already exists.', 'REACTION_ALREADY_EXISTS');
    refused(await react(realm.member, id, { emoji_name: 'octopus', emoji_code: OCTOPUS, reaction_type: 'unicode_emoji' }), 'Reaction already exists.', 'REACTION_ALREADY_EXISTS');
    expect(await reactionsOf(realm.member, id)).toHaveLength(1);
  });

  it('counts a reaction with an emoji already on the message as a vote: it keeps the first name', async () => {
    const id = await send(realm.other);
    ok(await react(realm.member, id, { emoji_name: '+1' }));
    ok(await react(realm.admin, id, { emoji_name: 'thumbs_up' }));
    expect((await reactionsOf(realm.member, id)).map((r) => [r.user_id, r.emoji_name, r.emoji_code])).toEqual([
      [realm.member.user_id, '+1', THUMBS_UP],
      [realm.admin.user_id, '+1', THUMBS_UP],
    ]);
  });

  it("takes Zulip's names with the code, aliases too, as zulip-terminal sends them", async () => {
    const byName = (emoji_name: string) => ({ emoji_name, emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
    for (const name of ['thumbs_up', '+1', 'like']) {
      const first = await send(realm.other);
      ok(await react(realm.member, first, byName(name)));
      expect((await reactionsOf(realm.member, first)).map((r) => [r.emoji_name, r.emoji_code])).toEqual([[name, '1f44d']]);
    }
    const id = await send(realm.other);
    ok(await react(realm.member, id, byName('thumbs_up')));
    ok(await react(realm.admin, id, byName('+1')));
    ok(await react(realm.guest, id, byName('like')));
    // A vote keeps the name of the reaction already there, as in Zulip.
    expect((await reactionsOf(realm.member, id)).map((r) => [r.user_id, r.emoji_name, r.emoji_code])).toEqual([
      [realm.member.user_id, 'thumbs_up', '1f44d'],
      [realm.admin.user_id, 'thumbs_up', '1f44d'],
      [realm.guest.user_id, 'thumbs_up', '1f44d'],
    ]);
  });

  it("gives a name Zulip's code point: smile is U+1F642, kiwi and gold exist", async () => {
    const id = await send(realm.other);
    for (const emoji_name of ['smile', 'kiwi', 'gold']) ok(await react(realm.member, id, { emoji_name }));
    expect((await reactionsOf(realm.member, id)).map((r) => [r.emoji_name, r.emoji_code])).toEqual([
      ['smile', '1f642'],
      ['kiwi', '1f95d'],
      ['gold', '1f947'],
    ]);
  });

  it("refuses emoji-datasource's names that Zulip does not have", async () => {
    const id = await send(realm.other);
    refused(await react(realm.member, id, { emoji_name: 'thumbsup' }), "Emoji 'thumbsup' does not exist");
    refused(await react(realm.member, id, { emoji_name: 'thumbsup', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }), 'Invalid emoji name.');
    refused(await react(realm.member, id, { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' }), 'Invalid emoji name.');
    expect(await reactionsOf(realm.member, id)).toEqual([]);
  });

  it("takes Zulip's extra emoji, by the spec's name for the type too", async () => {
    const id = await send(realm.other);
    ok(await react(realm.member, id, { emoji_name: 'zulip' }));
    ok(await react(realm.admin, id, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }));
    expect((await reactionsOf(realm.member, id)).map((r) => [r.emoji_name, r.emoji_code, r.reaction_type])).toEqual([
      ['zulip', 'zulip', 'zulip_extra_emoji'],
      ['zulip', 'zulip', 'zulip_extra_emoji'],
    ]);
  });

  it("takes the realm's custom emoji; a deactivated one only as a vote for a reaction already there", async () => {
    const name = unique('party');
    await addEmoji(realm.owner, name);
    const code = Object.values(ok(await realm.member.api.get('/realm/emoji')).emoji as Record<string, Json>).find((e) => e.name === name)!.id as string;
    const id = await send(realm.other);
    ok(await react(realm.member, id, { emoji_name: name }));
    ok(await realm.owner.api.delete(`/realm/emoji/${name}`));
    refused(await react(realm.guest, await send(realm.other), { emoji_name: name, emoji_code: code, reaction_type: 'realm_emoji' }), 'This custom emoji has been deactivated.');
    ok(await react(realm.admin, id, { emoji_name: name, emoji_code: code, reaction_type: 'realm_emoji' }));
    expect((await reactionsOf(realm.member, id)).map((r) => [r.emoji_name, r.emoji_code, r.reaction_type])).toEqual([
      [name, code, 'realm_emoji'],
      [name, code, 'realm_emoji'],
    ]);
    // Removing needs no valid emoji: the reaction was valid when added.
    ok(await unreact(realm.member, id, { emoji_code: code, reaction_type: 'realm_emoji' }));
  });

  it('refuses emoji that do not exist, and names and codes that do not match', async () => {
    const id = await send(realm.other);
    refused(await react(realm.member, id, { emoji_name: 'no_such_emoji' }), "Emoji 'no_such_emoji' does not exist");
    refused(await react(realm.member, id, { emoji_name: 'octopus', emoji_code: 'ffffff' }), 'Invalid emoji code.');
    refused(await react(realm.member, id, { emoji_name: 'smile', emoji_code: OCTOPUS }), 'Invalid emoji name.');
    refused(await react(realm.member, id, { emoji_name: 'octopus', emoji_code: OCTOPUS, reaction_type: 'sticker' }), 'Invalid emoji type.');
    refused(await react(realm.member, id, { emoji_name: 'octopus', emoji_code: '999', reaction_type: 'realm_emoji' }), 'Invalid custom emoji.');
    refused(await realm.member.api.post(`/messages/${id}/reactions`, {}), "Missing 'emoji_name' argument", 'REQUEST_VARIABLE_MISSING');
    expect(await reactionsOf(realm.member, id)).toEqual([]);
  });

  it('refuses messages the user cannot read, nonexistent ones and other realms\' as "Invalid message(s)"', async () => {
    const secret = await createChannel([realm.admin], { invite_only: true });
    const hidden = await send(realm.admin, secret.id);
    const otherRealms = await dm(elsewhere.member, elsewhere.other);
    for (const target of [hidden, 999_999_999, otherRealms]) {
      refused(await react(realm.member, target, { emoji_name: 'octopus' }), 'Invalid message(s)');
      refused(await unreact(realm.member, target, { emoji_name: 'octopus' }), 'Invalid message(s)');
    }
    const private_ = await dm(realm.admin, realm.moderator);
    refused(await react(realm.member, private_, { emoji_name: 'octopus' }), 'Invalid message(s)');
  });

  it("gives a user who reacts to a public channel's message they never received a copy of it (historical)", async () => {
    const open = await createChannel([realm.admin]);
    const id = await send(realm.admin, open.id);
    const mine = async () => (ok(await realm.member.api.get('/messages', { anchor: 'newest', num_before: 20, num_after: 0 })).messages as Json[]).map((m) => m.id);
    expect(await mine()).not.toContain(id);
    ok(await react(realm.member, id, { emoji_name: 'octopus' }));
    expect(await mine()).toContain(id);
    expect(ok(await realm.member.api.get(`/messages/${id}`)).message.flags).toEqual(['read', 'historical']);
  });
});

describe('DELETE /messages/{message_id}/reactions', () => {
  it("removes one's own reaction by name, or by code and type; not someone else's", async () => {
    const id = await send(realm.other);
    ok(await react(realm.member, id, { emoji_name: 'octopus' }));
    ok(await react(realm.admin, id, { emoji_name: 'octopus' }));
    ok(await unreact(realm.member, id, { emoji_name: 'octopus' }));
    refused(await unreact(realm.member, id, { emoji_name: 'octopus' }), "Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
    expect((await reactionsOf(realm.member, id)).map((r) => r.user_id)).toEqual([realm.admin.user_id]);
    ok(await unreact(realm.admin, id, { emoji_code: OCTOPUS, reaction_type: 'unicode_emoji' }));
    expect(await reactionsOf(realm.member, id)).toEqual([]);
  });

  it('needs emoji_name or emoji_code, and refuses a name that is no emoji', async () => {
    const id = await send(realm.other);
    refused(await unreact(realm.member, id, {}), 'At least one of the following arguments must be present: emoji_name, emoji_code');
    refused(await unreact(realm.member, id, { emoji_name: 'no_such_emoji' }), "Emoji 'no_such_emoji' does not exist");
  });
});

describe('reaction events', () => {
  const register = async (user: TestUser) => ok(await user.api.post('/register', { event_types: ['reaction'] })).queue_id as string;
  const reactionEvents = async (user: TestUser, queue: string, count: number): Promise<Json[]> => {
    let events: Json[] = [];
    await eventually(async () => {
      events = (ok(await user.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Json[]).filter((e) => e.type === 'reaction');
      expect(events.length).toBeGreaterThanOrEqual(count);
    });
    return events;
  };

  it('tells both sides of a direct message of an addition and a removal, and no one else', async () => {
    const [mine, theirs, outsider] = [await register(realm.member), await register(realm.other), await register(realm.admin)];
    const id = await dm(realm.other, realm.member);
    ok(await react(realm.member, id, { emoji_name: 'octopus' }));
    ok(await unreact(realm.member, id, { emoji_name: 'octopus' }));
    const common = {
      type: 'reaction',
      user_id: realm.member.user_id,
      message_id: id,
      emoji_name: 'octopus',
      emoji_code: OCTOPUS,
      reaction_type: 'unicode_emoji',
      user: { user_id: realm.member.user_id, email: realm.member.email, full_name: realm.member.full_name },
    };
    for (const [user, queue] of [
      [realm.member, mine],
      [realm.other, theirs],
    ] as const) {
      const events = await reactionEvents(user, queue, 2);
      expect(events.map(({ id: _id, ...e }) => e)).toEqual([
        { ...common, op: 'add' },
        { ...common, op: 'remove' },
      ]);
    }
    // Both sides have had them: the admin, who is in neither side, has none.
    expect(
      (ok(await realm.admin.api.get('/events', { queue_id: outsider, last_event_id: -1, dont_block: true })).events as Json[]).filter((e) => e.type === 'reaction' && e.message_id === id),
    ).toEqual([]);
  });

  it("tells a public channel's subscribers", async () => {
    const queue = await register(realm.guest);
    const id = await send(realm.other);
    ok(await react(realm.moderator, id, { emoji_name: 'smile' }));
    const [event] = await reactionEvents(realm.guest, queue, 1);
    expect(event).toMatchObject({ op: 'add', message_id: id, user_id: realm.moderator.user_id, emoji_name: 'smile' });
  });
});
