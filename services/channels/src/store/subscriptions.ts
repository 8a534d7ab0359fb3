import type { Queryable } from '@parley/common';

/** A user's personal settings of a channel (null: the user's account-wide default). */
export interface SubscriptionRow {
  channel_id: number;
  user_id: number;
  active: boolean;
  /** False while the user is deactivated. */
  is_user_active: boolean;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

export const PROPERTY_COLUMNS = ['color', 'is_muted', 'pin_to_top', 'desktop_notifications', 'audible_notifications', 'push_notifications', 'email_notifications', 'wildcard_mentions_notify'] as const;
export type PropertyColumn = (typeof PROPERTY_COLUMNS)[number];

const COLUMNS = `channel_id, user_id, active, is_user_active, ${PROPERTY_COLUMNS.join(', ')}`;

/** Subscribers of each channel (deactivated users left out), in user ID order. */
export async function subscribersOf(db: Queryable, channelIds: number[]): Promise<Map<number, number[]>> {
  const { rows } = await db.query<{ channel_id: number; user_ids: number[] }>(
    `SELECT channel_id, array_agg(user_id ORDER BY user_id) AS user_ids FROM subscriptions
      WHERE channel_id = ANY($1::int[]) AND active AND is_user_active GROUP BY channel_id`,
    [channelIds],
  );
  const map = new Map<number, number[]>(channelIds.map((id) => [id, []]));
  for (const r of rows) map.set(r.channel_id, r.user_ids);
  return map;
}

/** A user's subscription rows (active and left) among the realm's channels. */
export async function subscriptionsOf(db: Queryable, realmId: number, userId: number): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE realm_id = $1 AND user_id = $2 ORDER BY channel_id`, [realmId, userId]);
  return rows;
}

export async function findSubscription(db: Queryable, channelId: number, userId: number): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE channel_id = $1 AND user_id = $2`, [channelId, userId]);
  return rows[0];
}

/** How many colors each user already has, to pick the next one from the palette. */
export async function subscriptionCounts(db: Queryable, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ user_id: number; n: number }>('SELECT user_id, count(*)::int AS n FROM subscriptions WHERE user_id = ANY($1::int[]) GROUP BY user_id', [userIds]);
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

/** Subscribes (or resubscribes, keeping the old personal settings) each pair. */
export async function activate(db: Queryable, realmId: number, pairs: { channel_id: number; user_id: number; color: string }[]): Promise<SubscriptionRow[]> {
  if (!pairs.length) return [];
  const { rows } = await db.query<SubscriptionRow>(
    `INSERT INTO subscriptions (channel_id, user_id, realm_id, color)
     SELECT c, u, $1, col FROM unnest($2::int[], $3::int[], $4::text[]) AS p(c, u, col)
     ON CONFLICT (channel_id, user_id) DO UPDATE SET active = true RETURNING ${COLUMNS}`,
    [realmId, pairs.map((p) => p.channel_id), pairs.map((p) => p.user_id), pairs.map((p) => p.color)],
  );
  return rows;
}

export async function deactivate(db: Queryable, pairs: { channel_id: number; user_id: number }[]): Promise<void> {
  if (!pairs.length) return;
  await db.query(
    `UPDATE subscriptions s SET active = false FROM unnest($1::int[], $2::int[]) AS p(c, u)
      WHERE s.channel_id = p.c AND s.user_id = p.u`,
    [pairs.map((p) => p.channel_id), pairs.map((p) => p.user_id)],
  );
}

export async function setProperty(db: Queryable, channelId: number, userId: number, column: PropertyColumn, value: string | boolean | null): Promise<void> {
  await db.query(`UPDATE subscriptions SET ${column} = $3 WHERE channel_id = $1 AND user_id = $2`, [channelId, userId, value]);
}

/** Marks a user's subscriptions as those of an active or deactivated user; returns the channels that changed. */
export async function setUserActive(db: Queryable, realmId: number, userId: number, isActive: boolean): Promise<number[]> {
  const { rows } = await db.query<{ channel_id: number }>(
    `UPDATE subscriptions SET is_user_active = $3 WHERE realm_id = $1 AND user_id = $2 AND active AND is_user_active <> $3
     RETURNING channel_id`,
    [realmId, userId, isActive],
  );
  return rows.map((r) => r.channel_id).sort((a, b) => a - b);
}
