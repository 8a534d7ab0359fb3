import pg from 'pg';
import { BadRequestError, Caller, isAdmin, LIMITS, Queryable, refuseBots, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import type { UserRow } from '../store/users';
import type { PresenceStore } from '../store/presence';
import type { UsersConfig } from '../config';
import { apiEmail } from './format';
import { hashPassword, verifyPassword } from './passwords';
import { EMOJISETS, NOTIFICATION_SOUNDS, SETTING_DEFAULTS, SETTINGS, SettingValue } from './settings-schema';
import { checkFullName } from './users';
import { checkEmailChange, doStartEmailChange } from './email-change';
import { notifyAuthChanged, notifyClients, notifyLegacyClients, notifyUserSettingsChanged } from './notify';
import { announcePresenceEnabled } from './presence';
import { doEndSessions } from './sessions';

/** A user's settings: Zulip's defaults, overlaid by what the user got at creation and changed. */
export function userSettings(u: UserRow): Record<string, SettingValue> {
  return {
    ...SETTING_DEFAULTS,
    ...(u.settings as Record<string, SettingValue>),
    timezone: u.timezone,
    email_address_visibility: u.email_address_visibility,
  };
}

/** The lists register sends beside the settings. */
export const SETTING_CHOICES = {
  available_notification_sounds: [...NOTIFICATION_SOUNDS],
  emojiset_choices: EMOJISETS.map((e) => ({ ...e })),
};

/** Validates one setting's (already typed) value; BAD_REQUEST naming the setting otherwise. */
export function checkSetting(name: string, value: SettingValue): SettingValue {
  const spec = SETTINGS[name];
  const ok = spec.values ? spec.values.includes(value) : spec.min === undefined || (Number(value) >= spec.min && Number(value) <= spec.max!);
  if (!ok) throw new BadRequestError(`Invalid ${name}`);
  return value;
}

const TIMEZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA zone (as the runtime knows them, aliases such as UTC included), or '' to unset. */
export function checkTimezone(zone: string): string {
  if (zone === '' || TIMEZONES.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    throw new BadRequestError(`Invalid timezone '${zone}'`);
  }
}

export interface SettingsRequest {
  [setting: string]: SettingValue | undefined;
  full_name?: string;
  email?: string;
  old_password?: string;
  new_password?: string;
  timezone?: string;
}

/**
 * PATCH /settings: validates everything first, then applies it all in one transaction, with
 * a user_settings event per changed setting (older clients get the legacy events).
 */
export async function checkUpdateSettings(pool: pg.Pool, config: UsersConfig, presence: PresenceStore, caller: Caller, req: SettingsRequest): Promise<void> {
  refuseBots(caller);
  const changes: Record<string, SettingValue> = {};
  for (const name of Object.keys(SETTINGS)) {
    const value = req[name];
    if (value !== undefined) changes[name] = checkSetting(name, value);
  }
  if (req.timezone !== undefined) changes.timezone = checkTimezone(req.timezone);
  return withTransaction(pool, async (tx) => {
    const user = await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if (!user) throw new BadRequestError('No such user');
    const realm = (await realmStore.findRealmById(tx, user.realm_id))!;
    if (req.new_password !== undefined || req.old_password !== undefined) await changePassword(tx, user, req, caller.session);
    if (req.full_name !== undefined && req.full_name.trim() !== user.full_name) {
      if (realm.settings.name_changes_disabled === true && !isAdmin(caller)) {
        throw new BadRequestError('Name changes are disabled in this organization. Please contact an administrator to update your name.');
      }
      const fullName = checkFullName(req.full_name);
      await userStore.updateUserFields(tx, user.id, { full_name: fullName });
      await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: user.id, full_name: fullName } });
    }
    // The same address (in any case) changes nothing and mails nobody.
    if (req.email !== undefined && req.email.trim().toLowerCase() !== user.delivery_email.toLowerCase()) {
      // Takes effect when the link mailed to the new address is followed (email-change.ts).
      await doStartEmailChange(tx, config, realm, user, await checkEmailChange(tx, realm, user, req.email));
    }
    await applySettings(tx, config, presence, user, changes);
  });
}

/**
 * Every other browser session of the user ends; the one making the change (`session`, absent
 * through an API key) stays, as Zulip's update_session_auth_hash keeps it. The API key stays,
 * as Zulip keeps it. Precondition: the user row is locked.
 */
async function changePassword(tx: Queryable, user: UserRow, req: SettingsRequest, session: string | undefined): Promise<void> {
  if (!req.new_password || !req.old_password) throw new BadRequestError('Please fill out all fields.');
  if (!(await verifyPassword(req.old_password, user.password_hash))) throw new BadRequestError('Wrong password!');
  if (req.new_password.length < LIMITS.password_min_length || req.new_password.length > LIMITS.password_max_length) {
    throw new BadRequestError('New password is too weak!');
  }
  await userStore.setPasswordHash(tx, user.id, await hashPassword(req.new_password));
  await doEndSessions(tx, user, session);
}

/** Precondition: the user row is locked and every value is valid. */
export async function applySettings(tx: Queryable, config: UsersConfig, presence: PresenceStore, user: UserRow, changes: Record<string, SettingValue>): Promise<void> {
  const current = userSettings(user);
  const changed = Object.entries(changes).filter(([k, v]) => current[k] !== v);
  if (!changed.length) return;
  const { timezone, email_address_visibility, ...rest } = Object.fromEntries(changed);
  await userStore.updateUserSettings(tx, user.id, rest, { timezone: timezone as string | undefined, email_address_visibility: email_address_visibility as number | undefined });
  await notifyUserSettingsChanged(tx, user.realm_id, user.id, Object.fromEntries(changed));
  for (const [property, value] of changed) {
    // Zulip sends user_settings to every queue that wants it, and the legacy event, in addition,
    // to the queues of clients without user_settings_object.
    await notifyClients(tx, user.realm_id, [user.id], { type: 'user_settings', op: 'update', property, value });
    await notifyLegacyClients(tx, user.realm_id, [user.id], legacyEvent(user, config, property, value), 'user_settings_object');
  }
  if (timezone !== undefined) {
    await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: user.id, email: apiEmail(user, config.fakeEmailDomain), timezone } });
  }
  if (email_address_visibility !== undefined) await notifyVisibilityChange(tx, config, user, email_address_visibility as number);
  if (rest.presence_enabled !== undefined) {
    // The event names the user by the email others see after this change.
    const after = email_address_visibility === undefined ? user : { ...user, email_address_visibility: email_address_visibility as number };
    await announcePresenceEnabled(tx, presence, config, after, rest.presence_enabled as boolean);
  }
}

/** The email others see follows the visibility: tell them the new one, and drop cached logins. */
async function notifyVisibilityChange(tx: Queryable, config: UsersConfig, user: UserRow, visibility: number): Promise<void> {
  const before = apiEmail(user, config.fakeEmailDomain);
  const after = apiEmail({ ...user, email_address_visibility: visibility }, config.fakeEmailDomain);
  if (before === after) return;
  await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: user.id, new_email: after } });
  await notifyAuthChanged(tx, user.realm_id, user.id);
}

/** Zulip before feature level 89: update_display_settings or update_global_notifications. */
function legacyEvent(user: UserRow, config: UsersConfig, property: string, value: SettingValue) {
  const email = apiEmail(user, config.fakeEmailDomain);
  return SETTINGS[property]?.legacy === 'notification' || property === 'email_address_visibility'
    ? { type: 'update_global_notifications', user: email, notification_name: property, setting: value }
    : { type: 'update_display_settings', user: email, setting_name: property, setting: value };
}
