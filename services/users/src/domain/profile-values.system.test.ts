import { Caller, withTransaction } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { callerOf, clientEventsSince, closeUsersDb, FixtureName, outboxMark, usersDb } from '../../../../test/support/users-db';
import { checkCreateProfileField, checkDeleteProfileField } from './profile-fields';
import { checkRemoveOwnProfileData, checkUpdateOwnProfileData, checkUpdateProfileData, parseFieldIds, parseProfileData, profileDataFor, renderValue, type RenderMarkdown } from './profile-values';
import { checkSetUserActive } from './activation';

const pool = () => usersDb().pool;
const json = (v: unknown) => JSON.stringify(v);
let realm: TestRealm;
let elsewhere: TestRealm;
/** Field IDs of `realm` by type name. */
const f: Record<string, number> = {};

beforeAll(async () => {
  realm = await createTestRealm('Profile values realm');
  elsewhere = await createTestRealm('Other values realm');
  const owner = callerOf(realm, 'owner');
  const make = (field_type: number, name: string, extra: Record<string, unknown> = {}) => checkCreateProfileField(pool(), owner, { field_type, name, ...extra });
  f.short = await make(1, 'Phone');
  f.long = await make(2, 'Biography');
  f.select = await make(3, 'Editor', { field_data: json({ 0: { text: 'Vim', order: '1' }, 1: { text: 'Emacs', order: '2' } }) });
  f.date = await make(4, 'Birthday');
  f.url = await make(5, 'Website');
  f.person = await make(6, 'Mentor');
  f.github = await make(7, 'ignored', { field_data: json({ subtype: 'github' }) });
  f.pronouns = await make(8, 'Pronouns');
  f.locked = await make(1, 'Employee ID', { editable_by_user: false });
});
afterAll(async () => {
  await closeFixtures();
  await closeUsersDb();
});

/** What the messages service would render, here the escaped text (the integration tests render real Markdown); what it was asked is kept. */
const asked: string[] = [];
const escaping: RenderMarkdown = async (text) => {
  asked.push(text);
  return renderValue(text);
};
const setOwn = (who: FixtureName, data: unknown, r = realm, render = escaping) => checkUpdateOwnProfileData(pool(), callerOf(r, who), json(data), render);
const setFor = (caller: Caller, userId: number, data: unknown) => withTransaction(pool(), (tx) => checkUpdateProfileData(tx, caller, userId, json(data)));
const valuesOf = async (userId: number, r = realm) => (await profileDataFor(pool(), r.realm_id, [userId])).get(userId)!;

describe('rendering', () => {
  it("stores what the renderer made of the text types' values, asking it once per distinct value and never for other types", async () => {
    asked.length = 0;
    const marked: RenderMarkdown = async (text) => {
      asked.push(text);
      return `<p>rendered ${text}</p>`;
    };
    await setOwn(
      'moderator',
      [
        { id: f.short, value: 'same' },
        { id: f.long, value: 'same' },
        { id: f.url, value: 'https://example.com' },
        { id: f.date, value: '2001-02-03' },
      ],
      realm,
      marked,
    );
    expect(asked).toEqual(['same']);
    expect(await valuesOf(realm.moderator.user_id)).toMatchObject({
      [f.short]: { value: 'same', rendered_value: '<p>rendered same</p>' },
      [f.long]: { value: 'same', rendered_value: '<p>rendered same</p>' },
      [f.url]: { value: 'https://example.com' },
      [f.date]: { value: '2001-02-03' },
    });
    expect((await valuesOf(realm.moderator.user_id))[f.url]).not.toHaveProperty('rendered_value');
  });

  it('asks nothing for data the check refuses', async () => {
    asked.length = 0;
    await expect(setOwn('moderator', 'not a list')).rejects.toThrow();
    await expect(setOwn('moderator', [{ id: 999999, value: 'x' }])).rejects.toThrow();
    expect(asked).toEqual([]);
  });
});

