// The RPCs only other services call (no public endpoint of their own): who users are, what they
// may do and how they are shown, for channels, messages and events. The public endpoints' handlers
// live in the file of their resource (users.ts, user-groups.ts, realm.ts ...).
import { BadRequestError, encodedJson, Handler, jsonWithRaw, requireRealmId, parseGroupSettingValue } from '@parley/common';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import type { ResolveUsersRequest__Output } from '@parley/common/generated/parley/users/v1/ResolveUsersRequest';
import type { ResolveUsersReply } from '@parley/common/generated/parley/users/v1/ResolveUsersReply';
import type { ResolvedUser } from '@parley/common/generated/parley/users/v1/ResolvedUser';
import type { GetPermissionContextRequest__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextRequest';
import type { GetPermissionContextReply } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import type { GetGroupMembershipsRequest__Output } from '@parley/common/generated/parley/users/v1/GetGroupMembershipsRequest';
import type { GetGroupMembershipsReply } from '@parley/common/generated/parley/users/v1/GetGroupMembershipsReply';
import type { ExpandGroupSettingsRequest__Output } from '@parley/common/generated/parley/users/v1/ExpandGroupSettingsRequest';
import type { ExpandGroupSettingsReply } from '@parley/common/generated/parley/users/v1/ExpandGroupSettingsReply';
import type { CheckGroupSettingsRequest__Output } from '@parley/common/generated/parley/users/v1/CheckGroupSettingsRequest';
import type { CheckGroupSettingsReply } from '@parley/common/generated/parley/users/v1/CheckGroupSettingsReply';
import type { IsInGroupSettingRequest__Output } from '@parley/common/generated/parley/users/v1/IsInGroupSettingRequest';
import type { IsInGroupSettingReply } from '@parley/common/generated/parley/users/v1/IsInGroupSettingReply';
import type { GetRecipientTraitsReply } from '@parley/common/generated/parley/users/v1/GetRecipientTraitsReply';
import type { GetRealmPolicyRequest__Output } from '@parley/common/generated/parley/users/v1/GetRealmPolicyRequest';
import type { GetRenderContextReply } from '@parley/common/generated/parley/users/v1/GetRenderContextReply';
import type { GetTypingPreferencesReply } from '@parley/common/generated/parley/users/v1/GetTypingPreferencesReply';
import type { GetUserSettingsReply } from '@parley/common/generated/parley/users/v1/GetUserSettingsReply';
import type { GetReadReceiptUsersReply } from '@parley/common/generated/parley/users/v1/GetReadReceiptUsersReply';
import type { UsersDeps } from '../deps';
import type { UsersConfig } from '../config';
import { registerState } from '../domain/register-state';
import { channelLookup } from '../domain/channels';
import { apiEmail, clientComputesAvatar, publicAvatarUrl } from '../domain/format';
import { resolvePrincipals } from '../domain/principals';
import { userSettings } from '../domain/settings';
import { checkGroupSettingValue, isInGroupSetting as holds } from '../domain/group-settings';
import { recipientTraits } from '../domain/recipient-traits';
import { SETTING_DEFAULTS } from '../domain/settings-schema';
import * as userStore from '../store/users';
import type { UserRow } from '../store/users';
import * as groupStore from '../store/groups';
import * as linkifierStore from '../store/linkifiers';
import { mutedEitherWay } from '../store/muted-users';
import { realmContext, realmPolicyReply } from './realm';

export const getRegisterState =
  (deps: UsersDeps): Handler<RegisterStateRequest__Output> =>
  async (req, ctx) => {
    const fetch = req.fetch_event_types === undefined ? null : (JSON.parse(req.fetch_event_types) as unknown);
    if (fetch !== null && !Array.isArray(fetch)) throw new BadRequestError('fetch_event_types is not a list');
    return encodedJson(
      jsonWithRaw(
        await registerState(
          deps.pool,
          deps.config,
          ctx.caller,
          {
            fetchEventTypes: fetch as string[] | null,
            clientGravatar: req.client_gravatar,
            slimPresence: req.slim_presence,
            capabilities: JSON.parse(req.client_capabilities || '{}') as Record<string, boolean>,
            channels: channelLookup(deps.clients.channels, ctx),
          },
          deps.presence,
          deps.people,
        ),
      ),
    );
  };

/** A user as other services see people (ResolveUsers, GetPermissionContext). */
export function resolvedUser(u: UserRow, config: UsersConfig): ResolvedUser {
  return {
    user_id: u.id,
    email: apiEmail(u, config.fakeEmailDomain),
    full_name: u.full_name,
    role: u.role,
    is_bot: u.is_bot,
    is_active: u.is_active,
    bot_owner_id: u.bot_owner_id ?? 0,
    avatar_url: publicAvatarUrl(u, config),
    client_computable_avatar: clientComputesAvatar(u, config),
  };
}

/** Internal: the channels service resolves subscribers and principals through this. */
export const resolveUsers =
  (deps: UsersDeps): Handler<ResolveUsersRequest__Output, ResolveUsersReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const { users, unknown } = await resolvePrincipals(deps.pool, deps.config, realmId, req.principals, { withSystemBots: req.include_system_bots });
    if (req.system_bot !== undefined) {
      const bot = await userStore.findSystemBot(deps.pool, realmId, req.system_bot);
      if (!bot) throw new BadRequestError(`No system bot '${req.system_bot}'`);
      users.unshift(bot);
    }
    return { users: users.map((u) => resolvedUser(u, deps.config)), unknown };
  };

