import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { ok } from './support/responses';
import { multipart, rawRequest, uploadFile } from './support/uploads';
import { OwnParley, startOwnParley } from './support/own-parley';
import { bytes, create, json, patch } from './support/tus';

jest.setTimeout(60_000);

/**
 * The uploads service's bounds, each far lower in this Parley of its own than its default (a
 * configuration the shared Parley cannot have): the bytes of one user's uploads in all
 * (MAX_UPLOAD_MIB_PER_USER, 1 MiB here) and their number (MAX_UPLOADS_PER_USER, 4), and the
 * custom emoji a realm makes (MAX_CUSTOM_EMOJI_PER_REALM, 6). An upload past its user's
 * bounds is refused in Zulip's envelope, by POST /user_uploads and by tus (at creation when it
 * cannot fit, else at its last PATCH), and nothing of it is kept; other users have their own
 * room; a deleted upload makes room again. Uploads and emoji sent at once never pass a bound
 * together (the locks they are counted under are raced directly in
 * services/uploads/src/domain/bounds.db.test.ts).
 */
let own: OwnParley;
let realm: TestRealm;
/** A realm of its own for the number bounds, whose users' bytes stay far from 1 MiB. */
let counted: TestRealm;
const KIB = 1024;
const QUOTA_MSG = 'Upload would exceed your upload quota (1 MiB in all). Delete some of your uploads to make room.';
const COUNT_MSG = 'Upload would exceed your limit of 4 uploads. Delete some of your uploads to make room.';
const EMOJI_MSG = 'This organization has reached its limit of 6 custom emoji (deactivated ones included).';
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  own = await startOwnParley('quota', { MAX_UPLOAD_MIB_PER_USER: '1', MAX_UPLOADS_PER_USER: '4', MAX_CUSTOM_EMOJI_PER_REALM: '6' });
  own.adopt();
  realm = await createTestRealm('Quota realm');
  counted = await createTestRealm('Count realm');
});

afterAll(async () => {
  await closeFixtures();
  await own?.stop();
});

/** The files of the folder store (the uploads of this Parley), by name (each has a `.json` of its metadata beside it). */
const storedFiles = (): string[] =>
  readdirSync(join(own.env.PARLEY_DATA_DIR!, 'uploads'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.json'))
    .map((e) => e.name);

const attachmentsOf = async (user: TestRealm['member']) => ok(await user.api.get('/attachments')).attachments as { id: number; name: string; size: number }[];

describe('MAX_UPLOAD_MIB_PER_USER', () => {
  it('refuses an upload past the bound with its message, keeps nothing of it, and takes it again once there is room', async () => {
    const first = await uploadFile(realm.member, { filename: 'first.bin', type: 'application/octet-stream', content: bytes(700 * KIB) });
    expect(first.status).toBe(200);
    const second = await uploadFile(realm.member, { filename: 'second.bin', type: 'application/octet-stream', content: bytes(400 * KIB) });
    expect({ status: second.status, body: second.body }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: QUOTA_MSG } });
    expect((await attachmentsOf(realm.member)).map((a) => a.name)).toEqual(['first.bin']);
    expect(storedFiles()).toEqual(['first.bin']);
    // Up to the bound exactly is allowed.
    const fits = await uploadFile(realm.member, { filename: 'fits.bin', type: 'application/octet-stream', content: bytes(1024 * KIB - 700 * KIB) });
    expect(fits.status).toBe(200);
    // Another user's room is their own.
    expect((await uploadFile(realm.admin, { filename: 'admins.bin', type: 'application/octet-stream', content: bytes(400 * KIB) })).status).toBe(200);
    // Deleting an upload makes room.
    const { id } = (await attachmentsOf(realm.member)).find((a) => a.name === 'first.bin')!;
    ok(await realm.member.api.delete(`/attachments/${id}`));
    expect((await uploadFile(realm.member, { filename: 'second.bin', type: 'application/octet-stream', content: bytes(400 * KIB) })).status).toBe(200);
  });

  it('refuses a resumable upload at its creation when it cannot fit, else at its last PATCH, in the envelope, keeping nothing', async () => {
    expect(await attachmentsOf(realm.moderator)).toEqual([]);
    // Created while it fits; then another upload takes the room; its last PATCH is refused.
    const file = bytes(600 * KIB);
    const created = await create(realm.moderator, file.length, 'too-much.bin');
    expect(created.status).toBe(201);
    expect((await uploadFile(realm.moderator, { filename: 'small.bin', type: 'application/octet-stream', content: bytes(600 * KIB) })).status).toBe(200);
    const last = await patch(realm.moderator, created.headers.location!, 0, file);
    expect([last.status, json(last)]).toEqual([400, { result: 'error', code: 'BAD_REQUEST', msg: QUOTA_MSG }]);
    expect((await attachmentsOf(realm.moderator)).map((a) => a.name)).toEqual(['small.bin']);
    expect(storedFiles().filter((name) => name === 'too-much.bin')).toEqual([]);
    // A file that cannot fit is refused at its creation, before a byte is sent.
    const hopeless = await create(realm.moderator, 500 * KIB, 'hopeless.bin');
    expect([hopeless.status, json(hopeless)]).toEqual([400, { result: 'error', code: 'BAD_REQUEST', msg: QUOTA_MSG }]);
  });

  it('counts two uploads at once against the bound together: one of them is refused', async () => {
    const [a, b] = await Promise.all(['one.bin', 'two.bin'].map((filename) => uploadFile(realm.guest, { filename, type: 'application/octet-stream', content: bytes(600 * KIB) })));
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(await attachmentsOf(realm.guest)).toHaveLength(1);
  });
});