describe('values per field type', () => {
  it('stores valid values, rendering the text types', async () => {
    await setOwn('member', [
      { id: f.short, value: '+1 555 <0100>' },
      { id: f.long, value: 'I & my "dog"' },
      { id: f.select, value: '1' },
      { id: f.date, value: '2024-02-29' },
      { id: f.url, value: 'https://example.com/blog?x=1' },
      { id: f.person, value: [realm.admin.user_id, realm.owner.user_id] },
      { id: f.github, value: 'octocat' },
      { id: f.pronouns, value: 'they/them' },
    ]);
    expect(await valuesOf(realm.member.user_id)).toEqual({
      [f.short]: { value: '+1 555 <0100>', rendered_value: '<p>+1 555 &lt;0100&gt;</p>' },
      [f.long]: { value: 'I & my "dog"', rendered_value: '<p>I &amp; my &quot;dog&quot;</p>' },
      [f.select]: { value: '1' },
      [f.date]: { value: '2024-02-29' },
      [f.url]: { value: 'https://example.com/blog?x=1' },
      [f.person]: { value: `[${realm.admin.user_id},${realm.owner.user_id}]` },
      [f.github]: { value: 'octocat' },
      [f.pronouns]: { value: 'they/them' },
    });
  });

  it.each([
    ['short', 'x'.repeat(51), 'Phone is too long (limit: 50 characters)'],
    ['short', [1], 'Phone is not a string'],
    ['long', 'x'.repeat(501), 'Biography is too long (limit: 500 characters)'],
    ['select', 'Vim', "'Vim' is not a valid choice for 'Editor'."],
    ['select', '2', "'2' is not a valid choice for 'Editor'."],
    ['date', '2023-02-29', 'Birthday is not a date'],
    ['date', '2024-1-05', 'Birthday is not a date'],
    ['date', '05/01/2024', 'Birthday is not a date'],
    ['date', '20240105', 'Birthday is not a date'],
    ['url', 'example.com', 'Website is not a URL'],
    ['url', 'javascript:alert(1)', 'Website is not a URL'],
    ['url', 'https://exa mple.com', 'Website is not a URL'],
    ['person', '[1]', 'User IDs is not a list'],
    ['person', [999999], 'Invalid user ID: 999999'],
    ['github', 'x'.repeat(51), 'GitHub username is too long (limit: 50 characters)'],
    ['pronouns', 'x'.repeat(51), 'Pronouns is too long (limit: 50 characters)'],
  ])('refuses a %s value %j: %s', async (field, value, msg) => {
    await expect(setOwn('other', [{ id: f[field], value }])).rejects.toThrow(msg);
    expect(await valuesOf(realm.other.user_id)).toEqual({});
  });

  it('accepts only active humans of the realm in a Person picker', async () => {
    const gone = await realm.addUser({ name: 'Departed' });
    await checkSetUserActive(pool(), callerOf(realm, 'owner'), gone.user_id, false);
    const cases: [number, string][] = [
      [elsewhere.member.user_id, `Invalid user ID: ${elsewhere.member.user_id}`],
      [gone.user_id, `User with ID ${gone.user_id} is deactivated`],
      [realm.bot.user_id, `User with ID ${realm.bot.user_id} is a bot`],
    ];
    for (const [id, msg] of cases) await expect(setOwn('other', [{ id: f.person, value: [realm.member.user_id, id] }])).rejects.toThrow(msg);
  });

  it('accepts the URL and date forms Zulip accepts', async () => {
    for (const url of ['http://localhost:8080/x', 'ftp://files.example.org', 'https://127.0.0.1/', 'https://user:pw@example.co.uk/#top', 'https://xn--bcher-kva.example/']) {
      await setOwn('other', [{ id: f.url, value: url }]);
    }
    for (const date of ['0001-01-01', '9999-12-31', '2000-02-29']) await setOwn('other', [{ id: f.date, value: date }]);
    expect(await valuesOf(realm.other.user_id)).toMatchObject({ [f.date]: { value: '2000-02-29' }, [f.url]: { value: 'https://xn--bcher-kva.example/' } });
  });
});

