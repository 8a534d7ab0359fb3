import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { closeUsersDb, callerOf, FixtureName, outboxMark, usersDb, clientEventsSince } from '../../../../test/support/users-db';
import { checkStatusChange, checkStatusText, checkUpdateOwnStatus, checkUpdateStatusForUser, getUserStatus, userStatusState } from './user-status';
import { checkSetUserActive } from './activation';
import { MemoryPresenceStore } from '../store/presence';
import { OFFLINE_SECONDS } from './presence';

let realm: TestRealm;
let elsewhere: TestRealm;
const pool = () => usersDb().pool;
const config = () => usersDb().config;
const presence = new MemoryPresenceStore();
const HUMANS: FixtureName[] = ['owner', 'admin', 'moderator', 'member', 'guest'];
const NON_ADMINS: FixtureName[] = ['moderator', 'member', 'guest', 'bot'];

beforeAll(async () => {
  realm = await createTestRealm('Status realm');
  elsewhere = await createTestRealm('Other status realm');
});
afterAll(async () => {
  await closeUsersDb();
  await closeFixtures();
});

const sixty = 'x'.repeat(60);

describe('checkStatusText', () => {
  it('strips surrounding whitespace and allows 60 characters', () => {
    expect(checkStatusText(undefined)).toBeUndefined();
    expect(checkStatusText('')).toBe('');
    expect(checkStatusText('  on vacation \n')).toBe('on vacation');
    expect(checkStatusText(`   ${sixty}   `)).toBe(sixty);
    // Characters are code points: 60 astral emoji are 120 UTF-16 units.
    expect(checkStatusText('🚗'.repeat(60))).toBe('🚗'.repeat(60));
  });

  it("refuses 61 characters with Zulip's message", () => {
    expect(() => checkStatusText(`${sixty}y`)).toThrow(
      expect.objectContaining({
        code: 'BAD_REQUEST',
        message: 'status_text is too long (limit: 60 characters)',
      }),
    );
    expect(() => checkStatusText('🚗'.repeat(61))).toThrow('status_text is too long (limit: 60 characters)');
  });
});

