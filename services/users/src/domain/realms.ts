import pg from 'pg';
import { BadRequestError, Role, withTransaction } from '@parley/common';
import * as realmStore from '../store/realms';
import * as userStore from '../store/users';
import * as groupStore from '../store/groups';
import { SYSTEM_GROUPS, SYSTEM_SUBGROUP, SystemGroupName } from './system-groups';
import { initialRealmSettings } from './realm-settings';
import { doCreateUser, CreatedUser } from './users';
import { notifyAuthChanged } from './notify';
import type { UsersConfig } from '../config';

export interface NewRealm {
  name: string;
  subdomain: string;
  ownerEmail: string;
  ownerName: string;
  ownerPassword?: string;
  /**
   * Whether the realm starts with Zulip's initial channels (general, sandbox, Parley), which
   * the channels service creates when it hears of the owner (UserCreated.initial_channels).
   * The CLI asks for them; tests build realms without, each making what it needs.
   */
  initialChannels?: boolean;
}

/** The bots every realm has; later issues post with the notification bot. */
export const SYSTEM_BOTS = [
  { local: 'notification-bot', name: 'Notification Bot' },
  { local: 'welcome-bot', name: 'Welcome Bot' },
];

const SUBDOMAIN = /^([a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?)?$/;

export function checkSubdomain(subdomain: string): void {
  if (!SUBDOMAIN.test(subdomain)) {
    throw new BadRequestError('Subdomains may contain only lowercase letters, digits and hyphens, and at most 40 characters');
  }
}

/**
 * Creates a realm with its system groups, settings, owner and system bots, in one
 * transaction; its initial channels follow, made by the channels service, when asked. A
 * second realm with the same subdomain ('' is the root realm) is refused.
 */
export async function createRealm(pool: pg.Pool, config: UsersConfig, r: NewRealm): Promise<{ realm: realmStore.RealmRow; owner: CreatedUser }> {
  checkSubdomain(r.subdomain);
  if (!r.name.trim()) throw new BadRequestError('Realm name cannot be empty');
  return withTransaction(pool, async (tx) => {
    if (await realmStore.findRealmBySubdomain(tx, r.subdomain)) {
      throw new BadRequestError(r.subdomain ? `Subdomain '${r.subdomain}' is already in use` : 'A root realm already exists');
    }
    const realm = await realmStore.insertRealm(tx, { string_id: r.subdomain, name: r.name.trim(), description: '' });
    const groupIds = await createSystemGroups(tx, realm.id);
    realm.settings = initialRealmSettings(groupIds);
    await realmStore.setRealmSettings(tx, realm.id, realm.settings);
    const owner = await doCreateUser(tx, config, realm, {
      email: r.ownerEmail,
      full_name: r.ownerName,
      password: r.ownerPassword,
      role: Role.OWNER,
      initial_channels: r.initialChannels,
    });
    // The server's operator makes the realm: its owner may create accounts through the API
    // (Zulip's can_create_users, which only the server grants).
    await userStore.updateUserFields(tx, owner.user.id, { can_create_users: true });
    owner.user.can_create_users = true;
    const botDomain = config.fakeEmailDomain;
    for (const bot of SYSTEM_BOTS) {
      const email = `${bot.local}${r.subdomain ? `-${r.subdomain}` : ''}@${botDomain}`;
      await doCreateUser(tx, config, realm, { email, full_name: bot.name, role: Role.MEMBER, bot_type: 1, is_system_bot: true });
    }
    return { realm, owner };
  });
}

async function createSystemGroups(tx: pg.PoolClient, realmId: number): Promise<Record<SystemGroupName, number>> {
  const ids = {} as Record<SystemGroupName, number>;
  for (const g of SYSTEM_GROUPS) ids[g.name] = await groupStore.insertSystemGroup(tx, realmId, g.name, g.description);
  for (const [group, sub] of Object.entries(SYSTEM_SUBGROUP) as [SystemGroupName, SystemGroupName][]) {
    await groupStore.addSubgroup(tx, ids[group], ids[sub]);
  }
  // Zulip: system groups are managed by nobody; their membership follows roles.
  for (const id of Object.values(ids)) {
    await groupStore.setGroupSettings(tx, id, {
      can_manage_group: ids['role:nobody'],
      can_add_members_group: ids['role:nobody'],
      can_join_group: ids['role:nobody'],
      can_leave_group: ids['role:nobody'],
      can_mention_group: ids['role:everyone'],
      can_remove_members_group: ids['role:nobody'],
    });
  }
  return ids;
}

export async function setRealmActive(pool: pg.Pool, subdomain: string, active: boolean): Promise<realmStore.RealmRow> {
  return withTransaction(pool, async (tx) => {
    const realm = await realmStore.findRealmBySubdomain(tx, subdomain);
    if (!realm) throw new BadRequestError(`No realm with subdomain '${subdomain}'`);
    await realmStore.setRealmDeactivated(tx, realm.id, !active);
    // Every session of the realm ends for good (Zulip's delete_realm_user_sessions): reactivating it brings none back.
    if (!active) await userStore.moveRealmSessionEpochs(tx, realm.id);
    await notifyAuthChanged(tx, realm.id);
    return { ...realm, deactivated: !active };
  });
}
