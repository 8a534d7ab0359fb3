import { BadRequestError, Handler } from '@parley/common';
import type { GetRealmPolicyRequest__Output } from '@parley/common/generated/parley/users/v1/GetRealmPolicyRequest';
import type { GetRealmPolicyReply } from '@parley/common/generated/parley/users/v1/GetRealmPolicyReply';
import type { UsersDeps } from '../deps';
import * as groupStore from '../store/groups';
import * as realmStore from '../store/realms';

/** What the other services need of a realm to apply its permissions (BAD_REQUEST for none). */
export async function realmPolicy(deps: UsersDeps, realmId: number): Promise<GetRealmPolicyReply> {
  const [realm, groups] = Number.isSafeInteger(realmId) && realmId > 0
    ? await Promise.all([realmStore.findRealmById(deps.pool, realmId), groupStore.systemGroupIds(deps.pool, realmId)])
    : [undefined, new Map<string, number>()];
  if (!realm) throw new BadRequestError('Invalid realm');
  return { settings: JSON.stringify(realm.settings), system_groups: Object.fromEntries(groups), deactivated: realm.deactivated, string_id: realm.string_id };
}

/** Internal: a realm's settings and system groups (see realmPolicy). */
export const getRealmPolicy = (deps: UsersDeps): Handler<GetRealmPolicyRequest__Output, GetRealmPolicyReply> => (req) =>
  realmPolicy(deps, Number(req.realm_id));
