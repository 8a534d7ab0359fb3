import { BadRequestError, Caller, EncodedJson, encodedJson, EVENT_QUEUE_LONGPOLL_TIMEOUT_SECONDS, FEATURE_LEVEL, Role, RpcClients, ZULIP_VERSION } from '@parley/common';
import type { Reply } from '@parley/common/api';
import type { RegisterRequest__Output } from '@parley/common/generated/parley/events/v1/RegisterRequest';
import { parseNarrow } from './narrow';
import type { NewQueue, QueueManager } from './queues';
import { gatherState, joinObjects } from './state';

function jsonParam(name: string, raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`${name} is not valid JSON`);
  }
}

function eventTypes(name: string, raw: string | undefined): string[] | null {
  const value = jsonParam(name, raw);
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new BadRequestError(`${name} is not a list of strings`);
  return value;
}

function capabilities(raw: string | undefined): Record<string, boolean> {
  const value = jsonParam('client_capabilities', raw) ?? {};
  if (typeof value !== 'object' || Array.isArray(value) || value === null) throw new BadRequestError('client_capabilities is not a dict');
  const out: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'boolean') throw new BadRequestError(`client_capabilities["${k}"] is not a boolean`);
    out[k] = v;
  }
  return out;
}

function includeSubscribers(raw: string | undefined): string {
  if (raw === undefined) return 'false';
  if (!['true', 'false', 'partial', '"partial"'].includes(raw)) throw new BadRequestError('include_subscribers must be true, false or "partial"');
  return raw.replace(/"/g, '');
}

/** POST /register's queue options, validated. */
export function queueOptions(caller: Caller, req: RegisterRequest__Output): NewQueue {
  const allPublic = req.all_public_streams ?? false;
  if (allPublic && caller.role === Role.GUEST) throw new BadRequestError('User not authorized for this query');
  return {
    event_types: eventTypes('event_types', req.event_types),
    narrow: req.narrow === undefined ? [] : parseNarrow(jsonParam('narrow', req.narrow)),
    all_public_streams: allPublic,
    client_capabilities: capabilities(req.client_capabilities),
    apply_markdown: req.apply_markdown ?? false,
    client_gravatar: req.client_gravatar ?? true,
    slim_presence: req.slim_presence ?? false,
    include_subscribers: includeSubscribers(req.include_subscribers),
  };
}

/**
 * POST /register: the queue first, then the state, so a change made meanwhile is in the
 * queue (clients apply events idempotently). A queue whose state cannot be had is removed.
 * The providers' parts are joined as they came (UTF-8 JSON), not decoded and encoded again.
 */
export async function register(manager: QueueManager, clients: RpcClients, caller: Caller, client: string, req: RegisterRequest__Output): Promise<EncodedJson<Reply<'POST /register'>>> {
  const options = queueOptions(caller, req);
  const fetch = req.fetch_event_types === undefined ? options.event_types : eventTypes('fetch_event_types', req.fetch_event_types);
  const queue = await manager.register(caller, options);
  let state: Buffer[];
  try {
    state = await gatherState(clients, caller, client, queue, fetch);
  } catch (err) {
    await manager.deleteQueue(caller, queue.queue_id).catch(() => undefined);
    throw err;
  }
  const head = {
    queue_id: queue.queue_id,
    last_event_id: -1,
    zulip_feature_level: FEATURE_LEVEL,
    service_feature_level: FEATURE_LEVEL,
    zulip_version: ZULIP_VERSION,
    zulip_merge_base: ZULIP_VERSION,
    event_queue_longpoll_timeout_seconds: EVENT_QUEUE_LONGPOLL_TIMEOUT_SECONDS,
  };
  return encodedJson(joinObjects([Buffer.from(JSON.stringify(head)), ...state]));
}
