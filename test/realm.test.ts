import { Params } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * PATCH /realm: the realm settings other capabilities depend on, their events and state.
 * Zulip's OpenAPI file does not document this endpoint: its responses are checked as an
 * envelope, and its events against the reference's realm event schemas.
 */
const ENVELOPE = { contract: 'envelope' as const };
let realm: TestRealm;
let other: TestRealm;
let groups: Record<string, number>;
let otherGroups: Record<string, number>;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';

beforeAll(async () => {
  realm = await createTestRealm('Realm to tune');
  other = await createTestRealm('Other realm');
  groups = await systemGroupIds(realm.realm_id);
  otherGroups = await systemGroupIds(other.realm_id);
});
afterAll(closeFixtures);

const state = async (user: TestUser) => (await user.api.post('/register', { fetch_event_types: ['realm'] })).body;

describe('PATCH /realm', () => {
  it('changes settings of each kind; register and the realm update_dict event report them', async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['realm'] })).body;
    const res = await realm.admin.api.patch(
      '/realm',
      {
        name: 'Tuned Realm',
        allow_message_editing: false,
        message_content_edit_limit_seconds: 'unlimited',
        move_messages_within_stream_limit_seconds: 3600,
        waiting_period_threshold: 3,
        can_create_groups: { new: groups['role:moderators'], old: groups['role:members'] },
        can_mention_many_users_group: { new: { direct_members: [realm.member.user_id], direct_subgroups: [groups['role:administrators']] } },
        message_retention_days: 30,
      },
      ENVELOPE,
    );
    expect(res.status).toBe(200);
    expect(await state(realm.member)).toMatchObject({
      realm_name: 'Tuned Realm',
      realm_allow_message_editing: false,
      realm_message_content_edit_limit_seconds: null,
      realm_move_messages_within_stream_limit_seconds: 3600,
      realm_waiting_period_threshold: 3,
      realm_can_create_groups: groups['role:moderators'],
      realm_message_retention_days: 30,
      realm_can_mention_many_users_group: { direct_members: [realm.member.user_id], direct_subgroups: [groups['role:administrators']] },
    });
    const events = await eventsOf(realm.member, queue.queue_id, 2);
    expect(events[0]).toEqual({
      id: 0,
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: {
        name: 'Tuned Realm',
        allow_message_editing: false,
        message_content_edit_limit_seconds: null,
        move_messages_within_stream_limit_seconds: 3600,
        waiting_period_threshold: 3,
        can_create_groups: groups['role:moderators'],
        can_mention_many_users_group: { direct_members: [realm.member.user_id], direct_subgroups: [groups['role:administrators']] },
      },
    });
    expect(events[1]).toEqual({ id: 1, type: 'realm', op: 'update', property: 'message_retention_days', value: 30 });
    expect(
      (
        await realm.member.api.get(
          '/server_settings',
          {},
          {
            headers: { host: `${realm.subdomain}.${new URL(process.env.PARLEY_TEST_URL!).host}` },
          },
        )
      ).body.realm_name,
    ).toBe('Tuned Realm');
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as RoleName[])('refuses %s', async (role) => {
    const res = await realm[role].api.patch('/realm', { name: 'Hijacked' }, ENVELOPE);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
  });

  it('keeps owner-only settings to owners', async () => {
    const change = { can_create_web_public_channel_group: { new: groups['role:administrators'] } };
    expect((await realm.admin.api.patch('/realm', change, ENVELOPE)).body.msg).toBe('Must be an organization owner');
    expect((await realm.owner.api.patch('/realm', change, ENVELOPE)).status).toBe(200);
  });

  it('refuses invalid values, and changes nothing', async () => {
    const cases: [Params, string][] = [
      [{ name: '' }, 'Invalid name'],
      [{ name: 'x'.repeat(41) }, 'Invalid name'],
      [{ video_chat_provider: 2 }, 'Invalid video_chat_provider'],
      [{ default_language: 'xx' }, 'Invalid default_language'],
      [{ topics_policy: 'empty_topic_only' }, 'Invalid topics_policy'],
      [{ message_content_edit_limit_seconds: 'forever' }, 'Invalid message_content_edit_limit_seconds'],
      [{ message_retention_days: 'forever' }, 'Invalid message_retention_days'],
      [{ message_retention_days: 0 }, 'Invalid message_retention_days'],
      [{ can_create_groups: groups['role:members'] }, 'can_create_groups must be {"new": ..., "old": ...}'],
      [{ can_create_groups: { new: otherGroups['role:members'] } }, `Invalid user group ID: ${otherGroups['role:members']}`],
      [{ can_create_groups: { new: groups['role:everyone'] } }, "'can_create_groups' setting cannot be set to 'role:everyone' group."],
      [{ can_mention_many_users_group: { new: groups['role:internet'] } }, "'can_mention_many_users_group' setting cannot be set to 'role:internet' group."],
      [{ can_create_groups: { new: { direct_members: [other.member.user_id], direct_subgroups: [] } } }, `Invalid user ID: ${other.member.user_id}`],
      [{ can_create_groups: { new: groups['role:owners'], old: groups['role:everyone'] } }, "'old' value does not match the expected value."],
      [{ moderation_request_channel_id: 12345 }, 'Invalid channel ID'],
      [{ allow_message_editing: 'no' }, 'Argument "allow_message_editing" is not valid JSON.'],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.owner.api.patch('/realm', { ...params, description: 'should not stick' }, ENVELOPE);
      expect([JSON.stringify(params), res.status, res.body.msg]).toEqual([JSON.stringify(params), 400, msg]);
    }
    expect((await state(realm.owner)).realm_description).not.toBe('should not stick');
  });

  it('takes -1 for "no channel" and accepts the everyone group where guests may hold the permission', async () => {
    const res = await realm.admin.api.patch(
      '/realm',
      {
        moderation_request_channel_id: -1,
        can_resolve_topics_group: { new: groups['role:everyone'] },
      },
      ENVELOPE,
    );
    expect(res.status).toBe(200);
    expect(await state(realm.admin)).toMatchObject({ realm_moderation_request_channel_id: -1, realm_can_resolve_topics_group: groups['role:everyone'] });
  });

  it('takes channels of the realm for the announcement and moderation channels', async () => {
    const create = async (name: string, invite_only: boolean, by = realm.admin) => (await by.api.post('/channels/create', { name, subscribers: [by.user_id], invite_only })).body.id as number;
    const announcements = await create('Announcements here', false);
    const moderation = await create('Moderation here', true);
    const theirs = await create('Not yours', false, other.admin);
    const res = await realm.admin.api.patch('/realm', { new_stream_announcements_stream_id: announcements, moderation_request_channel_id: moderation }, ENVELOPE);
    expect(res.status).toBe(200);
    expect(await state(realm.admin)).toMatchObject({ realm_new_stream_announcements_stream_id: announcements, realm_moderation_request_channel_id: moderation });
    const refusals: [Record<string, number>, string][] = [
      [{ signup_announcements_stream_id: theirs }, 'Invalid channel ID'],
      [{ zulip_update_announcements_stream_id: 987654321 }, 'Invalid channel ID'],
      [{ moderation_request_channel_id: announcements }, 'Moderation request channel must be private.'],
    ];
    for (const [params, msg] of refusals) {
      const refused = await realm.admin.api.patch('/realm', params, ENVELOPE);
      expect([JSON.stringify(params), refused.status, refused.body.msg]).toEqual([JSON.stringify(params), 400, msg]);
    }
    // The moderation channel stays private.
    const made = await realm.admin.api.patch(`/streams/${moderation}`, { is_private: false });
    expect([made.status, made.body.msg]).toEqual([400, 'A moderation request channel cannot be public.']);
  });

  it('does not touch another realm', async () => {
    await realm.admin.api.patch('/realm', { description: 'Only here' }, ENVELOPE);
    expect((await state(other.admin)).realm_description).toBe('');
  });
});
