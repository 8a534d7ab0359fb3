import pg from 'pg';
import { BadRequestError, CLIENT_TIMINGS, Caller, holdsGroupSetting, LIMITS, RawJson, Role } from '@parley/common';
import * as userStore from '../store/users';
import type { RealmRow } from '../store/realms';
import type { UsersConfig } from '../config';
import { apiEmail, avatarUrl, formatUser } from './format';
import * as groupStore from '../store/groups';
import { groupMemberships } from '../store/groups';
import { legacyRealmPolicies, serverRealmState, UNCONFIGURED_FEATURE_STATE } from './register-extras';
import { callerRealm } from './queries';
import { realmIconUrl, realmUrl } from './server-settings';
import { SETTING_CHOICES, userSettings } from './settings';
import { realmUserDefaults } from './realm-defaults';
import { listGroups } from './user-groups';
import { userStatusState } from './user-status';
import { listAlertWords } from './alert-words';
import { listMutedUsers } from './muted-users';
import { linkifierState } from './linkifiers';
import { realmConfigState } from './register-realm-config';
import { presences } from './presence';
import { customProfileFieldsState, defaultExternalAccounts } from './profile-fields';
import { peopleJson, realmPeople, type RealmPeopleAnswers } from './realm-people';
import type { PresenceStore } from '../store/presence';
import type { ChannelLookup } from './channels';
import { botDomain, realmBotsState } from './bots';

/**
 * The users service's part of POST /register's initial state, for the event types it owns.
 * The events service merges it with the other services' parts.
 */
export interface StateRequest {
  /** Event types whose state is wanted; null for all. */
  fetchEventTypes: string[] | null;
  clientGravatar: boolean;
  slimPresence: boolean;
  capabilities: Record<string, boolean>;
  /** For the names of bots' default channels (realm_bots). */
  channels: ChannelLookup;
}

const wants = (req: StateRequest, type: string) => req.fetchEventTypes === null || req.fetchEventTypes.includes(type);

/**
 * The part as an object; the realm's users in it are RawJson (already encoded: see
 * realm-people.ts), so it is encoded with jsonWithRaw.
 */
export async function registerState(pool: pg.Pool, config: UsersConfig, caller: Caller, req: StateRequest, presenceStore: PresenceStore, people: RealmPeopleAnswers): Promise<Record<string, unknown>> {
  const realm = await callerRealm(pool, caller);
  // The parts read independently, at once (each is a query or two); merged in this order.
  const parts: (Record<string, unknown> | Promise<Record<string, unknown>>)[] = [];
  if (wants(req, 'realm')) {
    parts.push(realmState(config, realm));
    parts.push(groupStore.realmGroups(pool, realm.id).then((groups) => legacyRealmPolicies(realm.settings, new Map(groups.filter((g) => g.is_system_group).map((g) => [g.id, g.name])))));
  }
  for (const [type, state] of Object.entries(UNCONFIGURED_FEATURE_STATE)) if (wants(req, type)) parts.push(state);
  if (wants(req, 'realm_user')) parts.push(realmUserState(pool, config, caller, realm, req, people));
  const legacySettings = req.capabilities.user_settings_object !== true && (wants(req, 'update_display_settings') || wants(req, 'update_global_notifications'));
  if (wants(req, 'user_settings') || legacySettings) parts.push(userSettingsState(pool, caller, wants(req, 'user_settings'), legacySettings));
  if (wants(req, 'realm_user_groups')) {
    parts.push(listGroups(pool, realm.id, req.capabilities.include_deactivated_groups === true).then((groups) => ({ realm_user_groups: groups })));
  }
  if (wants(req, 'user_status')) parts.push(userStatusState(pool, caller.realm_id));
  if (wants(req, 'alert_words')) parts.push(listAlertWords(pool, caller).then((words) => ({ alert_words: words })));
  if (wants(req, 'realm_bot')) parts.push(realmBotsState(pool, config, caller, req.channels));
  if (wants(req, 'muted_users')) parts.push(listMutedUsers(pool, caller.user_id).then((muted) => ({ muted_users: muted })));
  if (wants(req, 'custom_profile_fields')) parts.push(customProfileFieldsState(pool, realm.id));
  if (wants(req, 'presence')) {
    parts.push(
      presences(pool, people, presenceStore, config, caller, { modern: req.slimPresence }, Date.now() / 1000).then((p) => ({
        presences: p.presences,
        presence_last_update_id: p.presence_last_update_id,
        server_timestamp: p.server_timestamp,
      })),
    );
  }
  parts.push(
    linkifierState(pool, realm.id, {
      fetchEventTypes: req.fetchEventTypes,
      linkifierUrlTemplate: req.capabilities.linkifier_url_template === true,
    }),
  );
  parts.push(realmConfigState(pool, caller, (type) => wants(req, type)));
  if (wants(req, 'realm_user_settings_defaults')) {
    const { email_address_visibility, ...defaults } = realmUserDefaults(realm);
    parts.push({ realm_user_settings_defaults: { ...defaults, email_address_visibility, ...SETTING_CHOICES } });
  }
  // eslint-disable-next-line @typescript-eslint/await-thenable -- parts mixes values and promises, which the rule misreads
  return Object.assign({}, ...(await Promise.all(parts))) as Record<string, unknown>;
}

/**
 * Settings that register also sent at the top level before feature level 89: clients without
 * the user_settings_object capability still read them there (in addition to the
 * user_settings object, which Zulip sends whenever `user_settings` is asked for).
 */
