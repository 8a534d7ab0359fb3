import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { unique } from './support/route-samples';

/**
 * What alert words and muted users do at send (zerver/actions/message_send.py): each
 * recipient whose alert word the content holds gets has_alert_word on their copy and in their
 * message event, matched as Zulip's AlertWordNotificationProcessor matches (without regard to
 * case, on Zulip's word boundaries, not in fenced code); a muted sender's messages reach the
 * muter already read, in channels and direct messages alike.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let roles: [string, TestUser][];
let channel: number;

beforeAll(async () => {
  realm = await createTestRealm('Alerted realm');
  roles = [
    ['owner', realm.owner],
    ['admin', realm.admin],
    ['moderator', realm.moderator],
    ['member', realm.member],
    ['guest', realm.guest],
    ['bot', realm.bot],
  ];
  const everyone = [...roles.map(([, u]) => u), realm.other];
  channel = ok(
    await realm.owner.api.post('/channels/create', {
      name: unique('Alerts '),
      subscribers: everyone.map((u) => u.user_id),
      send_new_subscription_messages: false,
    }),
  ).id as number;
});
afterAll(closeFixtures);

const setWords = async (user: TestUser, words: string[]) => {
  const had = ok(await user.api.get('/users/me/alert_words')).alert_words as string[];
  if (had.length) ok(await user.api.delete('/users/me/alert_words', { alert_words: JSON.stringify(had) }));
  if (words.length) ok(await user.api.post('/users/me/alert_words', { alert_words: JSON.stringify(words) }));
};
const send = async (by: TestUser, content: string) => ok(await by.api.post('/messages', { type: 'stream', to: channel, topic: 'alerts', content })).id as number;
const dm = async (by: TestUser, to: TestUser, content = unique('dm ')) => ok(await by.api.post('/messages', { type: 'direct', to: JSON.stringify([to.user_id]), content })).id as number;
const flagsOf = async (user: TestUser, id: number): Promise<string[]> => {
  const [message] = ok(await user.api.get('/messages', { anchor: id, num_before: 0, num_after: 0 })).messages as Json[];
  expect(message.id).toBe(id);
  return message.flags;
};
const alerted = async (user: TestUser, id: number) => (await flagsOf(user, id)).includes('has_alert_word');
const read = async (user: TestUser, id: number) => (await flagsOf(user, id)).includes('read');

describe('has_alert_word', () => {
  it("flags the copy of every role whose alert word a channel message holds, and no one else's", async () => {
    for (const [name, user] of roles) await setWords(user, [`${name}word`]);
    const id = await send(realm.other, 'Calling ownerword, GuestWord and BOTWORD.');
    for (const [name, user] of roles) expect([name, await alerted(user, id)]).toEqual([name, ['owner', 'guest', 'bot'].includes(name)]);
    expect(await alerted(realm.other, id)).toBe(false);
    for (const [, user] of roles) await setWords(user, []);
  });

  it("matches as Zulip's tests do: case, punctuation, word boundaries, URLs, several words", async () => {
    const user = realm.member;
    await setWords(user, ['one', 'two', 'three']);
    const cases: [string, boolean][] = [
      ['Normal alert one time', true],
      ['Normal alert one', true],
      ['two normal alerts', true],
      ['This one? should alert', true],
      ['Definitely time for three.', true],
      ["One two three o'clock", true],
      ["Case of ONE, won't stop me", true],
      ["Don't alert on http://t.co/one/ URLs", false],
      ["Don't alert on clone, twofold or seventytwofold", false],
      ['```\ncode one\n```', false],
      ['`one` in code', true],
    ];
    for (const [content, expected] of cases) expect([content, await alerted(user, await send(realm.other, content))]).toEqual([content, expected]);
    await setWords(user, []);
  });

  it("flags direct messages, and the sender's own copy when their own word is in it (as Zulip)", async () => {
    await setWords(realm.member, ['Ünïcode phrase']);
    await setWords(realm.admin, ['alert']);
    const id = await dm(realm.admin, realm.member, 'this is an ALERT about üNÏcode phrase!');
    expect(await alerted(realm.member, id)).toBe(true);
    expect(await alerted(realm.admin, id)).toBe(true);
    await setWords(realm.member, []);
    await setWords(realm.admin, []);
  });

  it('follows the words as they change: a removed word flags nothing at once', async () => {
    const user = realm.moderator;
    await setWords(user, ['kumquat']);
    expect(await alerted(user, await send(realm.other, 'a kumquat'))).toBe(true);
    ok(await user.api.delete('/users/me/alert_words', { alert_words: JSON.stringify(['KUMQUAT']) }));
    expect(await alerted(user, await send(realm.other, 'a kumquat'))).toBe(false);
    ok(await user.api.post('/users/me/alert_words', { alert_words: JSON.stringify(['kumquat']) }));
    expect(await alerted(user, await send(realm.other, 'a kumquat'))).toBe(true);
    await setWords(user, []);
  });

  it("follows an edit of the content, on every copy, the sender's too (Zulip's test_update_alert_words)", async () => {
    await setWords(realm.member, ['ALERT']);
    await setWords(realm.admin, ['editword']);
    const id = await send(realm.member, 'this is an ALERT for you');
    expect([await alerted(realm.member, id), await alerted(realm.admin, id)]).toEqual([true, false]);
    const queue = ok(await realm.admin.api.post('/register', { event_types: ['update_message'] })).queue_id as string;
    ok(await realm.member.api.patch(`/messages/${id}`, { content: 'new ALERT for you, editword' }));
    expect([await alerted(realm.member, id), await alerted(realm.admin, id)]).toEqual([true, true]);
    const [event] = (await eventsOf(realm.admin, queue, 1)).filter((e: Json) => e.type === 'update_message');
    expect(event.flags).toContain('has_alert_word');
    ok(await realm.member.api.patch(`/messages/${id}`, { content: 'sorry false alarm' }));
    expect([await alerted(realm.member, id), await alerted(realm.admin, id)]).toEqual([false, false]);
    // A topic edit leaves the flag alone.
    const other = await send(realm.other, 'an editword');
    ok(await realm.other.api.patch(`/messages/${other}`, { topic: 'renamed' }));
    expect(await alerted(realm.admin, other)).toBe(true);
    await setWords(realm.member, []);
    await setWords(realm.admin, []);
  });

  it("is in the message event's flags, and is:alerted finds the message", async () => {
    const user = realm.guest;
    await setWords(user, ['eventword']);
    const queue = ok(await user.api.post('/register', { event_types: ['message'] })).queue_id as string;
    const id = await send(realm.other, 'an eventword here');
    const events = (await eventsOf(user, queue, 1)).filter((e: Json) => e.type === 'message' && e.message.id === id);
    expect(events.map((e: Json) => e.flags)).toEqual([['has_alert_word']]);
    const found = ok(
      await user.api.get('/messages', {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: JSON.stringify([{ operator: 'is', operand: 'alerted' }]),
      }),
    ).messages as Json[];
    expect(found.map((m) => m.id)).toContain(id);
    await setWords(user, []);
  });

  it('renders a 10,000-character message against a pathological word list correctly', async () => {
    const user = realm.owner;
    // 1,000 words, each a run of a's or one that nearly matches everywhere.
    const words = [...Array.from({ length: 100 }, (_, i) => 'a'.repeat(i + 1)), ...Array.from({ length: 900 }, (_, i) => `${'a'.repeat(90)}b${i}`)];
    await setWords(user, words);
    const content = Array.from({ length: 100 }, () => 'a'.repeat(99)).join(' ');
    expect(content.length).toBeLessThanOrEqual(10000);
    const id = await send(realm.other, content.padEnd(10000, 'a'));
    expect(await alerted(user, id)).toBe(true);
    expect(await alerted(user, await send(realm.other, 'b'.repeat(10000)))).toBe(false);
    await setWords(user, []);
  });
});

describe("muted users' messages", () => {
  it('arrive read for the muter, channel and direct messages alike, for every role; unread again once unmuted', async () => {
    for (const [, user] of roles) ok(await user.api.post(`/users/me/muted_users/${realm.other.user_id}`));
    const inChannel = await send(realm.other, unique('muted speaking '));
    for (const [name, user] of roles) {
      expect([name, await read(user, inChannel)]).toEqual([name, true]);
      expect([name, await read(user, await dm(realm.other, user))]).toEqual([name, true]);
    }
    for (const [, user] of roles) ok(await user.api.delete(`/users/me/muted_users/${realm.other.user_id}`));
    const later = await send(realm.other, unique('unmuted speaking '));
    for (const [name, user] of roles) expect([name, await read(user, later)]).toEqual([name, false]);
  });

  it("stay unread for everyone else, and the muter's message event says read", async () => {
    ok(await realm.member.api.post(`/users/me/muted_users/${realm.admin.user_id}`));
    const queue = ok(await realm.member.api.post('/register', { event_types: ['message'] })).queue_id as string;
    const id = await send(realm.admin, unique('from the muted admin '));
    const events = (await eventsOf(realm.member, queue, 1)).filter((e: Json) => e.type === 'message' && e.message.id === id);
    expect(events.map((e: Json) => e.flags)).toEqual([['read']]);
    expect(await read(realm.other, id)).toBe(false);
    expect(await read(realm.moderator, id)).toBe(false);
    // Muting the sender does not touch the muter's own messages.
    expect(await read(realm.admin, await send(realm.member, unique('to the admin ')))).toBe(false);
    ok(await realm.member.api.delete(`/users/me/muted_users/${realm.admin.user_id}`));
  });

  it('become read when their sender is muted: the earlier unread ones, with an update_message_flags event to the muter', async () => {
    const user = realm.guest;
    const before = [await send(realm.moderator, unique('earlier ')), await dm(realm.moderator, user)];
    const others = await send(realm.admin, unique('someone else '));
    const queue = ok(await user.api.post('/register', { event_types: ['update_message_flags'] })).queue_id as string;
    ok(await user.api.post(`/users/me/muted_users/${realm.moderator.user_id}`));
    await eventually(async () => {
      for (const id of before) expect(await read(user, id)).toBe(true);
    });
    const events = (await eventsOf(user, queue, 1)).filter((e: Json) => e.type === 'update_message_flags');
    expect(events.map(({ id: _id, ...e }: Json) => e)).toEqual([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: before, all: false }]);
    // Only the muted user's, only the muter's.
    expect(await read(user, others)).toBe(false);
    expect(await read(realm.member, before[0])).toBe(false);
    ok(await user.api.delete(`/users/me/muted_users/${realm.moderator.user_id}`));
  });
});
