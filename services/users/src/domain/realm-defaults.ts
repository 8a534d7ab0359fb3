import pg from 'pg';
import { AdminRequiredError, Caller, isAdmin, withTransaction } from '@parley/common';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import { REALM_DEFAULT_SETTINGS, SETTING_DEFAULTS, SettingValue } from './settings-schema';
import { checkSetting } from './settings';
import { notifyClients } from './notify';

/** What a user created now would get: Zulip's defaults, overlaid by the realm's choices. */
export function realmUserDefaults(realm: Pick<RealmRow, 'user_defaults'>): Record<string, SettingValue> {
  return { ...SETTING_DEFAULTS, ...(realm.user_defaults as Record<string, SettingValue>) };
}

/** PATCH /realm/user_settings_defaults: administrators; users created afterwards get them. */
export async function checkUpdateRealmDefaults(pool: pg.Pool, caller: Caller, req: Record<string, SettingValue | undefined>): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const changes: Record<string, SettingValue> = {};
  for (const name of REALM_DEFAULT_SETTINGS) {
    const value = req[name];
    if (value !== undefined) changes[name] = checkSetting(name, value);
  }
  await withTransaction(pool, async (tx) => {
    const realm = await realmStore.findRealmById(tx, caller.realm_id, { lock: true });
    if (!realm) throw new AdminRequiredError();
    const current = realmUserDefaults(realm);
    const changed = Object.entries(changes).filter(([k, v]) => current[k] !== v);
    if (!changed.length) return;
    await realmStore.mergeUserDefaults(tx, realm.id, Object.fromEntries(changed));
    for (const [property, value] of changed) {
      await notifyClients(tx, realm.id, 'realm', { type: 'realm_user_settings_defaults', op: 'update', property, value });
    }
  });
}
