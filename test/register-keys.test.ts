import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { baseUrl } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm } from './support/fixtures';
import { ok } from './support/responses';
import { SPEC_FILE } from './support/openapi';

/**
 * POST /register is complete: every key the reference documents for the register response is
 * there for a modern client that asks for every event type (no fetch_event_types), except
 * the keys of features still to be built, listed below (each with the issue that builds it);
 * the list may only shrink. Keys for clients without user_settings_object are legacy and come
 * only to them (settings.test.ts covers those).
 */
type Json = Record<string, any>;

/** Keys of features not built yet (issue #28 unless said), and keys a modern client is never sent. */
const NOT_YET: ReadonlySet<string> = new Set([]);
const NEVER_FOR_MODERN: ReadonlySet<string> = new Set([
  // Only in an error-free register that reports unknown parameters, and only for demo organizations.
  'ignored_parameters_unsupported',
  'demo_organization_scheduled_deletion_date',
]);

let realm: TestRealm;
const MODERN = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: true,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  simplified_presence_events: true,
};

beforeAll(async () => {
  realm = await createTestRealm('Register keys realm');
});
afterAll(closeFixtures);

/**
 * The register response's documented keys with their descriptions, less the personal settings
 * register sends at the top level only to clients without user_settings_object.
 */
function documentedKeys(): Map<string, string> {
  const spec = YAML.parse(readFileSync(SPEC_FILE, 'utf8'));
  const resolve = (s: Json): Json =>
    s.$ref
      ? resolve(
          s.$ref
            .split('/')
            .slice(1)
            .reduce((o: Json, k: string) => o[k], spec),
        )
      : s;
  const props = new Map<string, string>();
  const collect = (s: Json) => {
    const r = resolve(s);
    for (const part of r.allOf ?? []) collect(part);
    for (const [k, v] of Object.entries(r.properties ?? {})) props.set(k, String(resolve(v as Json).description ?? ''));
  };
  collect(spec.paths['/register'].post.responses['200'].content['application/json'].schema);
  const settings = resolve(resolve(spec.components.schemas.register_queue_200_response_allOf_user_settings ?? {}));
  for (const key of Object.keys(settings.properties ?? {})) props.delete(key);
  return props;
}

describe('POST /register keys', () => {
  it('has every documented key for a modern client asking for everything, but those of features still to come', async () => {
    const state = ok(await realm.member.api.post('/register', { client_capabilities: MODERN }));
    const missing = [...documentedKeys().keys()].filter((key) => !(key in state) && !NEVER_FOR_MODERN.has(key));
    expect(missing.filter((k) => !NOT_YET.has(k))).toEqual([]);
    // A key that arrived leaves the list.
    expect([...NOT_YET].filter((k) => k in state)).toEqual([]);
  });

  it('gives the values of what Parley does not run as a Zulip server without it', async () => {
    const state = ok(
      await realm.member.api.post('/register', {
        fetch_event_types: ['realm', 'onboarding_steps', 'realm_domains', 'realm_embedded_bots', 'realm_incoming_webhook_bots', 'stop_words', 'video_calls', 'giphy', 'realm_billing'],
        client_capabilities: MODERN,
      }),
    );
    expect(state).toMatchObject({
      onboarding_steps: [],
      navigation_tour_video_url: null,
      realm_domains: [],
      realm_embedded_bots: [],
      realm_incoming_webhook_bots: [],
      has_zoom_token: false,
      giphy_api_key: '',
      realm_billing: { has_pending_sponsorship_request: false },
      // SEND_DIGEST_EMAILS is on (the default) for the Parley under test.
      settings_send_digest_emails: true,
      zulip_plan_is_not_limited: true,
      password_min_guesses: 10000,
      realm_welcome_message_custom_text: '',
      realm_require_e2ee_push_notifications: false,
      server_min_deactivated_realm_deletion_days: 14,
      server_max_deactivated_realm_deletion_days: null,
    });
    expect(state.stop_words).toEqual(expect.arrayContaining(['the', 'and', 'because']));
    // Zulip's thumbnail formats, in its order (the first of an image's kind is the one messages show).
    expect(state.server_thumbnail_formats).toEqual([
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
      { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
      { name: '300x200-anim.webp', max_width: 300, max_height: 200, format: 'webp', animated: true },
      { name: '300x200.webp', max_width: 300, max_height: 200, format: 'webp', animated: false },
      { name: '300x200.jpg', max_width: 300, max_height: 200, format: 'jpg', animated: false },
    ]);
    expect(Object.keys(state.giphy_rating_options)).toEqual(['disabled', 'y', 'g', 'pg', 'pg-13', 'r']);
    // Only what was asked for.
    expect(ok(await realm.member.api.post('/register', { fetch_event_types: ['message'] }))).not.toHaveProperty('stop_words');
  });

  it('derives the deprecated policies from the group settings, as Zulip does', async () => {
    const local = await createTestRealm('Legacy policies realm');
    const sys = await systemGroupIds(local.realm_id);
    const policies = async () => {
      const s = ok(await local.member.api.post('/register', { fetch_event_types: ['realm'] }));
      return [s.realm_create_public_stream_policy, s.realm_create_private_stream_policy, s.realm_create_web_public_stream_policy, s.realm_wildcard_mention_policy];
    };
    const set = async (settings: Json) => ok(await local.owner.api.patch('/realm', settings, { contract: 'envelope' }));
    await set({
      can_create_public_channel_group: { new: sys['role:fullmembers'] },
      can_create_private_channel_group: { new: sys['role:administrators'] },
      can_create_web_public_channel_group: { new: sys['role:owners'] },
      can_mention_many_users_group: { new: sys['role:moderators'] },
    });
    expect(await policies()).toEqual([3, 2, 7, 7]);
    // What the old enums cannot say: the largest group they could (members; moderators for web-public; everyone for mentions).
    await set({
      can_create_public_channel_group: { new: { direct_members: [local.member.user_id], direct_subgroups: [] } },
      can_create_private_channel_group: { new: { direct_members: [], direct_subgroups: [sys['role:moderators']] } },
      can_create_web_public_channel_group: { new: sys['role:members'] },
      can_mention_many_users_group: { new: { direct_members: [], direct_subgroups: [sys['role:members']] } },
    });
    expect(await policies()).toEqual([1, 1, 4, 1]);
  });

  it('serves the emoji data at server_emoji_data_url, cached for good, to anyone', async () => {
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    // The realm's URL (under a test system's IP address, a subdomain realm's host is no valid URL host).
    const [, path] = /^https?:\/\/[^/]+(\/.*)$/.exec(state.server_emoji_data_url)!;
    const res = await fetch(`${baseUrl()}${path}`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'application/json', 'public, max-age=31536000, immutable']);
    const data = (await res.json()) as { code_to_names: Record<string, string[]> };
    expect(data.code_to_names['1f419']).toEqual(['octopus']);
    // Zulip's names, canonical first, aliases after; not emoji-datasource's ('thumbsup').
    expect(data.code_to_names['1f44d']).toEqual(['+1', 'thumbs_up', 'like']);
    expect(data.code_to_names['1f642']).toEqual(['smile']);
    expect(data.code_to_names['1f947']).toEqual(['first_place', 'gold', 'number_one']);
    expect((await fetch(`${baseUrl()}/static/generated/emoji/emoji_api.0000.json`)).status).toBe(404);
  });
});
