import { Handler, requireRealmId } from '@parley/common';
import type { GetPermissionContextRequest__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextRequest';
import type { GetPermissionContextReply } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import type { UsersDeps } from '../deps';
import * as userStore from '../store/users';
import { realmContext, realmPolicyReply } from './get-realm-policy';
import { resolvedUser } from './resolve-users';
import { userSettings } from '../domain/settings';
import type { UserRow } from '../store/users';

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
