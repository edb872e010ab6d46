import Redis from 'ioredis';
import { Client } from 'pg';
const { dropDatabase } = require('../../dist/database/prepare-database') as typeof import('../../src/database/prepare-database');
import { assertTestDatabase, testRun } from './test-environment';

/** Drops the run's template and whatever database of the run a file left (a crashed worker's), then its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const { templateUrl, redisPrefix } = testRun();
  assertTestDatabase(templateUrl);
  for (const databaseUrl of await databasesOfRun(templateUrl)) await dropDatabase(databaseUrl);
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

/** The template and every database whose name starts with its name: the files' copies and the ones they made. */
async function databasesOfRun(templateUrl: string): Promise<string[]> {
  const url = new URL(templateUrl);
  const template = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [template]);
    return rows.map(({ datname }) => Object.assign(new URL(templateUrl), { pathname: `/${datname}` }).toString());
  } finally {
    await admin.end();
  }
}
