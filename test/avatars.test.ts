import sharp from 'sharp';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { assertMatchesParleyContract } from './support/openapi';
import { FilePart, multipart, rawRequest } from './support/uploads';
import { loginCsrf } from './support/browser-session';
import { hostHeader } from './support/api';

/**
 * Avatars end to end: the default avatars Parley draws (public, PNG, deterministic, one per
 * user), POST /users/me/avatar (an image becomes 100×100 and 500×500 PNGs, the version goes
 * up, the realm hears realm_user update), DELETE /users/me/avatar (back to the default), the
 * refusals (files, types, size, the realm's avatar_changes_disabled), and the /json forms.
 * ENABLE_GRAVATAR is off here (Parley's default); format.test.ts covers it on.
 */
let realm: TestRealm;
let elsewhere: TestRealm;
let carol: TestUser;
const PASSWORD = 'correct horse battery staple';
type Json = Record<string, any>;
const MIB = 1024 * 1024;
const ENVELOPE = { contract: 'envelope' as const };
const DEFAULT_URL = /^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=\d+$/;
const UPLOADED_URL = /^\/user_avatars\/(\d+)\/avatars\/[0-9a-f]{40}\.png\?version=\d+$/;

beforeAll(async () => {
  realm = await createTestRealm('Avatar realm');
  elsewhere = await createTestRealm('Avatar elsewhere');
  carol = await realm.addUser({ name: 'carol', password: PASSWORD });
});
afterAll(closeFixtures);

const me = async (user: TestUser): Promise<Json> => ok(await user.api.get('/users/me'));
const userAsSeenBy = async (viewer: TestUser, id: number, params: Json = {}): Promise<Json> => ok(await viewer.api.get(`/users/${id}`, params)).user;

/** GET of a realm-relative avatar URL with no credentials at all. */
const fetchAnonymously = (url: string) => rawRequest('GET', url);

/** The width and height of a PNG, from its IHDR (which must come first). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A browser's session of `user`: its cookie header and CSRF token. */
async function browser(user: TestUser): Promise<{ cookie: string; csrftoken: string }> {
  const res = await rawRequest('POST', '/accounts/login', {
    body: Buffer.from(new URLSearchParams({ username: user.email, password: PASSWORD }).toString()),
    headers: { host: realm.host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() },
  });
  expect(res.status).toBe(200);
  const cookies = Object.fromEntries((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0].split('=') as [string, string]));
  return { cookie: `sessionid=${cookies.sessionid}; csrftoken=${cookies.csrftoken}`, csrftoken: cookies.csrftoken };
}

const medium = (url: string) => url.replace(/\.png\?/, '-medium.png?');

async function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

async function postAvatar(user: TestUser | undefined, files: FilePart[], opts: { prefix?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: Json }> {
  const { body, type } = multipart(files);
  const res = await rawRequest('POST', `${opts.prefix ?? '/api/v1'}/users/me/avatar`, {
    creds: user,
    body,
    headers: { 'content-type': type, 'content-length': String(body.length), ...opts.headers },
  });
  const json = JSON.parse(res.body.toString('utf8'));
  // Zulip's reference lacks this endpoint: Parley's description is the contract.
  if ((opts.prefix ?? '/api/v1') === '/api/v1') assertMatchesParleyContract({ method: 'POST', path: '/users/me/avatar', status: res.status, body: json });
  return { status: res.status, body: json };
}

const jpegPart = async (): Promise<FilePart> => ({ field: 'file', filename: 'me.jpg', type: 'image/jpeg', content: await image(300, 200) });

function expectRefused(res: { status: number; body: Json }, msg: string, status = 400): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { result: 'error', code: 'BAD_REQUEST', msg } });
}

