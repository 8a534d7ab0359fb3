import { objectMembers, type RpcClients, type ServiceName, type Caller, type CallContext } from '@parley/common';
import type { QueueRecord } from '../store/queue-store';

/**
 * Where POST /register's initial state comes from: every service that owns some of it
 * answers a GetRegisterState RPC (parley.users.v1.RegisterStateRequest's shape). A
 * capability that owns state adds its service here, and nothing else changes.
 */
export const STATE_PROVIDERS = ['users', 'channels', 'messages', 'uploads'] as const satisfies readonly ServiceName[];

/**
 * The providers' parts of the state, each an object's JSON (UTF-8), in STATE_PROVIDERS
 * order. Each provider owns its own keys (test/events.test.ts checks that none overlap).
 */
export async function gatherState(clients: RpcClients, caller: Caller, client: string, queue: QueueRecord, fetchEventTypes: string[] | null): Promise<Buffer[]> {
  const ctx: CallContext = { caller, client, host: '' };
  const request = {
    fetch_event_types: fetchEventTypes === null ? undefined : JSON.stringify(fetchEventTypes),
    client_capabilities: JSON.stringify(queue.client_capabilities),
    client_gravatar: queue.client_gravatar,
    apply_markdown: queue.apply_markdown,
    slim_presence: queue.slim_presence,
    include_subscribers: queue.include_subscribers,
  };
  const parts = await Promise.all(STATE_PROVIDERS.map((service) => clients[service].getRegisterState(request, ctx)));
  return parts.map((p) => p.json);
}

/**
 * One object's JSON from several objects' JSON (UTF-8), without decoding them (the register
 * state is a megabyte in a large realm): the members of each, in order. The keys must not
 * overlap.
 */
export function joinObjects(parts: Buffer[]): Buffer {
  const pieces: Buffer[] = [OPEN];
  for (const part of parts) {
    if (part[0] !== 0x7b || part[part.length - 1] !== 0x7d) throw new Error(`not a JSON object's text: ${part.subarray(0, 40).toString()}`);
    const members = objectMembers(part);
    if (members) pieces.push(...(pieces.length > 1 ? [COMMA, members] : [members]));
  }
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}

const [OPEN, COMMA, CLOSE] = ['{', ',', '}'].map((c) => Buffer.from(c));
