import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok, refused } from './support/responses';
import { usersDb, closeUsersDb } from './support/users-db';

/**
 * Mobile push devices, as a Zulip server without a push notification service answers them:
 * APNs and FCM tokens registered and removed per user (the mobile apps do it at start-up),
 * test notifications that send nothing, and the end-to-end encrypted registration refused.
 * Human users only. Every response is checked against the reference.
 */
let realm: TestRealm;
let n = 0;
const hex = () => Buffer.from(`device-${Date.now()}-${++n}`).toString('hex');
const HUMANS = () => [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest];

beforeAll(async () => {
  realm = await createTestRealm('Push devices realm');
});
afterAll(async () => {
  await closeUsersDb();
  await closeFixtures();
});

const tokensOf = async (user: TestUser): Promise<{ kind: string; token: string; ios_app_id: string | null }[]> =>
  (await usersDb().pool.query('SELECT kind, token, ios_app_id FROM push_device_tokens WHERE user_id = $1 ORDER BY id', [user.user_id])).rows;

describe('APNs and FCM tokens', () => {
  it('registers and removes both kinds for every human role, each user its own', async () => {
    for (const user of HUMANS()) {
      const apns = hex();
      const fcm = `fcm-${hex()}`;
      ok(await user.api.post('/users/me/apns_device_token', { token: apns, appid: 'org.zulip.Zulip' }));
      ok(await user.api.post('/users/me/android_gcm_reg_id', { token: fcm }));
      // Registering again is no error (the apps do it at every start).
      ok(await user.api.post('/users/me/android_gcm_reg_id', { token: fcm }));
      expect(await tokensOf(user)).toEqual([
        { kind: 'apns', token: apns, ios_app_id: 'org.zulip.Zulip' },
        { kind: 'fcm', token: fcm, ios_app_id: null },
      ]);
      // Another user cannot remove them.
      const other = user === realm.member ? realm.admin : realm.member;
      refused(await other.api.delete('/users/me/android_gcm_reg_id', { token: fcm }), 'Token does not exist');
      ok(await user.api.delete('/users/me/apns_device_token', { token: apns }));
      ok(await user.api.delete('/users/me/android_gcm_reg_id', { token: fcm }));
      expect(await tokensOf(user)).toEqual([]);
      refused(await user.api.delete('/users/me/android_gcm_reg_id', { token: fcm }), 'Token does not exist');
    }
  });

  it('refuses bots, empty and over-long tokens, APNs tokens that are not hexadecimal, and bad app IDs', async () => {
    refused(await realm.bot.api.post('/users/me/android_gcm_reg_id', { token: 'x' }), 'This endpoint does not accept bot requests.');
    refused(await realm.bot.api.post('/users/me/apns_device_token', { token: 'c0ffee', appid: 'org.zulip.Zulip' }), 'This endpoint does not accept bot requests.');
    refused(await realm.member.api.post('/users/me/android_gcm_reg_id', { token: '' }), 'Empty or invalid length token');
    refused(await realm.member.api.post('/users/me/android_gcm_reg_id', { token: 'x'.repeat(4097) }), 'Empty or invalid length token');
    refused(await realm.member.api.post('/users/me/apns_device_token', { token: 'not hex', appid: 'org.zulip.Zulip' }), 'Invalid APNS token');
    refused(await realm.member.api.post('/users/me/apns_device_token', { token: 'c0ffee', appid: 'no spaces allowed' }), 'Invalid app ID');
    refused(await realm.member.api.delete('/users/me/apns_device_token', { token: '' }), 'Empty or invalid length token');
    const missing = await realm.member.api.post('/users/me/apns_device_token', { token: 'c0ffee' });
    expect([missing.status, missing.body.code]).toEqual([400, 'REQUEST_VARIABLE_MISSING']);
    expect(await tokensOf(realm.member)).toEqual([]);
  });

  it('keeps at most 100 tokens per user, dropping the least recently registered', async () => {
    const user = await realm.addUser({ name: 'Many phones' });
    const tokens = Array.from({ length: 101 }, (_, i) => `fcm-many-${i}`);
    for (const token of tokens) ok(await user.api.post('/users/me/android_gcm_reg_id', { token }));
    const kept = (await tokensOf(user)).map((t) => t.token);
    expect(kept).toHaveLength(100);
    expect(kept).not.toContain(tokens[0]);
    expect(kept).toContain(tokens[100]);
  });
});

describe('test notifications and end-to-end encrypted registration', () => {
  it('answers a test notification with success and sends nothing; an unknown token is INVALID_PUSH_DEVICE_TOKEN', async () => {
    const token = `fcm-${hex()}`;
    ok(await realm.member.api.post('/users/me/android_gcm_reg_id', { token }));
    ok(await realm.member.api.post('/mobile_push/test_notification', { token }));
    ok(await realm.member.api.post('/mobile_push/test_notification', {}));
    refused(await realm.admin.api.post('/mobile_push/test_notification', { token }), 'Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
    refused(await realm.bot.api.post('/mobile_push/test_notification', {}), 'This endpoint does not accept bot requests.');
  });

  it('refuses E2EE registration and its test with PUSH_SERVICE_NOT_CONFIGURED, and register says no push service', async () => {
    const msg = 'Server is not configured to use push notification service.';
    for (const user of HUMANS()) {
      refused(
        await user.api.post('/mobile_push/register', {
          token_kind: 'fcm',
          push_account_id: 1,
          push_public_key: 'k',
          bouncer_public_key: 'b',
          encrypted_push_registration: 'e',
        }),
        msg,
        'PUSH_SERVICE_NOT_CONFIGURED',
      );
      refused(await user.api.post('/mobile_push/e2ee/test_notification', {}), msg, 'PUSH_SERVICE_NOT_CONFIGURED');
    }
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm', 'push_device'] }));
    expect(state).toMatchObject({ realm_push_notifications_enabled: false, push_devices: {} });
  });
});
