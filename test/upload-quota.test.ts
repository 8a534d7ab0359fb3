import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { ok } from './support/responses';
import { uploadFile } from './support/uploads';
import { OwnParley, startOwnParley } from './support/own-parley';
import { bytes, create, json, patch } from './support/tus';

jest.setTimeout(60_000);

/**
 * The bound on one user's uploads in all (MAX_UPLOAD_MIB_PER_USER, 1 MiB in this Parley of
 * its own): an upload past it is refused in Zulip's envelope, by POST /user_uploads and by
 * tus (at creation when its length cannot fit, else at its last PATCH), and nothing of it is kept; other users have their own room; a
 * deleted upload makes room again.
 */
let own: OwnParley;
let realm: TestRealm;
const KIB = 1024;
const QUOTA_MSG = 'Upload would exceed your upload quota (1 MiB in all). Delete some of your uploads to make room.';

beforeAll(async () => {
  own = await startOwnParley('quota', { MAX_UPLOAD_MIB_PER_USER: '1' });
  own.adopt();
  realm = await createTestRealm('Quota realm');
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
