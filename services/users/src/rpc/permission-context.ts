import { Handler, requireRealmId } from '@parley/common';
import type { GetPermissionContextRequest__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextRequest';
import type { GetPermissionContextReply } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import type { UsersDeps } from '../deps';
import * as userStore from '../store/users';
import { realmContext, realmPolicyReply } from './get-realm-policy';
import { resolvedUser } from './resolve-users';

/**
 * Internal: a permission check's or a send's questions in one hop: the realm's policy, the
 * users' group memberships, and when asked their records and the realm's linkifiers. One
 * statement for the realm's part, and with users one more beside it.
 */
export const getPermissionContext = (deps: UsersDeps): Handler<GetPermissionContextRequest__Output, GetPermissionContextReply> => async (req) => {
  const realmId = requireRealmId(req.realm_id);
  const userIds = req.user_ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
  const [context, users] = await Promise.all([
    realmContext(deps, realmId, userIds, req.with_linkifiers),
    req.with_users ? userStore.findRealmUsersByIdsOrEmails(deps.pool, realmId, userIds, [], true) : [],
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    policy: realmPolicyReply(context),
    memberships: context.memberships,
    // In the order asked, each once.
    users: [...new Set(userIds)].flatMap((id) => (byId.has(id) ? [resolvedUser(byId.get(id)!, deps.config)] : [])),
    linkifiers: context.linkifiers ? JSON.stringify(context.linkifiers) : '',
  };
};
