import pg from 'pg';
import { Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { testServicePool } from './support/service-pools';

/**
 * Custom profile fields over HTTP: GET/POST/PATCH /realm/profile_fields, PATCH/DELETE
 * /realm/profile_fields/{field_id}, PATCH/DELETE /users/me/profile_data and PATCH
 * /users/{user_id}'s profile_data; every refusal per role, realm isolation, the events and
 * the POST /register state. The reference documents neither /realm/profile_fields/{field_id}
 * nor /users/me/profile_data, so those calls skip the contract check ({ contract: false }).
 */
let realm: TestRealm;
let elsewhere: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const NON_ADMINS: RoleName[] = ['moderator', 'member', 'guest', 'bot'];
const ALL: RoleName[] = ['owner', 'admin', ...NON_ADMINS];
const UNDOCUMENTED = { contract: false };
const OPTIONS = { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } };

beforeAll(async () => {
  realm = await createTestRealm('Profile fields realm');
  elsewhere = await createTestRealm('Profile fields elsewhere');
});
afterAll(closeFixtures);

let n = 0;
async function createField(params: Params = {}, user: TestUser = realm.admin): Promise<number> {
  const res = await user.api.post('/realm/profile_fields', { field_type: 1, name: `Field ${++n}`, ...params });
  expect([res.status, res.body.result, res.body.msg]).toEqual([200, 'success', '']);
  return res.body.id as number;
}
const fieldsOf = async (user: TestUser) => (await user.api.get('/realm/profile_fields')).body.custom_fields as Record<string, unknown>[];
const refusal = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