describe('checkStatusChange', () => {
  it('refuses a request that changes nothing, even with an emoji code or type', async () => {
    for (const req of [{}, { emoji_code: '1f697' }, { reaction_type: 'unicode_emoji' }, { emoji_code: '1f697', reaction_type: 'unicode_emoji' }]) {
      await expect(checkStatusChange(req)).rejects.toThrow('Client did not pass any new values.');
    }
  });

  it('takes `away` alone as a change', async () => {
    expect(await checkStatusChange({}, true)).toEqual({});
    expect(await checkStatusChange({}, false)).toEqual({});
  });

  it('refuses an emoji code or type without emoji_name once something else changes', async () => {
    const msg = 'Client must pass emoji_name if they pass either emoji_code or reaction_type.';
    await expect(checkStatusChange({ status_text: 'hi', emoji_code: '1f697' })).rejects.toThrow(msg);
    await expect(checkStatusChange({ status_text: 'hi', reaction_type: 'unicode_emoji' })).rejects.toThrow(msg);
    await expect(checkStatusChange({ emoji_code: '1f697' }, true)).rejects.toThrow(msg);
    // Empty ones are not "passed", as in Zulip.
    expect(await checkStatusChange({ status_text: 'hi', emoji_code: '', reaction_type: '' })).toEqual({ status_text: 'hi' });
  });

  it('derives what is missing of an emoji from its name', async () => {
    const car = { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };
    expect(await checkStatusChange({ emoji_name: 'car' })).toEqual({ emoji: car });
    expect(await checkStatusChange({ emoji_name: 'car', emoji_code: '1f697' })).toEqual({ emoji: car });
    expect(await checkStatusChange({ emoji_name: 'car', reaction_type: 'unicode_emoji' })).toEqual({ emoji: car });
    expect(await checkStatusChange({ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji', status_text: ' out ' })).toEqual({ status_text: 'out', emoji: car });
    expect(await checkStatusChange({ emoji_name: 'zulip' })).toEqual({ emoji: { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' } });
  });

  it('reads service_extra_emoji as zulip_extra_emoji', async () => {
    expect(await checkStatusChange({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' })).toEqual({
      emoji: { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' },
    });
    expect((await checkStatusChange({ emoji_name: 'zulip', reaction_type: 'service_extra_emoji' })).emoji?.reaction_type).toBe('zulip_extra_emoji');
  });

  it('clears the emoji with an empty name, whatever came with it', async () => {
    expect(await checkStatusChange({ emoji_name: '', emoji_code: 'bogus', reaction_type: 'realm_emoji' })).toEqual({ emoji: { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' } });
    expect(await checkStatusChange({ status_text: '', emoji_name: '' })).toEqual({ status_text: '', emoji: { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' } });
  });

  it('refuses emoji that do not exist or do not agree', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
      [{ emoji_name: 'invalid', emoji_code: '1f697' }, "Emoji 'invalid' does not exist"],
      [{ emoji_name: 'invalid', emoji_code: '1f697', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
      [{ emoji_name: 'smile', emoji_code: '1f697', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
      [{ emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
      [{ emoji_name: 'thumbsup' }, "Emoji 'thumbsup' does not exist"],
      [{ emoji_name: 'car', emoji_code: 'ffff' }, 'Invalid emoji code.'],
      [{ emoji_name: 'car', emoji_code: '42', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ emoji_name: 'car', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ emoji_name: 'car', reaction_type: 'unicode' }, 'Invalid emoji type.'],
      [{ emoji_name: 'car', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji code.'],
    ];
    for (const [req, msg] of cases) await expect(checkStatusChange(req)).rejects.toThrow(msg);
  });

  it('checks the text first', async () => {
    await expect(checkStatusChange({ status_text: `${sixty}!`, emoji_name: 'invalid' })).rejects.toThrow('status_text is too long (limit: 60 characters)');
  });
});

describe('checkUpdateOwnStatus', () => {
  it('lets every human set their own status, announced to the realm', async () => {
    for (const name of HUMANS) {
      const caller = callerOf(realm, name);
      const mark = await outboxMark();
      await checkUpdateOwnStatus(pool(), config(), presence, caller, { status_text: ` ${name} away `, emoji_name: 'car' });
      expect(await getUserStatus(pool(), caller, caller.user_id)).toEqual({ status_text: `${name} away`, emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
      expect(await clientEventsSince(mark, realm.realm_id)).toEqual([
        {
          audience: 'realm',
          event: { type: 'user_status', user_id: caller.user_id, status_text: `${name} away`, emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
        },
      ]);
    }
  });

  it('refuses bots, writing nothing', async () => {
    const mark = await outboxMark();
    await expect(checkUpdateOwnStatus(pool(), config(), presence, callerOf(realm, 'bot'), { status_text: 'beep' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This endpoint does not accept bot requests.',
    });
    expect(await clientEventsSince(mark, realm.realm_id)).toEqual([]);
  });

  it('changes only what is passed, and the event says only that', async () => {
    const user = await realm.addUser({ name: 'Partial' });
    const caller = { ...callerOf(realm, 'member'), user_id: user.user_id, email: user.email };
    await checkUpdateOwnStatus(pool(), config(), presence, caller, { status_text: 'lunch' });
    const mark = await outboxMark();
    await checkUpdateOwnStatus(pool(), config(), presence, caller, { emoji_name: 'zulip', reaction_type: 'service_extra_emoji' });
    expect(await getUserStatus(pool(), caller, user.user_id)).toEqual({ status_text: 'lunch', emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect((await clientEventsSince(mark, realm.realm_id)).map((e) => e.event)).toEqual([
      { type: 'user_status', user_id: user.user_id, emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' },
    ]);
    await checkUpdateOwnStatus(pool(), config(), presence, caller, { status_text: '' });
    expect(await getUserStatus(pool(), caller, user.user_id)).toEqual({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    const clearing = await outboxMark();
    await checkUpdateOwnStatus(pool(), config(), presence, caller, { emoji_name: '' });
    expect(await getUserStatus(pool(), caller, user.user_id)).toEqual({});
    expect((await clientEventsSince(clearing, realm.realm_id)).map((e) => e.event)).toEqual([
      { type: 'user_status', user_id: user.user_id, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
    ]);
  });

  /** The presence event that turning presence_enabled off (idle, shown offline) or on (active now) sends to everyone. */
  const presenceEvent = (user: { user_id: number; email: string }, status: 'active' | 'idle') => {
    const timestamp = expect.any(Number);
    const legacy = {
      type: 'presence',
      user_id: user.user_id,
      email: user.email,
      server_timestamp: expect.any(Number),
      presence: { website: { client: 'website', status, timestamp, pushable: false } },
    };
    return {
      audience: 'realm',
      event: { ...legacy, presences: { [String(user.user_id)]: { active_timestamp: timestamp, idle_timestamp: timestamp } } },
      fallback: { capability: 'simplified_presence_events', event: legacy },
    };
  };

  it("maps the deprecated away onto presence_enabled, telling the user's clients", async () => {
    const user = await realm.addUser({ name: 'Away' });
    const caller = { ...callerOf(realm, 'member'), user_id: user.user_id, email: user.email };
    const mark = await outboxMark();
    await checkUpdateOwnStatus(pool(), config(), presence, caller, { away: true });
    expect(await getUserStatus(pool(), caller, user.user_id)).toEqual({ away: true });
    expect((await userStatusState(pool(), realm.realm_id)).user_status[String(user.user_id)]).toEqual({ away: true });
    expect(await clientEventsSince(mark, realm.realm_id)).toEqual([
      { audience: [user.user_id], event: { type: 'user_settings', op: 'update', property: 'presence_enabled', value: false } },
      // The legacy event in addition, for clients without user_settings_object.
      {
        audience: [user.user_id],
        onlyWithout: 'user_settings_object',
        event: { type: 'update_global_notifications', user: user.email, notification_name: 'presence_enabled', setting: false },
      },
      presenceEvent(user, 'idle'),
      { audience: 'realm', event: { type: 'user_status', user_id: user.user_id, away: true } },
    ]);
    // Off: a presence every client shows as offline (older than the offline threshold).
    const off = (await clientEventsSince(mark, realm.realm_id))[2].event as unknown as { server_timestamp: number; presence: { website: { timestamp: number } } };
    expect(off.server_timestamp - off.presence.website.timestamp).toBeGreaterThan(OFFLINE_SECONDS);
    const { rows } = await pool().query('SELECT settings FROM users WHERE id = $1', [user.user_id]);
    expect(rows[0].settings).toMatchObject({ presence_enabled: false });
    const back = await outboxMark();
    await checkUpdateOwnStatus(pool(), config(), presence, caller, { away: false });
    expect((await clientEventsSince(back, realm.realm_id)).map((e) => e.event.type)).toEqual(['user_settings', 'update_global_notifications', 'presence', 'user_status']);
    expect((await clientEventsSince(back, realm.realm_id))[2]).toEqual(presenceEvent(user, 'active'));
    // On: active now, in the store GET /realm/presence reads too.
    expect((await presence.get(realm.realm_id, user.user_id))?.active_timestamp).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(await getUserStatus(pool(), caller, user.user_id)).toEqual({});
    expect(await userStatusState(pool(), realm.realm_id)).not.toHaveProperty(['user_status', String(user.user_id)]);
  });

  it('writes nothing when refused', async () => {
    const caller = callerOf(realm, 'other');
    const mark = await outboxMark();
    await expect(checkUpdateOwnStatus(pool(), config(), presence, caller, { status_text: 'x', emoji_name: 'invalid' })).rejects.toThrow("Emoji 'invalid' does not exist");
    expect(await clientEventsSince(mark, realm.realm_id)).toEqual([]);
    expect(await getUserStatus(pool(), caller, caller.user_id)).toEqual({});
  });
});

describe('checkUpdateStatusForUser', () => {
  it("lets owners and administrators set another user's status", async () => {
    for (const name of ['owner', 'admin'] as const) {
      const target = await realm.addUser({ name: `Target of ${name}` });
      const mark = await outboxMark();
      await checkUpdateStatusForUser(pool(), callerOf(realm, name), target.user_id, { status_text: 'In a meeting', emoji_name: 'calendar' });
      expect(await getUserStatus(pool(), callerOf(realm, 'member'), target.user_id)).toMatchObject({ status_text: 'In a meeting', emoji_name: 'calendar', reaction_type: 'unicode_emoji' });
      expect(await clientEventsSince(mark, realm.realm_id)).toEqual([
        {
          audience: 'realm',
          event: { type: 'user_status', user_id: target.user_id, status_text: 'In a meeting', emoji_name: 'calendar', emoji_code: expect.any(String), reaction_type: 'unicode_emoji' },
        },
      ]);
    }
  });

  it('refuses everyone else with "Insufficient permission", even for themselves', async () => {
    for (const name of NON_ADMINS) {
      for (const targetId of [realm.other.user_id, realm[name].user_id]) {
        await expect(checkUpdateStatusForUser(pool(), callerOf(realm, name), targetId, { status_text: 'nope' })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          message: targetId === realm.bot.user_id ? 'No such user' : 'Insufficient permission',
        });
      }
    }
    expect(await getUserStatus(pool(), callerOf(realm, 'admin'), realm.other.user_id)).toEqual({});
  });

  it("treats another realm's user as nonexistent, and refuses bots and deactivated users", async () => {
    const gone = await realm.addUser({ name: 'Gone' });
    await checkSetUserActive(pool(), callerOf(realm, 'owner'), gone.user_id, false);
    const cases: [number, string][] = [
      [elsewhere.member.user_id, 'No such user'],
      [999999, 'No such user'],
      [realm.bot.user_id, 'No such user'],
      [gone.user_id, 'User is deactivated'],
    ];
    for (const [id, msg] of cases) {
      await expect(checkUpdateStatusForUser(pool(), callerOf(realm, 'admin'), id, { status_text: 'x' })).rejects.toThrow(msg);
    }
    expect(await getUserStatus(pool(), callerOf(elsewhere, 'admin'), elsewhere.member.user_id)).toEqual({});
  });

  it('checks the text before the target, and the rest after', async () => {
    const long = { status_text: `${sixty}!` };
    await expect(checkUpdateStatusForUser(pool(), callerOf(realm, 'member'), 999999, long)).rejects.toThrow('status_text is too long (limit: 60 characters)');
    await expect(checkUpdateStatusForUser(pool(), callerOf(realm, 'member'), 999999, {})).rejects.toThrow('No such user');
    await expect(checkUpdateStatusForUser(pool(), callerOf(realm, 'member'), realm.other.user_id, {})).rejects.toThrow('Insufficient permission');
    await expect(checkUpdateStatusForUser(pool(), callerOf(realm, 'admin'), realm.other.user_id, {})).rejects.toThrow('Client did not pass any new values.');
    await expect(checkUpdateStatusForUser(pool(), callerOf(realm, 'admin'), realm.other.user_id, { emoji_name: 'nada' })).rejects.toThrow("Emoji 'nada' does not exist");
  });

  it('takes no away: an administrator cannot change presence_enabled', async () => {
    const target = await realm.addUser({ name: 'Present' });
    const req = { status_text: 'here', away: true } as Parameters<typeof checkUpdateStatusForUser>[3];
    await checkUpdateStatusForUser(pool(), callerOf(realm, 'admin'), target.user_id, req);
    expect(await getUserStatus(pool(), callerOf(realm, 'admin'), target.user_id)).toEqual({ status_text: 'here' });
  });
});

describe('getUserStatus', () => {
  it("lets every role read a human's status, {} when there is none", async () => {
    const target = await realm.addUser({ name: 'Readable' });
    await checkUpdateStatusForUser(pool(), callerOf(realm, 'admin'), target.user_id, { status_text: 'reading' });
    for (const name of [...HUMANS, 'bot'] as FixtureName[]) {
      expect(await getUserStatus(pool(), callerOf(realm, name), target.user_id)).toEqual({ status_text: 'reading' });
    }
    const fresh = await realm.addUser({ name: 'Fresh' });
    expect(await getUserStatus(pool(), callerOf(realm, 'guest'), fresh.user_id)).toEqual({});
  });

  it("refuses bots, deactivated users and other realms' users", async () => {
    const gone = await realm.addUser({ name: 'Gone reader' });
    await checkSetUserActive(pool(), callerOf(realm, 'owner'), gone.user_id, false);
    await expect(getUserStatus(pool(), callerOf(realm, 'member'), realm.bot.user_id)).rejects.toThrow('No such user');
    await expect(getUserStatus(pool(), callerOf(realm, 'member'), elsewhere.member.user_id)).rejects.toThrow('No such user');
    await expect(getUserStatus(pool(), callerOf(realm, 'member'), gone.user_id)).rejects.toThrow('User is deactivated');
  });
});

describe('userStatusState', () => {
  it("maps the realm's active users with a status to it, and no one else", async () => {
    const own = await createTestRealm('State realm');
    const gone = await own.addUser({ name: 'Gone with status' });
    const cleared = await own.addUser({ name: 'Cleared' });
    const admin = callerOf(own, 'admin');
    await checkUpdateStatusForUser(pool(), admin, own.member.user_id, { status_text: 'busy', emoji_name: 'car' });
    await checkUpdateStatusForUser(pool(), admin, own.guest.user_id, { emoji_name: 'zulip' });
    await checkUpdateStatusForUser(pool(), admin, gone.user_id, { status_text: 'gone' });
    await checkSetUserActive(pool(), callerOf(own, 'owner'), gone.user_id, false);
    await checkUpdateStatusForUser(pool(), admin, cleared.user_id, { status_text: 'brief' });
    await checkUpdateStatusForUser(pool(), admin, cleared.user_id, { status_text: '', emoji_name: '' });
    await checkUpdateStatusForUser(pool(), callerOf(elsewhere, 'admin'), elsewhere.member.user_id, { status_text: 'elsewhere' });
    expect(await userStatusState(pool(), own.realm_id)).toEqual({
      user_status: {
        [own.member.user_id]: { status_text: 'busy', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
        [own.guest.user_id]: { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' },
      },
    });
  });

  it('is empty for a realm where nobody set a status', async () => {
    const quiet = await createTestRealm('Quiet state realm');
    expect(await userStatusState(pool(), quiet.realm_id)).toEqual({ user_status: {} });
  });
});
