import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';

/**
 * GET /users/{user_id_or_email}/presence: one user's presence, by ID or by API email, per
 * role, with every refusal Zulip makes (get_presence_backend). Every response is checked
 * against the reference by the test client.
 */
let realm: TestRealm;
let elsewhere: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const CALLERS: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];

beforeAll(async () => {
  realm = await createTestRealm('One presence realm');
  elsewhere = await createTestRealm('One presence elsewhere');
});
afterAll(closeFixtures);

const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

async function refused(viewer: TestUser, idOrEmail: string | number, msg: string) {
  const res = await viewer.api.get(`/users/${encodeURIComponent(String(idOrEmail))}/presence`);
  expect([res.status, res.body]).toEqual([400, error(msg)]);
}

/** The email others see for this user (the real one, or the user{id}@ stand-in). */
async function apiEmailOf(user: TestUser): Promise<string> {
  return (await realm.owner.api.get(`/users/${user.user_id}`)).body.user.email;
}

describe('GET /users/{user_id_or_email}/presence', () => {
  it("gives an active user's presence by ID and by API email, to every role", async () => {
    const target = await realm.addUser({ name: 'Present' });
    expect((await target.api.post('/users/me/presence', { status: 'active' })).status).toBe(200);
    const email = await apiEmailOf(target);
    for (const role of CALLERS) {
      for (const key of [String(target.user_id), email, email.toUpperCase()]) {
        const res = await realm[role].api.get(`/users/${encodeURIComponent(key)}/presence`);
        expect([role, key, res.status]).toEqual([role, key, 200]);
        expect(Object.keys(res.body.presence).sort()).toEqual(['aggregated', 'website']);
        expect(res.body.presence.aggregated).toEqual({ status: 'active', timestamp: expect.any(Number) });
        expect(res.body.presence.website).toEqual(res.body.presence.aggregated);
        expect(Math.abs(res.body.presence.aggregated.timestamp - Date.now() / 1000)).toBeLessThan(60);
      }
    }
  });

  it('shows an idle user as idle', async () => {
    const target = await realm.addUser({ name: 'Idler' });
    await target.api.post('/users/me/presence', { status: 'idle' });
    const res = await realm.member.api.get(`/users/${target.user_id}/presence`);
    expect(res.body.presence).toEqual({
      aggregated: { status: 'idle', timestamp: expect.any(Number) },
      website: { status: 'idle', timestamp: expect.any(Number) },
    });
  });

  it('shows the user themself', async () => {
    await realm.guest.api.post('/users/me/presence', { status: 'active' });
    const res = await realm.guest.api.get(`/users/${realm.guest.user_id}/presence`);
    expect(res.body.presence.aggregated.status).toBe('active');
  });

  it('shows a user who turned presence off as offline, not their last ping', async () => {
    const shy = await realm.addUser({ name: 'Shy one' });
    await shy.api.post('/users/me/presence', { status: 'active' });
    expect((await shy.api.patch('/settings', { presence_enabled: false })).status).toBe(200);
    await shy.api.post('/users/me/presence', { status: 'active' });
    const res = await realm.member.api.get(`/users/${shy.user_id}/presence`);
    expect(res.status).toBe(200);
    expect(res.body.presence.aggregated.status).toBe('offline');
    expect(res.body.presence.website.status).toBe('idle');
    expect(Date.now() / 1000 - res.body.presence.aggregated.timestamp).toBeGreaterThan(140);
    expect((await shy.api.patch('/settings', { presence_enabled: true })).status).toBe(200);
    expect((await realm.member.api.get(`/users/${shy.user_id}/presence`)).body.presence.aggregated.status).toBe('active');
  });

  it('refuses a user with no presence yet, naming them as asked', async () => {
    const silent = await realm.addUser({ name: 'Silent' });
    await refused(realm.member, silent.user_id, `No presence data for ${silent.user_id}`);
    const email = await apiEmailOf(silent);
    await refused(realm.member, email, `No presence data for ${email}`);
  });

  it('refuses unknown, deactivated and other realms\' users with "No such user"', async () => {
    await refused(realm.member, 99999999, 'No such user');
    await refused(realm.member, 99999999999, 'No such user');
    await refused(realm.member, 'nobody@example.invalid', 'No such user');
    await refused(realm.member, 'me', 'No such user');
    const leaving = await realm.addUser({ name: 'Leaving' });
    await leaving.api.post('/users/me/presence', { status: 'active' });
    const email = await apiEmailOf(leaving);
    expect((await realm.admin.api.delete(`/users/${leaving.user_id}`)).status).toBe(200);
    await refused(realm.member, leaving.user_id, 'No such user');
    await refused(realm.member, email, 'No such user');
    await elsewhere.member.api.post('/users/me/presence', { status: 'active' });
    await refused(realm.member, elsewhere.member.user_id, 'No such user');
  });

  it('finds a user by the email others see, never by a hidden real one', async () => {
    const hidden = await realm.addUser({ name: 'Hidden' });
    expect((await hidden.api.patch('/settings', { email_address_visibility: 4 })).status).toBe(200);
    await hidden.api.post('/users/me/presence', { status: 'active' });
    const standIn = await apiEmailOf(hidden);
    expect(standIn).not.toBe(hidden.email);
    expect((await realm.member.api.get(`/users/${encodeURIComponent(standIn)}/presence`)).status).toBe(200);
    await refused(realm.member, hidden.email, 'No such user');
  });

  it('refuses bots, which have no presence', async () => {
    for (const viewer of [realm.member, realm.bot]) {
      await refused(viewer, realm.bot.user_id, 'Presence is not supported for bot users.');
    }
    await refused(realm.member, await apiEmailOf(realm.bot), 'Presence is not supported for bot users.');
  });
});
