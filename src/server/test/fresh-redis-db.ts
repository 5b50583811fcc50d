import { createClient } from 'redis';

/**
 * `url` with database `index` instead, emptied: a test whose counts must start at zero (rate limits) gets a
 * keyspace of its own, whatever ran before. (Pub/sub is not per database, and need not be.)
 */
export async function freshRedisDb(url: string, index: number): Promise<string> {
  const own = `${url.replace(/\/\d*$/, '')}/${index}`;
  const redis = createClient({ url: own });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  return own;
}
