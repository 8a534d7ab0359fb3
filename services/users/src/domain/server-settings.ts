import type { Reply } from '@parley/common/api';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { defaultAvatarPath, FEATURE_LEVEL, subdomainFromHost, ZULIP_VERSION } from '@parley/common';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import type { UsersConfig } from '../config';

export function realmUrl(config: UsersConfig, realm: Pick<RealmRow, 'string_id'>): string {
  const host = realm.string_id ? `${realm.string_id}.${config.externalHost}` : config.externalHost;
  return `${config.urlScheme}://${host}`;
}

/** Unauthenticated endpoints act for the realm the Host names, else the root realm. */
export async function realmForHost(pool: pg.Pool, config: UsersConfig, host: string): Promise<RealmRow | undefined> {
  return realmStore.findRealmBySubdomain(pool, subdomainFromHost(host, config.externalHost) ?? '');
}

/**
 * Zulip's default realm icon: with ENABLE_GRAVATAR, the Gravatar identicon of the realm's ID;
 * without, the default avatar (Parley draws one for the realm). Realm-relative, as Zulip's.
 */
export function realmIconUrl(config: Pick<UsersConfig, 'enableGravatar'>, realm: Pick<RealmRow, 'id'>): string {
  if (!config.enableGravatar) return `${defaultAvatarPath(realm.id, 'realm')}?version=1`;
  const hash = createHash('md5').update(String(realm.id)).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&s=100`;
}

/**
 * Absolute, as Zulip's (a client asks GET /server_settings before it knows the realm's URL).
 * Joined as text: WHATWG's URL parser refuses hosts such as `sub.127.0.0.1` that realm URLs may have.
 */
function absoluteRealmIconUrl(config: UsersConfig, realm: RealmRow, realmUrl: string): string {
  const icon = realmIconUrl(config, realm);
  return icon.startsWith('/') ? `${realmUrl}${icon}` : icon;
}

/** GET /server_settings: what a client needs before it logs in. */
export function serverSettings(config: UsersConfig, realm: RealmRow | undefined): Reply<'GET /server_settings'> {
  const server: Reply<'GET /server_settings'> = {
    authentication_methods: {
      password: true,
      dev: false,
      email: true,
      ldap: false,
      remoteuser: false,
      github: false,
      azuread: false,
      gitlab: false,
      apple: false,
      google: false,
      saml: false,
    },
    external_authentication_methods: [],
    zulip_feature_level: FEATURE_LEVEL,
    service_feature_level: FEATURE_LEVEL,
    zulip_version: ZULIP_VERSION,
    zulip_merge_base: ZULIP_VERSION,
    push_notifications_enabled: false,
    is_incompatible: false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
  };
  if (!realm) return server;
  const url = realmUrl(config, realm);
  return {
    ...server,
    realm_uri: url,
    realm_url: url,
    realm_name: realm.name,
    realm_icon: absoluteRealmIconUrl(config, realm, url),
    realm_description: realm.description,
    realm_web_public_access_enabled: realm.settings.enable_spectator_access === true,
  };
}
