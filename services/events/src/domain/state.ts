import type { RpcClients, ServiceName, Caller, CallContext } from '@parley/common';
import type { QueueRecord } from '../store/queue-store';

/**
 * Where POST /register's initial state comes from: every service that owns some of it
 * answers a GetRegisterState RPC (parley.users.v1.RegisterStateRequest's shape). A
 * capability that owns state adds its service here, and nothing else changes.
 */
export const STATE_PROVIDERS: ServiceName[] = ['users', 'channels', 'messages', 'uploads'];

/**
 * The providers' parts of the state, each the JSON text of an object, in STATE_PROVIDERS
 * order. Each provider owns its own keys (test/events.test.ts checks that none overlap).
 */
export async function gatherState(
  clients: RpcClients, caller: Caller, client: string, queue: QueueRecord, fetchEventTypes: string[] | null,
): Promise<string[]> {
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
  return parts.map((p) => p.json);
}

/**
 * One object's JSON text from several objects' texts, without parsing them (the register
 * state is a megabyte in a large realm): the members of each, in order. The keys must not
 * overlap.
 */
export function joinObjects(texts: string[]): string {
  const members: string[] = [];
  for (const text of texts) {
    if (!text.startsWith('{') || !text.endsWith('}')) throw new Error(`not a JSON object's text: ${text.slice(0, 40)}`);
    const inner = text.slice(1, -1);
    if (inner.trim()) members.push(inner);
  }
  return `{${members.join(',')}}`;
}
