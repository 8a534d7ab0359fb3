import type { Reply } from '@parley/common/api';
import { BadRequestError, DbServiceDeps, Handler, parseJsonParam } from '@parley/common';
import type { SubscribeRequest__Output } from '@parley/common/generated/parley/channels/v1/SubscribeRequest';
import type { UnsubscribeRequest__Output } from '@parley/common/generated/parley/channels/v1/UnsubscribeRequest';
import type { UpdateSubscriptionsRequest__Output } from '@parley/common/generated/parley/channels/v1/UpdateSubscriptionsRequest';
import type { GetSubscriptionsRequest__Output } from '@parley/common/generated/parley/channels/v1/GetSubscriptionsRequest';
import type { UpdateSubscriptionPropertiesRequest__Output } from '@parley/common/generated/parley/channels/v1/UpdateSubscriptionPropertiesRequest';
import type { GetSubscriptionStatusRequest__Output } from '@parley/common/generated/parley/channels/v1/GetSubscriptionStatusRequest';
import { checkSubscribe, checkUnsubscribe } from '../domain/subscribe';
import { checkUpdateSubscriptions } from '../domain/update-subscriptions';
import { checkUpdateProperties, parseSubscriptionData } from '../domain/properties';
import { isSubscribed, subscriptionState } from '../domain/read';
import { peersFor } from '../peers';
import { checkListLength, jsonList, principalList } from './params';

/** The subscription RPCs; each decodes its request, calls the domain, and shapes the reply. */
/** A JSON list of {name, description?} (POST's `subscriptions`, PATCH's `add`). */
function channelSpecs(param: string, raw: string | undefined, max: number): { name: string; description?: string }[] {
  return (jsonList(param, raw, max) ?? []).map((s, i) => {
    const x = s as { name?: unknown; description?: unknown } | null;
    if (typeof x !== 'object' || x === null || typeof x.name !== 'string') throw new BadRequestError(`${param}[${i}] is missing its name`);
    if (x.description !== undefined && typeof x.description !== 'string') throw new BadRequestError(`${param}[${i}]["description"] is not a string`);
    return { name: x.name, description: x.description };
  });
}

/** A JSON list of channel names (DELETE's `subscriptions`, PATCH's `delete`). */
function channelNames(param: string, raw: string | undefined, max: number): string[] {
  const names = jsonList(param, raw, max) ?? [];
  if (!names.every((n) => typeof n === 'string')) throw new BadRequestError(`${param} is not a list of channel names`);
  return names;
}

export const subscribe =
  (deps: DbServiceDeps): Handler<SubscribeRequest__Output, Reply<'POST /users/me/subscriptions'>> =>
  async (req, ctx) => {
    const subscriptions = channelSpecs('subscriptions', req.subscriptions, deps.config.maxSubscriptionsPerRequest);
    return checkSubscribe(
      deps.pool,
      peersFor(deps, ctx),
      ctx.caller,
      {
        ...req,
        subscriptions,
        principals: principalList(req.principals),
        authorization_errors_fatal: req.authorization_errors_fatal ?? true,
        announce: req.announce ?? false,
        send_new_subscription_messages: req.send_new_subscription_messages ?? true,
      },
      deps.config,
    );
  };

export const unsubscribe =
  (deps: DbServiceDeps): Handler<UnsubscribeRequest__Output, Reply<'DELETE /users/me/subscriptions'>> =>
  async (req, ctx) => {
    const names = channelNames('subscriptions', req.subscriptions, deps.config.maxSubscriptionsPerRequest);
    return checkUnsubscribe(deps.pool, peersFor(deps, ctx), ctx.caller, names, principalList(req.principals));
  };

export const updateSubscriptions =
  (deps: DbServiceDeps): Handler<UpdateSubscriptionsRequest__Output, Reply<'PATCH /users/me/subscriptions'>> =>
  async (req, ctx) => {
    const max = deps.config.maxSubscriptionsPerRequest;
    return checkUpdateSubscriptions(
      deps.pool,
      peersFor(deps, ctx),
      ctx.caller,
      {
        add: channelSpecs('add', req.add, max),
        delete: channelNames('delete', req.delete, max),
      },
      deps.config,
    );
  };

/**
 * GET /users/me/subscriptions: archived channels left out, as Zulip's gather_subscriptions
 * (register's subscriptions have them only for clients declaring archived_channels).
 */
export const getSubscriptions =
  (deps: DbServiceDeps): Handler<GetSubscriptionsRequest__Output, Reply<'GET /users/me/subscriptions'>> =>
  async (req, ctx) => {
    const state = await subscriptionState(deps.pool, peersFor(deps, ctx), ctx.caller, {
      includeSubscribers: includeSubscribers(req.include_subscribers),
      includeArchived: false,
    });
    return { subscriptions: state.subscribed };
  };

/** include_subscribers: a JSON boolean, or "partial" (which Parley answers in full). */
export function includeSubscribers(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  const value =
    raw === 'partial'
      ? 'partial'
      : (() => {
          try {
            return JSON.parse(raw) as unknown;
          } catch {
            return raw;
          }
        })();
  if (value === true || value === 'partial') return true;
  if (value === false) return false;
  throw new BadRequestError('include_subscribers must be true, false or "partial"');
}

export const updateSubscriptionProperties =
  (deps: DbServiceDeps): Handler<UpdateSubscriptionPropertiesRequest__Output, Reply<'POST /users/me/subscriptions/properties'>> =>
  async (req, ctx) => {
    const raw = parseJsonParam('subscription_data', req.subscription_data);
    if (Array.isArray(raw)) checkListLength('subscription_data', raw, deps.config.maxSubscriptionsPerRequest);
    const { ignored } = await checkUpdateProperties(deps.pool, peersFor(deps, ctx), ctx.caller, parseSubscriptionData(raw));
    return { ignored_parameters_unsupported: ignored };
  };

export const getSubscriptionStatus =
  (deps: DbServiceDeps): Handler<GetSubscriptionStatusRequest__Output, Reply<'GET /users/{user_id}/subscriptions/{stream_id}'>> =>
  async (req, ctx) => ({
    is_subscribed: await isSubscribed(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.user_id), Number(req.stream_id)),
  });
