import { envBool, envInt, envOptional, envString, readBaseConfig, BaseConfig } from '@parley/common';
import { DEFAULT_MAX_USER_GROUPS_PER_REALM } from './domain/user-groups';
import { DEFAULT_MAX_LINKIFIERS_PER_REALM } from './domain/linkifiers';
import { DEFAULT_MAX_CUSTOM_PROFILE_FIELDS_PER_REALM } from './domain/profile-fields';

export interface UsersConfig extends BaseConfig {
  /** The host clients reach Parley at; realm subdomains are `<sub>.<externalHost>`. */
  externalHost: string;
  /** Scheme of realm URLs: http://localhost:9991 and http://<sub>.localhost:9991 on the embedded default. */
  urlScheme: string;
  /** Domain of placeholder emails (user12@<domain>) when a real one must stay hidden. */
  fakeEmailDomain: string;
  maxFileUploadSizeMib: number;
  /**
   * Zulip's ENABLE_GRAVATAR (default off in Parley): whether users without an uploaded avatar
   * get Gravatar's, or the default avatar Parley draws itself (common/avatars.ts).
   */
  enableGravatar: boolean;
  /** User groups one realm may have, deactivated ones included (MAX_USER_GROUPS_PER_REALM; Parley's bound). */
  maxUserGroupsPerRealm: number;
  /** Linkifiers one realm may have (MAX_LINKIFIERS_PER_REALM; Parley's bound). */
  maxLinkifiersPerRealm: number;
  /** Custom profile fields one realm may have (MAX_CUSTOM_PROFILE_FIELDS_PER_REALM; Parley's bound). */
  maxCustomProfileFieldsPerRealm: number;
}

export function readUsersConfig(env: Record<string, string | undefined>, defaults: { databaseUrl?: string } = {}): UsersConfig {
  // As the gateway's default: `<sub>.localhost` reaches loopback in browsers and curl.
  const externalHost = envString(env, 'EXTERNAL_HOST', `localhost:${envString(env, 'PORT', '9991')}`);
  const hostname = externalHost.replace(/:\d+$/, '');
  // An IP address or a bare name makes no email domain; Zulip falls back the same way.
  const domainLike = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(hostname) && !/^[\d.]+$/.test(hostname);
  return Object.freeze({
    ...readBaseConfig('users', env, defaults),
    externalHost,
    urlScheme: envString(env, 'EXTERNAL_SCHEME', 'http'),
    fakeEmailDomain: envOptional(env, 'FAKE_EMAIL_DOMAIN') ?? (domainLike ? hostname : 'parley.invalid'),
    maxFileUploadSizeMib: envInt(env, 'MAX_FILE_UPLOAD_SIZE_MIB', 25, 0),
    enableGravatar: envBool(env, 'ENABLE_GRAVATAR', false),
    maxUserGroupsPerRealm: envInt(env, 'MAX_USER_GROUPS_PER_REALM', DEFAULT_MAX_USER_GROUPS_PER_REALM, 1),
    maxLinkifiersPerRealm: envInt(env, 'MAX_LINKIFIERS_PER_REALM', DEFAULT_MAX_LINKIFIERS_PER_REALM, 1),
    maxCustomProfileFieldsPerRealm: envInt(env, 'MAX_CUSTOM_PROFILE_FIELDS_PER_REALM', DEFAULT_MAX_CUSTOM_PROFILE_FIELDS_PER_REALM, 1),
  });
}
