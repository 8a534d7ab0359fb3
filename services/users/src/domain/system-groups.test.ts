import { Role } from '@parley/common';
import { directSystemGroups, SYSTEM_GROUPS, SYSTEM_SUBGROUP, SystemGroupName } from './system-groups';
import { initialRealmSettings, REALM_GROUP_SETTING_DEFAULTS } from './realm-settings';

/** Every group a role belongs to, directly or through subgroups. */
function effectiveGroups(role: number): Set<string> {
  const out = new Set<string>();
  const parents = (g: string) =>
    Object.entries(SYSTEM_SUBGROUP)
      .filter(([, sub]) => sub === g)
      .map(([p]) => p);
  const visit = (g: string) => {
    if (out.has(g)) return;
    out.add(g);
    parents(g).forEach(visit);
  };
  directSystemGroups(role).forEach(visit);
  return out;
}

describe('system groups', () => {
  it("give each role the groups of Zulip's semantics", () => {
    expect([...effectiveGroups(Role.OWNER)].sort()).toEqual(['role:administrators', 'role:everyone', 'role:fullmembers', 'role:internet', 'role:members', 'role:moderators', 'role:owners']);
    expect(effectiveGroups(Role.ADMINISTRATOR).has('role:owners')).toBe(false);
    expect(effectiveGroups(Role.ADMINISTRATOR).has('role:moderators')).toBe(true);
    expect(effectiveGroups(Role.MODERATOR).has('role:administrators')).toBe(false);
    expect([...effectiveGroups(Role.MEMBER)].sort()).toEqual(['role:everyone', 'role:fullmembers', 'role:internet', 'role:members']);
    expect([...effectiveGroups(Role.GUEST)].sort()).toEqual(['role:everyone', 'role:internet']);
  });

  it('put nobody in role:nobody', () => {
    for (const role of [100, 200, 300, 400, 600]) expect(effectiveGroups(role).has('role:nobody')).toBe(false);
  });

  it("resolve every realm group setting to an existing group's ID", () => {
    const ids = Object.fromEntries(SYSTEM_GROUPS.map((g, i) => [g.name, i + 1])) as Record<SystemGroupName, number>;
    const settings = initialRealmSettings(ids);
    for (const [key, group] of Object.entries(REALM_GROUP_SETTING_DEFAULTS)) expect([key, settings[key]]).toEqual([key, ids[group]]);
    expect(settings.can_create_web_public_channel_group).toBe(ids['role:owners']);
    expect(settings.allow_message_editing).toBe(true);
  });
});
