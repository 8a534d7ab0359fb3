import { deeperThan, groupSettingUses, holdsGroupSetting, parseGroupSettingChange, parseGroupSettingValue, realmPolicyOf, sameGroupSetting } from './group-settings';

describe('group-setting values', () => {
  const groups = new Set([10, 11]);

  it('holds a group ID the user is in, and no other', () => {
    expect(holdsGroupSetting(10, 5, groups)).toBe(true);
    expect(holdsGroupSetting(12, 5, groups)).toBe(false);
  });

  it('holds an anonymous group through a direct member or a subgroup', () => {
    expect(holdsGroupSetting({ direct_members: [5], direct_subgroups: [] }, 5, new Set())).toBe(true);
    expect(holdsGroupSetting({ direct_members: [6], direct_subgroups: [11] }, 5, groups)).toBe(true);
    expect(holdsGroupSetting({ direct_members: [6], direct_subgroups: [12] }, 5, groups)).toBe(false);
    expect(holdsGroupSetting(null, 5, groups)).toBe(false);
  });

  it('compares values whatever the order of their lists', () => {
    expect(sameGroupSetting({ direct_members: [2, 1], direct_subgroups: [3] }, { direct_members: [1, 2], direct_subgroups: [3] })).toBe(true);
    expect(sameGroupSetting(3, { direct_members: [], direct_subgroups: [3] })).toBe(false);
  });

  it('tells which values name a group', () => {
    expect(groupSettingUses(7, 7)).toBe(true);
    expect(groupSettingUses({ direct_members: [7], direct_subgroups: [] }, 7)).toBe(false);
    expect(groupSettingUses({ direct_members: [], direct_subgroups: [7] }, 7)).toBe(true);
  });

  it('refuses a change without new', () => {
    expect(() => parseGroupSettingChange('can_x_group', '{"old": 1}')).toThrow('can_x_group must be {"new": ..., "old": ...}');
    expect(() => parseGroupSettingChange('can_x_group', '{')).toThrow('Invalid can_x_group');
    expect(parseGroupSettingChange('can_x_group', '{"new": 1}')).toEqual({ new: 1 });
  });

  it('measures nesting without recursion', () => {
    expect([deeperThan(7, 0), deeperThan([1], 0), deeperThan([1], 1), deeperThan({ a: [1] }, 1), deeperThan({ a: [1] }, 2)]).toEqual([false, true, false, true, false]);
    expect(deeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 3)).toBe(true);
  });

  it('refuses values nested deeper than a group setting can be, before anything walks them (the fuzz test found a 500)', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(() => parseGroupSettingValue('can_x_group', deep)).toThrow('Invalid can_x_group');
    expect(() => parseGroupSettingValue('can_x_group', `{"direct_members":${deep},"direct_subgroups":[]}`)).toThrow('Invalid can_x_group');
    expect(() => parseGroupSettingChange('can_x_group', `{"new":{"direct_members":[[1]],"direct_subgroups":[]}}`)).toThrow('Invalid can_x_group');
    expect(parseGroupSettingValue('can_x_group', '{"direct_members":[1],"direct_subgroups":[2]}')).toEqual({ direct_members: [1], direct_subgroups: [2] });
    expect(parseGroupSettingChange('can_x_group', '{"new":{"direct_members":[1],"direct_subgroups":[]},"old":3}')).toEqual({ new: { direct_members: [1], direct_subgroups: [] }, old: 3 });
  });
});

describe('realmPolicyOf', () => {
  it("decodes the settings and the system groups' IDs (int64s arrive as strings)", () => {
    expect(realmPolicyOf({ settings: '{"topics_policy":"allow_empty_topic","can_create_groups":11}', system_groups: { 'role:members': '11', 'role:owners': 7 }, string_id: 'zulip' })).toEqual({
      settings: { topics_policy: 'allow_empty_topic', can_create_groups: 11 },
      systemGroups: { 'role:members': 11, 'role:owners': 7 },
      stringId: 'zulip',
    });
  });

  it('takes a caller context, which has no string ID', () => {
    expect(realmPolicyOf({ settings: '{}', system_groups: {} })).toEqual({ settings: {}, systemGroups: {}, stringId: '' });
  });
});
