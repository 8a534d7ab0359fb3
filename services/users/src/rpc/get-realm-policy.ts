import { BadRequestError, Handler } from '@parley/common';
import type { GetRealmPolicyRequest__Output } from '@parley/common/generated/parley/users/v1/GetRealmPolicyRequest';
import type { GetRealmPolicyReply } from '@parley/common/generated/parley/users/v1/GetRealmPolicyReply';
import type { UsersDeps } from '../deps';
import { permissionContext, PermissionContextRow } from '../store/permission-context';
import type { UsersConfig } from '../config';
import { realmUrl } from '../domain/server-settings';

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
