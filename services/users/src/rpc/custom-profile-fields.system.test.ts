import type { HandlerContext } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { closeUsersDb, FixtureName, handlerContext, usersDeps } from '../../../../test/support/users-db';
import type { UsersDeps } from '../deps';
import {
  createCustomProfileField,
  deleteCustomProfileField,
  getCustomProfileFields,
  removeProfileData,
  reorderCustomProfileFields,
  updateCustomProfileField,
  updateProfileData,
} from './custom-profile-fields';
import { profileDataFor } from '../domain/profile-values';

/**
 * The custom profile field handlers, called as the rpc wrapper calls them: request message
 * (wire names, JSON text for lists and objects) in, reply object out. test/profile-fields.test.ts
 * covers the same RPCs over HTTP and gRPC.
 */
let realm: TestRealm;
let deps: UsersDeps;

const ctx = (name: FixtureName): HandlerContext => handlerContext(realm, name, deps);

beforeAll(async () => {
  realm = await createTestRealm('Profile fields RPC realm');
  deps = usersDeps();
});
afterAll(async () => {
  await closeFixtures();
  await closeUsersDb();
});

describe('custom profile field RPCs', () => {
  it('create, update, reorder, list and delete fields', async () => {
    // The replies' types are the published schemas', where `id` and `custom_fields` are optional.
    const id = (await createCustomProfileField(deps)({ field_type: 3, name: 'Editor', field_data: '{"v":{"text":"Vim","order":"1"}}' }, ctx('admin'))).id!;
    const other = (await createCustomProfileField(deps)({ field_type: 1, name: 'Phone', required: true }, ctx('owner'))).id!;
    await expect(updateCustomProfileField(deps)({ field_id: id, hint: 'Pick one' }, ctx('admin'))).resolves.toEqual({});
    await expect(reorderCustomProfileFields(deps)({ order: JSON.stringify([other, id]) }, ctx('admin'))).resolves.toEqual({});
    const fields = (await getCustomProfileFields(deps)({}, ctx('guest'))).custom_fields!;
    expect(fields.map((f: { id: number; order: number; hint: string }) => [f.id, f.order, f.hint])).toEqual([
      [other, 0, ''],
      [id, 1, 'Pick one'],
    ]);
    await expect(deleteCustomProfileField(deps)({ field_id: other }, ctx('owner'))).resolves.toEqual({});
    await expect(deleteCustomProfileField(deps)({ field_id: other }, ctx('owner'))).rejects.toThrow(`Field id ${other} not found.`);
    await expect(createCustomProfileField(deps)({ field_type: 1, name: 'x' }, ctx('moderator'))).rejects.toThrow('Must be an organization administrator');
  });

  it("set and clear the caller's own values", async () => {
    const id = (await createCustomProfileField(deps)({ field_type: 8, name: 'Pronouns' }, ctx('admin'))).id!;
    await expect(updateProfileData(deps)({ data: JSON.stringify([{ id, value: 'she/her' }]) }, ctx('member'))).resolves.toEqual({});
    expect((await profileDataFor(deps.pool, realm.realm_id, [realm.member.user_id])).get(realm.member.user_id)).toEqual({ [id]: { value: 'she/her' } });
    await expect(removeProfileData(deps)({ data: JSON.stringify([id]) }, ctx('member'))).resolves.toEqual({});
    expect((await profileDataFor(deps.pool, realm.realm_id, [realm.member.user_id])).get(realm.member.user_id)).toEqual({});
    await expect(removeProfileData(deps)({ data: '["x"]' }, ctx('member'))).rejects.toThrow('data[0] is not an integer');
  });
});
