import type { Reply } from '@parley/common/api';
import type { EncodedJson, Handler, RpcClients } from '@parley/common';
import type { RegisterRequest__Output } from '@parley/common/generated/parley/events/v1/RegisterRequest';
import type { GetEventsRequest__Output } from '@parley/common/generated/parley/events/v1/GetEventsRequest';
import type { DeleteQueueRequest__Output } from '@parley/common/generated/parley/events/v1/DeleteQueueRequest';
import type { QueueManager } from '../domain/queues';
import { register as registerQueue } from '../domain/register';

export const register =
  (manager: QueueManager, clients: RpcClients): Handler<RegisterRequest__Output, EncodedJson<Reply<'POST /register'>>> =>
  (req, ctx) =>
    registerQueue(manager, clients, ctx.caller, ctx.client, req);

export const getEvents =
  (manager: QueueManager): Handler<GetEventsRequest__Output, Reply<'GET /events'>> =>
  async (req, ctx) => {
    const events = await manager.getEvents(ctx.caller, req.queue_id, req.last_event_id ?? -1, req.dont_block ?? false, ctx.signal);
    return { events: events.map((e) => e.event), queue_id: req.queue_id };
  };

export const deleteQueue =
  (manager: QueueManager): Handler<DeleteQueueRequest__Output, Reply<'DELETE /events'>> =>
  async (req, ctx) => {
    await manager.deleteQueue(ctx.caller, req.queue_id);
    return {};
  };