describe('POST and GET /realm/profile_fields', () => {
  it('creates a field of each type and lists them in order to every role', async () => {
    const ids: number[] = [];
    for (const [type, data] of [[1], [2], [3, OPTIONS], [4], [5], [6], [7, { subtype: 'custom', url_pattern: 'https://x.example/%(username)s' }], [8]] as [number, object?][]) {
      ids.push(await createField({ field_type: type, field_data: data, hint: `Type ${type}`, required: type === 4, editable_by_user: type !== 5 }));
    }
    for (const role of ALL) {
      const fields = await fieldsOf(realm[role]);
      expect(fields.map((f) => f.id)).toEqual(expect.arrayContaining(ids));
    }
    const fields = (await fieldsOf(realm.guest)).filter((f) => ids.includes(f.id as number));
    expect(fields[2]).toEqual({ id: ids[2], name: expect.any(String), type: 3, hint: 'Type 3', field_data: JSON.stringify(OPTIONS), order: ids[2], required: false, editable_by_user: true });
    expect(fields.map((f) => [f.type, f.required, f.editable_by_user])).toEqual([
      [1, false, true],
      [2, false, true],
      [3, false, true],
      [4, true, true],
      [5, false, false],
      [6, false, true],
      [7, false, true],
      [8, false, true],
    ]);
    expect((await fieldsOf(elsewhere.owner)).map((f) => f.id)).not.toContain(ids[0]);
  });

  it('makes default external accounts from their subtype', async () => {
    const r = await createTestRealm('External');
    const id = await createField({ field_type: 7, field_data: { subtype: 'github' }, name: '' }, r.owner);
    expect((await fieldsOf(r.member)).find((f) => f.id === id)).toMatchObject({ name: 'GitHub username', field_data: '{"subtype":"github"}' });
  });

  it.each(NON_ADMINS)('refuses %s: Must be an organization administrator', async (role) => {
    const res = await realm[role].api.post('/realm/profile_fields', { field_type: 1, name: 'Nope' });
    expect([res.status, res.body]).toEqual([400, refusal('Must be an organization administrator')]);
  });

  it.each([
    [{ field_type: 3, field_data: {} }, 'Field must have at least one choice.'],
    [{ field_type: 3, field_data: { a: { text: 'x', order: '1' }, b: { text: 'x', order: '2' } } }, 'Field must not have duplicate choices.'],
    [{ field_type: 7, field_data: { subtype: 'myspace' } }, 'Invalid external account type'],
    [{ field_type: 7, field_data: { subtype: 'custom', url_pattern: 'https://x.example/' } }, "URL pattern must contain '%(username)s'."],
    [{ field_type: 1, name: ' ' }, 'Label cannot be blank.'],
    [{ field_type: 1, name: 'x'.repeat(41) }, 'name is too long (limit: 40 characters)'],
    [{ field_type: 1, hint: 'x'.repeat(81) }, 'hint is too long (limit: 80 characters)'],
    [{ field_type: 9 }, 'Invalid field type.'],
    [{ field_type: 'short' }, 'field_type is not an integer'],
    [{ field_type: 1, field_data: '[1]' }, 'field_data is not a dict'],
    [{ field_type: 2, display_in_profile_summary: true }, 'Field type not supported for display in profile summary.'],
    [{ field_type: 6, display_in_profile_summary: true }, 'Field type not supported for display in profile summary.'],
  ] as [Params, string][])('refuses %j: %s', async (params, msg) => {
    const res = await realm.owner.api.post('/realm/profile_fields', { name: `Bad ${++n}`, ...params });
    expect([res.status, res.body]).toEqual([400, refusal(msg)]);
  });

  it('needs field_type, and a label of its own', async () => {
    const missing = await realm.owner.api.post('/realm/profile_fields', { name: 'No type' });
    expect(missing.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'field_type' argument", var_name: 'field_type' });
    await createField({ name: 'Unique label' });
    const dup = await realm.owner.api.post('/realm/profile_fields', { field_type: 2, name: 'Unique label' });
    expect(dup.body).toEqual(refusal('A field with that label already exists.'));
    await createField({ name: 'Unique label' }, elsewhere.owner);
  });

  it('displays at most 2 fields in the profile summary', async () => {
    const r = await createTestRealm('Summary');
    await createField({ display_in_profile_summary: true }, r.owner);
    const second = await createField({ field_type: 3, field_data: OPTIONS, display_in_profile_summary: true }, r.owner);
    const third = await r.owner.api.post('/realm/profile_fields', { field_type: 1, name: 'Third', display_in_profile_summary: true });
    expect(third.body).toEqual(refusal('Only 2 custom profile fields can be displayed in the profile summary.'));
    expect((await fieldsOf(r.member)).find((f) => f.id === second)).toMatchObject({ display_in_profile_summary: true });
  });
});

describe('PATCH and DELETE /realm/profile_fields/{field_id}, PATCH /realm/profile_fields', () => {
  it('updates a field but never its type', async () => {
    const id = await createField({ field_type: 3, field_data: OPTIONS });
    const res = await realm.admin.api.patch(`/realm/profile_fields/${id}`, { name: 'Editor', hint: 'Pick', field_data: { vim: OPTIONS.vim }, required: true, field_type: 1 }, UNDOCUMENTED);
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['field_type'] });
    expect((await fieldsOf(realm.member)).find((f) => f.id === id)).toMatchObject({ name: 'Editor', hint: 'Pick', type: 3, required: true, field_data: JSON.stringify({ vim: OPTIONS.vim }) });
  });

  it('deletes a field with its values', async () => {
    const id = await createField();
    await realm.member.api.patch('/users/me/profile_data', { data: [{ id, value: 'gone soon' }] }, UNDOCUMENTED);
    const res = await realm.owner.api.delete(`/realm/profile_fields/${id}`, {}, UNDOCUMENTED);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await fieldsOf(realm.member)).map((f) => f.id)).not.toContain(id);
    const me = await realm.member.api.get('/users/me');
    expect(me.body.profile_data).not.toHaveProperty(String(id));
  });

  it("reorders the realm's fields, given exactly their IDs", async () => {
    const r = await createTestRealm('Reorder');
    const [a, b, c] = [await createField({}, r.owner), await createField({}, r.owner), await createField({}, r.owner)];
    expect((await r.admin.api.patch('/realm/profile_fields', { order: [c, a, b] })).body).toEqual({ result: 'success', msg: '' });
    expect((await fieldsOf(r.guest)).map((f) => [f.id, f.order])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    for (const order of [
      [a, b],
      [a, b, c, c],
      [a, b, c, 999999],
    ]) {
      expect((await r.admin.api.patch('/realm/profile_fields', { order })).body).toEqual(refusal('Invalid order mapping.'));
    }
  });

  it.each(NON_ADMINS)('refuses %s every change of fields', async (role) => {
    const id = await createField();
    const api = realm[role].api;
    for (const res of [
      await api.patch(`/realm/profile_fields/${id}`, { name: 'Nope' }, UNDOCUMENTED),
      await api.delete(`/realm/profile_fields/${id}`, {}, UNDOCUMENTED),
      await api.patch('/realm/profile_fields', { order: (await fieldsOf(realm.owner)).map((f) => f.id) }),
    ])
      expect([res.status, res.body]).toEqual([400, refusal('Must be an organization administrator')]);
  });

  it("treats another realm's field as nonexistent", async () => {
    const theirs = await createField({}, elsewhere.owner);
    for (const res of [
      await realm.owner.api.patch(`/realm/profile_fields/${theirs}`, { name: 'Hijack' }, UNDOCUMENTED),
      await realm.owner.api.delete(`/realm/profile_fields/${theirs}`, {}, UNDOCUMENTED),
    ])
      expect(res.body).toEqual(refusal(`Field id ${theirs} not found.`));
    const missing = await realm.owner.api.delete('/realm/profile_fields/999999', {}, UNDOCUMENTED);
    expect(missing.body).toEqual(refusal('Field id 999999 not found.'));
    expect((await fieldsOf(elsewhere.member)).find((f) => f.id === theirs)).toBeDefined();
  });
});

