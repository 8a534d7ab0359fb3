import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * GET /messages with the first unread anchor, as Zulip's: `use_first_unread_anchor=true`
 * overrides `anchor` (zulip-terminal sends anchor=0 with it, and must open at the first unread
 * message, not the oldest), and the first unread message passes over muted channels unless
 * the narrow names a channel (Zulip's exclude_muting_conditions).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let realm: TestRealm;
let roles: TestUser[];

beforeAll(async () => {
  realm = await createTestRealm('First unread realm');
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
});
afterAll(closeFixtures);

async function createChannel(subscribers: TestUser[]): Promise<number> {
  return ok(await realm.owner.api.post('/channels/create', {
    name: unique('First unread '), subscribers: [realm.other, ...subscribers].map((u) => u.user_id), send_new_subscription_messages: false,
  })).id as number;
}

const send = async (to: number) =>
  ok(await realm.other.api.post('/messages', { type: 'stream', to, topic: 'unread', content: unique('news ') })).id as number;
const markRead = async (user: TestUser, ids: number[]) => ok(await user.api.post('/messages/flags', { messages: ids, op: 'add', flag: 'read' }));
const mute = async (user: TestUser, channel: number, muted = true) => ok(await user.api.post('/users/me/subscriptions/properties', {
  subscription_data: [{ stream_id: channel, property: 'is_muted', value: muted }],
}));
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

  it('anchors POST /messages/flags/narrow the same way', async () => {
    const user = await realm.addUser({});
    const [muted, unmuted] = [await createChannel([user]), await createChannel([user])];
    ok(await user.api.post('/mark_all_as_read'));
    await send(muted);
    const inUnmuted = await send(unmuted);
    await mute(user, muted);
    const answer = ok(await user.api.post('/messages/flags/narrow', {
      anchor: 'first_unread', num_before: 0, num_after: 0, narrow: '[]', op: 'add', flag: 'starred',
    }));
    expect([answer.first_processed_id, answer.updated_count]).toEqual([inUnmuted, 1]);
  });

  it('still refuses it beside message_ids', async () => {
    refused(await realm.member.api.get('/messages', { message_ids: JSON.stringify([1]), use_first_unread_anchor: true }),
      'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor');
  });
});
