import { withTransaction } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { callerOf, clientEventsSince, closeUsersDb, FixtureName, outboxMark, usersDb } from '../../../../test/support/users-db';
import {
  checkCreateProfileField,
  checkDeleteProfileField,
  checkReorderProfileFields,
  checkUpdateProfileField,
  customProfileFieldsState,
  CreateFieldRequest,
  listProfileFields,
  parseOrder,
} from './profile-fields';
import { checkUpdateProfileData, profileDataFor } from './profile-values';

const pool = () => usersDb().pool;
let realm: TestRealm;
let elsewhere: TestRealm;
const NON_ADMINS: FixtureName[] = ['moderator', 'member', 'guest', 'bot'];
const OPTIONS = { a: { text: 'Vim', order: '1' }, b: { text: 'Emacs', order: '2' } };

beforeAll(async () => {
  realm = await createTestRealm('Profile fields realm');
  elsewhere = await createTestRealm('Other profile realm');
});
afterAll(async () => {
  await closeFixtures();
  await closeUsersDb();
});

let n = 0;
/** A field in `r` made by its owner; names are unique per call. */
async function create(req: Partial<CreateFieldRequest> & { field_data?: string } = {}, r = realm): Promise<number> {
  return checkCreateProfileField(pool(), callerOf(r, 'owner'), { field_type: 1, name: `Field ${++n}`, ...req });
}
const json = (v: unknown) => JSON.stringify(v);
const fieldById = async (id: number, r = realm) => (await listProfileFields(pool(), r.realm_id)).find((f) => f.id === id);

