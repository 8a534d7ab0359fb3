import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * The Welcome Bot custom message (feature level 416): the realm's welcome_message_custom_text
 * setting (PATCH /realm, realm update_dict event, register), and POST
 * /realm/test_welcome_bot_custom_message, which has Welcome Bot send the text to the
 * administrator who asks.
 */
let realm: TestRealm;
type Json = Record<string, any>;
beforeAll(async () => {
  realm = await createTestRealm('Welcome realm');
});
afterAll(closeFixtures);

const registered = async () => (await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).body.realm_welcome_message_custom_text;

describe('the welcome_message_custom_text setting', () => {
  it('is empty at first, set by administrators, and told to the realm', async () => {
    expect(await registered()).toBe('');
    const queue = (await realm.member.api.post('/register', { event_types: ['realm'] })).body.queue_id as string;
    const res = await realm.admin.api.patch('/realm', { welcome_message_custom_text: 'Read **#rules** first.' }, { contract: 'envelope' });
    expect(res.status).toBe(200);
    expect(await registered()).toBe('Read **#rules** first.');
    const [event] = await eventsOf(realm.member, queue, 1);
    expect(event).toMatchObject({ type: 'realm', op: 'update_dict', property: 'default', data: { welcome_message_custom_text: 'Read **#rules** first.' } });
  });

  it('refuses more than 8000 characters, and non-administrators', async () => {
    const long = await realm.admin.api.patch('/realm', { welcome_message_custom_text: 'x'.repeat(8001) }, { contract: 'envelope' });
    expect([long.status, long.body.code]).toEqual([400, 'BAD_REQUEST']);
    const member = await realm.moderator.api.patch('/realm', { welcome_message_custom_text: 'Hi' }, { contract: 'envelope' });
    expect([member.status, member.body.msg]).toEqual([400, 'Must be an organization administrator']);
    expect(await registered()).toBe('Read **#rules** first.');
  });
});

describe('POST /realm/test_welcome_bot_custom_message', () => {
  it.each(['owner', 'admin'] as const)('has Welcome Bot send the %s the text, and returns its ID', async (role) => {
    const user = realm[role];
    const text = `Welcome, ${role}! See **#rules**.`;
    const res = await user.api.post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: text });
    expect(res.status).toBe(200);
    const id = res.body.message_id as number;
    const { message } = (await user.api.get(`/messages/${id}`)).body as { message: Json };
    expect(message).toMatchObject({ type: 'private', sender_full_name: 'Welcome Bot', content: expect.stringContaining('<strong>#rules</strong>') });
    expect((message.display_recipient as Json[]).map((r) => r.id).sort()).toEqual([message.sender_id, user.user_id].sort());
    expect(message.flags).not.toContain('read');
    // Only the caller and the bot have it.
    expect((await realm.member.api.get(`/messages/${id}`)).status).toBe(400);
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as const)('refuses the %s: "Must be an organization administrator"', async (role) => {
    const res = await realm[role].api.post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'Hi' });
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Must be an organization administrator']);
  });

  it('refuses an empty text and one over 8000 characters', async () => {
    const empty = await realm.admin.api.post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: '' });
    expect([empty.status, empty.body.code, empty.body.msg]).toEqual([400, 'BAD_REQUEST', 'Message must not be empty']);
    const long = await realm.admin.api.post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'x'.repeat(8001) });
    expect([long.status, long.body.msg]).toEqual([400, 'welcome_message_custom_text is too long (limit: 8000 characters)']);
  });
});
