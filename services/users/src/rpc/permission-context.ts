import { Handler, requireRealmId } from '@parley/common';
import type { GetPermissionContextRequest__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextRequest';
import type { GetPermissionContextReply } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import type { UsersDeps } from '../deps';
import * as groupStore from '../store/groups';
import * as linkifierStore from '../store/linkifiers';
import * as userStore from '../store/users';
import { realmPolicy } from './get-realm-policy';
import { resolvedUser } from './resolve-users';

/**
 * Internal: a permission check's or a send's questions in one hop: the realm's policy, the
 * users' group memberships, and when asked their records and the realm's linkifiers. The
 * queries run side by side; each is the one its own RPC makes.
 */
export const getPermissionContext = (deps: UsersDeps): Handler<GetPermissionContextRequest__Output, GetPermissionContextReply> => async (req) => {
  const realmId = requireRealmId(req.realm_id);
  const userIds = req.user_ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
  const [policy, memberships, users, linkifiers] = await Promise.all([
    realmPolicy(deps, realmId),
    groupStore.groupMemberships(deps.pool, realmId, userIds),
    req.with_users ? userStore.findRealmUsersByIdsOrEmails(deps.pool, realmId, userIds, [], true) : [],
    req.with_linkifiers ? linkifierStore.listLinkifiers(deps.pool, realmId) : undefined,
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    policy,
    memberships: [...memberships].map(([user_id, group_ids]) => ({ user_id, group_ids })),
    // In the order asked, each once.
    users: [...new Set(userIds)].flatMap((id) => (byId.has(id) ? [resolvedUser(byId.get(id)!, deps.config)] : [])),
    linkifiers: linkifiers ? JSON.stringify(linkifiers) : '',
  };
};
