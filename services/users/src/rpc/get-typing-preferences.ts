import { Handler, requireRealmId } from '@parley/common';
import type { GetGroupMembershipsRequest__Output } from '@parley/common/generated/parley/users/v1/GetGroupMembershipsRequest';
import type { GetTypingPreferencesReply } from '@parley/common/generated/parley/users/v1/GetTypingPreferencesReply';
import type { GetUserSettingsReply } from '@parley/common/generated/parley/users/v1/GetUserSettingsReply';
import type { GetReadReceiptUsersReply } from '@parley/common/generated/parley/users/v1/GetReadReceiptUsersReply';
import type { UsersDeps } from '../deps';
import { mutedEitherWay } from '../store/muted-users';
import { apiEmail } from '../domain/format';
import { userSettings } from '../domain/settings';
import { SETTING_DEFAULTS } from '../domain/settings-schema';
import * as userStore from '../store/users';

/** Internal: who sends and receives typing notifications (the messages service's POST /typing). */
export const getTypingPreferences =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetTypingPreferencesReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const users = await userStore.listRealmUsersWithSettings(deps.pool, realmId, req.user_ids.map(Number));
    return {
      users: users.map((u) => {
        const settings = userSettings(u);
        return {
          user_id: u.id,
          email: apiEmail(u, deps.config.fakeEmailDomain),
          receives_typing_notifications: settings.receives_typing_notifications === true,
          send_private_typing_notifications: settings.send_private_typing_notifications === true,
          send_stream_typing_notifications: settings.send_stream_typing_notifications === true,
          is_active: u.is_active,
        };
      }),
    };
  };

/** Internal: some users' personal settings (drafts synchronization, for the messages service). */
export const getUserSettings =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetUserSettingsReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const users = await userStore.listRealmUsersWithSettings(deps.pool, realmId, req.user_ids.map(Number));
    return { users: users.map((u) => ({ user_id: u.id, settings: JSON.stringify(userSettings(u)) })) };
  };

/**
 * Internal: of some users, those whose read receipts the caller may see (the messages
 * service's GET /messages/{message_id}/read_receipts, Zulip's views/read_receipts.py): the
 * active ones who share them, less those the caller muted and those who muted the caller.
 */
export const getReadReceiptUsers =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetReadReceiptUsersReply> =>
  async (req, ctx) => {
    const realmId = requireRealmId(req.realm_id);
    const ids = req.user_ids.map(Number);
    const [sharers, muted] = await Promise.all([
      userStore.readReceiptSharers(deps.pool, realmId, ids, SETTING_DEFAULTS.send_read_receipts === true),
      mutedEitherWay(deps.pool, ctx.caller.user_id, ids),
    ]);
    return { user_ids: sharers.filter((id) => !muted.has(id)) };
  };