/** The settings that act on a user's topics when they send, react or are mentioned. */
const topicVisibilitySettings = (u: UserRow) => {
  const s = userSettings(u);
  return {
    user_id: u.id,
    automatically_follow_topics_policy: Number(s.automatically_follow_topics_policy),
    automatically_unmute_topics_in_muted_streams_policy: Number(s.automatically_unmute_topics_in_muted_streams_policy),
    automatically_follow_topics_where_mentioned: s.automatically_follow_topics_where_mentioned === true,
  };
};

/**
 * Internal: a permission check's or a send's questions in one hop: the realm's policy, the
 * users' group memberships, and when asked their records and the realm's linkifiers. One
 * statement for the realm's part, and with users one more beside it.
 */
export const getPermissionContext =
  (deps: UsersDeps): Handler<GetPermissionContextRequest__Output, GetPermissionContextReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const userIds = req.user_ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
    const [context, users] = await Promise.all([
      realmContext(deps, realmId, userIds, req.with_linkifiers),
      req.with_users ? userStore.findRealmUsersByIdsOrEmails(deps.pool, realmId, userIds, [], true) : [],
    ]);
    const byId = new Map(users.map((u) => [u.id, u]));
    const asked = [...new Set(userIds)].filter((id) => byId.has(id)).map((id) => byId.get(id)!);
    return {
      policy: realmPolicyReply(context, deps.config),
      memberships: context.memberships,
      // In the order asked, each once.
      users: asked.map((u) => resolvedUser(u, deps.config)),
      linkifiers: context.linkifiers ? JSON.stringify(context.linkifiers) : '',
      topic_settings: asked.map(topicVisibilitySettings),
    };
  };

/**
 * Internal RPCs through which other services use the realm's groups without owning them:
 * who belongs to what (permission checks), who holds a value (event audiences), and whether
 * a value may be stored (channels' group settings).
 */

export const getGroupMemberships =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetGroupMembershipsReply> =>
  async (req) => {
    const byUser = await groupStore.groupMemberships(deps.pool, requireRealmId(req.realm_id), req.user_ids.map(Number));
    return { memberships: [...byUser].map(([user_id, group_ids]) => ({ user_id, group_ids })) };
  };

export const expandGroupSettings =
  (deps: UsersDeps): Handler<ExpandGroupSettingsRequest__Output, ExpandGroupSettingsReply> =>
  async (req) => {
    const groups: number[] = [];
    const users: number[] = [];
    for (const raw of req.setting_values) {
      const value = parseGroupSettingValue('setting_values', raw);
      if (typeof value === 'number') groups.push(value);
      else if (typeof value === 'object' && value !== null) {
        const v = value as { direct_members?: unknown[]; direct_subgroups?: unknown[] };
        users.push(...((v.direct_members ?? []).filter(Number.isSafeInteger) as number[]));
        groups.push(...((v.direct_subgroups ?? []).filter(Number.isSafeInteger) as number[]));
      } else throw new BadRequestError('setting_values holds a value that is not a group-setting value');
    }
    return { user_ids: await groupStore.activeUsersIn(deps.pool, requireRealmId(req.realm_id), groups, users) };
  };

