import type { ApiResponse, Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { assertMatchesContract } from './support/openapi';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * GET /streams/{stream_id}/email_address (Zulip's get_stream_email_address): Parley has no
 * incoming-email gateway, so, as Zulip with EMAIL_GATEWAY_PATTERN empty, the address is "";
 * the checks are Zulip's: content access to an active channel ("Invalid channel ID"), and a
 * sender_id that is the caller or a bot they administer ("No such bot", "Insufficient permission").
 */
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const ROLES: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];

let realm: TestRealm;
let publicChannel: number;
/** A bot the member owns. */
let memberBot: TestUser;

beforeAll(async () => {
  realm = await createTestRealm('Email address realm');
  memberBot = await realm.addUser({ bot: true, name: 'Member Bot', botOwner: realm.member.user_id });
  publicChannel = await createChannel(
    realm.owner,
    ROLES.map((r) => realm[r]),
  );
});
afterAll(closeFixtures);

async function createChannel(by: TestUser, subscribers: TestUser[], params: Params = {}): Promise<number> {
  return ok(await by.api.post('/channels/create', { name: unique('Email '), subscribers: subscribers.map((u) => u.user_id), ...params })).id as number;
}

async function emailAddress(user: TestUser, streamId: number, params: Params = {}): Promise<ApiResponse> {
  const res = await user.api.get(`/streams/${streamId}/email_address`, params);
  assertMatchesContract({ method: 'GET', path: `/streams/${streamId}/email_address`, status: res.status, body: res.body });
  return res;
}

describe('GET /streams/{stream_id}/email_address', () => {
  it.each(ROLES)('answers "" (no email gateway) to the %s, as the default sender and as themselves', async (role) => {
    const user = realm[role];
    expect(ok(await emailAddress(user, publicChannel))).toEqual({ result: 'success', msg: '', email: '' });
    expect(ok(await emailAddress(user, publicChannel, { sender_id: user.user_id })).email).toBe('');
  });

  it('takes a bot the caller owns, and any bot from an administrator', async () => {
    expect(ok(await emailAddress(realm.member, publicChannel, { sender_id: memberBot.user_id })).email).toBe('');
    for (const admin of [realm.owner, realm.admin]) {
      expect(ok(await emailAddress(admin, publicChannel, { sender_id: memberBot.user_id })).email).toBe('');
      expect(ok(await emailAddress(admin, publicChannel, { sender_id: realm.bot.user_id })).email).toBe('');
    }
  });

  it.each(['moderator', 'guest', 'bot'] as RoleName[])('refuses the %s another user\'s bot with "Insufficient permission"', async (role) => {
    refused(await emailAddress(realm[role], publicChannel, { sender_id: memberBot.user_id }), 'Insufficient permission');
  });

  it.each(ROLES)('refuses the %s a sender who is a human, a stranger or no one with "No such bot"', async (role) => {
    const stranger = (await createTestRealm('Email address elsewhere')).bot;
    for (const sender of [realm.other.user_id, stranger.user_id, 2_000_000_000]) {
      refused(await emailAddress(realm[role], publicChannel, { sender_id: sender }), 'No such bot');
    }
  });

  it.each(ROLES)('refuses the %s a channel they cannot read, an archived one or none with "Invalid channel ID"', async (role) => {
    const user = realm[role];
    const missing = 2_000_000_000;
    const privateChannel = await createChannel(realm.other, [], { invite_only: true });
    const archived = await createChannel(realm.owner, [user]);
    ok(await realm.owner.api.delete(`/streams/${archived}`));
    for (const id of [missing, privateChannel, archived]) refused(await emailAddress(user, id), 'Invalid channel ID');
    // The channel is checked before the sender, as in Zulip.
    refused(await emailAddress(user, missing, { sender_id: realm.other.user_id }), 'Invalid channel ID');
  });

  it('lets a guest read only the channels they are subscribed to', async () => {
    const open = await createChannel(realm.owner, [realm.member]);
    refused(await emailAddress(realm.guest, open), 'Invalid channel ID');
    expect(ok(await emailAddress(realm.member, open)).email).toBe('');
  });
});
