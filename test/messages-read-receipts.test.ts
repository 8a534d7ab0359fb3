import { Role } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * GET /messages/{message_id}/read_receipts, as Zulip's views/read_receipts.py: who read a
 * message the caller may read, never its sender, only active users who share read receipts,
 * refused when the realm turns them off. Every response is checked against the reference.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let elsewhere: TestRealm;
let everyone: TestUser[];
let roles: TestUser[];
let channel: number;

beforeAll(async () => {
  realm = await createTestRealm('Read receipts realm');
  elsewhere = await createTestRealm('Other read receipts realm');
  everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
  channel = await createChannel(everyone);
});
afterAll(closeFixtures);

const createChannel = async (subscribers: TestUser[], params: Json = {}) => (await newChannel(realm.owner, subscribers, params)).id;

const send = async (by: TestUser, to = channel) => ok(await by.api.post('/messages', { type: 'stream', to, topic: 'receipts', content: unique('read me ') })).id as number;
const markRead = async (user: TestUser, id: number) => ok(await user.api.post('/messages/flags', { messages: [id], op: 'add', flag: 'read' }));
const receipts = (user: TestUser, id: number) => user.api.get(`/messages/${id}/read_receipts`);
const readers = async (user: TestUser, id: number): Promise<number[]> => ok(await receipts(user, id)).user_ids;
const sorted = (users: TestUser[]) => users.map((u) => u.user_id).sort((a, b) => a - b);

describe('GET /messages/{message_id}/read_receipts', () => {
  it('lists who read the message, bots included, never the sender, to every role that may read it', async () => {
    const id = await send(realm.other);
    for (const user of [realm.admin, realm.guest, realm.bot]) await markRead(user, id);
    for (const user of roles) expect(await readers(user, id)).toEqual(sorted([realm.admin, realm.guest, realm.bot]));
  });

  it('counts a message marked unread again as not read, and a historical copy read as read', async () => {
    const open = await createChannel([realm.other]);
    const id = await send(realm.other, open);
    // The member never received it: starring it gives them a historical copy, read.
    ok(await realm.member.api.post('/messages/flags', { messages: [id], op: 'add', flag: 'starred' }));
    expect(await readers(realm.other, id)).toEqual([realm.member.user_id]);
    const fresh = await send(realm.other);
    await markRead(realm.admin, fresh);
    ok(await realm.admin.api.post('/messages/flags', { messages: [fresh], op: 'remove', flag: 'read' }));
    expect(await readers(realm.other, fresh)).toEqual([]);
  });

  it('leaves out users who do not share read receipts, and deactivated users', async () => {
    const [quiet, leaving] = [await realm.addUser({ role: Role.MEMBER }), await realm.addUser({ role: Role.MEMBER })];
    const room = await createChannel([realm.other, realm.member, quiet, leaving]);
    const id = await send(realm.other, room);
    for (const user of [realm.member, quiet, leaving]) await markRead(user, id);
    expect(await readers(realm.other, id)).toEqual(sorted([realm.member, quiet, leaving]));
    ok(await quiet.api.patch('/settings', { send_read_receipts: false }));
    ok(await realm.owner.api.delete(`/users/${leaving.user_id}`));
    expect(await readers(realm.other, id)).toEqual([realm.member.user_id]);
    ok(await quiet.api.patch('/settings', { send_read_receipts: true }));
    expect(await readers(realm.other, id)).toEqual(sorted([realm.member, quiet]));
  });

  it('leaves out users the caller muted and users who muted the caller, as Zulip', async () => {
    const muter = await realm.addUser({ name: 'Muter' });
    const muted = await realm.addUser({ name: 'Muted' });
    const plain = await realm.addUser({ name: 'Plain' });
    const c = await createChannel([realm.other, realm.member, muter, muted, plain]);
    const id = await send(realm.other, c);
    for (const user of [muter, muted, plain]) await markRead(user, id);
    expect(await readers(realm.member, id)).toEqual(sorted([muter, muted, plain]));
    ok(await muter.api.post(`/users/me/muted_users/${realm.member.user_id}`, {}));
    ok(await realm.member.api.post(`/users/me/muted_users/${muted.user_id}`, {}));
    expect(await readers(realm.member, id)).toEqual([plain.user_id]);
    // Others still see them.
    expect(await readers(realm.admin, id)).toEqual(sorted([muter, muted, plain]));
  });

  it('answers for direct messages to their participants', async () => {
    const id = ok(await realm.member.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.admin.user_id]), content: 'psst' })).id as number;
    expect(await readers(realm.member, id)).toEqual([]);
    await markRead(realm.admin, id);
    expect(await readers(realm.member, id)).toEqual([realm.admin.user_id]);
    expect(await readers(realm.admin, id)).toEqual([realm.admin.user_id]);
  });

  it('refuses messages the caller may not read, nonexistent ones and other realms\' as "Invalid message(s)"', async () => {
    const secret = await send(realm.admin, await createChannel([realm.admin], { invite_only: true }));
    const theirDm = ok(await realm.admin.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.moderator.user_id]), content: 'x' })).id as number;
    const foreign = ok(await elsewhere.member.api.post('/messages', { type: 'direct', to: JSON.stringify([elsewhere.other.user_id]), content: 'x' })).id as number;
    // A guest reads no public channel they are not subscribed to.
    const unsubscribed = await send(realm.admin, await createChannel([realm.admin]));
    for (const id of [secret, theirDm, foreign, 999_999_999]) refused(await receipts(realm.member, id), 'Invalid message(s)');
    refused(await receipts(realm.guest, unsubscribed), 'Invalid message(s)');
    expect(await readers(realm.member, unsubscribed)).toEqual([]);
  });

  it('refuses every role when the organization turns read receipts off', async () => {
    const id = await send(realm.other);
    ok(await realm.owner.api.patch('/realm', { enable_read_receipts: false }, { contract: 'envelope' }));
    try {
      // The messages service keeps the realm's settings until the users service's event reaches it.
      await eventually(async () => refused(await receipts(realm.owner, id), 'Read receipts are disabled in this organization.'));
      for (const user of roles) refused(await receipts(user, id), 'Read receipts are disabled in this organization.');
      // A message the caller may not read is refused as such first, as Zulip does.
      refused(await receipts(realm.member, 999_999_999), 'Invalid message(s)');
    } finally {
      ok(await realm.owner.api.patch('/realm', { enable_read_receipts: true }, { contract: 'envelope' }));
    }
    await eventually(async () => expect(await readers(realm.member, id)).toEqual([]));
  });
});