describe('profile data', () => {
  let f: Record<string, number>;
  beforeAll(async () => {
    f = {
      phone: await createField({ name: 'Phone' }),
      date: await createField({ field_type: 4, name: 'Birthday' }),
      editor: await createField({ field_type: 3, name: 'Favorite editor', field_data: OPTIONS }),
      mentor: await createField({ field_type: 6, name: 'Mentor' }),
      site: await createField({ field_type: 5, name: 'Site' }),
      badge: await createField({ name: 'Badge', editable_by_user: false }),
    };
  });

  it("renders the text fields' values as messages render Markdown, by their owner and by an administrator", async () => {
    const user = await realm.addUser({ name: 'Markdown profile' });
    const data = [{ id: f.phone, value: '**call** me :octopus: <b>' }];
    expect((await user.api.patch('/users/me/profile_data', { data }, UNDOCUMENTED)).body).toEqual({ result: 'success', msg: '' });
    const html = '<p><strong>call</strong> me <span aria-label="octopus" class="emoji emoji-1f419" role="img" title="octopus">:octopus:</span> &lt;b&gt;</p>';
    expect((await user.api.get('/users/me')).body.profile_data[f.phone]).toEqual({ value: '**call** me :octopus: <b>', rendered_value: html });
    ok(await realm.admin.api.patch(`/users/${user.user_id}`, { profile_data: [{ id: f.phone, value: 'see https://example.com' }] }));
    expect((await user.api.get('/users/me')).body.profile_data[f.phone].rendered_value).toBe('<p>see <a href="https://example.com">https://example.com</a></p>');
  });

  it('lets users set and clear their own values, shown in user objects', async () => {
    const data = [
      { id: f.phone, value: '555 <1>' },
      { id: f.date, value: '1990-05-17' },
      { id: f.editor, value: 'vim' },
      { id: f.mentor, value: [realm.admin.user_id] },
    ];
    expect((await realm.guest.api.patch('/users/me/profile_data', { data }, UNDOCUMENTED)).body).toEqual({ result: 'success', msg: '' });
    const expected = {
      [f.phone]: { value: '555 <1>', rendered_value: '<p>555 &lt;1&gt;</p>' },
      [f.date]: { value: '1990-05-17' },
      [f.editor]: { value: 'vim' },
      [f.mentor]: { value: `[${realm.admin.user_id}]` },
    };
    expect((await realm.guest.api.get('/users/me')).body.profile_data).toEqual(expected);
    const seen = await realm.member.api.get(`/users/${realm.guest.user_id}`, { include_custom_profile_fields: true });
    expect(seen.body.user.profile_data).toEqual(expected);
    await realm.guest.api.patch('/users/me/profile_data', { data: [{ id: f.phone, value: '' }] }, UNDOCUMENTED);
    await realm.guest.api.delete('/users/me/profile_data', { data: [f.date, f.site] }, UNDOCUMENTED);
    expect((await realm.guest.api.get('/users/me')).body.profile_data).toEqual({ [f.editor]: { value: 'vim' }, [f.mentor]: { value: `[${realm.admin.user_id}]` } });
  });

  it.each([
    ['phone', 'x'.repeat(51), 'Phone is too long (limit: 50 characters)'],
    ['date', '1990-02-30', 'Birthday is not a date'],
    ['editor', 'nano', "'nano' is not a valid choice for 'Favorite editor'."],
    ['site', 'not a link', 'Site is not a URL'],
    ['mentor', 'me', 'User IDs is not a list'],
    ['mentor', 'bot', 'is a bot'],
    ['mentor', 'elsewhere', 'Invalid user ID'],
    ['badge', 'B-1', 'You are not allowed to change this field. Contact an administrator to update it.'],
  ])('refuses a %s value %j', async (field, value, msg) => {
    const actual = value === 'bot' ? [realm.bot.user_id] : value === 'elsewhere' ? [elsewhere.member.user_id] : value;
    const res = await realm.member.api.patch('/users/me/profile_data', { data: [{ id: f[field], value: actual }] }, UNDOCUMENTED);
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', expect.stringContaining(msg)]);
  });

  it("refuses bots, unknown and other realms' fields, and fields users may not edit", async () => {
    const bot = await realm.bot.api.patch('/users/me/profile_data', { data: [{ id: f.phone, value: '1' }] }, UNDOCUMENTED);
    expect(bot.body).toEqual(refusal('This endpoint does not accept bot requests.'));
    expect((await realm.bot.api.delete('/users/me/profile_data', { data: [f.phone] }, UNDOCUMENTED)).body).toEqual(refusal('This endpoint does not accept bot requests.'));
    const theirs = await createField({}, elsewhere.owner);
    for (const id of [theirs, 999999]) {
      expect((await realm.member.api.patch('/users/me/profile_data', { data: [{ id, value: 'x' }] }, UNDOCUMENTED)).body).toEqual(refusal(`Field id ${id} not found.`));
      expect((await realm.member.api.delete('/users/me/profile_data', { data: [id] }, UNDOCUMENTED)).body).toEqual(refusal(`Field id ${id} not found.`));
    }
    expect((await realm.member.api.delete('/users/me/profile_data', { data: [f.badge] }, UNDOCUMENTED)).body).toEqual(
      refusal('You are not allowed to change this field. Contact an administrator to update it.'),
    );
    const malformed = await realm.member.api.patch('/users/me/profile_data', { data: '{"id": 1}' }, UNDOCUMENTED);
    expect(malformed.body).toEqual(refusal('data is not a list'));
  });

  it("lets administrators set anyone's values through PATCH /users/{user_id}", async () => {
    const res = await realm.admin.api.patch(`/users/${realm.moderator.user_id}`, {
      profile_data: [
        { id: f.badge, value: 'B-7' },
        { id: f.phone, value: '42' },
      ],
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const seen = await realm.guest.api.get(`/users/${realm.moderator.user_id}`, { include_custom_profile_fields: true });
    expect(seen.body.user.profile_data).toEqual({ [f.badge]: { value: 'B-7', rendered_value: '<p>B-7</p>' }, [f.phone]: { value: '42', rendered_value: '<p>42</p>' } });
    const bad = await realm.owner.api.patch(`/users/${realm.moderator.user_id}`, { profile_data: [{ id: f.date, value: 'tomorrow' }] });
    expect(bad.body).toEqual(refusal('Birthday is not a date'));
    for (const role of NON_ADMINS) {
      const refused = await realm[role].api.patch(`/users/${realm.moderator.user_id}`, { profile_data: [{ id: f.phone, value: '1' }] });
      expect(refused.body).toEqual(refusal('Must be an organization administrator'));
    }
  });
});

describe('events and POST /register', () => {
  async function register(user: TestUser, params: Params) {
    const res = await user.api.post('/register', params);
    expect(res.status).toBe(200);
    return res.body as { queue_id: string } & Record<string, any>;
  }

  it('gives the fields, the field types and the default external accounts', async () => {
    const r = await createTestRealm('Register state');
    const id = await createField({ field_type: 8, name: 'Pronouns' }, r.owner);
    const state = await register(r.guest, { fetch_event_types: ['custom_profile_fields', 'realm'] });
    expect(state.custom_profile_fields).toEqual(await fieldsOf(r.guest));
    expect(state.custom_profile_fields[0]).toMatchObject({ id, type: 8 });
    expect(state.custom_profile_field_types).toMatchObject({ SHORT_TEXT: { id: 1, name: 'Short text' }, PRONOUNS: { id: 8, name: 'Pronouns' } });
    expect(Object.keys(state.custom_profile_field_types)).toHaveLength(8);
    expect(state.realm_default_external_accounts.github).toEqual({ text: 'GitHub', url_pattern: 'https://github.com/%(username)s', name: 'GitHub username', hint: '' });
  });

  it('announces field changes with the whole list, and value changes per field', async () => {
    const r = await createTestRealm('Profile events');
    const types = { event_types: ['custom_profile_fields', 'realm_user'] };
    const queue = await register(r.member, types);
    const quiet = await register(elsewhere.member, types);
    const id = await createField({ name: 'Team' }, r.admin);
    await r.guest.api.patch('/users/me/profile_data', { data: [{ id, value: 'Blue' }] }, UNDOCUMENTED);
    await r.guest.api.delete('/users/me/profile_data', { data: [id] }, UNDOCUMENTED);
    await r.admin.api.delete(`/realm/profile_fields/${id}`, {}, UNDOCUMENTED);
    const events = await eventsOf(r.member, queue.queue_id, 4);
    expect(events).toEqual([
      { id: 0, type: 'custom_profile_fields', fields: [{ id, name: 'Team', type: 1, hint: '', field_data: '', order: id, required: false, editable_by_user: true }] },
      { id: 1, type: 'realm_user', op: 'update', person: { user_id: r.guest.user_id, custom_profile_field: { id, value: 'Blue', rendered_value: '<p>Blue</p>' } } },
      { id: 2, type: 'realm_user', op: 'update', person: { user_id: r.guest.user_id, custom_profile_field: { id, value: null } } },
      { id: 3, type: 'custom_profile_fields', fields: [] },
    ]);
    const none = await elsewhere.member.api.get('/events', { queue_id: quiet.queue_id, last_event_id: -1, dont_block: true });
    expect(none.body.events).toEqual([]);
  });
});

describe("Parley's bound on a realm's custom profile fields (MAX_CUSTOM_PROFILE_FIELDS_PER_REALM)", () => {
  const MAX = 100;
  const TOO_MANY = refusal(`An organization may have at most ${MAX} custom profile fields.`);
  let pool: pg.Pool;
  beforeAll(() => {
    pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
  });
  afterAll(async () => {
    await pool.query("DELETE FROM custom_profile_fields WHERE realm_id = $1 AND name LIKE 'Bulk %'", [realm.realm_id]);
    await pool.end();
  });

  const count = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM custom_profile_fields WHERE realm_id = $1', [realm.realm_id])).rows[0].n;
  /** Fills the realm until `room` fields more would reach the bound, written straight into the table. */
  async function leaveRoom(room: number): Promise<void> {
    await pool.query("DELETE FROM custom_profile_fields WHERE realm_id = $1 AND name LIKE 'Bulk %'", [realm.realm_id]);
    await pool.query(`INSERT INTO custom_profile_fields (realm_id, name, field_type) SELECT $1, 'Bulk ' || g, 1 FROM generate_series(1, $2) AS g`, [realm.realm_id, MAX - (await count()) - room]);
  }

  it('refuses one more to owners and administrators; the other roles are refused as before', async () => {
    await leaveRoom(2);
    await createField({}, realm.owner);
    const last = await createField({}, realm.admin);
    expect(await count()).toBe(MAX);
    for (const role of ['owner', 'admin'] as const) {
      const res = await realm[role].api.post('/realm/profile_fields', { field_type: 1, name: `Field ${++n}` });
      expect([role, res.status, res.body]).toEqual([role, 400, TOO_MANY]);
    }
    for (const role of NON_ADMINS) {
      const res = await realm[role].api.post('/realm/profile_fields', { field_type: 1, name: `Field ${++n}` });
      expect([role, res.status, res.body]).toEqual([role, 400, refusal('Must be an organization administrator')]);
    }
    // Deleting one makes room for one.
    ok(await realm.admin.api.delete(`/realm/profile_fields/${last}`, {}, UNDOCUMENTED));
    await createField({}, realm.admin);
    expect(await count()).toBe(MAX);
  });

  it('holds under concurrent creates: 10 at once with room for 4 make exactly 4', async () => {
    await leaveRoom(4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => realm.admin.api.post('/realm/profile_fields', { field_type: 1, name: `Field ${++n}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual(TOO_MANY);
    expect(await count()).toBe(MAX);
  });
});
