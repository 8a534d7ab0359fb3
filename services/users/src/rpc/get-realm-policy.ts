import { BadRequestError, Handler } from '@parley/common';
import type { GetRealmPolicyRequest__Output } from '@parley/common/generated/parley/users/v1/GetRealmPolicyRequest';
import type { GetRealmPolicyReply } from '@parley/common/generated/parley/users/v1/GetRealmPolicyReply';
import type { UsersDeps } from '../deps';
import * as groupStore from '../store/groups';
import * as realmStore from '../store/realms';

/** Internal: what the other services need of a realm to apply its permissions. */
export const getRealmPolicy = (deps: UsersDeps): Handler<GetRealmPolicyRequest__Output, GetRealmPolicyReply> => async (req) => {
  const realmId = Number(req.realm_id);
  const realm = Number.isSafeInteger(realmId) && realmId > 0 ? await realmStore.findRealmById(deps.pool, realmId) : undefined;
  if (!realm) throw new BadRequestError('Invalid realm');
  const groups = await groupStore.systemGroupIds(deps.pool, realm.id);
  return { settings: JSON.stringify(realm.settings), system_groups: Object.fromEntries(groups), deactivated: realm.deactivated, string_id: realm.string_id };
};
