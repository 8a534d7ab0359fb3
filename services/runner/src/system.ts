import { createLogger, freePort, holdProcessBus, readBaseConfig, RunningService, SERVICES, ServiceName } from '@parley/common';
import { readUsersConfig, startUsersService } from '@parley/users';
import { startChannelsService } from '@parley/channels';
import { readMessagesConfig, startMessagesService } from '@parley/messages';
import { readUploadsConfig, startUploadsService } from '@parley/uploads';
import { readEventsConfig, startEventsService } from '@parley/events';
import { readGatewayConfig, startGateway, RunningGateway } from '@parley/gateway';

/**
 * Parley in one process: every service and the gateway, still talking gRPC over loopback
 * (on free ports), sharing the in-process bus unless NATS_URL is set.
 */
export interface RunningSystem {
  url: string;
  port: number;
  services: Record<ServiceName, RunningService>;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

export async function startSystem(env: Record<string, string | undefined>, defaults: { databaseUrl?: string } = {}): Promise<RunningSystem> {
  const ports: Record<string, string> = {};
  for (const s of SERVICES) ports[`${s.toUpperCase()}_GRPC_ADDR`] = `127.0.0.1:${await freePort()}`;
  ports.UPLOADS_HTTP_ADDR = `127.0.0.1:${await freePort()}`;
  const merged = { ...env, ...ports };
  const starters: Record<ServiceName, () => Promise<RunningService>> = {
    users: () => startUsersService(readUsersConfig(merged, defaults)),
    channels: () => startChannelsService(readBaseConfig('channels', merged, defaults)),
    messages: () => startMessagesService(readMessagesConfig(merged, defaults)),
    uploads: () => startUploadsService(readUploadsConfig(merged, defaults)),
    events: () => startEventsService(readEventsConfig(merged)),
  };
  const services = {} as Record<ServiceName, RunningService>;
  // The in-process bus delivers nothing until every service has subscribed (holdProcessBus):
  // the first relays publish what was written while Parley was stopped.
  const releaseBus = holdProcessBus();
  try {
    for (const s of SERVICES) services[s] = await starters[s]();
  } catch (err) {
    await Promise.all(Object.values(services).map((svc) => svc.stop().catch(() => undefined)));
    throw err;
  } finally {
    releaseBus();
  }
  const gateway = await startGateway(readGatewayConfig(merged), createLogger('gateway'));
  const host = merged.HOST ?? '127.0.0.1';
  return {
    url: `http://${host}:${gateway.port}`,
    port: gateway.port,
    services,
    gateway,
    stop: async () => {
      await gateway.stop();
      for (const s of [...SERVICES].reverse()) await services[s].stop();
    },
  };
}