export const checkGroupSettings =
  (deps: UsersDeps): Handler<CheckGroupSettingsRequest__Output, CheckGroupSettingsReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const values: string[] = [];
    for (const check of req.checks) {
      const value = parseGroupSettingValue(check.name, check.value);
      values.push(JSON.stringify(await checkGroupSettingValue(deps.pool, realmId, check.name, { allowEveryone: check.allow_everyone }, value)));
    }
    return { values };
  };

/** Internal: other services ask whether a user holds a group-setting value. */
export const isInGroupSetting =
  (deps: UsersDeps): Handler<IsInGroupSettingRequest__Output, IsInGroupSettingReply> =>
  async (req) => {
    const value = parseGroupSettingValue('setting_value', req.setting_value);
    if (value === undefined) throw new BadRequestError('setting_value is required');
    return { result: await holds(deps.pool, req.user_id, value) };
  };

/** Internal: what a send needs of its recipients (the messages service's flags at send). */
export const getRecipientTraits =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetRecipientTraitsReply> =>
  async (req) => ({
    users: await recipientTraits(deps.pool, requireRealmId(req.realm_id), req.user_ids.map(Number)),
  });

/** Internal: the realm's users, named groups and linkifiers, for the messages service's rendering. */
export const getRenderContext =
  (deps: UsersDeps): Handler<GetRealmPolicyRequest__Output, GetRenderContextReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const [users, groups, linkifiers] = await Promise.all([
      // Three columns, not the whole row: every send with a mention reads every user of the realm.
      userStore.listMentionableUsers(deps.pool, realmId),
      groupStore.listUserGroups(deps.pool, realmId),
      linkifierStore.listLinkifiers(deps.pool, realmId),
    ]);
    return {
      users: users.map((u) => ({ user_id: u.id, full_name: u.full_name, is_active: u.is_active })),
      groups: groups.filter((g) => !g.is_system_group && !g.deactivated).map((g) => ({ id: g.id, name: g.name })),
      linkifiers,
    };
  };

/** Internal: who sends and receives typing notifications (the messages service's POST /typing). */
export const getTypingPreferences =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetTypingPreferencesReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const users = await userStore.listRealmUsersWithSettings(deps.pool, realmId, req.user_ids.map(Number));
    return {
      users: users.map((u) => {
        const settings = userSettings(u);
        return {
          user_id: u.id,
          email: apiEmail(u, deps.config.fakeEmailDomain),
          receives_typing_notifications: settings.receives_typing_notifications === true,
          send_private_typing_notifications: settings.send_private_typing_notifications === true,
          send_stream_typing_notifications: settings.send_stream_typing_notifications === true,
          is_active: u.is_active,
        };
      }),
    };
  };

/** Internal: some users' personal settings (drafts synchronization, for the messages service). */
export const getUserSettings =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetUserSettingsReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const users = await userStore.listRealmUsersWithSettings(deps.pool, realmId, req.user_ids.map(Number));
    return { users: users.map((u) => ({ user_id: u.id, settings: JSON.stringify(userSettings(u)) })) };
  };

/**
 * Internal: of some users, those whose read receipts the caller may see (the messages
 * service's GET /messages/{message_id}/read_receipts, Zulip's views/read_receipts.py): the
 * active ones who share them, less those the caller muted and those who muted the caller.
 */
export const getReadReceiptUsers =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetReadReceiptUsersReply> =>
  async (req, ctx) => {
    const realmId = requireRealmId(req.realm_id);
    const ids = req.user_ids.map(Number);
    const [sharers, muted] = await Promise.all([
      userStore.readReceiptSharers(deps.pool, realmId, ids, SETTING_DEFAULTS.send_read_receipts === true),
      mutedEitherWay(deps.pool, ctx.caller.user_id, ids),
    ]);
    return { user_ids: sharers.filter((id) => !muted.has(id)) };
  };
