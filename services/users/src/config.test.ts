import { readUsersConfig } from './config';

describe("the users service's bounds on what a realm holds", () => {
  const env = { PARLEY_SECRET: 's'.repeat(48) };

  it.each([
    ['MAX_USER_GROUPS_PER_REALM', 'maxUserGroupsPerRealm', 2000],
    ['MAX_LINKIFIERS_PER_REALM', 'maxLinkifiersPerRealm', 500],
    ['MAX_CUSTOM_PROFILE_FIELDS_PER_REALM', 'maxCustomProfileFieldsPerRealm', 100],
  ] as const)('%s (%s) is %d by default, read from the environment, at least 1', (variable, key, byDefault) => {
    expect(readUsersConfig(env)[key]).toBe(byDefault);
    expect(readUsersConfig({ ...env, [variable]: '12345' })[key]).toBe(12_345);
    expect(() => readUsersConfig({ ...env, [variable]: '0' })).toThrow(new RegExp(variable));
  });
});
