import { DbServiceDeps, groupSettingUses, Handler, requireRealmId } from '@parley/common';
import type { GetGroupUsageRequest__Output } from '@parley/common/generated/parley/channels/v1/GetGroupUsageRequest';
import type { GetGroupUsageReply } from '@parley/common/generated/parley/channels/v1/GetGroupUsageReply';
import * as store from '../store/channels';
import { CHANNEL_GROUP_SETTING_NAMES } from '../domain/group-settings';

/** Internal: which channels' group settings name a group (archived channels too, as Zulip). */
export const getGroupUsage =
  (deps: DbServiceDeps): Handler<GetGroupUsageRequest__Output, GetGroupUsageReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const groupId = Number(req.group_id);
    const channels = (await store.listChannels(deps.pool, realmId)).map((c) => ({
      channel_id: c.id,
      settings: CHANNEL_GROUP_SETTING_NAMES.filter((name) => groupSettingUses(c.group_settings[name], groupId)),
    }));
    return { channels: channels.filter((c) => c.settings.length) };
  };
