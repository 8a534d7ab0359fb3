import { Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/** Channel folders (feature levels 389, 414): administrators create, rename, archive, order. */
let realm: TestRealm;
let other: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

beforeAll(async () => {
  realm = await createTestRealm('Folders realm');
  other = await createTestRealm('Other folders realm');
});
afterAll(closeFixtures);

async function create(user: TestUser, params: Params = {}) {
  const res = await user.api.post('/channel_folders/create', { name: unique('Folder'), description: 'For *things*', ...params });
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body.channel_folder_id as number;
}

const folders = async (user: TestUser, include = false) => (await user.api.get('/channel_folders', { include_archived: include })).body.channel_folders as Record<string, any>[];

describe('channel folders', () => {
  it('lets administrators create folders that every role reads, in order, and tells the realm', async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['channel_folder'] })).body;
    const id = await create(realm.admin, { name: 'Engineering', description: 'Build <things>' });
    const list = await folders(realm.guest);
    expect(list.find((f) => f.id === id)).toMatchObject({
      name: 'Engineering',
      description: 'Build <things>',
      rendered_description: '<p>Build &lt;things&gt;</p>',
      creator_id: realm.admin.user_id,
      is_archived: false,
      order: expect.any(Number),
      date_created: expect.any(Number),
    });
    const [event] = await eventsOf(realm.member, queue.queue_id, 1, ['add']);
    expect(event).toMatchObject({ type: 'channel_folder', op: 'add', channel_folder: { id, name: 'Engineering' } });
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['channel_folder'] })).body;
    expect(state.channel_folders.map((f: { id: number }) => f.id)).toContain(id);
    expect(await folders(other.admin)).toEqual([]);
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as RoleName[])('refuses %s', async (role) => {
    const id = await create(realm.owner);
    expect((await realm[role].api.post('/channel_folders/create', { name: unique('Nope') })).body.msg).toBe('Must be an organization administrator');
    expect((await realm[role].api.patch(`/channel_folders/${id}`, { name: unique('Nope') })).body.msg).toBe('Must be an organization administrator');
    expect((await realm[role].api.patch('/channel_folders', { order: [id] })).body.msg).toBe('Must be an organization administrator');
  });

  it('refuses bad and duplicate names and long descriptions', async () => {
    await create(realm.admin, { name: 'Taken' });
    const cases: [Params, string][] = [
      [{ name: 'taken' }, "Channel folder name 'taken' already in use"],
      [{ name: '  ' }, "Channel folder name can't be empty."],
      [{ name: 'x'.repeat(61) }, 'Channel folder name cannot exceed 60 characters.'],
      [{ name: 'Bad\u0007Bell' }, 'Invalid character in channel folder name'],
      [{ name: unique('Long'), description: 'd'.repeat(1025) }, 'Channel folder description cannot exceed 1024 characters.'],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.admin.api.post('/channel_folders/create', params);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
  });

  it('renames, redescribes, archives and unarchives, with update events', async () => {
    const id = await create(realm.admin);
    const queue = (await realm.member.api.post('/register', { event_types: ['channel_folder'] })).body;
    const name = unique('Renamed');
    expect((await realm.admin.api.patch(`/channel_folders/${id}`, { name, description: 'New' })).status).toBe(200);
    expect((await realm.admin.api.patch(`/channel_folders/${id}`, { is_archived: true })).status).toBe(200);
    expect((await folders(realm.member)).find((f) => f.id === id)).toBeUndefined();
    expect((await folders(realm.member, true)).find((f) => f.id === id)).toMatchObject({ name, is_archived: true, rendered_description: '<p>New</p>' });
    const events = await eventsOf(realm.member, queue.queue_id, 2, ['update']);
    expect(events.map((e) => e.data)).toEqual([{ name, description: 'New', rendered_description: '<p>New</p>' }, { is_archived: true }]);
    expect((await realm.admin.api.patch(`/channel_folders/${other.realm_id * 100000}`, { name: 'Ghost' })).body.msg).toBe('Invalid channel folder ID');
  });

  it("refuses another realm's folder as nonexistent", async () => {
    const theirs = await create(other.admin);
    expect((await realm.admin.api.patch(`/channel_folders/${theirs}`, { name: 'Mine' })).body.msg).toBe('Invalid channel folder ID');
    expect((await folders(other.admin)).find((f) => f.id === theirs)?.name).not.toBe('Mine');
  });

  it("reorders with exactly the realm's folders", async () => {
    const local = await createTestRealm('Ordered folders');
    const [a, b, c] = [await create(local.admin), await create(local.admin), await create(local.admin)];
    const queue = (await local.member.api.post('/register', { event_types: ['channel_folder'] })).body;
    expect((await local.admin.api.patch('/channel_folders', { order: [c, a, b] })).status).toBe(200);
    expect((await folders(local.member)).map((f) => f.id)).toEqual([c, a, b]);
    const [event] = await eventsOf(local.member, queue.queue_id, 1, ['reorder']);
    expect(event).toMatchObject({ type: 'channel_folder', op: 'reorder', order: [c, a, b] });
    expect((await local.admin.api.patch('/channel_folders', { order: [a, b] })).body.msg).toBe('The order must list every channel folder of the organization exactly once.');
    expect((await local.admin.api.patch('/channel_folders', { order: [a, a, b, c] })).body.msg).toBe('The order must not contain duplicate channel folder IDs.');
  });
});

describe('descriptions', () => {
  it('renders folder and channel descriptions as Markdown, as messages are', async () => {
    const id = await create(realm.admin, { name: unique('Markdown'), description: 'For *things* in #**general**' });
    expect((await folders(realm.member)).find((f) => f.id === id)?.rendered_description).toBe('<p>For <em>things</em> in #<strong>general</strong></p>');
    const channel = (await realm.admin.api.post('/channels/create', { name: unique('Described'), description: 'See **this**', subscribers: [] })).body.id;
    expect((await realm.member.api.get(`/streams/${channel}`)).body.stream.rendered_description).toBe('<p>See <strong>this</strong></p>');
    expect((await realm.admin.api.patch(`/streams/${channel}`, { description: 'Now `code`' })).status).toBe(200);
    expect((await realm.member.api.get(`/streams/${channel}`)).body.stream.rendered_description).toBe('<p>Now <code>code</code></p>');
  });
});
