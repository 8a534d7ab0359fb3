import { connect } from 'nats';
import { deleteKeys } from './redis';

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
