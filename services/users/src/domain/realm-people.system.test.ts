import { clientEventSubject, Role } from '@parley/common';
import { announcingBus } from '@parley/common/testing';
import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { closeUsersDb, usersDb } from '../../../../test/support/users-db';
import { peopleJson, realmPeople, realmPeopleAnswers } from './realm-people';

/**
 * The realm's people kept between requests (test/register-people.test.ts holds register to
 * them through the API). Here, on a test bus with no relay: what is kept stays kept until an
 * announcement, except that a caller missing from it makes it read again.
 */
const pool = () => usersDb().pool;
let realm: TestRealm;

beforeAll(async () => {
  realm = await createTestRealm('Kept people realm');
});
afterAll(async () => {
  await closeFixtures();
  await closeUsersDb();
});

async function listening() {
  const kept = realmPeopleAnswers();
  const bus = announcingBus();
  const stop = await kept.listen(bus.bus);
  const announce = (type: string) => bus.announce(clientEventSubject('users'), { realm_id: realm.realm_id, audience: 'realm', event: { type } });
  return { kept, stop, announce };
}

const names = (people: Awaited<ReturnType<typeof realmPeople>>) => people.people.map((p) => p.row.full_name);

describe('realmPeople', () => {
  it('keeps the people until the users service announces a change (not presence, not a status)', async () => {
    const { kept, stop, announce } = await listening();
    const first = await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id);
    await pool().query('UPDATE users SET full_name = $2 WHERE id = $1', [realm.member.user_id, 'Renamed Unannounced']);
    expect(names(await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id))).toEqual(names(first));
    await announce('presence');
    await announce('user_status');
    expect(await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id)).toBe(first);
    await announce('realm_user');
    expect(names(await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id))).toContain('Renamed Unannounced');
    await stop();
  });

  it('reads again when the caller is missing (a user made outside the service, not yet announced)', async () => {
    const { kept, stop } = await listening();
    await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id);
    const newcomer = await realm.addUser({ role: Role.MEMBER, name: 'Made By The CLI' });
    // Nothing announced on this bus: the owner still gets what was kept, the newcomer finds themselves.
    expect(names(await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id))).not.toContain('Made By The CLI');
    const fresh = await realmPeople(kept, pool(), realm.realm_id, newcomer.user_id);
    expect(fresh.byId.get(newcomer.user_id)?.row.full_name).toBe('Made By The CLI');
    // And what was read again is kept for everyone.
    expect(await realmPeople(kept, pool(), realm.realm_id, realm.owner.user_id)).toBe(fresh);
    await stop();
  });
});

describe('peopleJson', () => {
  it('shows each viewer the emails their role may see, from texts made once per way of showing', async () => {
    const { kept, stop } = await listening();
    const hidden = await realm.addUser({ role: Role.MEMBER, name: 'Admins Only' });
    await pool().query('UPDATE users SET email_address_visibility = 3 WHERE id = $1', [hidden.user_id]);
    const people = await realmPeople(kept, pool(), realm.realm_id, hidden.user_id);
    const seenBy = (viewer: { user_id: number; role: number }) => {
      const { active } = peopleJson(people, viewer, { fakeEmailDomain: 'fake.test', avatars: { enableGravatar: false, secret: 'x'.repeat(32) }, clientGravatar: false });
      return (JSON.parse(active) as { user_id: number; delivery_email: string | null; email: string }[]).find((u) => u.user_id === hidden.user_id)!;
    };
    expect(seenBy({ user_id: realm.admin.user_id, role: Role.ADMINISTRATOR }).delivery_email).toBe(hidden.email);
    expect(seenBy({ user_id: realm.member.user_id, role: Role.MEMBER })).toMatchObject({ delivery_email: null, email: `user${hidden.user_id}@fake.test` });
    expect(seenBy({ user_id: hidden.user_id, role: Role.MEMBER }).delivery_email).toBe(hidden.email);
    expect(seenBy({ user_id: realm.moderator.user_id, role: Role.MODERATOR }).delivery_email).toBeNull();
    // Two ways of showing this user were asked for, so two texts were made.
    expect(people.byId.get(hidden.user_id)!.json.filter((j) => j !== undefined)).toHaveLength(2);
    await stop();
  });
});