describe('default avatars', () => {
  it('are Parley-served PNGs anyone may fetch: 100×100, 500×500 medium, cached for a year', async () => {
    const { avatar_url, avatar_version } = await me(realm.member);
    expect(avatar_url).toMatch(DEFAULT_URL);
    expect(avatar_url).toMatch(new RegExp(`\\?version=${avatar_version}$`));
    const small = await fetchAnonymously(avatar_url);
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/png');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pngSize(small.body)).toEqual({ width: 100, height: 100 });
    // What zulip-flutter asks for above 100 physical pixels: `.png` → `-medium.png`.
    const big = await fetchAnonymously(medium(avatar_url));
    expect(big.status).toBe(200);
    expect(pngSize(big.body)).toEqual({ width: 500, height: 500 });
    // The image decodes (sharp checks the CRCs and the deflate stream).
    expect(await sharp(small.body).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });
    const head = await rawRequest('HEAD', avatar_url);
    expect({ status: head.status, length: head.headers['content-length'], body: head.body.length }).toEqual({ status: 200, length: String(small.body.length), body: 0 });
  });

  it('are deterministic, the same to every viewer, and differ between users and realms', async () => {
    const mine = (await me(realm.member)).avatar_url as string;
    expect(await userAsSeenBy(realm.guest, realm.member.user_id)).toMatchObject({ avatar_url: mine });
    const again = await fetchAnonymously(mine);
    expect(again.body.equals((await fetchAnonymously(mine)).body)).toBe(true);
    const theirs = (await me(realm.admin)).avatar_url as string;
    const abroad = (await me(elsewhere.admin)).avatar_url as string;
    expect(new Set([mine, theirs, abroad]).size).toBe(3);
    const bodies = await Promise.all([mine, theirs].map(async (u) => (await fetchAnonymously(u)).body));
    expect(bodies[0].equals(bodies[1])).toBe(false);
  });

  it('are never null, even under client_gravatar: no client can compute them', async () => {
    for (const client_gravatar of [true, false]) {
      expect((await userAsSeenBy(realm.member, realm.admin.user_id, { client_gravatar })).avatar_url).toMatch(DEFAULT_URL);
      const { members } = ok(await realm.member.api.get('/users', { client_gravatar }));
      expect((members as Json[]).every((u) => DEFAULT_URL.test(u.avatar_url) || UPLOADED_URL.test(u.avatar_url))).toBe(true);
    }
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm_user'], client_gravatar: true }));
    expect((state.realm_users as Json[]).every((u) => typeof u.avatar_url === 'string')).toBe(true);
    expect(state.avatar_url).toMatch(DEFAULT_URL);
    expect(state.avatar_url_medium).toBe(medium(state.avatar_url));
  });

  it('give the realm an icon of its own, not a Gravatar', async () => {
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(state.realm_icon_url).toMatch(/^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=1$/);
    expect((await fetchAnonymously(state.realm_icon_url)).status).toBe(200);
    // GET /server_settings names it absolutely, as Zulip: a client asks before it knows the realm's URL.
    const settings = ok(await realm.member.api.get('/server_settings'));
    expect(settings.realm_icon).toBe(`${settings.realm_url}${state.realm_icon_url}`);
  });

  it('are 404 for names that are no avatar', async () => {
    for (const path of ['/user_avatars/default/xyz.png', '/user_avatars/default/' + '0'.repeat(31) + '.png', `/user_avatars/${realm.realm_id}/avatars/${'0'.repeat(40)}.png`]) {
      const res = await fetchAnonymously(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});

describe('POST /users/me/avatar', () => {
  it('makes the image the avatar: 100×100 and 500×500 PNGs, a new version, realm_user update to the realm', async () => {
    const user = realm.moderator;
    const before = await me(user);
    const queue = ok(await realm.guest.api.post('/register', { event_types: ['realm_user'] })).queue_id as string;
    const res = await postAvatar(user, [await jpegPart()]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', avatar_url: expect.stringMatching(UPLOADED_URL) });
    const url = res.body.avatar_url as string;
    expect(UPLOADED_URL.exec(url)![1]).toBe(String(realm.realm_id));
    const after = await me(user);
    expect(after).toMatchObject({ avatar_url: url, avatar_version: before.avatar_version + 1 });
    expect(url).toMatch(new RegExp(`\\?version=${before.avatar_version + 1}$`));
    expect(await userAsSeenBy(realm.member, user.user_id)).toMatchObject({ avatar_url: url, avatar_version: before.avatar_version + 1 });
    const small = await fetchAnonymously(url);
    expect({ status: small.status, type: small.headers['content-type'] }).toEqual({ status: 200, type: 'image/png' });
    expect(await sharp(small.body).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });
    const big = await fetchAnonymously(medium(url));
    expect(await sharp(big.body).metadata()).toMatchObject({ format: 'png', width: 500, height: 500 });
    // It is the image sent (a JPEG, so within a few levels of its colour).
    const { data } = await sharp(small.body).raw().toBuffer({ resolveWithObject: true });
    [200, 30, 60].forEach((level, i) => expect(Math.abs(data[i] - level)).toBeLessThanOrEqual(4));
    await eventually(async () => {
      const events = await eventsOf(realm.guest, queue, 1);
      expect(events.filter((e) => e.person?.user_id === user.user_id && e.person.avatar_source === 'U')).toEqual([
        {
          id: expect.any(Number),
          type: 'realm_user',
          op: 'update',
          person: { user_id: user.user_id, avatar_source: 'U', avatar_url: url, avatar_url_medium: medium(url), avatar_version: before.avatar_version + 1 },
        },
      ]);
    });
    const state = ok(await user.api.post('/register', { fetch_event_types: ['realm_user'] }));
    expect(state).toMatchObject({ avatar_source: 'U', avatar_url: url, avatar_url_medium: medium(url) });
  });

  it('takes PNG, GIF and WebP too, and a second upload replaces the first with a new version', async () => {
    const user = realm.owner;
    let last = (await me(user)).avatar_version as number;
    for (const format of ['png', 'gif', 'webp'] as const) {
      const res = await postAvatar(user, [{ filename: `a.${format}`, content: await image(64, 128, format) }]);
      expect(res.status).toBe(200);
      const now = await me(user);
      expect(now.avatar_version).toBe(last + 1);
      last = now.avatar_version;
      expect(await sharp((await fetchAnonymously(res.body.avatar_url)).body).metadata()).toMatchObject({ width: 100, height: 100 });
    }
  });

  it("shows in the sender's messages at once: the messages service's kept people are dropped", async () => {
    const user = realm.admin;
    const send = async () => ok(await user.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.member.user_id]), content: 'look at me' })).id as number;
    const avatarOf = async (id: number) => ok(await realm.member.api.get(`/messages/${id}`)).message.avatar_url as string;
    expect(await avatarOf(await send())).toBe((await me(user)).avatar_url);
    const uploaded = (await postAvatar(user, [await jpegPart()])).body.avatar_url as string;
    expect(await avatarOf(await send())).toBe(uploaded);
    const back = ok(await user.api.delete('/users/me/avatar', {}, ENVELOPE)).avatar_url as string;
    expect(await avatarOf(await send())).toBe(back);
  });

  it("lets guests and bots change their own, as Zulip; a bot's owner hears realm_bot update", async () => {
    // The fixture bot is the owner's.
    const queue = ok(await realm.owner.api.post('/register', { event_types: ['realm_bot'] })).queue_id as string;
    for (const user of [realm.guest, realm.bot]) {
      const res = await postAvatar(user, [await jpegPart()]);
      expect({ user: user.full_name, status: res.status }).toEqual({ user: user.full_name, status: 200 });
      expect((await userAsSeenBy(realm.member, user.user_id)).avatar_url).toBe(res.body.avatar_url);
    }
    const url = (await userAsSeenBy(realm.owner, realm.bot.user_id)).avatar_url as string;
    await eventually(async () => {
      const events = await eventsOf(realm.owner, queue, 1);
      expect(events.filter((e) => e.bot?.avatar_url !== undefined)).toEqual([{ id: expect.any(Number), type: 'realm_bot', op: 'update', bot: { user_id: realm.bot.user_id, avatar_url: url } }]);
    });
    const { bots } = ok(await realm.owner.api.get('/bots', {}, ENVELOPE));
    expect((bots as Json[]).find((b) => b.user_id === realm.bot.user_id)).toMatchObject({ avatar_url: url });
  });

  it('refuses anything but exactly one file', async () => {
    const user = realm.member;
    const before = (await me(user)).avatar_version;
    expectRefused(await postAvatar(user, []), 'You must upload exactly one avatar.');
    expectRefused(await postAvatar(user, [await jpegPart(), await jpegPart()]), 'You must upload exactly one avatar.');
    const notMultipart = await rawRequest('POST', '/api/v1/users/me/avatar', { creds: user, body: Buffer.from('a=b'), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectRefused({ status: notMultipart.status, body: JSON.parse(notMultipart.body.toString()) }, 'You must upload exactly one avatar.');
    expect((await me(user)).avatar_version).toBe(before);
  });

  it('refuses what is no image, or no image it can decode', async () => {
    const user = realm.member;
    expectRefused(await postAvatar(user, [{ filename: 'notes.txt', type: 'text/plain', content: 'not an image at all' }]), 'Invalid image format');
    // An image type declared is not an image: the bytes decide.
    expectRefused(await postAvatar(user, [{ filename: 'fake.png', type: 'image/png', content: 'not an image at all' }]), 'Invalid image format');
    const truncated = (await image(300, 200, 'png')).subarray(0, 60);
    expectRefused(await postAvatar(user, [{ filename: 'broken.png', type: 'image/png', content: truncated }]), 'Could not decode image; did you upload an image file?');
    expect((await me(user)).avatar_url).toMatch(DEFAULT_URL);
  });

  it('refuses a file over max_avatar_file_size_mib, whether or not the length is declared', async () => {
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(state.max_avatar_file_size_mib).toBe(5);
    const big: FilePart = { filename: 'big.png', type: 'image/png', content: Buffer.concat([await image(10, 10, 'png'), Buffer.alloc(5 * MIB)]) };
    expectRefused(await postAvatar(realm.member, [big]), 'Uploaded file is larger than the allowed limit of 5 MiB');
    const { body, type } = multipart([big]);
    const chunked = await rawRequest('POST', '/api/v1/users/me/avatar', {
      creds: realm.member,
      body: (async function* () {
        for (let i = 0; i < body.length; i += 256 * 1024) yield body.subarray(i, i + 256 * 1024);
      })(),
      headers: { 'content-type': type },
    });
    expectRefused({ status: chunked.status, body: JSON.parse(chunked.body.toString()) }, 'Uploaded file is larger than the allowed limit of 5 MiB');
    expect((await me(realm.member)).avatar_url).toMatch(DEFAULT_URL);
  });

  it('needs credentials', async () => {
    const res = await postAvatar(undefined, [await jpegPart()]);
    expect(res.status).toBe(401);
  });

  it('works under /json with a browser session (and its CSRF token), not with Basic credentials there', async () => {
    const { cookie, csrftoken } = await browser(carol);
    const { body, type } = multipart([await jpegPart()]);
    const res = await rawRequest('POST', '/json/users/me/avatar', { body, headers: { host: realm.host, cookie, 'x-csrftoken': csrftoken, 'content-type': type } });
    expect({ status: res.status, body: JSON.parse(res.body.toString()) }).toEqual({ status: 200, body: { result: 'success', msg: '', avatar_url: expect.stringMatching(UPLOADED_URL) } });
    const basic = await postAvatar(carol, [await jpegPart()], { prefix: '/json' });
    expect([basic.status, basic.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const deleted = await rawRequest('DELETE', '/json/users/me/avatar', { headers: { host: realm.host, cookie, 'x-csrftoken': csrftoken } });
    expect({ status: deleted.status, body: JSON.parse(deleted.body.toString()) }).toEqual({ status: 200, body: { result: 'success', msg: '', avatar_url: expect.stringMatching(DEFAULT_URL) } });
    const basicDelete = await rawRequest('DELETE', '/json/users/me/avatar', { creds: carol });
    expect(basicDelete.status).toBe(401);
  });
});

describe('DELETE /users/me/avatar', () => {
  it('goes back to the default with a new version, and the uploaded images go', async () => {
    const user = realm.moderator;
    const uploaded = (await postAvatar(user, [await jpegPart()])).body.avatar_url as string;
    const version = (await me(user)).avatar_version as number;
    const queue = ok(await realm.member.api.post('/register', { event_types: ['realm_user'] })).queue_id as string;
    const res = ok(await user.api.delete('/users/me/avatar', {}, ENVELOPE));
    expect(res.avatar_url).toMatch(DEFAULT_URL);
    expect(res.avatar_url).toMatch(new RegExp(`\\?version=${version + 1}$`));
    expect(await me(user)).toMatchObject({ avatar_url: res.avatar_url, avatar_version: version + 1 });
    expect((await fetchAnonymously(res.avatar_url)).status).toBe(200);
    expect((await fetchAnonymously(uploaded)).status).toBe(404);
    expect((await fetchAnonymously(medium(uploaded))).status).toBe(404);
    await eventually(async () => {
      const events = await eventsOf(realm.member, queue, 1);
      expect(events.filter((e) => e.person?.user_id === user.user_id && e.person.avatar_source === 'G')).toEqual([
        {
          id: expect.any(Number),
          type: 'realm_user',
          op: 'update',
          person: { user_id: user.user_id, avatar_source: 'G', avatar_url: res.avatar_url, avatar_url_medium: medium(res.avatar_url), avatar_version: version + 1 },
        },
      ]);
    });
    // Deleting again is no error (Zulip's neither): one more version.
    expect(ok(await user.api.delete('/users/me/avatar', {}, ENVELOPE)).avatar_url).toMatch(new RegExp(`\\?version=${version + 2}$`));
  });
});

describe("the realm's avatar_changes_disabled", () => {
  afterAll(async () => {
    ok(await realm.owner.api.patch('/realm', { avatar_changes_disabled: false }, ENVELOPE));
  });

  it('refuses members (upload and delete) but not administrators', async () => {
    ok(await realm.owner.api.patch('/realm', { avatar_changes_disabled: true }, ENVELOPE));
    for (const user of [realm.member, realm.moderator, realm.guest]) {
      const before = (await me(user)).avatar_version;
      expectRefused(await postAvatar(user, [await jpegPart()]), 'Avatar changes are disabled in this organization.');
      const del = await user.api.delete('/users/me/avatar', {}, ENVELOPE);
      expect({ status: del.status, body: del.body }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'Avatar changes are disabled in this organization.' } });
      expect((await me(user)).avatar_version).toBe(before);
    }
    for (const user of [realm.admin, realm.owner]) {
      expect((await postAvatar(user, [await jpegPart()])).status).toBe(200);
      ok(await user.api.delete('/users/me/avatar', {}, ENVELOPE));
    }
    // Another realm's setting is its own.
    expect((await postAvatar(elsewhere.member, [await jpegPart()])).status).toBe(200);
  });
});

describe('GET /avatar/{user_id_or_email} and /avatar/{user_id_or_email}/medium', () => {
  type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
  const redirect = (viewer: TestUser | undefined, path: string) => rawRequest('GET', path, { creds: viewer });
  const medium = (url: string) => url.replace('.png?', '-medium.png?');

  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[])('redirects the %s to a user’s avatar, by ID or API email, and to its medium size', async (role) => {
    const viewer = realm[role];
    for (const target of [realm.member, realm.bot, carol]) {
      const { avatar_url, email } = await userAsSeenBy(viewer, target.user_id);
      for (const [path, expected] of [
        [`/avatar/${target.user_id}`, avatar_url],
        [`/avatar/${encodeURIComponent(email)}`, avatar_url],
        [`/avatar/${target.user_id}/medium`, medium(avatar_url)],
        [`/avatar/${encodeURIComponent(email.toUpperCase())}/medium`, medium(avatar_url)],
      ]) {
        const res = await redirect(viewer, path);
        expect([path, res.status, res.headers.location, res.headers['cache-control']]).toEqual([path, 302, expected, 'no-store']);
      }
    }
  });

  it('follows the avatar the user uploaded, and the redirect leads to the image', async () => {
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { body, type } = multipart([{ filename: 'me.png', type: 'image/png', content: image }]);
    const uploaded = await rawRequest('POST', '/api/v1/users/me/avatar', { creds: carol, body, headers: { 'content-type': type } });
    expect(uploaded.status).toBe(200);
    const res = await redirect(realm.member, `/avatar/${carol.user_id}/medium`);
    expect(res.headers.location).toMatch(/^\/user_avatars\/\d+\/avatars\/[0-9a-f]{40}-medium\.png\?version=\d+$/);
    const got = await fetchAnonymously(res.headers.location!);
    expect([got.status, got.headers['content-type'], pngSize(got.body)]).toEqual([200, 'image/png', { width: 500, height: 500 }]);
  });

  it("appends the request's query to the avatar URL, as Zulip does", async () => {
    const { avatar_url } = await userAsSeenBy(realm.member, realm.owner.user_id);
    expect((await redirect(realm.member, `/avatar/${realm.owner.user_id}?s=50&x=a%20b`)).headers.location).toBe(`${avatar_url}&s=50&x=a+b`);
  });

  it('gives a name that is no user of the realm (another realm’s user included) a default avatar of its own, as Zulip gives a new Gravatar', async () => {
    const stranger = await redirect(realm.member, `/avatar/${elsewhere.member.user_id}`);
    const { avatar_url: theirs } = await userAsSeenBy(elsewhere.owner, elsewhere.member.user_id);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.location).toMatch(DEFAULT_URL);
    expect(stranger.headers.location).not.toBe(theirs);
    const nobody = await redirect(realm.member, '/avatar/nobody%40example.com');
    expect([nobody.status, nobody.headers.location]).toEqual([302, expect.stringMatching(DEFAULT_URL)]);
    expect((await redirect(realm.owner, '/avatar/NOBODY%40example.com')).headers.location).toBe(nobody.headers.location);
    expect((await fetchAnonymously(nobody.headers.location!)).status).toBe(200);
  });

  it('needs credentials (401), and answers 404 for a path that names no avatar', async () => {
    const anonymous = await redirect(undefined, `/avatar/${realm.member.user_id}`);
    expect([anonymous.status, JSON.parse(anonymous.body.toString()).code]).toEqual([401, 'UNAUTHORIZED']);
    const bad = await rawRequest('GET', '/avatar/x/y/z', { creds: realm.member });
    expect([bad.status, JSON.parse(bad.body.toString()).code]).toEqual([404, 'NOT_FOUND']);
  });

  it('takes the API key in the query, for clients that cannot set headers, and never passes it on', async () => {
    const { avatar_url } = await userAsSeenBy(realm.member, realm.owner.user_id);
    // No Authorization header: the key alone, on the realm's host.
    const withKey = (key: string, query = '') => rawRequest('GET', `/avatar/${realm.owner.user_id}?api_key=${encodeURIComponent(key)}${query}`, { headers: hostHeader(realm.member) });
    const res = await withKey(realm.member.api_key, '&s=50');
    expect([res.status, res.headers.location]).toEqual([302, `${avatar_url}&s=50`]);
    expect((await withKey('not-a-key')).status).toBe(401);
  });
});
