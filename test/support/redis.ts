import Redis from 'ioredis';

/** Deletes every key under a prefix (a run's or a test's event queues), with SCAN + DEL. */
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

/** Every key under a prefix, with SCAN (all of its pages). */
export async function keysUnder(redisUrl: string, prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  const out: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      out.push(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return out.sort();
}
