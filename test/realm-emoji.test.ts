import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { assertMatchesContract } from './support/openapi';
import { FilePart, multipart, rawRequest } from './support/uploads';

/**
 * Custom emoji end to end: POST /realm/emoji/{emoji_name} (per role, the realm's
 * can_add_custom_emoji_group, Zulip's name rules, size and format), GET /realm/emoji, the
 * images served publicly at source_url, DELETE /realm/emoji/{emoji_name} (who may), the
 * realm_emoji events and register state, and custom emoji in user statuses.
 */
let realm: TestRealm;
let elsewhere: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;
const MIB = 1024 * 1024;
const ENVELOPE = { contract: 'envelope' as const };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18)]);
const png = (): FilePart => ({ field: 'f1', filename: 'img.png', type: 'image/png', content: PNG });

beforeAll(async () => {
  realm = await createTestRealm('Emoji realm');
  elsewhere = await createTestRealm('Emoji elsewhere');
});
afterAll(closeFixtures);

let counter = 0;
const fresh = (prefix = 'emoji') => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

/** POST /api/v1/realm/emoji/<name> with these parts (the name goes out as given: encode it first). */
async function postEmoji(user: TestUser | undefined, rawName: string, files: FilePart[] = [png()], headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const { body, type } = multipart(files);
  const res = await rawRequest('POST', `/api/v1/realm/emoji/${rawName}`, {
    creds: user,
    body,
    headers: { 'content-type': type, 'content-length': String(body.length), ...headers },
  });
  const json = JSON.parse(res.body.toString('utf8'));
  assertMatchesContract({ method: 'POST', path: `/realm/emoji/${rawName}`, status: res.status, body: json });
  return { status: res.status, body: json };
}

async function addEmoji(user: TestUser, name = fresh(), files?: FilePart[]): Promise<Json> {
  const res = await postEmoji(user, encodeURIComponent(name), files);
  expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 200, body: { result: 'success', msg: '' } });
  return emojiNamed(user, name);
}

function expectRefused(res: { status: number; body: Json }, msg: string, status = 400): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { result: 'error', code: 'BAD_REQUEST', msg } });
}

const listEmoji = async (user: TestUser): Promise<Record<string, Json>> => ok(await user.api.get('/realm/emoji')).emoji;

/** The realm's active emoji of that name (the newest, if several have had it). */
async function emojiNamed(user: TestUser, name: string): Promise<Json> {
  const all = Object.values(await listEmoji(user)).filter((e) => e.name === name && !e.deactivated);
  expect(all).toHaveLength(1);
  return all[0];
}

const deactivate = (user: TestUser, name: string) => user.api.delete(`/realm/emoji/${encodeURIComponent(name)}`);

