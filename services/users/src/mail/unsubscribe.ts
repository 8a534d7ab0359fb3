import pg from 'pg';
import { BadRequestError, withTransaction } from '@parley/common';
import type { UsersConfig } from '../config';
import type { PresenceStore } from '../store/presence';
import type { RealmRow } from '../store/realms';
import { findUserById } from '../store/users';
import { applySettings } from '../domain/settings';
import { readUnsubscribeToken } from './compose';
import { isNotificationMailKind, NOTIFICATION_MAIL_SETTINGS } from './kinds';

/**
 * A notification mail's unsubscribe link (Zulip's zerver/views/unsubscribe.py): the token
 * names the user, signed for that kind of mail; it must be of the Host's realm. With
 * `confirm`, that kind's setting is turned off as PATCH /settings would (the same events).
 * A forged token, an unknown kind or another realm's user: 400, as Zulip's "Unknown email
 * unsubscribe request".
 */
export async function unsubscribe(
  pool: pg.Pool,
  config: UsersConfig,
  presence: PresenceStore,
  realm: RealmRow | undefined,
  req: { kind: string; token: string; confirm: boolean },
): Promise<{ realm_name: string; setting: string }> {
  const userId = isNotificationMailKind(req.kind) ? readUnsubscribeToken(config.secret, req.kind, req.token) : undefined;
  if (!realm || realm.deactivated || userId === undefined || !isNotificationMailKind(req.kind)) throw new BadRequestError('Unknown email unsubscribe request');
  const setting = NOTIFICATION_MAIL_SETTINGS[req.kind];
  await withTransaction(pool, async (tx) => {
    const user = await findUserById(tx, realm.id, userId, { lock: req.confirm });
    if (!user?.is_active) throw new BadRequestError('Unknown email unsubscribe request');
    if (req.confirm) await applySettings(tx, config, presence, user, { [setting]: false });
  });
  return { realm_name: realm.name, setting };
}
