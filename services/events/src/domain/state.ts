import type { RpcClients, ServiceName, Caller, CallContext } from '@parley/common';
import type { QueueRecord } from '../store/queue-store';

/**
 * Where POST /register's initial state comes from: every service that owns some of it
 * answers a GetRegisterState RPC (parley.users.v1.RegisterStateRequest's shape). A
 * capability that owns state adds its service here, and nothing else changes.
 */
export const STATE_PROVIDERS: ServiceName[] = ['users', 'channels', 'messages', 'uploads'];

export async function gatherState(
  clients: RpcClients, caller: Caller, client: string, queue: QueueRecord, fetchEventTypes: string[] | null,
): Promise<Record<string, unknown>> {
  const ctx: CallContext = { caller, client, host: '' };
  const request = {
    fetch_event_types: fetchEventTypes === null ? undefined : JSON.stringify(fetchEventTypes),
    client_capabilities: JSON.stringify(queue.client_capabilities),
    client_gravatar: queue.client_gravatar,
    apply_markdown: queue.apply_markdown,
    slim_presence: queue.slim_presence,
    include_subscribers: queue.include_subscribers,
  };
  const parts = await Promise.all(
    STATE_PROVIDERS.map((service) => clients[service].call<{ json: string }>('GetRegisterState', request, ctx)),
  );
  return Object.assign({}, ...parts.map((p) => JSON.parse(p.json)));
}