describe('POST /realm/emoji/{emoji_name}', () => {
  it.each(['owner', 'admin', 'moderator', 'member'] as RoleName[])('lets the %s add one (role:members by default)', async (role) => {
    const name = fresh(role);
    const emoji = await addEmoji(realm[role], name);
    expect(emoji).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name,
      source_url: expect.stringMatching(new RegExp(`^/user_avatars/${realm.realm_id}/emoji/images/[0-9a-f]{24}\\.png$`)),
      still_url: null,
      deactivated: false,
      author_id: realm[role].user_id,
    });
  });

  it('refuses guests and bots whatever the realm allows, as Zulip does', async () => {
    expectRefused(await postEmoji(realm.guest, fresh()), 'Not allowed for guest users');
    expectRefused(await postEmoji(realm.bot, fresh()), 'This endpoint does not accept bot requests.');
  });

  it('takes the image under any field name, in each image format, typed by its bytes', async () => {
    const cases: [FilePart, string][] = [
      [{ field: 'file', filename: 'a.png', type: 'image/png', content: PNG }, 'png'],
      [{ field: 'files[]', filename: 'a.gif', type: 'application/octet-stream', content: GIF }, 'gif'],
      [{ field: 'emoji_file', filename: 'a.jpg', type: 'image/jpeg', content: JPEG }, 'jpeg'],
      [{ field: 'x', filename: 'no-extension', type: 'image/png', content: WEBP }, 'webp'],
    ];
    for (const [part, ext] of cases) {
      const emoji = await addEmoji(realm.member, fresh(ext), [part]);
      expect(emoji.source_url.endsWith(`.${ext}`)).toBe(true);
      const image = await rawRequest('GET', emoji.source_url);
      expect([image.status, image.headers['content-type'], Buffer.compare(image.body, part.content as Buffer)]).toEqual([200, `image/${ext}`, 0]);
    }
  });

  it("applies Zulip's name rules, with spaces read as underscores", async () => {
    const cases: [string, string][] = [
      ['%20', 'Emoji name is missing'],
      ['my_EMoji', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
      ['my_em*oji', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
      ['my.emoji', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
      ['%C3%A9moji', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
      ['my_emoji_', 'Emoji names must end with either a letter or digit.'],
      ['my-emoji-', 'Emoji names must end with either a letter or digit.'],
    ];
    for (const [raw, msg] of cases) expectRefused(await postEmoji(realm.admin, raw), msg);
    const name = fresh('party');
    const spaced = `${name.replace(/_/g, ' ')} parrot`;
    expect((await postEmoji(realm.member, `%20${encodeURIComponent(spaced)}%20`)).status).toBe(200);
    await emojiNamed(realm.member, `${name} parrot`.replace(/ /g, '_'));
  });

  it('lets only administrators shadow a Unicode emoji', async () => {
    expectRefused(await postEmoji(realm.moderator, 'smile'), 'Only administrators can override default emoji.');
    expectRefused(await postEmoji(realm.member, 'thumbs_up'), 'Only administrators can override default emoji.');
    const emoji = await addEmoji(realm.admin, 'smile');
    expect(emoji.author_id).toBe(realm.admin.user_id);
    ok(await deactivate(realm.admin, 'smile'));
  });

  it('refuses a name an active emoji of the realm has, but not one of a deactivated emoji or another realm', async () => {
    const name = fresh('dup');
    const first = await addEmoji(realm.member, name);
    expectRefused(await postEmoji(realm.admin, name), 'A custom emoji with this name already exists.');
    // Spaces and underscores are one name.
    expectRefused(await postEmoji(realm.admin, name.replace(/_/g, '%20')), 'A custom emoji with this name already exists.');
    await addEmoji(elsewhere.member, name);
    ok(await deactivate(realm.member, name));
    const second = await addEmoji(realm.other, name);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    const all = await listEmoji(realm.member);
    expect([all[first.id].deactivated, all[second.id].deactivated]).toEqual([true, false]);
  });

  it('takes exactly one file', async () => {
    expectRefused(await postEmoji(realm.member, fresh(), []), 'You must upload exactly one file.');
    expectRefused(await postEmoji(realm.member, fresh(), [png(), { ...png(), field: 'f2' }]), 'You must upload exactly one file.');
    const res = await rawRequest('POST', `/api/v1/realm/emoji/${fresh()}`, {
      creds: realm.member,
      body: Buffer.from('a=b'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectRefused({ status: res.status, body: JSON.parse(res.body.toString()) }, 'You must upload exactly one file.');
  });

  it('takes images only', async () => {
    const notImages: FilePart[] = [
      { filename: 'notes.txt', type: 'text/plain', content: 'hello, not an image' },
      { filename: 'fake.png', type: 'image/png', content: 'GIF but not really' },
      { filename: 'vector.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      { filename: 'empty.png', type: 'image/png', content: Buffer.alloc(0) },
    ];
    for (const part of notImages) expectRefused(await postEmoji(realm.member, fresh(), [part]), 'Invalid image format');
  });

  it("refuses an image over Zulip's 5 MiB, whether its size is declared or found while reading", async () => {
    const justOver = Buffer.concat([PNG, Buffer.alloc(5 * MIB + 1 - PNG.length)]);
    expectRefused(await postEmoji(realm.member, fresh(), [{ ...png(), content: justOver }]), 'Uploaded file is larger than the allowed limit of 5 MiB');
    const farOver = Buffer.concat([PNG, Buffer.alloc(6 * MIB)]);
    // Refused before the body is read (the gateway drops the rest, keeping the connection usable).
    expectRefused(await postEmoji(realm.member, fresh(), [{ ...png(), content: farOver }]), 'Uploaded file is larger than the allowed limit of 5 MiB');
    const exactly = Buffer.concat([PNG, Buffer.alloc(5 * MIB - PNG.length)]);
    await addEmoji(realm.member, fresh('big'), [{ ...png(), content: exactly }]);
  });

  it('needs credentials', async () => {
    const res = await postEmoji(undefined, fresh());
    expect(res.status).toBe(401);
  });
});

describe('can_add_custom_emoji_group', () => {
  let policy: TestRealm;
  let groups: Record<string, number>;
  const setGroup = async (value: unknown) => expect((await policy.owner.api.patch('/realm', { can_add_custom_emoji_group: { new: value } }, ENVELOPE)).status).toBe(200);

  beforeAll(async () => {
    policy = await createTestRealm('Emoji policy realm');
    groups = await systemGroupIds(policy.realm_id);
  });

  it('decides who may add emoji, by role or by name', async () => {
    await setGroup(groups['role:administrators']);
    for (const role of ['moderator', 'member'] as RoleName[]) expectRefused(await postEmoji(policy[role], fresh()), 'Insufficient permission');
    await addEmoji(policy.admin);
    await addEmoji(policy.owner);

    await setGroup(groups['role:moderators']);
    await addEmoji(policy.moderator);
    expectRefused(await postEmoji(policy.member, fresh()), 'Insufficient permission');

    await setGroup({ direct_members: [policy.member.user_id], direct_subgroups: [] });
    await addEmoji(policy.member);
    expectRefused(await postEmoji(policy.other, fresh()), 'Insufficient permission');
    expectRefused(await postEmoji(policy.admin, fresh()), 'Insufficient permission');
    // Guests never may, even when named.
    await setGroup({ direct_members: [policy.guest.user_id], direct_subgroups: [] });
    expectRefused(await postEmoji(policy.guest, fresh()), 'Not allowed for guest users');

    await setGroup(groups['role:members']);
    await addEmoji(policy.other);
  });

  it('takes from an author who may no longer add emoji the right to deactivate theirs', async () => {
    const name = fresh('mine');
    await addEmoji(policy.member, name);
    await setGroup(groups['role:administrators']);
    expectRefused(await deactivate(policy.member, name), 'Insufficient permission');
    ok(await deactivate(policy.admin, name));
    await setGroup(groups['role:members']);
  });
});

describe('GET /realm/emoji', () => {
  it("lists every emoji of the caller's realm, deactivated ones too, for every role", async () => {
    const active = await addEmoji(realm.member, fresh('listed'));
    const gone = await addEmoji(realm.member, fresh('gone'));
    ok(await deactivate(realm.member, gone.name));
    for (const role of ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[]) {
      const all = await listEmoji(realm[role]);
      expect(all[active.id]).toEqual(active);
      expect(all[gone.id]).toEqual({ ...gone, deactivated: true });
      for (const [id, emoji] of Object.entries(all)) expect(emoji.id).toBe(id);
    }
    const theirs = await listEmoji(elsewhere.member);
    expect(theirs[active.id]).toBeUndefined();
    expect(Object.values(theirs).every((e) => e.source_url.startsWith(`/user_avatars/${elsewhere.realm_id}/`))).toBe(true);
  });
});

describe('the images', () => {
  it('are served at source_url to anyone, to keep, deactivated ones too', async () => {
    const emoji = await addEmoji(realm.member, fresh('served'));
    const res = await rawRequest('GET', emoji.source_url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.body.equals(PNG)).toBe(true);
    const head = await rawRequest('HEAD', emoji.source_url);
    expect([head.status, head.body.length]).toEqual([200, 0]);
    ok(await deactivate(realm.member, emoji.name));
    expect((await rawRequest('GET', emoji.source_url)).body.equals(PNG)).toBe(true);
  });

  it('are 404 for any other path under /user_avatars/', async () => {
    const emoji = await addEmoji(realm.member, fresh('known'));
    const file = emoji.source_url.split('/').pop();
    for (const path of [
      `/user_avatars/${realm.realm_id}/emoji/images/${'0'.repeat(24)}.png`,
      `/user_avatars/${elsewhere.realm_id}/emoji/images/${file}`,
      `/user_avatars/${realm.realm_id}/emoji/images/../../${file}`,
      `/user_avatars/${realm.realm_id}/emoji/${file}`,
      '/user_avatars/',
    ])
      expect([path, (await rawRequest('GET', path)).status]).toEqual([path, 404]);
  });
});

describe('DELETE /realm/emoji/{emoji_name}', () => {
  it('lets administrators deactivate any emoji, and authors their own', async () => {
    for (const admin of [realm.owner, realm.admin]) {
      const emoji = await addEmoji(realm.member, fresh('theirs'));
      ok(await deactivate(admin, emoji.name));
      expect((await listEmoji(realm.member))[emoji.id].deactivated).toBe(true);
    }
    const mine = await addEmoji(realm.moderator, fresh('mine'));
    ok(await deactivate(realm.moderator, mine.name));
  });

  it('refuses anyone else', async () => {
    const emoji = await addEmoji(realm.member, fresh('kept'));
    for (const role of ['moderator', 'bot'] as RoleName[]) {
      expectRefused(await deactivate(realm[role], emoji.name), 'Must be an organization administrator or emoji author');
    }
    expectRefused(await deactivate(realm.other, emoji.name), 'Must be an organization administrator or emoji author');
    expectRefused(await deactivate(realm.guest, emoji.name), 'Insufficient permission');
    expectRefused(await deactivate(elsewhere.admin, emoji.name), `Emoji '${emoji.name}' does not exist`, 404);
    expect((await listEmoji(realm.member))[emoji.id].deactivated).toBe(false);
  });

  it('answers 404 for a name no active emoji has, as Zulip since feature level 190', async () => {
    expectRefused(await deactivate(realm.admin, 'no_such_emoji'), "Emoji 'no_such_emoji' does not exist", 404);
    const emoji = await addEmoji(realm.member, fresh('twice'));
    ok(await deactivate(realm.member, emoji.name));
    expectRefused(await deactivate(realm.member, emoji.name), `Emoji '${emoji.name}' does not exist`, 404);
  });
});

describe('realm_emoji events and state', () => {
  it('tell the whole realm the whole dict on each add and deactivation', async () => {
    const queues = await Promise.all([realm.guest, realm.admin].map(async (u) => ok(await u.api.post('/register', { event_types: ['realm_emoji'] })).queue_id as string));
    const emoji = await addEmoji(realm.member, fresh('evented'));
    const afterAdd = await listEmoji(realm.member);
    ok(await deactivate(realm.member, emoji.name));
    const afterDeactivate = await listEmoji(realm.member);
    for (const [i, user] of [realm.guest, realm.admin].entries()) {
      // Events of earlier tests' changes may come first: ours are the last two.
      await eventually(async () => {
        const events = await eventsOf(user, queues[i], 2);
        expect(events.slice(-2)).toEqual([
          { id: expect.any(Number), type: 'realm_emoji', op: 'update', realm_emoji: afterAdd },
          { id: expect.any(Number), type: 'realm_emoji', op: 'update', realm_emoji: afterDeactivate },
        ]);
      });
    }
    const other = ok(await elsewhere.member.api.post('/register', { event_types: ['realm_emoji'] })).queue_id as string;
    await addEmoji(realm.member, fresh('unheard'));
    await addEmoji(elsewhere.admin, fresh('heard'));
    const heard = await eventsOf(elsewhere.member, other, 1);
    expect(heard.every((e) => Object.values(e.realm_emoji as Record<string, Json>).every((x) => x.source_url.startsWith(`/user_avatars/${elsewhere.realm_id}/`)))).toBe(true);
  });

  it('are in POST /register when realm_emoji is fetched (or everything is)', async () => {
    await addEmoji(realm.member, fresh('registered'));
    const all = await listEmoji(realm.guest);
    expect(ok(await realm.guest.api.post('/register', { fetch_event_types: ['realm_emoji'] })).realm_emoji).toEqual(all);
    expect(ok(await realm.guest.api.post('/register', {})).realm_emoji).toEqual(all);
    expect(ok(await realm.guest.api.post('/register', { event_types: ['realm_emoji'] })).realm_emoji).toEqual(all);
    expect(ok(await realm.guest.api.post('/register', { fetch_event_types: ['message'] }))).not.toHaveProperty('realm_emoji');
  });
});

describe('user statuses with custom emoji', () => {
  const status = async (user: TestUser) => ok(await realm.member.api.get(`/users/${user.user_id}/status`)).status;

  it('take an active custom emoji by ID, or by name alone', async () => {
    const emoji = await addEmoji(realm.admin, fresh('status'));
    ok(await realm.member.api.post('/users/me/status', { status_text: 'custom', emoji_name: emoji.name, emoji_code: emoji.id, reaction_type: 'realm_emoji' }));
    expect(await status(realm.member)).toEqual({ status_text: 'custom', emoji_name: emoji.name, emoji_code: emoji.id, reaction_type: 'realm_emoji' });
    ok(await realm.guest.api.post('/users/me/status', { emoji_name: emoji.name }));
    expect(await status(realm.guest)).toMatchObject({ emoji_name: emoji.name, emoji_code: emoji.id, reaction_type: 'realm_emoji' });
    ok(await realm.admin.api.post(`/users/${realm.other.user_id}/status`, { emoji_name: emoji.name, emoji_code: emoji.id, reaction_type: 'realm_emoji' }));
    expect(await status(realm.other)).toMatchObject({ emoji_code: emoji.id, reaction_type: 'realm_emoji' });
  });

  it('prefer a custom emoji over the Unicode one of its name', async () => {
    await addEmoji(realm.admin, 'rocket');
    const rocket = await emojiNamed(realm.admin, 'rocket');
    ok(await realm.moderator.api.post('/users/me/status', { emoji_name: 'rocket' }));
    expect(await status(realm.moderator)).toMatchObject({ emoji_name: 'rocket', emoji_code: rocket.id, reaction_type: 'realm_emoji' });
    ok(await realm.moderator.api.post('/users/me/status', { emoji_name: 'rocket', emoji_code: '1f680', reaction_type: 'unicode_emoji' }));
    ok(await deactivate(realm.admin, 'rocket'));
    ok(await realm.moderator.api.post('/users/me/status', { emoji_name: 'rocket' }));
    expect(await status(realm.moderator)).toMatchObject({ emoji_name: 'rocket', emoji_code: '1f680', reaction_type: 'unicode_emoji' });
  });

  it("refuse unknown, misnamed, deactivated and other realms' custom emoji, with Zulip's messages", async () => {
    const emoji = await addEmoji(realm.admin, fresh('checked'));
    const gone = await addEmoji(realm.admin, fresh('retired'));
    ok(await deactivate(realm.admin, gone.name));
    const theirs = await addEmoji(elsewhere.admin, fresh('foreign'));
    const cases: [Json, string][] = [
      [{ emoji_name: emoji.name, emoji_code: '999999999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ emoji_name: emoji.name, emoji_code: 'abc', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ emoji_name: 'wrong_name', emoji_code: emoji.id, reaction_type: 'realm_emoji' }, 'Invalid custom emoji name.'],
      [{ emoji_name: gone.name, emoji_code: gone.id, reaction_type: 'realm_emoji' }, 'This custom emoji has been deactivated.'],
      [{ emoji_name: gone.name }, `Emoji '${gone.name}' does not exist`],
      [{ emoji_name: theirs.name, emoji_code: theirs.id, reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ emoji_name: theirs.name }, `Emoji '${theirs.name}' does not exist`],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.member.api.post('/users/me/status', { status_text: 'x', ...params });
      expect([params, res.status, res.body.msg]).toEqual([params, 400, msg]);
    }
  });
});

describe('custom emoji in messages', () => {
  it("renders `:name:` as the emoji's image while it is active, for everyone who reads it, and as text once deactivated", async () => {
    const name = fresh();
    const emoji = await addEmoji(realm.member, name);
    const img = `<img alt=":${name}:" class="emoji" src="${emoji.source_url}" title="${name.replace(/_/g, ' ')}">`;
    for (const sender of [realm.member, realm.guest, realm.bot]) {
      expect(ok(await sender.api.post('/messages/render', { content: `Look :${name}:` })).rendered).toBe(`<p>Look ${img}</p>`);
    }
    const id = ok(await realm.member.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.admin.user_id]), content: `:${name}:` })).id as number;
    expect(ok(await realm.admin.api.get(`/messages/${id}`)).message.content).toBe(`<p>${img}</p>`);
    ok(await deactivate(realm.admin, name));
    expect(ok(await realm.member.api.post('/messages/render', { content: `:${name}:` })).rendered).toBe(`<p>:${name}:</p>`);
  });
});

describe('the :zulip: emoji', () => {
  it('renders as an image whose URL answers an image, to anyone', async () => {
    const sent = ok(await realm.member.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.member.user_id]), content: 'hi :zulip:' }));
    const { message } = ok(await realm.member.api.get(`/messages/${sent.id}`, { apply_markdown: 'true' }));
    const src = /<img alt=":zulip:" class="emoji" src="([^"]+)"/.exec(message.content as string)?.[1];
    expect(src).toBe('/static/generated/emoji/images/emoji/unicode/zulip.png');
    const got = await rawRequest('GET', src!);
    expect([got.status, got.headers['content-type'], got.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    // A PNG, 64×64 as Zulip's emoji images are.
    expect(got.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([got.body.readUInt32BE(16), got.body.readUInt32BE(20)]).toEqual([64, 64]);
    expect((await rawRequest('HEAD', src!)).status).toBe(200);
  });
});
