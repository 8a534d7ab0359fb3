import { Handler, requireRealmId } from '@parley/common';
import type { GetRealmPolicyRequest__Output } from '@parley/common/generated/parley/users/v1/GetRealmPolicyRequest';
import type { GetRenderContextReply } from '@parley/common/generated/parley/users/v1/GetRenderContextReply';
import type { UsersDeps } from '../deps';
import * as groupStore from '../store/groups';
import * as linkifierStore from '../store/linkifiers';
import * as userStore from '../store/users';

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