describe('MAX_UPLOADS_PER_USER', () => {
  const small = (filename: string) => ({ filename, type: 'text/plain', content: filename });

  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[])('refuses the %s a fifth upload with its message, keeping nothing of it', async (role) => {
    const user = counted[role];
    for (let i = 1; i <= 4; i++) expect((await uploadFile(user, small(`${role}-${i}.txt`))).status).toBe(200);
    const refused = await uploadFile(user, small(`${role}-5.txt`));
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: COUNT_MSG } });
    expect((await attachmentsOf(user)).map((a) => a.name).sort()).toEqual([1, 2, 3, 4].map((i) => `${role}-${i}.txt`));
    expect(storedFiles().filter((name) => name === `${role}-5.txt`)).toEqual([]);
    // tus refuses the creation at once, before a byte is sent.
    const created = await create(user, 10, `${role}-tus.bin`);
    expect([created.status, json(created)]).toEqual([400, { result: 'error', code: 'BAD_REQUEST', msg: COUNT_MSG }]);
  });

  it('takes an upload again once one is deleted', async () => {
    const { id } = (await attachmentsOf(counted.member)).find((a) => a.name === 'member-1.txt')!;
    ok(await counted.member.api.delete(`/attachments/${id}`));
    expect((await uploadFile(counted.member, small('member-again.txt'))).status).toBe(200);
    expect((await uploadFile(counted.member, small('member-over.txt'))).status).toBe(400);
  });

  it('takes ten uploads at once as far as the bound: exactly four pass', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => uploadFile(counted.other, small(`race-${i}.txt`))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.msg === COUNT_MSG)).toBe(true);
    expect(await attachmentsOf(counted.other)).toHaveLength(4);
  });
});

describe('MAX_CUSTOM_EMOJI_PER_REALM', () => {
  const addEmoji = async (user: TestRealm['member'], name: string) => {
    const { body, type } = multipart([{ filename: 'img.png', type: 'image/png', content: PNG }]);
    const res = await rawRequest('POST', `/api/v1/realm/emoji/${name}`, { creds: user, body, headers: { 'content-type': type, 'content-length': String(body.length) } });
    return { status: res.status, body: JSON.parse(res.body.toString('utf8')) as Record<string, unknown> };
  };
  const emojiCount = async () => Object.keys(ok(await counted.owner.api.get('/realm/emoji')).emoji as object).length;

  it('takes ten emoji added at once as far as the bound: exactly the six that fit pass', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => addEmoji(counted.member, `race_${i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 400, 400, 400, 400]);
    expect(results.filter((r) => r.status === 400).map((r) => r.body)).toEqual(Array(4).fill({ result: 'error', code: 'BAD_REQUEST', msg: EMOJI_MSG }));
    expect(await emojiCount()).toBe(6);
  });

  it.each(['owner', 'admin', 'moderator', 'member'] as RoleName[])('refuses the %s one more with its message', async (role) => {
    expect(await addEmoji(counted[role], `one_more_${role}`)).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: EMOJI_MSG } });
    expect(await emojiCount()).toBe(6);
  });

  it('counts deactivated emoji: deactivating one makes no room', async () => {
    // A deactivated emoji stays, for the messages that show it, and in every realm_emoji event.
    const [first] = Object.values(ok(await counted.owner.api.get('/realm/emoji')).emoji as Record<string, { name: string }>);
    ok(await counted.admin.api.delete(`/realm/emoji/${first.name}`));
    expect(await addEmoji(counted.member, 'after_deactivation')).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: EMOJI_MSG } });
  });
});
