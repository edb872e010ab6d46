import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@src/app.module';
import { ExpressServerAdapter } from '@src/common/http/express-server-adapter';
import { setupApp } from '@src/app.setup';
import { AppConfig, loadConfig } from '@src/config/configuration';
import { AccountOptions, createAccount, TestAccount } from './factories';
import { testRunEnvironment } from './test-environment';

export interface TestApp {
  app: INestApplication;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the real service (real PostgreSQL, real Redis, real guard and limiter) on a free port of this run's
 * database. Limits are scaled up unless a test is about them: `startTestApp({ RATE_LIMIT_SCALE: '1' })`.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig({ RATE_LIMIT_SCALE: '100', ...env });
  const app = await NestFactory.create(AppModule.forRoot(config), new ExpressServerAdapter(), { bodyParser: false, logger: false });
  setupApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** The app of an e2e suite, with one account holding every scope; read its fields once `beforeAll` has run. */
export interface SuiteApp {
  testApp: TestApp;
  owner: TestAccount;
  createAccount(options?: AccountOptions): Promise<TestAccount>;
}

/**
 * This file's apps by environment (Jest loads modules afresh for each file): suites of a file that ask for the same
 * environment share one app, started by the first and closed after the last, since booting one takes seconds.
 */
const sharedApps = new Map<string, { suites: number; started?: Promise<TestApp> }>();

async function closeApp(shared: { started?: Promise<TestApp> }): Promise<void> {
  const started = shared.started;
  shared.started = undefined;
  if (started) await (await started).close();
}

// Closes what a skipped or filtered-out suite left open, at the end of the file (module code runs while Jest collects).
afterAll(() => Promise.all([...sharedApps.values()].map(closeApp)));

/**
 * The way a suite starts the app: before its tests, with the file's database and Redis prefix and `env` over the test
 * defaults, and an owner account of the suite's own. Suites of one file with the same `env` share one app.
 */
export function useTestApp(env: Record<string, string> = {}): SuiteApp {
  const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  const shared = sharedApps.get(key) ?? { suites: 0 };
  sharedApps.set(key, shared);
  shared.suites += 1;
  // Filled in by beforeAll: tests only run after it.
  const suite = {
    createAccount: (options?: AccountOptions) => createAccount(suite.testApp.app, suite.testApp.baseUrl, options),
  } as SuiteApp;
  beforeAll(async () => {
    shared.started ??= startTestApp(env);
    suite.testApp = await shared.started;
    suite.owner = await suite.createAccount();
  });
  afterAll(async () => {
    shared.suites -= 1;
    if (shared.suites === 0) await closeApp(shared);
  });
  return suite;
}

/** The service's configuration on this file's database and Redis prefix, logs off, `env` over it. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const { databaseUrl, redisPrefix } = testRunEnvironment();
  return loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'silent', ...env });
}
