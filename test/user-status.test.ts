import { Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * User statuses end to end: POST /users/me/status, POST /users/{user_id}/status
 * (administrators), GET /users/{user_id}/status, the `user_status` state of POST /register
 * and its events. Every rule and refusal, per role, and realm isolation. Every response is
 * checked against the reference.
 */
let realm: TestRealm;
let elsewhere: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const HUMANS: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest'];
const NON_ADMINS: RoleName[] = ['moderator', 'member', 'guest', 'bot'];
const CAR = { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };
const ZULIP = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };

beforeAll(async () => {
  realm = await createTestRealm('Status realm');
  elsewhere = await createTestRealm('Elsewhere');
});
afterAll(closeFixtures);

const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

async function statusOf(user: TestUser, viewer: TestUser = realm.member) {
  const res = await viewer.api.get(`/users/${user.user_id}/status`);
  expect(res.status).toBe(200);
  return res.body.status;
}

async function expectRefused(res: Promise<{ status: number; body: unknown }>, msg: string) {
  const { status, body } = await res;
  expect({ status, body }).toEqual({ status: 400, body: error(msg) });
}

/** What a request's refusal must say, with Zulip's messages; shared by both POST endpoints. */
const REFUSALS: [Params, string][] = [
  [{}, 'Client did not pass any new values.'],
  [{ emoji_code: '1f697', reaction_type: 'unicode_emoji' }, 'Client did not pass any new values.'],
  [{ status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
  [{ status_text: 'lunch', emoji_code: '1f697' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.'],
  [{ status_text: 'lunch', reaction_type: 'unicode_emoji' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.'],
  [{ emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
  [{ emoji_name: 'invalid', emoji_code: '1f697', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
  [{ emoji_name: 'smile', emoji_code: '1f697', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
  // emoji-datasource's names that Zulip does not have.
  [{ emoji_name: 'red_car' }, "Emoji 'red_car' does not exist"],
  [{ emoji_name: 'thumbsup', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
  [{ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
  [{ emoji_name: 'car', emoji_code: 'ffff', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
  [{ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode' }, 'Invalid emoji type.'],
];

describe('POST /users/me/status', () => {
  it('lets every human set their own status, which everyone can read', async () => {
    for (const name of HUMANS) {
      const user = realm[name];
      const res = await user.api.post('/users/me/status', { status_text: `  ${name} on vacation `, emoji_name: 'car' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect(await statusOf(user)).toEqual({ status_text: `${name} on vacation`, ...CAR });
    }
  });

  it('refuses bots', async () => {
    await expectRefused(realm.bot.api.post('/users/me/status', { status_text: 'beep' }), 'This endpoint does not accept bot requests.');
  });

  it('changes only what is passed; empty values clear', async () => {
    const user = await realm.addUser({ name: 'Partial Pat' });
    await user.api.post('/users/me/status', { status_text: 'out to lunch' });
    expect(await statusOf(user)).toEqual({ status_text: 'out to lunch' });
    await user.api.post('/users/me/status', { emoji_name: 'car', emoji_code: '1f697' });
    expect(await statusOf(user)).toEqual({ status_text: 'out to lunch', ...CAR });
    await user.api.post('/users/me/status', { status_text: '' });
    expect(await statusOf(user)).toEqual(CAR);
    await user.api.post('/users/me/status', { emoji_name: '' });
    expect(await statusOf(user)).toEqual({});
  });

  it("takes Zulip's names for Unicode emoji, aliases too, keeping the name the client chose", async () => {
    const user = await realm.addUser({ name: 'Named Nell' });
    await user.api.post('/users/me/status', { emoji_name: 'smile' });
    expect(await statusOf(user)).toEqual({ emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'unicode_emoji' });
    await user.api.post('/users/me/status', { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
    expect(await statusOf(user)).toEqual({ emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
    await user.api.post('/users/me/status', { emoji_name: 'kiwi' });
    expect(await statusOf(user)).toEqual({ emoji_name: 'kiwi', emoji_code: '1f95d', reaction_type: 'unicode_emoji' });
  });

  it("takes Zulip's extra emoji under either name of its type, and answers zulip_extra_emoji", async () => {
    const user = await realm.addUser({ name: 'Extra Ed' });
    await user.api.post('/users/me/status', { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' });
    expect(await statusOf(user)).toEqual(ZULIP);
    await user.api.post('/users/me/status', { emoji_name: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect(await statusOf(user)).toEqual(ZULIP);
  });

  it('takes the deprecated away as presence_enabled inverted', async () => {
    const user = await realm.addUser({ name: 'Away Ava' });
    expect((await user.api.post('/users/me/status', { away: true })).status).toBe(200);
    expect(await statusOf(user)).toEqual({ away: true });
    await user.api.post('/users/me/status', { away: false, status_text: 'back' });
    expect(await statusOf(user)).toEqual({ status_text: 'back' });
  });

  it("refuses each invalid request with Zulip's message", async () => {
    for (const [params, msg] of REFUSALS) {
      const res = await realm.member.api.post('/users/me/status', params);
      expect([params, res.status, res.body]).toEqual([params, 400, error(msg)]);
    }
    const notBool = await realm.member.api.post('/users/me/status', { away: '1' });
    expect(notBool.body).toEqual(error('away is not a boolean'));
  });
});

describe('POST /users/{user_id}/status', () => {
  it("lets owners and administrators set another user's status", async () => {
    for (const name of ['owner', 'admin'] as const) {
      const target = await realm.addUser({ name: `Target of ${name}` });
      const res = await realm[name].api.post(`/users/${target.user_id}/status`, { status_text: 'In a meeting', emoji_name: 'car' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect(await statusOf(target)).toEqual({ status_text: 'In a meeting', ...CAR });
    }
  });

  it('refuses moderators, members, guests and bots with "Insufficient permission", even for themselves', async () => {
    for (const name of NON_ADMINS) {
      const own = name === 'bot' ? 'No such user' : 'Insufficient permission';
      await expectRefused(realm[name].api.post(`/users/${realm.other.user_id}/status`, { status_text: 'nope' }), 'Insufficient permission');
      await expectRefused(realm[name].api.post(`/users/${realm[name].user_id}/status`, { status_text: 'nope' }), own);
    }
    expect(await statusOf(realm.other)).toEqual({});
  });

  it("treats another realm's user like a nonexistent one, and refuses bots and deactivated users", async () => {
    const gone = await realm.addUser({ name: 'Gone Gil' });
    expect((await realm.owner.api.delete(`/users/${gone.user_id}`)).status).toBe(200);
    const cases: [number, string][] = [
      [elsewhere.member.user_id, 'No such user'],
      [999999, 'No such user'],
      [realm.bot.user_id, 'No such user'],
      [gone.user_id, 'User is deactivated'],
    ];
    for (const [id, msg] of cases) await expectRefused(realm.admin.api.post(`/users/${id}/status`, { status_text: 'x' }), msg);
    expect(await statusOf(elsewhere.member, elsewhere.admin)).toEqual({});
  });

  it("refuses each invalid request with Zulip's message", async () => {
    for (const [params, msg] of REFUSALS) {
      const res = await realm.admin.api.post(`/users/${realm.other.user_id}/status`, params);
      expect([params, res.status, res.body]).toEqual([params, 400, error(msg)]);
    }
    expect(await statusOf(realm.other)).toEqual({});
  });

  it('takes no away: it is reported as ignored and changes nothing', async () => {
    const target = await realm.addUser({ name: 'Present Pia' });
    const res = await realm.admin.api.post(`/users/${target.user_id}/status`, { status_text: 'here', away: true });
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['away'] });
    expect(await statusOf(target)).toEqual({ status_text: 'here' });
  });
});

describe('GET /users/{user_id}/status', () => {
  it("lets every role read a user's status, {} when there is none", async () => {
    const target = await realm.addUser({ name: 'Read Rae' });
    for (const name of [...HUMANS, 'bot'] as RoleName[]) expect(await statusOf(target, realm[name])).toEqual({});
    await target.api.post('/users/me/status', { status_text: 'reading' });
    for (const name of [...HUMANS, 'bot'] as RoleName[]) expect(await statusOf(target, realm[name])).toEqual({ status_text: 'reading' });
  });

  it("refuses another realm's user, an unknown one, bots and deactivated users", async () => {
    const gone = await realm.addUser({ name: 'Gone Gwen' });
    await realm.owner.api.delete(`/users/${gone.user_id}`);
    const cases: [number, string][] = [
      [elsewhere.member.user_id, 'No such user'],
      [999999, 'No such user'],
      [realm.bot.user_id, 'No such user'],
      [gone.user_id, 'User is deactivated'],
    ];
    for (const [id, msg] of cases) await expectRefused(realm.member.api.get(`/users/${id}/status`), msg);
  });
});

type StatusState = Record<string, Record<string, unknown>>;

/** How a client applies a user_status event to its state (Zulip's apply_event). */
function applyUserStatus(state: StatusState, event: Record<string, unknown>): void {
  const key = String(event.user_id);
  const status = { ...state[key] };
  if (event.away !== undefined) {
    if (event.away) status.away = true;
    else delete status.away;
  }
  for (const field of ['status_text', 'emoji_name', 'emoji_code', 'reaction_type']) {
    if (event[field] === undefined) continue;
    const cleared = field === 'reaction_type' ? event.emoji_name === '' : event[field] === '';
    if (cleared) delete status[field];
    else status[field] = event[field];
  }
  if (Object.keys(status).length) state[key] = status;
  else delete state[key];
}

async function register(user: TestUser, params: Params) {
  const res = await user.api.post('/register', params);
  expect(res.status).toBe(200);
  return res.body as { queue_id: string; user_status: StatusState };
}

async function poll(user: TestUser, queueId: string) {
  const res = await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
  expect(res.status).toBe(200);
  return res.body.events as Record<string, unknown>[];
}

describe('user_status state and events', () => {
  it("register maps the realm's users with a status to it, and only them", async () => {
    const own = await createTestRealm('State realm');
    await own.member.api.post('/users/me/status', { status_text: 'busy', emoji_name: 'car' });
    await own.admin.api.post(`/users/${own.guest.user_id}/status`, { emoji_name: 'zulip' });
    await elsewhere.member.api.post('/users/me/status', { status_text: 'elsewhere' });
    const state = await register(own.moderator, { fetch_event_types: ['user_status'] });
    expect(state.user_status).toEqual({
      [own.member.user_id]: { status_text: 'busy', ...CAR },
      [own.guest.user_id]: ZULIP,
    });
  });

  it('tell the realm each change, exactly; applied to a stale state they give the fresh one', async () => {
    const target = await realm.addUser({ name: 'Evented Eve' });
    const stale = await register(realm.member, { event_types: ['user_status'] });
    const guest = await register(realm.guest, { event_types: ['user_status'] });
    const quiet = await register(elsewhere.member, { event_types: ['user_status'] });
    await target.api.post('/users/me/status', { status_text: ' Working from home ', emoji_name: 'car' });
    await realm.owner.api.post(`/users/${target.user_id}/status`, { emoji_name: 'zulip', reaction_type: 'service_extra_emoji' });
    await target.api.post('/users/me/status', { away: true });
    await realm.admin.api.post(`/users/${target.user_id}/status`, { status_text: '' });
    await target.api.post('/users/me/status', { away: false, emoji_name: '' });
    const expected = [
      { id: 0, type: 'user_status', user_id: target.user_id, status_text: 'Working from home', ...CAR },
      { id: 1, type: 'user_status', user_id: target.user_id, ...ZULIP },
      { id: 2, type: 'user_status', user_id: target.user_id, away: true },
      { id: 3, type: 'user_status', user_id: target.user_id, status_text: '' },
      { id: 4, type: 'user_status', user_id: target.user_id, away: false, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
    ];
    expect(await eventsOf(realm.member, stale.queue_id, 5)).toEqual(expected);
    expect(await eventsOf(realm.guest, guest.queue_id, 5)).toEqual(expected);
    const state = structuredClone(stale.user_status);
    for (const event of expected.slice(0, 3)) applyUserStatus(state, event);
    expect(state[target.user_id]).toEqual({ away: true, ...ZULIP, status_text: 'Working from home' });
    for (const event of expected.slice(3)) applyUserStatus(state, event);
    expect(state).toEqual((await register(realm.member, { fetch_event_types: ['user_status'] })).user_status);
    expect(await poll(elsewhere.member, quiet.queue_id)).toEqual([]);
  });

  it("tell only the user's own clients that away changed presence_enabled", async () => {
    const target = await realm.addUser({ name: 'Settings Sam' });
    const capabilities = { user_settings_object: true };
    const mine = await register(target, { event_types: ['user_settings'], client_capabilities: capabilities });
    const theirs = await register(realm.member, { event_types: ['user_settings'], client_capabilities: capabilities });
    await target.api.post('/users/me/status', { away: true });
    expect(await eventsOf(target, mine.queue_id, 1)).toEqual([{ id: 0, type: 'user_settings', op: 'update', property: 'presence_enabled', value: false }]);
    expect(await poll(realm.member, theirs.queue_id)).toEqual([]);
  });
});