describe('checkCreateProfileField', () => {
  it('creates a field of each type, last in order, as the reference shows it', async () => {
    const cases: [number, unknown, string][] = [
      [1, undefined, ''],
      [2, undefined, ''],
      [3, OPTIONS, json(OPTIONS)],
      [4, undefined, ''],
      [5, undefined, ''],
      [6, undefined, ''],
      [7, { subtype: 'custom', url_pattern: 'https://git.example/%(username)s' }, '{"subtype":"custom","url_pattern":"https://git.example/%(username)s"}'],
      [8, undefined, ''],
    ];
    for (const [type, data, stored] of cases) {
      const id = await create({ field_type: type, field_data: data === undefined ? undefined : json(data), hint: 'A hint', required: type === 1 });
      expect(await fieldById(id)).toEqual({
        id,
        name: `Field ${n}`,
        type,
        hint: 'A hint',
        field_data: stored,
        order: id,
        required: type === 1,
        editable_by_user: true,
      });
    }
  });

  it('ignores field_data for the types without any, and trims the name', async () => {
    const id = await create({ name: '  Trimmed  ', field_data: json({ x: 'y' }), editable_by_user: false });
    expect(await fieldById(id)).toMatchObject({ name: 'Trimmed', field_data: '', editable_by_user: false });
  });

  it('gives a default external account field its name and hint, keeping only the subtype', async () => {
    const r = await createTestRealm('External accounts');
    const id = await create({ field_type: 7, name: 'ignored', field_data: json({ subtype: 'github', url_pattern: 'https://x.example/%(username)s' }) }, r);
    expect(await fieldById(id, r)).toMatchObject({ name: 'GitHub username', hint: '', field_data: '{"subtype":"github"}' });
    await expect(create({ field_type: 7, field_data: json({ subtype: 'github' }) }, r)).rejects.toThrow('A field with that label already exists.');
    const twitter = await create({ field_type: 7, name: '', field_data: json({ subtype: 'twitter' }) }, r);
    expect((await fieldById(twitter, r))!.name).toBe('Twitter username');
  });

  it.each([
    [3, undefined, 'Field must have at least one choice.'],
    [3, {}, 'Field must have at least one choice.'],
    [3, { ' ': { text: 'x', order: '1' } }, "'value' cannot be blank."],
    [3, { a: 'Vim' }, 'field_data is not a dict'],
    [3, { a: { order: '1' } }, 'text key is missing from field_data'],
    [3, { a: { text: ' ', order: '1' } }, 'field_data["text"] cannot be blank.'],
    [3, { a: { text: 'Vim', order: '' } }, 'field_data["order"] cannot be blank.'],
    [3, { a: { text: 'Vim', order: '1', color: 'red' } }, 'Unexpected arguments: color'],
    [3, { a: { text: 'Vim', order: '1' }, b: { text: 'Vim', order: '2' } }, 'Field must not have duplicate choices.'],
    [7, undefined, 'subtype key is missing from field_data'],
    [7, { subtype: '' }, 'field_data["subtype"] cannot be blank.'],
    [7, { subtype: 'myspace' }, 'Invalid external account type'],
    [7, { subtype: 'custom' }, 'Custom external account must define URL pattern'],
    [7, { subtype: 'custom', url_pattern: 'https://x.example/' }, "URL pattern must contain '%(username)s'."],
    [7, { subtype: 'custom', url_pattern: 'https://x.example/%(username)s/%(username)s' }, "URL pattern must contain '%(username)s'."],
    [7, { subtype: 'custom', url_pattern: 'not a url %(username)s' }, 'field_data["url_pattern"] is not a URL'],
    [7, { subtype: 'github', extra: 'x' }, 'Unexpected arguments: extra'],
  ])('refuses type %i with field_data %j: %s', async (type, data, msg) => {
    await expect(create({ field_type: type, field_data: data === undefined ? undefined : json(data) })).rejects.toThrow(msg);
  });

  it('refuses field_data that is not a dict of strings and dicts of strings', async () => {
    await expect(create({ field_data: '[1]' })).rejects.toThrow('field_data is not a dict');
    await expect(create({ field_data: '{"a": 1}' })).rejects.toThrow('field_data contains a value that is not an allowed_type');
    await expect(create({ field_data: '{' })).rejects.toThrow('Argument "field_data" is not valid JSON.');
  });

  it('refuses bad names, hints and types', async () => {
    await expect(create({ name: '   ' })).rejects.toThrow('Label cannot be blank.');
    await expect(create({ name: undefined })).rejects.toThrow('Label cannot be blank.');
    await expect(create({ name: 'x'.repeat(41) })).rejects.toThrow('name is too long (limit: 40 characters)');
    await expect(create({ hint: 'x'.repeat(81) })).rejects.toThrow('hint is too long (limit: 80 characters)');
    await expect(create({ name: '🙂'.repeat(40), hint: '🙂'.repeat(80) })).resolves.toEqual(expect.any(Number));
    for (const type of [0, 9, -1]) await expect(create({ field_type: type })).rejects.toThrow('Invalid field type.');
    await create({ name: 'Taken' });
    await expect(create({ name: 'Taken' })).rejects.toThrow('A field with that label already exists.');
    await expect(create({ name: 'taken' })).resolves.toEqual(expect.any(Number));
  });

  it('allows at most 2 summary fields, never Long text or Person picker', async () => {
    const r = await createTestRealm('Summary');
    await expect(create({ field_type: 2, display_in_profile_summary: true }, r)).rejects.toThrow('Field type not supported for display in profile summary.');
    await expect(create({ field_type: 6, display_in_profile_summary: true }, r)).rejects.toThrow('Field type not supported for display in profile summary.');
    const first = await create({ display_in_profile_summary: true }, r);
    await create({ field_type: 5, display_in_profile_summary: true }, r);
    await expect(create({ display_in_profile_summary: true }, r)).rejects.toThrow('Only 2 custom profile fields can be displayed in the profile summary.');
    expect(await fieldById(first, r)).toMatchObject({ display_in_profile_summary: true });
    const plain = await create({}, r);
    expect(await fieldById(plain, r)).not.toHaveProperty('display_in_profile_summary');
    // Another realm has its own two.
    await expect(create({ display_in_profile_summary: true }, elsewhere)).resolves.toEqual(expect.any(Number));
  });

  it('holds the limit under concurrent creations', async () => {
    const r = await createTestRealm('Concurrent summary');
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => create({ display_in_profile_summary: true }, r)));
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(2);
  });

  it.each(NON_ADMINS)('refuses %s: Must be an organization administrator', async (who) => {
    await expect(checkCreateProfileField(pool(), callerOf(realm, who), { field_type: 1, name: 'Nope' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Must be an organization administrator',
    });
  });

  it("announces the realm's whole field list", async () => {
    const r = await createTestRealm('Field events');
    const first = await create({}, r);
    const mark = await outboxMark();
    const second = await checkCreateProfileField(pool(), callerOf(r, 'admin'), { field_type: 4, name: 'Birthday' });
    expect(await clientEventsSince(mark, r.realm_id)).toEqual([
      {
        audience: 'realm',
        event: { type: 'custom_profile_fields', fields: [await fieldById(first, r), await fieldById(second, r)] },
      },
    ]);
  });
});

