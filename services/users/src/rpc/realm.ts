import type { Reply } from '@parley/common/api';
import { Handler, BadRequestError, requireRealmId } from '@parley/common';
import type { UpdateRealmRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateRealmRequest';
import type { UpdateRealmUserDefaultsRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateRealmUserDefaultsRequest';
import type { GetRealmPolicyRequest__Output } from '@parley/common/generated/parley/users/v1/GetRealmPolicyRequest';
import type { GetRealmPolicyReply } from '@parley/common/generated/parley/users/v1/GetRealmPolicyReply';
import type { SetInitialAnnouncementsChannelRequest__Output } from '@parley/common/generated/parley/users/v1/SetInitialAnnouncementsChannelRequest';
import type { UsersDeps } from '../deps';
import type { UsersConfig } from '../config';
import { checkUpdateRealm, setInitialAnnouncementsChannel as setInitialAnnouncements } from '../domain/realm-update';
import { channelLookup } from '../domain/channels';
import { checkUpdateRealmDefaults } from '../domain/realm-defaults';
import type { SettingValue } from '../domain/settings-schema';
import { realmForHost, serverSettings, realmUrl } from '../domain/server-settings';
import { permissionContext, PermissionContextRow } from '../store/permission-context';

export const updateRealm =
  (deps: UsersDeps): Handler<UpdateRealmRequest__Output, Reply<'PATCH /realm'>> =>
  async (req, ctx) => {
    await checkUpdateRealm(deps.pool, ctx.caller, req as unknown as Record<string, unknown>, channelLookup(deps.clients.channels, ctx));
    return {};
  };

export const updateRealmUserDefaults =
  (deps: UsersDeps): Handler<UpdateRealmUserDefaultsRequest__Output, Reply<'PATCH /realm/user_settings_defaults'>> =>
  async (req, ctx) => {
    await checkUpdateRealmDefaults(deps.pool, ctx.caller, req as unknown as Record<string, SettingValue | undefined>);
    return {};
  };

export const getServerSettings =
  (deps: UsersDeps): Handler<object, Reply<'GET /server_settings'>> =>
  async (_req, ctx) =>
    serverSettings(deps.config, await realmForHost(deps.pool, deps.config, ctx.host));

/** A realm's policy, some of its users' groups and maybe its linkifiers (BAD_REQUEST for no such realm). */
export async function realmContext(deps: UsersDeps, realmId: number, userIds: number[], withLinkifiers = false): Promise<PermissionContextRow> {
  const context = Number.isSafeInteger(realmId) && realmId > 0 && realmId < 2 ** 31 ? await permissionContext(deps.pool, realmId, userIds, withLinkifiers) : undefined;
  if (!context) throw new BadRequestError('Invalid realm');
  return context;
}

/** What the other services need of a realm to apply its permissions. */
export function realmPolicyReply(context: PermissionContextRow, config: UsersConfig): GetRealmPolicyReply {
  return {
    settings: JSON.stringify(context.settings),
    system_groups: context.system_groups,
    deactivated: context.deactivated,
    string_id: context.string_id,
    realm_url: realmUrl(config, { string_id: context.string_id }),
  };
}

/** Internal: a realm's settings and system groups (see realmPolicyReply). */
export const getRealmPolicy =
  (deps: UsersDeps): Handler<GetRealmPolicyRequest__Output, GetRealmPolicyReply> =>
  async (req) =>
    realmPolicyReply(await realmContext(deps, Number(req.realm_id), []), deps.config);

/** Internal (channels → users): a new realm's announcements go to its "general" channel. */
export const setInitialAnnouncementsChannel =
  (deps: UsersDeps): Handler<SetInitialAnnouncementsChannelRequest__Output> =>
  async (req) => {
    await setInitialAnnouncements(deps.pool, requireRealmId(req.realm_id), Number(req.stream_id));
    return {};
  };
