import { groupSettingUses, holdsGroupSetting, parseGroupSettingChange, sameGroupSetting } from './group-settings';

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
});
