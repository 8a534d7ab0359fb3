import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UserGroupIdRequest__Output } from '@parley/common/generated/parley/users/v1/UserGroupIdRequest';
import type { UsersDeps } from '../deps';
import { checkDeactivateGroup } from '../domain/user-groups';
import { channelLookup } from '../domain/channels';

export const deactivateUserGroup =
  (deps: UsersDeps): Handler<UserGroupIdRequest__Output, Reply<'POST /user_groups/{user_group_id}/deactivate'>> =>
  async (req, ctx) => {
    await checkDeactivateGroup(deps.pool, ctx.caller, req.user_group_id, channelLookup(deps.clients.channels, ctx));
    return {};
  };
