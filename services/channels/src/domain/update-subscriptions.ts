import pg from 'pg';
import { BadRequestError, Caller, withPrefetchedTransaction } from '@parley/common';
import type { Peers } from '../peers';
import type { CreationSettings } from './create';
import { askSubscribe, askUnsubscribe, planSubscribe, planUnsubscribe, subscribeWithin, SubscribeResult, unsubscribeWithin, UnsubscribeResult } from './subscribe';

/**
 * PATCH /users/me/subscriptions: Zulip's update_subscriptions_backend, a subscribe (`add`) and
 * an unsubscribe (`delete`) of the caller in one request, with POST's and DELETE's rules and
 * answers merged into one reply. Both happen in one transaction, so a refusal of either
 * leaves nothing done, as Zulip's compose_views rolls back. Like Zulip, it runs both halves
 * even when one list is empty (whose answer is then empty).
 */
export async function checkUpdateSubscriptions(
  pool: pg.Pool,
  peers: Peers,
  caller: Caller,
  req: {
    add: { name: string; description?: string }[];
    delete: string[];
  },
  settings: CreationSettings,
): Promise<SubscribeResult & UnsubscribeResult> {
  if (req.add.length === 0 && req.delete.length === 0) {
    throw new BadRequestError('Nothing to do. Specify at least one of "add" or "delete".');
  }
  // Zulip's defaults for POST /users/me/subscriptions, which this request cannot change.
  const subscribe = { subscriptions: req.add, authorization_errors_fatal: true, announce: false, send_new_subscription_messages: true };
  // Zulip runs its POST view even for an empty `add`, so guests are refused here too.
  const addPlan = await planSubscribe(peers, caller, subscribe);
  const deletePlan = await planUnsubscribe(peers, caller, undefined);
  // Other services are asked before BEGIN (rule 1; withPrefetchedTransaction).
  return withPrefetchedTransaction(
    pool,
    async (tx) => ({
      ...(await subscribeWithin(tx, peers, caller, subscribe, addPlan, settings)),
      ...(await unsubscribeWithin(tx, peers, caller, req.delete, deletePlan)),
    }),
    () => Promise.all([askSubscribe(pool, peers, caller, subscribe, addPlan, settings), askUnsubscribe(pool, peers, caller, req.delete)]),
  );
}
