import type { Logger } from '../logger';
import type { Bus } from './bus';
import { MemoryBus, MemoryHub } from './memory';
import { createNatsBus } from './nats';
import { NamespacedBus } from './namespace';

export type { Bus, BusHandler, BusMessage, SubscribeOptions, Subscription } from './bus';
export { MemoryBus, MemoryHub, subjectMatches } from './memory';
export { createNatsBus } from './nats';
export { NamespacedBus, NAMESPACE_PATTERN, redisKeyPrefix } from './namespace';
export { removeBusNamespace, NamespaceRemovalError, ownsStream } from './remove-namespace';
export type { NamespaceRemoval } from './remove-namespace';
export { currentTraceHeaders } from './trace';
export { subscribeTo } from './subjects';
export type {
  AuthInvalidated,
  BusMessageOf,
  BusPayloads,
  BusSubject,
  ClientEventSubject,
  Notification,
  SubjectsMatching,
  TypedSubscribeOptions,
  UserActiveChanged,
  UserCreated,
  UserMuted,
  UserRoleChanged,
  UserSettingsChanged,
} from './subjects';

/** Every service of an all-in-one process talks through this one hub. */
let processHub: MemoryHub | undefined;

/**
 * Holds the process-wide in-memory bus until the returned function is called (MemoryHub.hold):
 * Parley in one process starts its services meanwhile, so that every consumer has subscribed
 * before the first announcement is delivered. NATS needs no such thing (its durable consumers
 * read the stream from its start), and a process on NATS does not use this hub.
 */
export function holdProcessBus(): () => void {
  const hub = (processHub ??= new MemoryHub());
  hub.hold();
  return () => hub.release();
}

/**
 * NATS JetStream when `natsUrl` is given, else a view of the process-wide in-memory bus;
 * inside `namespace` (PARLEY_BUS_NAMESPACE) when one is given.
 */
export async function createBus(opts: { natsUrl?: string; name: string; log: Logger; namespace?: string }): Promise<Bus> {
  let bus: Bus;
  if (opts.natsUrl) {
    bus = await createNatsBus({ url: opts.natsUrl, name: opts.name, log: opts.log });
  } else {
    processHub ??= new MemoryHub();
    bus = new MemoryBus(processHub, opts.log.child({ bus: opts.name }));
  }
  return opts.namespace ? new NamespacedBus(bus, opts.namespace) : bus;
}
