import Redis from 'ioredis';
const { dropDatabase } = require('../../dist/database/prepare-database') as typeof import('../../src/database/prepare-database');
import { assertTestDatabase, testRunEnvironment } from './test-environment';

export default async function globalTeardown(): Promise<void> {
  const { databaseUrl, redisPrefix } = testRunEnvironment();
  assertTestDatabase(databaseUrl);
  await dropDatabase(databaseUrl);
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
