import { Caller, Role, withTransaction } from '@parley/common';
import { describeWithRedis, testRedisUrl } from '../../../../test/support/servers';
import { deleteKeys } from '../../../../test/support/redis';
import { closeUsersDb, usersDb } from '../../../../test/support/users-db';
import { MemoryPresenceStore } from '../store/presence';
import * as realmStore from '../store/realms';
import { MemorySessionStore, PgSessionStore, RedisSessionStore, type SessionStore } from '../store/sessions';
import { checkSetUserActive } from './activation';
import { checkResetPassword } from './password-reset';
import { createRealm, setRealmActive } from './realms';
import { login, sessionCaller } from './sessions';
import { checkUpdateSettings } from './settings';
import { doCreateUser } from './users';

/**
 * How browser sessions end (ADR 0029), the same whichever store holds them: the users schema
 * (no Redis), Redis, and the memory store of handler tests. The gateway's part (its cache, the
 * cookies) is in test/sessions.test.ts.
 */
afterAll(closeUsersDb);

const PASSWORD = 'the-first-password';
const REDIS_URL = testRedisUrl() ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `parley:test-session-ends${Date.now().toString(36)}:`;

interface Realm {
  realm: realmStore.RealmRow;
  owner: Caller;
  /** A new user of the realm with PASSWORD, and the caller the gateway would authenticate for them. */
  user(role?: number): Promise<Caller>;
}

let realms = 0;
async function someRealm(): Promise<Realm> {
  const { pool, config } = usersDb();
  const sub = `se${Date.now().toString(36)}${(realms++).toString(36)}`;
  const { realm, owner } = await createRealm(pool, config, { name: 'Session ends', subdomain: sub, ownerEmail: `owner@${sub}.test`, ownerName: 'Olive', ownerPassword: PASSWORD });
  let n = 0;
  return {
    realm,
    owner: { realm_id: realm.id, user_id: owner.user.id, role: Role.OWNER, is_bot: false, email: owner.user.delivery_email },
    user: async (role = Role.MEMBER) => {
      const made = await withTransaction(pool, (tx) => doCreateUser(tx, config, realm, { email: `u${++n}@${sub}.test`, full_name: `User ${n}`, role, password: PASSWORD }));
      return { realm_id: realm.id, user_id: made.user.id, role, is_bot: false, email: made.user.delivery_email };
    },
  };
}

function describeSessionEnds(name: string, makeStore: () => SessionStore): void {
  describe(`sessions in ${name}`, () => {
    let store: SessionStore;
    let r: Realm;
    beforeAll(async () => {
      store = makeStore();
      r = await someRealm();
    });
    afterAll(() => store.close());

    const { pool, config } = usersDb();
    const open = async (who: Caller, password = PASSWORD) => (await login(pool, config, store, r.realm, { username: who.email, password })).session_id;
    const standing = (token: string) => sessionCaller(pool, config, store, token, r.realm.string_id);

    it('end when their user changes the password, all but the one the change came through', async () => {
      const user = await r.user();
      const [a, b, c] = [await open(user), await open(user), await open(user)];
      const through = { ...user, session: (await standing(b)).session_key };
      await checkUpdateSettings(pool, config, new MemoryPresenceStore(), through, { old_password: PASSWORD, new_password: 'the-second-password' });
      for (const ended of [a, c]) await expect(standing(ended)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect((await standing(b)).caller.user_id).toBe(user.user_id);
      // Through an API key there is none to keep; the next change forgets the one kept before.
      await checkUpdateSettings(pool, config, new MemoryPresenceStore(), user, { old_password: 'the-second-password', new_password: 'the-third-password' });
      await expect(standing(b)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('end for good when their user is deactivated: reactivating brings none back', async () => {
      const user = await r.user(Role.MODERATOR);
      const [a, b] = [await open(user), await open(user)];
      expect((await standing(a)).caller.user_id).toBe(user.user_id);
      await checkSetUserActive(pool, r.owner, user.user_id, false);
      await checkSetUserActive(pool, r.owner, user.user_id, true);
      for (const ended of [a, b]) await expect(standing(ended)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect((await standing(await open(user))).caller.user_id).toBe(user.user_id);
    });

    it("end for good when their realm is deactivated (every user's): reactivating it brings none back", async () => {
      const other = await someRealm();
      const [owner, member] = [other.owner, await other.user()];
      const opened = [
        await login(pool, config, store, other.realm, { username: owner.email, password: PASSWORD }),
        await login(pool, config, store, other.realm, { username: member.email, password: PASSWORD }),
      ];
      await setRealmActive(pool, other.realm.string_id, false);
      await setRealmActive(pool, other.realm.string_id, true);
      for (const { session_id } of opened) {
        await expect(sessionCaller(pool, config, store, session_id, other.realm.string_id)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
      }
    });

    it("end when an administrator sets the user's password; a new one then stands", async () => {
      const user = await r.user();
      const [a, b] = [await open(user), await open(user)];
      expect((await standing(a)).caller.user_id).toBe(user.user_id);
      await checkResetPassword(pool, r.owner, user.user_id, 'the-reset-password');
      for (const ended of [a, b]) await expect(standing(ended)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect((await standing(await open(user, 'the-reset-password'))).caller.user_id).toBe(user.user_id);
    });
  });
}

describeSessionEnds('the users schema', () => new PgSessionStore(usersDb().pool));
describeSessionEnds('memory', () => new MemorySessionStore());
describeWithRedis('sessions.db.test.ts')('with Redis', () => {
  afterAll(() => deleteKeys(REDIS_URL, REDIS_PREFIX));
  describeSessionEnds('Redis', () => new RedisSessionStore(REDIS_URL, REDIS_PREFIX));
});