describe('checkUpdateProfileField', () => {
  const update = (field_id: number, req: Record<string, unknown>, who: FixtureName = 'admin', r = realm) => checkUpdateProfileField(pool(), callerOf(r, who), { field_id, ...req });

  it('changes name, hint, flags and options, never the type', async () => {
    const id = await create({ field_type: 3, field_data: json(OPTIONS) });
    const options = { a: { text: 'Vim', order: '2' }, c: { text: 'Nano', order: '1' } };
    await update(id, { name: ' Editor ', hint: 'Pick one', required: true, editable_by_user: false, display_in_profile_summary: true, field_data: json(options) });
    expect(await fieldById(id)).toMatchObject({
      name: 'Editor',
      hint: 'Pick one',
      type: 3,
      required: true,
      editable_by_user: false,
      display_in_profile_summary: true,
      field_data: json(options),
    });
    await update(id, { display_in_profile_summary: false });
    expect(await fieldById(id)).not.toHaveProperty('display_in_profile_summary');
  });

  it('drops the values of removed options', async () => {
    const id = await create({ field_type: 3, field_data: json(OPTIONS) });
    await withTransaction(pool(), async (tx) => {
      await checkUpdateProfileData(tx, callerOf(realm, 'member'), realm.member.user_id, json([{ id, value: 'b' }]));
      await checkUpdateProfileData(tx, callerOf(realm, 'other'), realm.other.user_id, json([{ id, value: 'a' }]));
    });
    await update(id, { field_data: json({ a: OPTIONS.a }) });
    const data = await profileDataFor(pool(), realm.realm_id, [realm.member.user_id, realm.other.user_id]);
    expect(data.get(realm.member.user_id)![String(id)]).toBeUndefined();
    expect(data.get(realm.other.user_id)![String(id)]).toEqual({ value: 'a' });
  });

  it('validates the result like a creation', async () => {
    const text = await create({});
    const long = await create({ field_type: 2 });
    await expect(update(text, { name: '' })).rejects.toThrow('Label cannot be blank.');
    await expect(update(text, { hint: 'x'.repeat(81) })).rejects.toThrow('hint is too long (limit: 80 characters)');
    await expect(update(long, { display_in_profile_summary: true })).rejects.toThrow('Field type not supported for display in profile summary.');
    const select = await create({ field_type: 3, field_data: json(OPTIONS) });
    await expect(update(select, { field_data: '{}' })).rejects.toThrow('Field must have at least one choice.');
    await create({ name: 'Occupied' });
    await expect(update(text, { name: 'Occupied' })).rejects.toThrow('A field with that label already exists.');
  });

  it('counts the summary limit without the field itself', async () => {
    const r = await createTestRealm('Summary updates');
    const a = await create({ display_in_profile_summary: true }, r);
    await create({ display_in_profile_summary: true }, r);
    const c = await create({}, r);
    await expect(update(a, { display_in_profile_summary: true }, 'admin', r)).resolves.toBeUndefined();
    await expect(update(c, { display_in_profile_summary: true }, 'admin', r)).rejects.toThrow('Only 2 custom profile fields can be displayed in the profile summary.');
  });

  it('lets a default external account field change only its summary display and flags', async () => {
    const r = await createTestRealm('Default external');
    const id = await create({ field_type: 7, field_data: json({ subtype: 'github' }) }, r);
    await update(id, { display_in_profile_summary: true, required: true, name: 'GitHub username', field_data: json({ subtype: 'github' }) }, 'owner', r);
    expect(await fieldById(id, r)).toMatchObject({ display_in_profile_summary: true, required: true });
    for (const change of [{ name: 'GH' }, { hint: 'Yours' }, { field_data: json({ subtype: 'twitter' }) }]) {
      await expect(update(id, change, 'owner', r)).rejects.toThrow('Default custom field cannot be updated.');
    }
  });

  it("refuses another realm's field as nonexistent, and non-administrators", async () => {
    const theirs = await create({}, elsewhere);
    await expect(update(theirs, { name: 'Hijack' })).rejects.toThrow(`Field id ${theirs} not found.`);
    await expect(update(999999, { name: 'x' })).rejects.toThrow('Field id 999999 not found.');
    const mine = await create({});
    for (const who of NON_ADMINS) await expect(update(mine, { name: 'x' }, who)).rejects.toThrow('Must be an organization administrator');
    expect((await fieldById(theirs, elsewhere))!.name).not.toBe('Hijack');
  });
});

