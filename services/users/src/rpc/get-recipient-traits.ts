import { Handler, requireRealmId } from '@parley/common';
import type { GetGroupMembershipsRequest__Output } from '@parley/common/generated/parley/users/v1/GetGroupMembershipsRequest';
import type { GetRecipientTraitsReply } from '@parley/common/generated/parley/users/v1/GetRecipientTraitsReply';
import type { UsersDeps } from '../deps';
import { recipientTraits } from '../domain/recipient-traits';

/** Internal: what a send needs of its recipients (the messages service's flags at send). */
export const getRecipientTraits =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetRecipientTraitsReply> =>
  async (req) => ({
    users: await recipientTraits(deps.pool, requireRealmId(req.realm_id), req.user_ids.map(Number)),
  });
