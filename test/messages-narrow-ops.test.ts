import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * Narrow-wide operations on messages: GET /messages/matches_narrow (which messages a narrow
 * matches, with highlights; unreadable messages never match) and POST /messages/flags/narrow
 * (one flag change over a window of a narrow, with its counts).
 */
let realm: TestRealm;
let open: number;
let secret: number;
const ids: Record<string, number> = {};
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Narrow ops realm');
  open = (await realm.admin.api.post('/channels/create', { name: 'Open', subscribers: [realm.admin.user_id, realm.member.user_id] })).body.id;
  secret = (await realm.admin.api.post('/channels/create', { name: 'Secret', subscribers: [realm.admin.user_id], invite_only: true })).body.id;
  const send = async (key: string, to: number, topic: string, content: string) => {
    const res = await realm.admin.api.post('/messages', { type: 'stream', to, topic, content });
    expect(res.status).toBe(200);
    ids[key] = res.body.id;
  };
  await send('lunch', open, 'food', 'Lunch is at noon');
  await send('dinner', open, 'food', 'Dinner is <b>late</b>');
  await send('other', open, 'work', 'Nothing about food here');
  await send('hidden', secret, 'food', 'Secret lunch plans');
});
afterAll(closeFixtures);

const narrow = (...terms: [string, string | number][]) => JSON.stringify(terms.map(([operator, operand]) => ({ operator, operand })));

describe('GET /messages/matches_narrow', () => {
  it('keys the matching messages by ID, with search highlights', async () => {
    const res = await realm.member.api.get('/messages/matches_narrow', {
      msg_ids: JSON.stringify([ids.lunch, ids.dinner, ids.other]),
      narrow: narrow(['search', 'lunch']),
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.messages)).toEqual([String(ids.lunch)]);
    expect(res.body.messages[ids.lunch]).toEqual({ match_content: '<p><span class="highlight">Lunch</span> is at noon</p>', match_subject: 'food' });
  });

  it('gives the message itself without a search, and the topic escaped', async () => {
    const res = await realm.member.api.get('/messages/matches_narrow', { msg_ids: JSON.stringify([ids.dinner, ids.other]), narrow: narrow(['topic', 'food']) });
    expect(res.body.messages).toEqual({ [ids.dinner]: { match_content: '<p>Dinner is &lt;b&gt;late&lt;/b&gt;</p>', match_subject: 'food' } });
  });

  it('never matches a message the caller may not read', async () => {
    const res = await realm.member.api.get('/messages/matches_narrow', { msg_ids: JSON.stringify([ids.hidden, ids.lunch]), narrow: narrow(['topic', 'food']) });
    expect(Object.keys(res.body.messages)).toEqual([String(ids.lunch)]);
  });

  it('refuses a bad narrow and bad IDs', async () => {
    const bad = await realm.member.api.get('/messages/matches_narrow', { msg_ids: JSON.stringify([ids.lunch]), narrow: narrow(['channel', 'Nowhere']) });
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_NARROW']);
    const missing = await realm.member.api.get('/messages/matches_narrow', { narrow: '[]' });
    expect([missing.status, missing.body.code]).toEqual([400, 'REQUEST_VARIABLE_MISSING']);
  });
});

describe('POST /messages/flags/narrow', () => {
  it('stars the window of a narrow, counting what it processed and changed', async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['update_message_flags'] })).body.queue_id as string;
    const res = await realm.member.api.post('/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow: narrow(['channel', open], ['topic', 'food']),
      op: 'add',
      flag: 'starred',
    });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids.lunch,
      last_processed_id: ids.dinner,
      found_oldest: true,
      found_newest: true,
    });
    const [event] = await eventsOf(realm.member, queue, 1);
    expect(event).toMatchObject({ type: 'update_message_flags', op: 'add', flag: 'starred', messages: [ids.lunch, ids.dinner] });
    const again = await realm.member.api.post('/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow: narrow(['channel', open], ['topic', 'food']),
      op: 'add',
      flag: 'starred',
    });
    expect([again.body.processed_count, again.body.updated_count]).toEqual([2, 0]);
    const starred = await realm.member.api.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: narrow(['is', 'starred']) });
    expect((starred.body.messages as Json[]).map((m) => m.id)).toEqual([ids.lunch, ids.dinner]);
  });

  it('marks unread only where the user is subscribed, naming the channels it skipped', async () => {
    const outsider = realm.other;
    await realm.member.api.post('/messages/flags', { messages: JSON.stringify([ids.lunch]), op: 'add', flag: 'read' });
    const res = await realm.member.api.post('/messages/flags/narrow', {
      anchor: String(ids.lunch),
      include_anchor: true,
      num_before: 0,
      num_after: 0,
      narrow: '[]',
      op: 'remove',
      flag: 'read',
    });
    expect([res.body.processed_count, res.body.updated_count, res.body.ignored_because_not_subscribed_channels]).toEqual([1, 1, []]);
    // Another member reads the public channel's history without being subscribed.
    await outsider.api.post('/messages/flags', { messages: JSON.stringify([ids.other]), op: 'add', flag: 'read' });
    const skipped = await outsider.api.post('/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow: narrow(['channel', open]),
      op: 'remove',
      flag: 'read',
    });
    expect([skipped.body.processed_count, skipped.body.updated_count, skipped.body.ignored_because_not_subscribed_channels]).toEqual([3, 0, [open]]);
  });

  it('refuses flags clients may not change', async () => {
    const res = await realm.member.api.post('/messages/flags/narrow', { anchor: 'newest', num_before: 5, num_after: 0, narrow: '[]', op: 'add', flag: 'mentioned' });
    expect([res.status, res.body.msg]).toEqual([400, "Flag not editable: 'mentioned'"]);
  });
});

describe('topic_links of fetched messages', () => {
  it("applies the realm's linkifiers to topics", async () => {
    const added = await realm.admin.api.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' });
    expect(added.status).toBe(200);
    const id = (await realm.admin.api.post('/messages', { type: 'stream', to: open, topic: 'bug #42', content: 'see topic' })).body.id as number;
    const fetched = await realm.member.api.get('/messages', { anchor: String(id), num_before: 0, num_after: 0 });
    expect(fetched.body.messages[0].topic_links).toEqual([{ text: '#42', url: 'https://tracker.example/42' }]);
    expect((await realm.member.api.get(`/messages/${id}`)).body.message.topic_links).toEqual([{ text: '#42', url: 'https://tracker.example/42' }]);
  });
});
