import type { HandlerContext } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { closeUsersDb, FixtureName, handlerContext, usersDeps } from '../../../../test/support/users-db';
import type { UsersDeps } from '../deps';
import { getUserStatus, updateOwnStatus, updateUserStatus } from './user-status';

/**
 * The three status handlers, called as the rpc wrapper calls them: request message in, reply
 * object out. The HTTP tests of the status endpoints go through the gateway and gRPC.
 */
let realm: TestRealm;
let deps: UsersDeps;

const ctx = (name: FixtureName): HandlerContext => handlerContext(realm, name, deps);

beforeAll(async () => {
  realm = await createTestRealm('Status RPC realm');
  deps = usersDeps();
});
afterAll(async () => {
  await closeUsersDb();
  await closeFixtures();
});

describe('status RPCs', () => {
  it('UpdateOwnStatus takes the wire fields and replies {}', async () => {
    await expect(updateOwnStatus(deps)({ status_text: 'lunch', emoji_name: 'car', away: false }, ctx('member'))).resolves.toEqual({});
    await expect(getUserStatus(deps)({ user_id: realm.member.user_id }, ctx('guest'))).resolves.toEqual({
      status: { status_text: 'lunch', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
    });
  });

  it('UpdateUserStatus takes the path user_id apart from the status fields', async () => {
    await expect(updateUserStatus(deps)({ user_id: realm.other.user_id, emoji_name: 'zulip' }, ctx('admin'))).resolves.toEqual({});
    await expect(getUserStatus(deps)({ user_id: realm.other.user_id }, ctx('bot'))).resolves.toEqual({ status: { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' } });
    await expect(updateUserStatus(deps)({ user_id: realm.other.user_id, status_text: 'x' }, ctx('moderator'))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Insufficient permission' });
  });

  it('GetUserStatus replies an empty status for a user without one', async () => {
    await expect(getUserStatus(deps)({ user_id: realm.moderator.user_id }, ctx('member'))).resolves.toEqual({ status: {} });
  });
});