const LEGACY_TOP_LEVEL_SETTINGS = [
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'wildcard_mentions_notify',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'presence_enabled',
  'color_scheme',
  'default_language',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'fluid_layout_width',
  'web_home_view',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'timezone',
  'translate_emoticons',
  'twenty_four_hour_time',
  'receives_typing_notifications',
  'enter_sends',
];

async function userSettingsState(pool: pg.Pool, caller: Caller, asObject: boolean, legacy: boolean): Promise<Record<string, unknown>> {
  const me = (await userStore.findUserById(pool, caller.realm_id, caller.user_id))!;
  const settings: Record<string, unknown> = { ...userSettings(me), ...SETTING_CHOICES };
  const out: Record<string, unknown> = asObject ? { user_settings: settings } : {};
  if (!legacy) return out;
  Object.assign(out, SETTING_CHOICES);
  for (const key of LEGACY_TOP_LEVEL_SETTINGS) out[key] = settings[key];
  return out;
}

/** Settings whose register name is not `realm_<setting>`, or that register does not carry. */
const NOT_PUBLISHED = new Set(['icon_version', 'logo_version', 'night_logo_version']);

function realmState(config: UsersConfig, realm: RealmRow): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(realm.settings)) {
    if (!NOT_PUBLISHED.has(key)) settings[key.startsWith('realm_') ? key : `realm_${key}`] = value;
  }
  const url = realmUrl(config, realm);
  const icon = realmIconUrl(config, realm);
  return {
    // Realms made before it was a setting have none in their settings row.
    realm_welcome_message_custom_text: '',
    ...settings,
    ...LIMITS,
    ...CLIENT_TIMINGS,
    max_file_upload_size_mib: config.maxFileUploadSizeMib,
    realm_name: realm.name,
    realm_description: realm.description,
    realm_date_created: Math.floor(realm.date_created.getTime() / 1000),
    realm_url: url,
    realm_uri: url,
    realm_icon_url: icon,
    realm_logo_url: icon,
    realm_night_logo_url: icon,
    realm_bot_domain: botDomain(config, realm),
    realm_authentication_methods: {
      Email: { enabled: true, available: true },
    },
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_presence_disabled: false,
    realm_push_notifications_enabled: false,
    realm_push_notifications_enabled_end_timestamp: null,
    realm_is_zephyr_mirror_realm: false,
    realm_upload_quota_mib: null,
    realm_digest_weekday: 1,
    realm_allow_edit_history: realm.settings.message_edit_history_visibility_policy !== 'none',
    realm_available_video_chat_providers: { disabled: { name: 'None', id: 0 }, jitsi_meet: { name: 'Jitsi Meet', id: 1 } },
    realm_default_external_accounts: defaultExternalAccounts(),
    server_inline_image_preview: true,
    server_inline_url_embed_preview: false,
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_needs_upgrade: false,
    server_web_public_streams_enabled: config.webPublicStreamsEnabled,
    server_jitsi_server_url: null,
    server_can_summarize_topics: false,
    development_environment: false,
    ...serverRealmState(url, config.sendDigestEmails),
  };
}

async function realmUserState(pool: pg.Pool, config: UsersConfig, caller: Caller, realm: RealmRow, req: StateRequest, kept: RealmPeopleAnswers) {
  const people = await realmPeople(kept, pool, realm.id, caller.user_id);
  const me = people.byId.get(caller.user_id)?.row;
  if (!me) throw new BadRequestError('No such user');
  // The caller's groups once (any depth), for every group setting below.
  const myGroups = new Set((await groupMemberships(pool, realm.id, [me.id])).get(me.id) ?? []);
  const can = (setting: string) => holdsGroupSetting(realm.settings[setting], me.id, myGroups);
  const [canPublic, canPrivate, canWebPublic, canAddSubscribers, canInvite] = [
    can('can_create_public_channel_group'),
    can('can_create_private_channel_group'),
    can('can_create_web_public_channel_group'),
    can('can_add_subscribers_group'),
    can('can_invite_users_group'),
  ];
  const formatOptions = { fakeEmailDomain: config.fakeEmailDomain, avatars: config, clientGravatar: req.clientGravatar };
  const { active, deactivated } = peopleJson(people, caller, formatOptions);
  return {
    realm_users: new RawJson(active),
    realm_non_active_users: new RawJson(deactivated),
    cross_realm_bots: people.systemBots.map((u) => ({ ...formatUser(u, caller, { ...formatOptions, includeProfileFields: false }), is_system_bot: true })),
    avatar_source: me.avatar_source,
    avatar_url: avatarUrl(me, me.delivery_email, config),
    avatar_url_medium: avatarUrl(me, me.delivery_email, config, true),
    can_create_streams: canPublic || canPrivate || canWebPublic,
    can_create_public_streams: canPublic,
    can_create_private_streams: canPrivate,
    can_create_web_public_streams: canWebPublic && config.webPublicStreamsEnabled && realm.settings.enable_spectator_access === true,
    can_subscribe_other_users: canAddSubscribers,
    can_invite_others_to_realm: canInvite,
    is_admin: me.role <= Role.ADMINISTRATOR,
    is_owner: me.role === Role.OWNER,
    is_moderator: me.role === Role.MODERATOR,
    is_guest: me.role === Role.GUEST,
    user_id: me.id,
    email: apiEmail(me, config.fakeEmailDomain),
    delivery_email: me.delivery_email,
    full_name: me.full_name,
  };
}