describe('checkUpdateProfileData', () => {
  it('announces one realm_user update per changed field, and nothing for an unchanged one', async () => {
    const user = await realm.addUser({ name: 'Announcer' });
    const caller: Caller = { ...callerOf(realm, 'member'), user_id: user.user_id, email: user.email };
    await setFor(caller, user.user_id, [{ id: f.pronouns, value: 'she/her' }]);
    const mark = await outboxMark();
    await setFor(caller, user.user_id, [
      { id: f.pronouns, value: 'she/her' },
      { id: f.short, value: 'Call me' },
      { id: f.person, value: [realm.admin.user_id] },
    ]);
    expect(await clientEventsSince(mark, realm.realm_id)).toEqual([
      { audience: 'realm', event: { type: 'realm_user', op: 'update', person: { user_id: user.user_id, custom_profile_field: { id: f.short, value: 'Call me', rendered_value: '<p>Call me</p>' } } } },
      { audience: 'realm', event: { type: 'realm_user', op: 'update', person: { user_id: user.user_id, custom_profile_field: { id: f.person, value: `[${realm.admin.user_id}]` } } } },
    ]);
  });

  it('clears a field given an empty value (or null), announcing value null once', async () => {
    const user = await realm.addUser({ name: 'Clearer' });
    const caller: Caller = { ...callerOf(realm, 'member'), user_id: user.user_id, email: user.email };
    await setFor(caller, user.user_id, [
      { id: f.short, value: 'x' },
      { id: f.person, value: [realm.owner.user_id] },
      { id: f.date, value: '2020-01-01' },
    ]);
    const mark = await outboxMark();
    await setFor(caller, user.user_id, [
      { id: f.short, value: '' },
      { id: f.person, value: [] },
      { id: f.date, value: null },
      { id: f.url, value: '' },
    ]);
    expect(await valuesOf(user.user_id)).toEqual({});
    const events = (await clientEventsSince(mark, realm.realm_id)).map((e) => e.event.person);
    expect(events).toEqual([f.short, f.person, f.date].map((id) => ({ user_id: user.user_id, custom_profile_field: { id, value: null } })));
  });

  it('lets only administrators change fields not editable_by_user', async () => {
    for (const who of ['moderator', 'member', 'guest'] as FixtureName[]) {
      await expect(setOwn(who, [{ id: f.locked, value: 'E1' }])).rejects.toThrow('You are not allowed to change this field. Contact an administrator to update it.');
    }
    await setOwn('admin', [{ id: f.locked, value: 'E-admin' }]);
    await setFor(callerOf(realm, 'owner'), realm.member.user_id, [{ id: f.locked, value: 'E-42' }]);
    expect((await valuesOf(realm.member.user_id))[f.locked]).toEqual({ value: 'E-42', rendered_value: '<p>E-42</p>' });
  });

  it("lets administrators change others' values, and nobody else", async () => {
    await setFor(callerOf(realm, 'admin'), realm.guest.user_id, [{ id: f.pronouns, value: 'he/him' }]);
    expect((await valuesOf(realm.guest.user_id))[f.pronouns]).toEqual({ value: 'he/him' });
    for (const who of ['moderator', 'member', 'guest'] as FixtureName[]) {
      await expect(setFor(callerOf(realm, who), realm.other.user_id, [{ id: f.pronouns, value: 'x' }])).rejects.toThrow('Must be an organization administrator');
    }
  });

  it("treats another realm's users and fields as nonexistent", async () => {
    await expect(setFor(callerOf(realm, 'admin'), elsewhere.member.user_id, [{ id: f.short, value: 'x' }])).rejects.toThrow('No such user');
    const theirs = await checkCreateProfileField(pool(), callerOf(elsewhere, 'owner'), { field_type: 1, name: 'Theirs' });
    await expect(setOwn('member', [{ id: theirs, value: 'x' }])).rejects.toThrow(`Field id ${theirs} not found.`);
    await expect(setOwn('member', [{ id: 999999, value: 'x' }])).rejects.toThrow('Field id 999999 not found.');
  });

  it('changes nothing when one entry is refused', async () => {
    const before = await valuesOf(realm.moderator.user_id);
    await expect(
      setOwn('moderator', [
        { id: f.pronouns, value: 'ze/zir' },
        { id: f.date, value: 'soon' },
      ]),
    ).rejects.toThrow('Birthday is not a date');
    expect(await valuesOf(realm.moderator.user_id)).toEqual(before);
  });

  it('refuses bots on the own-profile endpoints', async () => {
    await expect(setOwn('bot', [{ id: f.short, value: 'beep' }])).rejects.toThrow('This endpoint does not accept bot requests.');
    await expect(checkRemoveOwnProfileData(pool(), callerOf(realm, 'bot'), [f.short])).rejects.toThrow('This endpoint does not accept bot requests.');
  });
});

