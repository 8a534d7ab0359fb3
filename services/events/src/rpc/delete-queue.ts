import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { DeleteQueueRequest__Output } from '@parley/common/generated/parley/events/v1/DeleteQueueRequest';
import type { QueueManager } from '../domain/queues';

export const deleteQueue =
  (manager: QueueManager): Handler<DeleteQueueRequest__Output, Reply<'DELETE /events'>> =>
  async (req, ctx) => {
    await manager.deleteQueue(ctx.caller, req.queue_id);
    return {};
  };
