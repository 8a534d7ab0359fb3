import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';

/**
 * How channels follow the users service's announcements: a deactivated user stops counting
 * as a subscriber (peer_remove) and counts again once reactivated (peer_add), keeping their
 * subscriptions and personal settings. (Default channels for new users: channels-read.test.ts.)
 */
let realm: TestRealm;
beforeAll(async () => {
  realm = await createTestRealm('Channel users realm');
});
afterAll(closeFixtures);

const members = async (id: number) => (await realm.admin.api.get(`/streams/${id}/members`)).body.subscribers as number[];

describe('deactivating and reactivating a subscriber', () => {
  it('drops them from subscriber lists with peer_remove, and restores them with peer_add', async () => {
    const leaver = await realm.addUser({ name: 'Lea Leaver' });
    const id = (
      await realm.admin.api.post('/channels/create', {
        name: 'Coming and going',
        subscribers: [realm.admin.user_id, realm.member.user_id, leaver.user_id],
      })
    ).body.id as number;
    expect((await leaver.api.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: id, property: 'color', value: '#123456' }] })).status).toBe(200);
    const queue = (await realm.member.api.post('/register', { event_types: ['subscription'] })).body;

    expect((await realm.admin.api.delete(`/users/${leaver.user_id}`)).status).toBe(200);
    await eventually(async () => expect(await members(id)).toEqual([realm.admin.user_id, realm.member.user_id].sort((a, b) => a - b)));
    const [removed] = await eventsOf(realm.member, queue.queue_id, 1, ['peer_remove']);
    expect(removed).toMatchObject({ type: 'subscription', op: 'peer_remove', stream_ids: [id], user_ids: [leaver.user_id] });
    expect((await realm.member.api.get(`/streams/${id}`)).body.stream.subscriber_count).toBe(2);

    expect((await realm.admin.api.post(`/users/${leaver.user_id}/reactivate`)).status).toBe(200);
    await eventually(async () => expect(await members(id)).toContain(leaver.user_id));
    const [added] = await eventsOf(realm.member, queue.queue_id, 1, ['peer_add']);
    expect(added).toMatchObject({ type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [leaver.user_id] });
    // Their subscription, and its personal settings, were kept.
    const mine = (await leaver.api.get('/users/me/subscriptions')).body.subscriptions as { stream_id: number; color: string }[];
    expect(mine.find((s) => s.stream_id === id)?.color).toBe('#123456');
  });
});

describe("changing a user's role", () => {
  it('tells a guest made a member of the public channels, and an administrator made a member of the private ones they lose', async () => {
    const pub = (await realm.owner.api.post('/channels/create', { name: 'Open to members', subscribers: [realm.owner.user_id] })).body.id as number;
    const priv = (await realm.owner.api.post('/channels/create', { name: 'Owners corner', subscribers: [realm.owner.user_id], invite_only: true })).body.id as number;
    const guest = await realm.addUser({ role: 600, name: 'Gil Guest' });
    const admin = await realm.addUser({ role: 200, name: 'Abe Admin' });
    const guestQueue = (await guest.api.post('/register', { event_types: ['stream'] })).body;
    const adminQueue = (await admin.api.post('/register', { event_types: ['stream'] })).body;
    expect((await guest.api.get(`/streams/${pub}`)).body.msg).toBe('Invalid channel ID');
    expect((await admin.api.get(`/streams/${priv}`)).status).toBe(200);

    expect((await realm.owner.api.patch(`/users/${guest.user_id}`, { role: 400 })).status).toBe(200);
    expect((await realm.owner.api.patch(`/users/${admin.user_id}`, { role: 400 })).status).toBe(200);

    const [created] = await eventsOf(guest, guestQueue.queue_id, 1, ['create']);
    expect(created.streams.map((s: { stream_id: number }) => s.stream_id)).toContain(pub);
    expect(created.streams.map((s: { stream_id: number }) => s.stream_id)).not.toContain(priv);
    const [deleted] = await eventsOf(admin, adminQueue.queue_id, 1, ['delete']);
    expect(deleted).toMatchObject({ type: 'stream', op: 'delete', stream_ids: [priv] });
    expect((await guest.api.get(`/streams/${pub}`)).status).toBe(200);
    expect((await admin.api.get(`/streams/${priv}`)).body.msg).toBe('Invalid channel ID');
  });
});
