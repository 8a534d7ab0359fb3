import type { Handler } from '@parley/common';
import type { ConfirmEmailChangeRequest__Output } from '@parley/common/generated/parley/users/v1/ConfirmEmailChangeRequest';
import type { ConfirmEmailChangeReply } from '@parley/common/generated/parley/users/v1/ConfirmEmailChangeReply';
import type { UsersDeps } from '../deps';
import { confirmEmailChange as confirm } from '../domain/email-change';

/** Internal: the gateway's confirmation page, anonymous (the link's key is the proof). */
export const confirmEmailChange =
  (deps: UsersDeps): Handler<ConfirmEmailChangeRequest__Output, ConfirmEmailChangeReply> =>
  async (req) => {
    const done = await confirm(deps.pool, deps.config, { key: req.key });
    return { old_email: done.old_email, new_email: done.email, realm_name: done.realm_name };
  };
