import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@src/app.module';
import { ExpressServerAdapter } from '@src/common/http/express-server-adapter';
import { setupApp } from '@src/app.setup';
import { loadConfig } from '@src/config/configuration';
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
  const { databaseUrl, redisPrefix } = testRunEnvironment();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '100',
    ...env,
  });
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

/** Starts the app (and its owner account) before the suite's tests and closes it after them. */
export function useTestApp(env: Record<string, string> = {}): SuiteApp {
  // Filled in by beforeAll: tests only run after it.
  const suite = {
    createAccount: (options?: AccountOptions) => createAccount(suite.testApp.app, suite.testApp.baseUrl, options),
  } as SuiteApp;
  beforeAll(async () => {
    suite.testApp = await startTestApp(env);
    suite.owner = await suite.createAccount();
  });
  afterAll(() => suite.testApp.close());
  return suite;
}
