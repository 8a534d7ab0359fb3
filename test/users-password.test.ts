import { Role } from '@parley/common';
import { Api } from './support/api';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { rawRequest } from './support/uploads';
import { loginCsrf } from './support/browser-session';

/**
 * Parley's POST /users/{user_id}/password (issue #31; for users who cannot reset their own by mail):
 * administrators set a user's password, which ends the user's browser sessions and keeps the
 * API key. The management CLI's reset-password is in cli.test.ts.
 */
const envelope = { contract: 'envelope' as const };

let realm: TestRealm;
let other: TestRealm;

beforeAll(async () => {
  [realm, other] = [await createTestRealm('Password realm'), await createTestRealm('Other password realm')];
}, 60_000);
afterAll(closeFixtures);

describe('POST /users/{user_id}/password', () => {
  const form = (params: Record<string, string>) => Buffer.from(new URLSearchParams(params).toString());
  const browserLogin = async (r: TestRealm, email: string, password: string) => {
    const res = await rawRequest('POST', '/accounts/login', {
      body: form({ username: email, password }),
      headers: { host: r.host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() },
    });
    expect(res.status).toBe(200);
    const cookies = Object.fromEntries((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0].split('=') as [string, string]));
    return `sessionid=${cookies.sessionid}; csrftoken=${cookies.csrftoken}`;
  };
  const viaSession = async (r: TestRealm, cookie: string) => (await rawRequest('GET', '/json/users/me', { headers: { host: r.host, cookie } })).status;

  it("sets the password, ends the user's browser sessions and keeps the API key", async () => {
    const user = await realm.addUser({ name: 'Forgetful', password: 'old-password' });
    const cookie = await browserLogin(realm, user.email, 'old-password');
    expect(await viaSession(realm, cookie)).toBe(200);
    ok(await realm.admin.api.post(`/users/${user.user_id}/password`, { new_password: 'brand-new-password' }, envelope));
    await eventually(async () => expect(await viaSession(realm, cookie)).toBe(401));
    const host = { headers: { host: realm.host } };
    expect((await new Api().post('/fetch_api_key', { username: user.email, password: 'old-password' }, { ...host, contract: false })).status).toBe(401);
    expect(ok(await new Api().post('/fetch_api_key', { username: user.email, password: 'brand-new-password' }, host)).api_key).toBe(user.api_key);
    expect(await viaSession(realm, await browserLogin(realm, user.email, 'brand-new-password'))).toBe(200);
    ok(await user.api.get('/users/me'));
  });

  it('refuses every role but administrators, an owner for a non-owner, bots and deactivated users', async () => {
    const target = await realm.addUser({ name: 'Target' });
    for (const caller of [realm.moderator, realm.member, realm.guest, realm.bot]) {
      refused(await caller.api.post(`/users/${target.user_id}/password`, { new_password: 'whatever-password' }, envelope), 'Must be an organization administrator');
    }
    refused(await realm.admin.api.post(`/users/${realm.owner.user_id}/password`, { new_password: 'whatever-password' }, envelope), 'Must be an organization owner');
    refused(await realm.owner.api.post(`/users/${realm.bot.user_id}/password`, { new_password: 'whatever-password' }, envelope), 'Bots have no password');
    refused(await realm.owner.api.post(`/users/${target.user_id}/password`, { new_password: 'short' }, envelope), 'New password is too weak!');
    refused(await realm.owner.api.post(`/users/${target.user_id}/password`, { new_password: 'x'.repeat(101) }, envelope), 'New password is too weak!');
    refused(await realm.owner.api.post(`/users/${other.member.user_id}/password`, { new_password: 'whatever-password' }, envelope), 'No such user');
    ok(await realm.owner.api.delete(`/users/${target.user_id}`));
    refused(await realm.owner.api.post(`/users/${target.user_id}/password`, { new_password: 'whatever-password' }, envelope), 'User is deactivated');
    const owner2 = await realm.addUser({ role: Role.OWNER, name: 'Second owner' });
    ok(await realm.owner.api.post(`/users/${owner2.user_id}/password`, { new_password: 'owner2-password' }, envelope));
  });
});
