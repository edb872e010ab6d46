import { randomBytes } from 'node:crypto';

/**
 * The database and Redis prefix of this test file: a copy of the run's template database and a prefix under the
 * run's, chosen by the e2e test environment before the file runs, so no two files (or runs) share data or queues.
 */
export function testRunEnvironment() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisPrefix = process.env.TEST_REDIS_PREFIX;
  if (!databaseUrl || !redisPrefix) throw new Error('The e2e test environment did not run');
  return { databaseUrl, redisPrefix };
}

/**
 * The env that points a process at this file's database and Redis prefix (its own: delivery suites configure their
 * apps differently, so their endpoints and events must not reach other files' apps), with `around` run before the
 * file's tests and after them.
 */
export function useFileEnvironment(around: { start(): Promise<void>; stop(): Promise<void> }): Record<string, string> {
  const { databaseUrl, redisPrefix } = testRunEnvironment();
  beforeAll(() => around.start());
  afterAll(() => around.stop());
  return { DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix };
}

/** The run's template database (migrated once by the global setup) and the Redis prefix every file's prefix starts with. */
export function testRun() {
  const templateUrl = process.env.TEST_TEMPLATE_DATABASE_URL;
  const redisPrefix = process.env.TEST_RUN_REDIS_PREFIX;
  if (!templateUrl || !redisPrefix) throw new Error('The e2e global setup did not run');
  return { templateUrl, redisPrefix };
}

export function newTestRun() {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
  return { templateUrl: `${server}/career_test_${runId}`, redisPrefix: `career-test:${runId}:` };
}

/** A database and Redis prefix of a test file's own, named after the run's so that the global teardown finds them. */
export function newTestFile(run: { templateUrl: string; redisPrefix: string }) {
  const fileId = randomBytes(3).toString('hex');
  return { databaseUrl: `${run.templateUrl}_${fileId}`, redisPrefix: `${run.redisPrefix}${fileId}:` };
}

/** Refuses to touch a database whose name does not say it is a test database. */
export function assertTestDatabase(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!name.includes('_test_')) throw new Error(`Refusing to use ${name} for tests: its name must contain "_test_"`);
}
