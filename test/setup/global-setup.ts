// Global setup and teardown run outside Jest's module mapper, so they load the build directly.
const { prepareDatabase } = require('../../dist/database/prepare-database') as typeof import('../../src/database/prepare-database');
import { assertTestDatabase, newTestRun } from './test-environment';

/** One fresh database per run (migrated once, here) and one Redis key prefix per run. */
export default async function globalSetup(): Promise<void> {
  const run = newTestRun();
  assertTestDatabase(run.databaseUrl);
  await prepareDatabase(run.databaseUrl);
  process.env.TEST_DATABASE_URL = run.databaseUrl;
  process.env.TEST_REDIS_PREFIX = run.redisPrefix;
}
