// Global setup and teardown run outside Jest's module mapper, so they load the build directly.
const { prepareDatabase } = require('../../dist/database/prepare-database') as typeof import('../../src/database/prepare-database');
import { assertTestDatabase, newTestRun } from './test-environment';

/**
 * One template database per run, migrated once here, which each test file's database is copied from (see
 * e2e-environment.ts), and one Redis key prefix per run, which each file's prefix extends.
 */
export default async function globalSetup(): Promise<void> {
  const run = newTestRun();
  assertTestDatabase(run.templateUrl);
  await prepareDatabase(run.templateUrl);
  process.env.TEST_TEMPLATE_DATABASE_URL = run.templateUrl;
  process.env.TEST_RUN_REDIS_PREFIX = run.redisPrefix;
}
