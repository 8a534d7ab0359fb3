import type { Logger } from '../logger';
import type { Bus } from './bus';
import { MemoryBus, MemoryHub } from './memory';
import { createNatsBus } from './nats';

export type { Bus, BusHandler, BusMessage, SubscribeOptions, Subscription } from './bus';
export { MemoryBus, MemoryHub, subjectMatches } from './memory';
export { createNatsBus } from './nats';

/** Every service of an all-in-one process talks through this one hub. */
let processHub: MemoryHub | undefined;

/** NATS JetStream when `natsUrl` is given, else a view of the process-wide in-memory bus. */
export async function createBus(opts: { natsUrl?: string; name: string; log: Logger }): Promise<Bus> {
  if (opts.natsUrl) return createNatsBus({ url: opts.natsUrl, name: opts.name, log: opts.log });
  processHub ??= new MemoryHub();
  return new MemoryBus(processHub, opts.log.child({ bus: opts.name }));
}
