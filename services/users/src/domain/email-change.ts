import pg from 'pg';
import { BadRequestError, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import type { UsersConfig } from '../config';
import { apiEmail, canSeeDeliveryEmail } from './format';
import { notifyAuthChanged, notifyClients } from './notify';

/**
 * Confirms a pending email change (PATCH /settings `email`) by its token: the new address
 * replaces the old one, others hear of it, and cached logins with the old address end.
 */
export async function confirmEmailChange(pool: pg.Pool, config: UsersConfig, token: string): Promise<{ user_id: number; email: string }> {
  return withTransaction(pool, async (tx) => {
    const change = await userStore.takeEmailChange(tx, token);
    if (!change) throw new BadRequestError('Unknown or already used confirmation token');
    if (await userStore.findUserByEmail(tx, change.realm_id, change.new_email)) {
      throw new BadRequestError(`Email '${change.new_email}' already in use`);
    }
    const user = (await userStore.findUserById(tx, change.realm_id, change.user_id, { lock: true }))!;
    await userStore.setDeliveryEmail(tx, user.id, change.new_email);
    const updated = { ...user, delivery_email: change.new_email };
    // The real address goes to those who may see it (the user's email_address_visibility).
    const viewers = (await userStore.listRealmUsers(tx, user.realm_id)).filter((v) => v.is_active && canSeeDeliveryEmail(user, { user_id: v.id, role: v.role }));
    await notifyClients(
      tx,
      user.realm_id,
      viewers.map((v) => v.id),
      { type: 'realm_user', op: 'update', person: { user_id: user.id, delivery_email: change.new_email } },
    );
    if (apiEmail(updated, config.fakeEmailDomain) !== apiEmail(user, config.fakeEmailDomain)) {
      await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: user.id, new_email: change.new_email } });
    }
    await notifyAuthChanged(tx, user.realm_id, user.id);
    return { user_id: user.id, email: change.new_email };
  });
}
