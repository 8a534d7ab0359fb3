import { Role } from '@parley/common';
import { Api, Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/** PATCH /settings (and aliases), PATCH /realm/user_settings_defaults, their events and state. */
let realm: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const ROLES: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];

beforeAll(async () => {
  realm = await createTestRealm('Settings realm');
});
afterAll(closeFixtures);

async function registerQueue(user: TestUser, params: Params = {}) {
  return (await user.api.post('/register', params)).body;
}

const settingsOf = async (user: TestUser) => (await registerQueue(user, { fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } })).user_settings;

describe('PATCH /settings', () => {
  it('changes settings of each type, and register reports them', async () => {
    const user = await realm.addUser({ name: 'Tweaker' });
    const res = await user.api.patch('/settings', {
      twenty_four_hour_time: true,
      color_scheme: 2,
      web_home_view: 'recent_topics',
      emojiset: 'text',
      web_font_size_px: 18,
      timezone: 'Europe/Berlin',
      default_language: 'de',
      notification_sound: 'ding',
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('ignored_parameters_unsupported');
    expect(await settingsOf(user)).toMatchObject({
      twenty_four_hour_time: true,
      color_scheme: 2,
      web_home_view: 'recent_topics',
      emojiset: 'text',
      web_font_size_px: 18,
      timezone: 'Europe/Berlin',
      default_language: 'de',
      notification_sound: 'ding',
      enter_sends: false,
      available_notification_sounds: expect.arrayContaining(['zulip', 'ding']),
    });
  });

  it('lets every human role change its own settings, and refuses bots (Zulip: human users only)', async () => {
    for (const role of ROLES.filter((r) => r !== 'bot')) {
      const res = await realm[role].api.patch('/settings', { high_contrast_mode: true });
      expect([role, res.status]).toEqual([role, 200]);
    }
    for (const path of ['/settings', '/settings/display', '/settings/notifications']) {
      const res = await realm.bot.api.patch(path, { high_contrast_mode: true }, { contract: 'envelope' });
      expect([path, res.status, res.body.code, res.body.msg]).toEqual([path, 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.']);
    }
  });

  it('sends user_settings events to every queue of the user that wants them, and the legacy ones in addition to older clients', async () => {
    const user = await realm.addUser({ name: 'Watched' });
    const all = ['user_settings', 'update_display_settings', 'update_global_notifications'];
    const modern = await registerQueue(user, { event_types: all, client_capabilities: { user_settings_object: true } });
    const legacy = await registerQueue(user, { event_types: all });
    const other = await registerQueue(realm.member, { event_types: all, client_capabilities: { user_settings_object: true } });
    await user.api.patch('/settings', { color_scheme: 3, enable_sounds: false });
    const current = [
      { type: 'user_settings', op: 'update', property: 'color_scheme', value: 3 },
      { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
    ];
    const older = [
      { type: 'update_display_settings', user: user.email, setting_name: 'color_scheme', setting: 3 },
      { type: 'update_global_notifications', user: user.email, notification_name: 'enable_sounds', setting: false },
    ];
    const withoutIds = (events: Record<string, unknown>[]) => events.map(({ id: _id, ...e }) => e);
    expect(withoutIds(await eventsOf(user, modern.queue_id, 2))).toEqual(current);
    expect(withoutIds(await eventsOf(user, legacy.queue_id, 4))).toEqual([current[0], older[0], current[1], older[1]]);
    expect((await realm.member.api.get('/events', { queue_id: other.queue_id, dont_block: true })).body.events).toEqual([]);
  });

  it('gives the user_settings object whenever it is asked for, and the top-level keys in addition to older clients', async () => {
    const user = await realm.addUser({ name: 'Registered' });
    const modern = await registerQueue(user, { fetch_event_types: ['user_settings', 'update_display_settings'], client_capabilities: { user_settings_object: true } });
    expect(modern.user_settings).toMatchObject({ color_scheme: 1, emojiset: 'google' });
    expect(modern).not.toHaveProperty('color_scheme');
    const older = await registerQueue(user, { fetch_event_types: ['user_settings', 'update_display_settings'] });
    expect(older.user_settings).toMatchObject({ color_scheme: 1 });
    expect(older).toMatchObject({ color_scheme: 1, emojiset: 'google' });
    const objectOnly = await registerQueue(user, { fetch_event_types: ['user_settings'] });
    expect(objectOnly.user_settings).toMatchObject({ color_scheme: 1 });
    expect(objectOnly).not.toHaveProperty('color_scheme');
  });

  it('sends no event for a value that does not change', async () => {
    const user = await realm.addUser({ name: 'Steady' });
    const queue = await registerQueue(user, { event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
    await user.api.patch('/settings', { enter_sends: false, color_scheme: 2 });
    const events = await eventsOf(user, queue.queue_id, 1);
    expect(events.map((e) => e.property)).toEqual(['color_scheme']);
  });

  it('refuses invalid values naming the setting, and changes nothing', async () => {
    const user = await realm.addUser({ name: 'Careful' });
    const cases: [Params, string][] = [
      [{ color_scheme: 4 }, 'Invalid color_scheme'],
      [{ web_channel_default_view: 5 }, 'Invalid web_channel_default_view'],
      [{ demote_inactive_streams: 0 }, 'Invalid demote_inactive_streams'],
      [{ emojiset: 'apple' }, 'Invalid emojiset'],
      [{ web_home_view: 'home' }, 'Invalid web_home_view'],
      [{ default_language: 'klingon' }, 'Invalid default_language'],
      [{ notification_sound: 'siren' }, 'Invalid notification_sound'],
      [{ email_address_visibility: 6 }, 'Invalid email_address_visibility'],
      [{ timezone: 'Mars/Olympus_Mons' }, "Invalid timezone 'Mars/Olympus_Mons'"],
      [{ twenty_four_hour_time: 1 }, 'twenty_four_hour_time is not a boolean'],
      [{ twenty_four_hour_time: 'yes' }, 'Argument "twenty_four_hour_time" is not valid JSON.'],
      [{ color_scheme: 'dark' }, 'color_scheme is not an integer'],
    ];
    for (const [params, msg] of cases) {
      const res = await user.api.patch('/settings', { ...params, enter_sends: true });
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', msg]);
    }
    expect((await settingsOf(user)).enter_sends).toBe(false);
  });

  it('lists unknown parameters as ignored, and takes the deprecated aliases', async () => {
    const res = await realm.member.api.patch('/settings', { left_side_userlist: true, night_mode: true });
    expect(res.body.ignored_parameters_unsupported).toEqual(['night_mode']);
    expect((await realm.member.api.patch('/settings/display', { fluid_layout_width: true }, { contract: false })).status).toBe(200);
    expect((await realm.member.api.patch('/settings/notifications', { enable_sounds: true }, { contract: false })).status).toBe(200);
    expect(await settingsOf(realm.member)).toMatchObject({ left_side_userlist: true, fluid_layout_width: true });
  });

  it('changes the full name, telling the realm', async () => {
    const user = await realm.addUser({ name: 'Old Name' });
    const queue = await registerQueue(realm.admin, { event_types: ['realm_user'] });
    expect((await user.api.patch('/settings', { full_name: 'New Name' })).status).toBe(200);
    expect((await user.api.get('/users/me')).body.full_name).toBe('New Name');
    const events = await eventsOf(realm.admin, queue.queue_id, 1);
    expect(events).toContainEqual({ id: expect.any(Number), type: 'realm_user', op: 'update', person: { user_id: user.user_id, full_name: 'New Name' } });
    expect((await user.api.patch('/settings', { full_name: 'Bad "Name"' })).body.msg).toBe('Invalid characters in name!');
  });

  it('changes the password only with the right old one', async () => {
    const user = await realm.addUser({ name: 'Secretive', password: 'first-password' });
    const cases: [Params, string][] = [
      [{ new_password: 'second-password' }, 'Please fill out all fields.'],
      [{ old_password: 'first-password' }, 'Please fill out all fields.'],
      [{ old_password: 'wrong-password', new_password: 'second-password' }, 'Wrong password!'],
      [{ old_password: 'first-password', new_password: 'abc' }, 'New password is too weak!'],
    ];
    for (const [params, msg] of cases) expect((await user.api.patch('/settings', params)).body.msg).toBe(msg);
    expect((await user.api.patch('/settings', { old_password: 'first-password', new_password: 'second-password' })).status).toBe(200);
    const host = { headers: { host: `${realm.subdomain}.${new URL(process.env.PARLEY_TEST_URL!).host}` } };
    expect((await new Api().post('/fetch_api_key', { username: user.email, password: 'second-password' }, host)).status).toBe(200);
    expect((await new Api().post('/fetch_api_key', { username: user.email, password: 'first-password' }, { ...host, contract: false })).status).toBe(401);
  });

  // The email change by mail: test/email-change-mail.test.ts.
});

describe('PATCH /realm/user_settings_defaults', () => {
  it('lets administrators set defaults that only users created afterwards get', async () => {
    const local = await createTestRealm('Defaults realm');
    const before = await local.addUser({ name: 'Before' });
    const queue = await registerQueue(local.member, { event_types: ['realm_user_settings_defaults'] });
    const res = await local.admin.api.patch('/realm/user_settings_defaults', { color_scheme: 2, enter_sends: true, email_address_visibility: 3 });
    expect(res.status).toBe(200);
    const after = await local.addUser({ name: 'After' });
    expect(await settingsOf(after)).toMatchObject({ color_scheme: 2, enter_sends: true, email_address_visibility: 3 });
    expect(await settingsOf(before)).toMatchObject({ color_scheme: 1, enter_sends: false, email_address_visibility: 1 });
    // Hidden by the new default: others see a placeholder for the newcomer's email.
    expect((await local.member.api.get(`/users/${after.user_id}`)).body.user).toMatchObject({ delivery_email: null, email: expect.stringMatching(/^user\d+@/) });
    const events = await eventsOf(local.member, queue.queue_id, 3);
    expect(events).toEqual([
      { id: 0, type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 },
      { id: 1, type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true },
      { id: 2, type: 'realm_user_settings_defaults', op: 'update', property: 'email_address_visibility', value: 3 },
    ]);
    const state = await registerQueue(local.member, { fetch_event_types: ['realm_user_settings_defaults'] });
    expect(state.realm_user_settings_defaults).toMatchObject({ color_scheme: 2, enter_sends: true, email_address_visibility: 3, emojiset: 'google' });
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as RoleName[])('refuses %s', async (role) => {
    const res = await realm[role].api.patch('/realm/user_settings_defaults', { color_scheme: 2 });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
  });

  it('lets the owner too, refuses invalid values, and ignores settings that are only personal', async () => {
    expect((await realm.owner.api.patch('/realm/user_settings_defaults', { web_font_size_px: 14 })).status).toBe(200);
    expect((await realm.admin.api.patch('/realm/user_settings_defaults', { color_scheme: 9 })).body.msg).toBe('Invalid color_scheme');
    const res = await realm.admin.api.patch('/realm/user_settings_defaults', { timezone: 'UTC', default_language: 'fr' });
    expect(res.body.ignored_parameters_unsupported).toEqual(['default_language', 'timezone']);
    expect(Role.OWNER).toBe(100);
  });
});
