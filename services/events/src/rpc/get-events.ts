import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetEventsRequest__Output } from '@parley/common/generated/parley/events/v1/GetEventsRequest';
import type { QueueManager } from '../domain/queues';

export const getEvents =
  (manager: QueueManager): Handler<GetEventsRequest__Output, Reply<'GET /events'>> =>
  async (req, ctx) => {
    const events = await manager.getEvents(ctx.caller, req.queue_id, req.last_event_id ?? -1, req.dont_block ?? false, ctx.signal);
    return { events: events.map((e) => e.event), queue_id: req.queue_id };
  };
