import type { Queryable } from '@parley/common';

/** The users' active, unmuted subscriptions to unarchived channels of the realm (Zulip's get_user_stream_map). */
export async function digestSubscriptions(db: Queryable, realmId: number, userIds: number[]): Promise<{ user_id: number; channel_id: number; name: string }[]> {
  const { rows } = await db.query<{ user_id: number; channel_id: number; name: string }>(
    `SELECT s.user_id, s.channel_id, c.name FROM subscriptions s JOIN channels c ON c.id = s.channel_id
      WHERE s.realm_id = $1 AND s.user_id = ANY($2::int[]) AND s.active AND NOT s.is_muted AND NOT c.is_archived
      ORDER BY s.user_id, s.channel_id`,
    [realmId, userIds],
  );
  return rows;
}

/** The realm's unarchived channels created after `since` (Zulip's get_recent_streams). */
export async function channelsCreatedSince(db: Queryable, realmId: number, since: Date): Promise<{ id: number; name: string; invite_only: boolean; is_web_public: boolean }[]> {
  const { rows } = await db.query<{ id: number; name: string; invite_only: boolean; is_web_public: boolean }>(
    `SELECT id, name, invite_only, is_web_public FROM channels WHERE realm_id = $1 AND date_created > $2 AND NOT is_archived ORDER BY id LIMIT 100`,
    [realmId, since],
  );
  return rows;
}
