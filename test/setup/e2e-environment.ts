import NodeEnvironment from 'jest-environment-node';
// Test environments run outside Jest's module mapper, so they load the build directly.
const { cloneDatabase, dropDatabase } = require('../../dist/database/prepare-database') as typeof import('../../src/database/prepare-database');
import { newTestFile, testRun } from './test-environment';

/**
 * Gives each e2e file a database of its own, copied from the run's migrated template (about 0.3 s where migrating
 * takes seconds), and a Redis prefix of its own, before the file runs; drops the database after its last afterAll.
 * The file reads both with `testRunEnvironment()`.
 */
export default class E2eEnvironment extends NodeEnvironment {
  private databaseUrl: string | undefined;

  async setup(): Promise<void> {
    await super.setup();
    const file = newTestFile(testRun());
    await cloneDatabase(testRun().templateUrl, file.databaseUrl);
    this.databaseUrl = file.databaseUrl;
    Object.assign(this.global.process.env, { TEST_DATABASE_URL: file.databaseUrl, TEST_REDIS_PREFIX: file.redisPrefix });
  }

  async teardown(): Promise<void> {
    try {
      if (this.databaseUrl) await dropDatabase(this.databaseUrl);
    } finally {
      await super.teardown();
    }
  }
}
