import pg from 'pg';
import { BadRequestError, Caller, isIntegerParam, withTransaction } from '@parley/common';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import type { PropertyColumn } from '../store/subscriptions';
import type { Peers } from '../peers';
import { notify } from './notify';
import { accessAll } from './subscribe';

/**
 * POST /users/me/subscriptions/properties: a user's own settings of the channels they are
 * subscribed to. `in_home_view` is the legacy inverse of `is_muted`; a change of either is
 * announced as both (feature level 139). Unknown properties are reported, not refused.
 */
const BOOLEAN_PROPERTIES = new Set([
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
]);
const COLOR = /^#[0-9a-f]{6}$/i;

export interface PropertyChange {
  stream_id: number;
  property: string;
  value: unknown;
}

export function parseSubscriptionData(raw: unknown): PropertyChange[] {
  if (!Array.isArray(raw)) throw new BadRequestError('subscription_data is not a list');
  return raw.map((item, i) => {
    const x = item as Partial<PropertyChange> | null;
    if (typeof x !== 'object' || x === null || !isIntegerParam(x.stream_id) || typeof x.property !== 'string' || !('value' in x)) {
      throw new BadRequestError(`subscription_data[${i}] must have stream_id, property and value`);
    }
    return { stream_id: x.stream_id, property: x.property, value: x.value };
  });
}

export async function checkUpdateProperties(pool: pg.Pool, peers: Peers, caller: Caller, changes: PropertyChange[]): Promise<{ ignored: string[] }> {
  const ignored: string[] = [];
  const viewer = await peers.viewer(caller);
  await withTransaction(pool, async (tx) => {
    for (const { stream_id, property, value } of changes) {
      if (property !== 'color' && !BOOLEAN_PROPERTIES.has(property)) {
        if (!ignored.includes(property)) ignored.push(property);
        continue;
      }
      const sub = await subs.findSubscription(tx, stream_id, caller.user_id);
      if (!sub?.active) {
        // A channel the user cannot read is as good as absent; one they can, they are not in.
        const channel = await store.findChannel(tx, caller.realm_id, stream_id);
        if (!channel || !(await accessAll(tx, peers, viewer, [channel])).get(channel.id)!.content) throw new BadRequestError('Invalid channel ID');
        throw new BadRequestError(`Not subscribed to channel ID ${stream_id}`);
      }
      if (property === 'color') {
        if (typeof value !== 'string' || !COLOR.test(value)) throw new BadRequestError('color is not a valid hex color code');
      } else if (typeof value !== 'boolean') throw new BadRequestError(`${property} is not a boolean`);
      const column = (property === 'in_home_view' ? 'is_muted' : property) as PropertyColumn;
      const stored = property === 'in_home_view' ? !value : value;
      await subs.setProperty(tx, stream_id, caller.user_id, column, stored);
      const events =
        column === 'is_muted'
          ? [
              { property: 'is_muted', value: stored },
              { property: 'in_home_view', value: !stored },
            ]
          : [{ property, value: stored }];
      for (const e of events) await notify(tx, caller.realm_id, [caller.user_id], { type: 'subscription', op: 'update', stream_id, ...e });
    }
  });
  return { ignored };
}