describe('parseProfileData and parseFieldIds', () => {
  it.each([
    ['{"id": 1}', 'data is not a list'],
    ['[1]', 'data[0] is not a dict'],
    ['[{"value": "x"}]', 'id key is missing from data[0]'],
    ['[{"id": "1", "value": "x"}]', 'data[0]["id"] is not an integer'],
    ['[{"id": 1}]', 'value key is missing from data[0]'],
    ['[{"id": 1, "value": {"a": 1}}]', 'data[0]["value"] is not an allowed_type'],
    ['[{"id": 1, "value": "x", "rendered_value": "y"}]', 'Unexpected arguments: rendered_value'],
    ['not json', 'Argument "data" is not valid JSON.'],
  ])('refuses %s: %s', (raw, msg) => {
    expect(() => parseProfileData(raw, 'data')).toThrow(msg);
  });

  it('reads field ID lists', () => {
    expect(parseFieldIds('[1, 2]')).toEqual([1, 2]);
    expect(() => parseFieldIds('["1"]')).toThrow('data[0] is not an integer');
  });
});

describe('checkRemoveOwnProfileData', () => {
  it('clears the listed values, announcing only those that existed', async () => {
    const user = await realm.addUser({ name: 'Remover' });
    const caller: Caller = { ...callerOf(realm, 'member'), user_id: user.user_id, email: user.email };
    await setFor(caller, user.user_id, [
      { id: f.short, value: 'x' },
      { id: f.pronouns, value: 'y' },
    ]);
    const mark = await outboxMark();
    await checkRemoveOwnProfileData(pool(), caller, [f.short, f.url]);
    expect(await valuesOf(user.user_id)).toEqual({ [f.pronouns]: { value: 'y' } });
    expect(await clientEventsSince(mark, realm.realm_id)).toEqual([
      { audience: 'realm', event: { type: 'realm_user', op: 'update', person: { user_id: user.user_id, custom_profile_field: { id: f.short, value: null } } } },
    ]);
  });

  it('refuses unknown fields and fields not editable_by_user', async () => {
    await expect(checkRemoveOwnProfileData(pool(), callerOf(realm, 'member'), [999999])).rejects.toThrow('Field id 999999 not found.');
    await expect(checkRemoveOwnProfileData(pool(), callerOf(realm, 'member'), [f.locked])).rejects.toThrow('You are not allowed to change this field. Contact an administrator to update it.');
    expect((await valuesOf(realm.member.user_id))[f.locked]).toBeDefined();
    await checkRemoveOwnProfileData(pool(), callerOf(realm, 'admin'), [f.locked]);
    expect((await valuesOf(realm.admin.user_id))[f.locked]).toBeUndefined();
  });
});

describe('profileDataFor', () => {
  it('gives every requested user an entry, and no values across realms', async () => {
    const r = await createTestRealm('Profile data');
    const id = await checkCreateProfileField(pool(), callerOf(r, 'owner'), { field_type: 1, name: 'Team' });
    await setOwn('guest', [{ id, value: 'Blue' }], r);
    const data = await profileDataFor(pool(), r.realm_id, [r.guest.user_id, r.member.user_id, realm.member.user_id]);
    expect(Object.fromEntries(data)).toEqual({
      [r.guest.user_id]: { [id]: { value: 'Blue', rendered_value: '<p>Blue</p>' } },
      [r.member.user_id]: {},
      [realm.member.user_id]: {},
    });
    await checkDeleteProfileField(pool(), callerOf(r, 'admin'), id);
    expect((await profileDataFor(pool(), r.realm_id, [r.guest.user_id])).get(r.guest.user_id)).toEqual({});
  });
});

describe('renderValue', () => {
  it('escapes HTML inside one paragraph', () => {
    expect(renderValue(`<script>alert('x')</script> & "q"`)).toBe('<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</p>');
  });
});
