import Redis from 'ioredis';
import { connect } from 'nats';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__parley;
  if (!state) return;
  await state.system.stop();
  const { natsUrl } = state.environment;
  const namespace = process.env.PARLEY_BUS_NAMESPACE;
  if (natsUrl && namespace) await deleteStreams(natsUrl, `${namespace.toUpperCase()}_`);
  const { redisUrl } = state.environment;
  if (redisUrl && namespace) await deleteKeys(redisUrl, `parley:${namespace}:`);
  await state.environment.stop();
}

/** This run's JetStream streams (its bus namespace), so runs leave no streams behind. */
async function deleteStreams(natsUrl: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith(prefix)) await jsm.streams.delete(info.config.name);
    }
  } finally {
    await nc.close();
  }
}

/** This run's event queues in Redis (the events service keys them by bus namespace). */
export async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
