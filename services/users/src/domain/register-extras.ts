import { emojiApiData, serverThumbnailFormats } from '@parley/common';

/**
 * Parts of POST /register's state for what Parley does not run (Zulip's values for a server
 * where it is not configured), and the realm's deprecated policies derived from its group
 * settings, for clients that still read them.
 */

/**
 * The words full-text search ignores: PostgreSQL's 'english' configuration (its
 * tsearch_data/english.stop), which search runs on (services/messages/src/domain/narrow/search.ts).
 */
const STOP_WORDS: readonly string[] = [
  'i',
  'me',
  'my',
  'myself',
  'we',
  'our',
  'ours',
  'ourselves',
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  'he',
  'him',
  'his',
  'himself',
  'she',
  'her',
  'hers',
  'herself',
  'it',
  'its',
  'itself',
  'they',
  'them',
  'their',
  'theirs',
  'themselves',
  'what',
  'which',
  'who',
  'whom',
  'this',
  'that',
  'these',
  'those',
  'am',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'have',
  'has',
  'had',
  'having',
  'do',
  'does',
  'did',
  'doing',
  'a',
  'an',
  'the',
  'and',
  'but',
  'if',
  'or',
  'because',
  'as',
  'until',
  'while',
  'of',
  'at',
  'by',
  'for',
  'with',
  'about',
  'against',
  'between',
  'into',
  'through',
  'during',
  'before',
  'after',
  'above',
  'below',
  'to',
  'from',
  'up',
  'down',
  'in',
  'out',
  'on',
  'off',
  'over',
  'under',
  'again',
  'further',
  'then',
  'once',
  'here',
  'there',
  'when',
  'where',
  'why',
  'how',
  'all',
  'any',
  'both',
  'each',
  'few',
  'more',
  'most',
  'other',
  'some',
  'such',
  'no',
  'nor',
  'not',
  'only',
  'own',
  'same',
  'so',
  'than',
  'too',
  'very',
  's',
  't',
  'can',
  'will',
  'just',
  'don',
  'should',
  'now',
];

/** Zulip's Realm.GIPHY_RATING_OPTIONS. */
const GIPHY_RATING_OPTIONS = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
};

/** When this process started: Zulip's server_generation (clients reload when it changes). */
const SERVER_GENERATION = Math.floor(Date.now() / 1000);

/**
 * The realm part's server-wide keys: `realmUrl` is the realm's URL (the emoji data is served
 * under it); `sendDigestEmails` is the server's SEND_DIGEST_EMAILS (clients show the digest
 * settings only when it is on).
 */
export function serverRealmState(realmUrl: string, sendDigestEmails: boolean): Record<string, unknown> {
  return {
    realm_require_e2ee_push_notifications: false,
    settings_send_digest_emails: sendDigestEmails,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: '',
    // Zulip's default Jitsi server (the deprecated key; server_jitsi_server_url is the realm's own, none).
    jitsi_server_url: 'https://meet.jit.si',
    server_generation: SERVER_GENERATION,
    password_min_guesses: 10_000,
    giphy_rating_options: GIPHY_RATING_OPTIONS,
    server_thumbnail_formats: serverThumbnailFormats(),
    server_emoji_data_url: `${realmUrl}${emojiApiData().path}`,
    server_min_deactivated_realm_deletion_days: 14,
    server_max_deactivated_realm_deletion_days: null,
  };
}

/**
 * The state of event types whose features Parley does not run, by event type: each is what a
 * Zulip server without that feature answers (no onboarding hints, no realm domains, no
 * embedded bots or integrations, no Zoom, no GIPHY key, no billing, no push service).
 */
export const UNCONFIGURED_FEATURE_STATE: Readonly<Record<string, Record<string, unknown>>> = {
  onboarding_steps: { onboarding_steps: [], navigation_tour_video_url: null },
  realm_domains: { realm_domains: [] },
  realm_embedded_bots: { realm_embedded_bots: [] },
  realm_incoming_webhook_bots: { realm_incoming_webhook_bots: [] },
  stop_words: { stop_words: STOP_WORDS },
  video_calls: { has_zoom_token: false },
  giphy: { giphy_api_key: '' },
  realm_billing: { realm_billing: { has_pending_sponsorship_request: false } },
  // No end-to-end encrypted push registration can be made (POST /mobile_push/register refuses).
  push_device: { push_devices: {} },
};

/** Zulip's Realm.SYSTEM_GROUPS_ENUM_MAP (CommonPolicyEnum and the like). */
const POLICY_OF_GROUP: Readonly<Record<string, number>> = {
  'role:owners': 7,
  'role:administrators': 2,
  'role:moderators': 4,
  'role:fullmembers': 3,
  'role:members': 1,
  'role:everyone': 5,
  'role:nobody': 6,
};
/** Zulip's Realm.SYSTEM_GROUPS_TO_WILDCARD_MENTION_POLICY_MAP. */
const WILDCARD_POLICY_OF_GROUP: Readonly<Record<string, number>> = {
  'role:everyone': 1,
  'role:members': 2,
  'role:fullmembers': 3,
  'role:administrators': 5,
  'role:nobody': 6,
  'role:moderators': 7,
};
const COMMON_POLICIES = [1, 2, 3, 4];
const WEB_PUBLIC_POLICIES = [2, 4, 6, 7];

/**
 * The deprecated policies (feature level 352 replaced them with group settings), as Zulip's
 * get_corresponding_policy_value_for_group_setting derives them: the system group's policy
 * where the setting is one the old enum could say, else the largest group it could.
 */
export function legacyRealmPolicies(settings: Record<string, unknown>, groupNames: ReadonlyMap<number, string>): Record<string, number> {
  const systemGroup = (setting: string) => {
    const value = settings[setting];
    return typeof value === 'number' ? groupNames.get(value) : undefined;
  };
  const policy = (setting: string, valid: number[], largest: number) => {
    const p = POLICY_OF_GROUP[systemGroup(setting) ?? ''];
    return p !== undefined && valid.includes(p) ? p : largest;
  };
  return {
    realm_create_public_stream_policy: policy('can_create_public_channel_group', COMMON_POLICIES, 1),
    realm_create_private_stream_policy: policy('can_create_private_channel_group', COMMON_POLICIES, 1),
    realm_create_web_public_stream_policy: policy('can_create_web_public_channel_group', WEB_PUBLIC_POLICIES, 4),
    realm_wildcard_mention_policy: WILDCARD_POLICY_OF_GROUP[systemGroup('can_mention_many_users_group') ?? ''] ?? 1,
  };
}