describe('checkDeleteProfileField', () => {
  it('deletes the field and its values, and announces the list', async () => {
    const r = await createTestRealm('Deletions');
    const keep = await create({}, r);
    const gone = await create({}, r);
    await withTransaction(pool(), (tx) =>
      checkUpdateProfileData(
        tx,
        callerOf(r, 'member'),
        r.member.user_id,
        json([
          { id: gone, value: 'x' },
          { id: keep, value: 'y' },
        ]),
      ),
    );
    const mark = await outboxMark();
    await checkDeleteProfileField(pool(), callerOf(r, 'admin'), gone);
    expect((await listProfileFields(pool(), r.realm_id)).map((f) => f.id)).toEqual([keep]);
    expect((await profileDataFor(pool(), r.realm_id, [r.member.user_id])).get(r.member.user_id)).toEqual({ [keep]: { value: 'y', rendered_value: '<p>y</p>' } });
    expect(await clientEventsSince(mark, r.realm_id)).toEqual([{ audience: 'realm', event: { type: 'custom_profile_fields', fields: [await fieldById(keep, r)] } }]);
  });

  it("refuses non-administrators and other realms' fields", async () => {
    const mine = await create({});
    for (const who of NON_ADMINS) await expect(checkDeleteProfileField(pool(), callerOf(realm, who), mine)).rejects.toThrow('Must be an organization administrator');
    const theirs = await create({}, elsewhere);
    await expect(checkDeleteProfileField(pool(), callerOf(realm, 'owner'), theirs)).rejects.toThrow(`Field id ${theirs} not found.`);
    expect(await fieldById(theirs, elsewhere)).toBeDefined();
  });
});

describe('checkReorderProfileFields', () => {
  it('orders the fields as listed, and announces them in the new order', async () => {
    const r = await createTestRealm('Reorder');
    const [a, b, c] = [await create({}, r), await create({}, r), await create({}, r)];
    const mark = await outboxMark();
    await checkReorderProfileFields(pool(), callerOf(r, 'admin'), [c, a, b]);
    const fields = await listProfileFields(pool(), r.realm_id);
    expect(fields.map((f) => [f.id, f.order])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(await clientEventsSince(mark, r.realm_id)).toEqual([{ audience: 'realm', event: { type: 'custom_profile_fields', fields } }]);
  });

  it("needs exactly the realm's field IDs", async () => {
    const r = await createTestRealm('Reorder refusals');
    const [a, b] = [await create({}, r), await create({}, r)];
    const theirs = await create({}, elsewhere);
    for (const order of [[a], [a, b, theirs], [a, a, b], [a, b, 999999], []]) {
      await expect(checkReorderProfileFields(pool(), callerOf(r, 'owner'), order)).rejects.toThrow('Invalid order mapping.');
    }
    for (const who of NON_ADMINS) await expect(checkReorderProfileFields(pool(), callerOf(r, who), [b, a])).rejects.toThrow('Must be an organization administrator');
  });

  it('parses the order parameter', () => {
    expect(parseOrder('[3, 1]')).toEqual([3, 1]);
    expect(() => parseOrder('{"a":1}')).toThrow('order is not a list');
    expect(() => parseOrder('[1, "2"]')).toThrow('order[1] is not an integer');
  });
});

describe('customProfileFieldsState', () => {
  it("gives the realm's fields and every field type", async () => {
    const r = await createTestRealm('State');
    const id = await create({ field_type: 8, name: 'Pronouns' }, r);
    const state = await customProfileFieldsState(pool(), r.realm_id);
    expect(state.custom_profile_fields).toEqual([await fieldById(id, r)]);
    expect(state.custom_profile_field_types).toEqual({
      SHORT_TEXT: { id: 1, name: 'Short text' },
      LONG_TEXT: { id: 2, name: 'Long text' },
      SELECT: { id: 3, name: 'List of options' },
      DATE: { id: 4, name: 'Date picker' },
      URL: { id: 5, name: 'Link' },
      USER: { id: 6, name: 'Person picker' },
      EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
      PRONOUNS: { id: 8, name: 'Pronouns' },
    });
  });
});
