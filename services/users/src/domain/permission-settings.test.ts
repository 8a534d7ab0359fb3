import { CHANNEL_GROUP_SETTINGS } from '@parley/common';
import { SERVER_SUPPORTED_PERMISSION_SETTINGS as described } from './permission-settings';
import { REALM_SETTINGS } from './realm-update-schema';
import { GROUP_SETTINGS } from './user-groups';

describe('server_supported_permission_settings', () => {
  it('describes exactly the group settings Parley has, realm, channel and group', () => {
    expect(Object.keys(described.realm).sort()).toEqual(
      Object.keys(REALM_SETTINGS)
        .filter((k) => REALM_SETTINGS[k].kind === 'group')
        .sort(),
    );
    expect(Object.keys(described.stream).sort()).toEqual(Object.keys(CHANNEL_GROUP_SETTINGS).sort());
    expect(Object.keys(described.group).sort()).toEqual(Object.keys(GROUP_SETTINGS).sort());
  });

  it('says of role:everyone what Parley enforces', () => {
    for (const [name, d] of Object.entries(described.realm)) expect([name, d.allow_everyone_group]).toEqual([name, REALM_SETTINGS[name].allowEveryone]);
    for (const [name, d] of Object.entries(described.group)) expect([name, d.allow_everyone_group]).toEqual([name, GROUP_SETTINGS[name].allowEveryone]);
    expect(described.stream.can_send_message_group.allow_everyone_group).toBe(true);
    expect(described.stream.can_subscribe_group.allow_everyone_group).toBe(false);
  });

  it("gives Zulip's values (zerver/models: realms.py, streams.py, groups.py)", () => {
    expect(described.realm.can_access_all_users_group).toEqual({
      require_system_group: true,
      allow_internet_group: false,
      allow_nobody_group: false,
      allow_everyone_group: true,
      default_group_name: 'role:everyone',
      default_for_system_groups: null,
      allowed_system_groups: ['role:everyone', 'role:members'],
    });
    expect(described.realm.can_create_web_public_channel_group).toMatchObject({
      require_system_group: true,
      allow_nobody_group: true,
      allow_everyone_group: false,
      default_group_name: 'role:owners',
      allowed_system_groups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
    });
    expect(described.realm.can_manage_all_groups).toMatchObject({ allow_nobody_group: false, default_group_name: 'role:owners' });
    expect(described.realm.create_multiuse_invite_group).toEqual({
      require_system_group: false,
      allow_internet_group: false,
      allow_nobody_group: true,
      allow_everyone_group: false,
      default_group_name: 'role:administrators',
      default_for_system_groups: null,
      allowed_system_groups: [],
    });
    expect(described.stream.can_administer_channel_group.default_group_name).toBe('channel_creator');
    expect(described.stream.can_remove_subscribers_group.default_group_name).toBe('role:administrators');
    expect(described.group.can_manage_group).toMatchObject({ default_group_name: 'group_creator', default_for_system_groups: 'role:nobody' });
    expect(described.group.can_leave_group).toMatchObject({ default_group_name: 'role:everyone', allow_everyone_group: true });
  });
});
