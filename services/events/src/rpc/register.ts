import type { Reply } from '@parley/common/api';
import type { EncodedJson, Handler, RpcClients } from '@parley/common';
import type { RegisterRequest__Output } from '@parley/common/generated/parley/events/v1/RegisterRequest';
import type { QueueManager } from '../domain/queues';
import { register as registerQueue } from '../domain/register';

export const register =
  (manager: QueueManager, clients: RpcClients): Handler<RegisterRequest__Output, EncodedJson<Reply<'POST /register'>>> =>
  (req, ctx) =>
    registerQueue(manager, clients, ctx.caller, ctx.client, req);
