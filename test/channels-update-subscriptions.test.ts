import { ApiResponse, Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';

/**
 * PATCH /users/me/subscriptions: joining (`add`) and leaving (`delete`) channels in one
 * request, as Zulip's update_subscriptions_backend: POST's and DELETE's rules per role, their
 * answers merged, all or nothing, and the per-request bound. Every response is checked
 * against the reference by the test client.
 */
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;

let realm: TestRealm;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

beforeAll(async () => {
  realm = await createTestRealm('Update subscriptions realm');
});
afterAll(closeFixtures);

function ok(res: ApiResponse): Json {
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body;
}

function refused(res: ApiResponse, msg: string, code = 'BAD_REQUEST'): void {
  expect([res.status, res.body.result, res.body.code, res.body.msg]).toEqual([400, 'error', code, msg]);
}

const update = (user: TestUser, params: Params) => user.api.patch('/users/me/subscriptions', params);

/** A public channel with these subscribers (none by default). */
async function create(subscribers: TestUser[] = [], params: Params = {}): Promise<string> {
  const name = unique('Channel');
  ok(await realm.owner.api.post('/channels/create', { name, subscribers: subscribers.map((u) => u.user_id), ...params }));
  return name;
}

const subscribedNames = async (user: TestUser): Promise<string[]> =>
  ok(await user.api.get('/users/me/subscriptions'))
    .subscriptions.map((s: Json) => s.name)
    .sort();

describe('PATCH /users/me/subscriptions', () => {
  it.each<RoleName>(['owner', 'admin', 'moderator', 'member', 'bot'])('joins and leaves in one request, answers merged (%s)', async (role) => {
    const user = realm[role];
    const [join, already, leave, notIn] = [await create(), await create([user]), await create([user]), await create()];
    const fresh = unique('Fresh');
    const body = ok(await update(user, { add: [{ name: join }, { name: already }, { name: fresh, description: 'Made by PATCH' }], delete: [leave, notIn] }));
    expect(body).toMatchObject({
      subscribed: { [String(user.user_id)]: [join, fresh] },
      already_subscribed: { [String(user.user_id)]: [already] },
      removed: [leave],
      not_removed: [notIn],
    });
    const mine = await subscribedNames(user);
    expect(mine).toEqual(expect.arrayContaining([join, already, fresh]));
    expect(mine).not.toContain(leave);
    const made = ok(await user.api.get('/get_stream_id', { stream: fresh })).stream_id;
    expect(ok(await user.api.get(`/streams/${made}`)).stream.description).toBe('Made by PATCH');
  });

  it('answers empty halves for an add alone and a delete alone', async () => {
    const [a, b] = [await create(), await create()];
    const added = ok(await update(realm.member, { add: [{ name: a }] }));
    expect(added).toMatchObject({ subscribed: { [String(realm.member.user_id)]: [a] }, already_subscribed: {}, removed: [], not_removed: [] });
    const left = ok(await update(realm.member, { delete: [a, b] }));
    expect(left).toMatchObject({ subscribed: {}, already_subscribed: {}, removed: [a], not_removed: [b] });
  });

  it('refuses a request with nothing to do', async () => {
    const msg = 'Nothing to do. Specify at least one of "add" or "delete".';
    refused(await update(realm.member, {}), msg);
    refused(await update(realm.member, { add: [], delete: [] }), msg);
    refused(await update(realm.guest, {}), msg);
  });

  it('refuses guests, even only to leave, as Zulip (its POST view refuses them)', async () => {
    const name = await create([realm.guest]);
    refused(await update(realm.guest, { delete: [name] }), 'Not allowed for guest users');
    refused(await update(realm.guest, { add: [{ name: await create() }] }), 'Not allowed for guest users');
    expect(await subscribedNames(realm.guest)).toContain(name);
  });

  it('does nothing when either half is refused', async () => {
    const stays = await create([realm.member]);
    const never = unique('Never made');
    refused(await update(realm.member, { add: [{ name: never }], delete: [stays, 'No such channel here'] }), "Channel 'No such channel here' does not exist", 'STREAM_DOES_NOT_EXIST');
    const secret = unique('Secret');
    ok(await realm.owner.api.post('/channels/create', { name: secret, invite_only: true, subscribers: [realm.owner.user_id] }));
    refused(await update(realm.member, { add: [{ name: secret }, { name: never }], delete: [stays] }), `Unable to access channel (${secret}).`);
    const mine = await subscribedNames(realm.member);
    expect(mine).toContain(stays);
    expect(mine).not.toContain(never);
    const all = ok(await realm.owner.api.get('/streams')).streams.map((s: Json) => s.name);
    expect(all).not.toContain(never);
  });

  it('refuses malformed lists and names', async () => {
    refused(await update(realm.member, { add: [{}] }), 'add[0] is missing its name');
    refused(await update(realm.member, { add: [{ name: 'x', description: 5 }] }), 'add[0]["description"] is not a string');
    refused(await update(realm.member, { delete: [1] }), 'delete is not a list of channel names');
    refused(await update(realm.member, { add: { name: 'x' } }), 'add is not a list');
    refused(await update(realm.member, { add: [{ name: '' }] }), "Channel name can't be empty.");
  });

  it('refuses more than 1,000 channels in either list before doing anything', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `patch bulk ${i}`);
    refused(await update(realm.owner, { add: many.map((name) => ({ name })) }), 'add has 1001 entries; at most 1000 per request');
    refused(await update(realm.owner, { delete: many }), 'delete has 1001 entries; at most 1000 per request');
    const all = ok(await realm.owner.api.get('/streams')).streams.map((s: Json) => s.name);
    expect(all.filter((s: string) => s.startsWith('patch bulk'))).toEqual([]);
  });
});
