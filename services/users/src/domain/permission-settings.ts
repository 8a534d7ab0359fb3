import { CHANNEL_GROUP_SETTINGS } from '@parley/common';
import { REALM_SETTINGS } from './realm-update-schema';
import { REALM_GROUP_SETTING_DEFAULTS } from './realm-settings';
import { GROUP_SETTINGS } from './user-groups';
import { SYSTEM_GROUPS } from './system-groups';

/** Zulip's GroupPermissionSetting as register's server_supported_permission_settings shows it. */
export interface PermissionSettingDescription {
  require_system_group: boolean;
  allow_internet_group: boolean;
  allow_nobody_group: boolean;
  allow_everyone_group: boolean;
  default_group_name: string;
  default_for_system_groups: string | null;
  allowed_system_groups: string[];
}

type Extras = Partial<Pick<PermissionSettingDescription, 'require_system_group' | 'allow_nobody_group' | 'allowed_system_groups'>>;

/**
 * Where Zulip's realm settings differ from the usual (any group but role:internet, role:nobody
 * included): zerver/models/realms.py's REALM_PERMISSION_GROUP_SETTINGS.
 */
const REALM_EXTRAS: Readonly<Record<string, Extras>> = {
  can_access_all_users_group: { require_system_group: true, allow_nobody_group: false, allowed_system_groups: ['role:everyone', 'role:members'] },
  can_create_web_public_channel_group: {
    require_system_group: true,
    allowed_system_groups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
  },
  can_manage_all_groups: { allow_nobody_group: false },
  can_manage_billing_group: { allow_nobody_group: false },
};

/**
 * Every setting is described from the definitions Parley enforces (which settings exist,
 * whether role:everyone may hold them, their defaults), so the description cannot drift from
 * them; role:internet is refused for all (group-settings.ts).
 */
function describe(allowEveryone: boolean, defaultGroupName: string, extras: Extras = {}, defaultForSystemGroups: string | null = null): PermissionSettingDescription {
  return {
    require_system_group: extras.require_system_group ?? false,
    allow_internet_group: false,
    allow_nobody_group: extras.allow_nobody_group ?? true,
    allow_everyone_group: allowEveryone,
    default_group_name: defaultGroupName,
    default_for_system_groups: defaultForSystemGroups,
    allowed_system_groups: extras.allowed_system_groups ?? [],
  };
}

/** A named group's default as Zulip names it: a system group's name, or "group_creator". */
function groupDefaultName(def: (typeof GROUP_SETTINGS)[string]['default']): string {
  const ids = Object.fromEntries(SYSTEM_GROUPS.map((g, i) => [g.name, i]));
  const value = def(ids, -1);
  return typeof value === 'number' ? SYSTEM_GROUPS[value].name : 'group_creator';
}

function buildDescription() {
  const realm = Object.fromEntries(
    Object.entries(REALM_SETTINGS)
      .filter(([, spec]) => spec.kind === 'group')
      .map(([name, spec]) => [name, describe(!!spec.allowEveryone, REALM_GROUP_SETTING_DEFAULTS[name], REALM_EXTRAS[name])]),
  );
  const stream = Object.fromEntries(Object.entries(CHANNEL_GROUP_SETTINGS).map(([name, s]) => [name, describe(s.allowEveryone, s.initial === 'creator' ? 'channel_creator' : s.initial)]));
  // A system group's own settings all default to role:nobody, as in Zulip.
  const group = Object.fromEntries(Object.entries(GROUP_SETTINGS).map(([name, s]) => [name, describe(s.allowEveryone, groupDefaultName(s.default), {}, 'role:nobody')]));
  return { realm, stream, group };
}

/** register's server_supported_permission_settings (with the realm event type). */
export const SERVER_SUPPORTED_PERMISSION_SETTINGS = buildDescription();
