import { randomBytes } from 'node:crypto';

/** The database and Redis prefix of this test run, chosen once by the global setup and inherited by the workers. */
export function testRunEnvironment() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisPrefix = process.env.TEST_REDIS_PREFIX;
  if (!databaseUrl || !redisPrefix) throw new Error('The e2e global setup did not run');
  return { databaseUrl, redisPrefix };
}

export function newTestRun() {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
  return { databaseUrl: `${server}/career_test_${runId}`, redisPrefix: `career-test:${runId}:` };
}

/** Refuses to touch a database whose name does not say it is a test database. */
export function assertTestDatabase(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!name.includes('_test_')) throw new Error(`Refusing to use ${name} for tests: its name must contain "_test_"`);
}
