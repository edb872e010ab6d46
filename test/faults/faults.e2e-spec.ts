import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { cloneDatabase, dropDatabase } from '@src/database/prepare-database';
import { ApiClient } from '../setup/api-client';
import { createAccount, TestAccount } from '../setup/factories';
import { startTestApp, TestApp } from '../setup/test-app';
import { testRun, testRunEnvironment } from '../setup/test-environment';
import { eventually } from '../setup/eventually';
import { OwnRedis } from '../setup/own-services';

const APPLICATIONS = '/v1/tracker/applications';
const JOB_DESCRIPTION = `Senior Backend Engineer. ${'Build TypeScript services on PostgreSQL and Redis, run Kafka in production. '.repeat(10)}`;

/** Tracks a job with autoPrepare on, which needs the tailoring queue (Redis). */
function trackWithAutoPrepare(account: TestAccount, jobTitle: string, company: string) {
  return account.api.post(APPLICATIONS, { jobTitle, company, jobDescription: JOB_DESCRIPTION, autoPrepare: true });
}

/**
 * Faults on parts of the test's own: a Redis server it starts and stops, and a database of its own whose connections
 * it kills, so that no other test shares what breaks.
 */
describe('faults', () => {
  const databaseUrl = `${testRunEnvironment().databaseUrl}_faults_${randomBytes(3).toString('hex')}`;
  let redis: OwnRedis;

  const startApp = (env: Record<string, string> = {}) =>
    startTestApp({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      TAILORING_SWEEP_INTERVAL_MS: '200',
      TAILORING_SWEEP_AFTER_MS: '0',
      ...env,
    });

  beforeAll(async () => {
    await cloneDatabase(testRun().templateUrl, databaseUrl);
    redis = await OwnRedis.start();
  });
  afterAll(async () => {
    await redis?.stop();
    await dropDatabase(databaseUrl);
  });

  it('survives Redis going away: limits fail open, health says 503, autoPrepare answers 503, and queued work is finished once Redis is back', async () => {
    const producer = await startApp({ TAILORING_WORKER: 'off' });
    let worker: TestApp | undefined;
    try {
      const account = await createAccount(producer.app, producer.baseUrl, { features: ['auto-prepare'] });
      await account.api.post('/v1/experiences', { jobTitle: 'Backend Engineer', company: 'Acme', description: 'TypeScript and PostgreSQL services.' });
      const queued = await trackWithAutoPrepare(account, 'Backend Engineer', 'Initech');
      expect(queued.status).toBe(201);

      await redis.stop();
      const anonymous = new ApiClient(producer.baseUrl);
      await eventually(async () => (await anonymous.get('/health')).status === 503);
      const health = await anonymous.get('/health');
      expect(health.body).toMatchObject({ status: 'error', checks: { redis: { status: 'down' }, database: { status: 'up' } } });

      const reads = await Promise.all(Array.from({ length: 20 }, () => account.api.get(APPLICATIONS)));
      expect(reads.map((response) => response.status)).toEqual(Array(20).fill(200));
      expect(reads[0].headers.get('x-ratelimit-limit')).toBeNull();

      const refused = await trackWithAutoPrepare(account, 'Platform Engineer', 'Globex');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ error: expect.any(String), code: 'QUEUE_UNAVAILABLE', retryAfter: 5 });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await account.api.get(APPLICATIONS)).body.total).toBe(1);
      const plain = await account.api.post(APPLICATIONS, { jobTitle: 'Plain', company: 'Globex' });
      expect(plain.status).toBe(201);

      // Redis comes back empty (it keeps nothing on disk): the job is gone, and the sweep puts it back.
      await redis.resume();
      await eventually(async () => (await anonymous.get('/health')).status === 200);
      expect((await account.api.get(APPLICATIONS)).headers.get('x-ratelimit-limit')).not.toBeNull();
      worker = await startApp();
      const application = await eventually(
        async () => (await account.api.get(`${APPLICATIONS}/${queued.body.applicationId}`)).body.data,
        (data) => data.status === 'watchlist',
      );
      expect(application.timeline[0].description).toMatch(/^Resume (tailored|left as it was)/);
    } finally {
      await worker?.close();
      await producer.close();
    }
  });

  it('answers 503 while database connections are killed under load, and recovers without a restart', async () => {
    const testApp = await startApp();
    const killer = new Client({ connectionString: testRunEnvironment().databaseUrl });
    await killer.connect();
    try {
      const accounts: TestAccount[] = [];
      for (let index = 0; index < 3; index += 1) accounts.push(await createAccount(testApp.app, testApp.baseUrl));
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      const created = new Map<string, number>();
      let killing = true;
      const kills = (async () => {
        let count = 0;
        while (killing) {
          const { rowCount } = await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
            new URL(databaseUrl).pathname.slice(1),
          ]);
          count += rowCount ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
        return count;
      })();
      await Promise.all(
        accounts.map(async (account, accountIndex) => {
          for (let index = 0; index < 60; index += 1) {
            const response =
              index % 3 === 0
                ? await account.api.post(APPLICATIONS, { jobTitle: `Role ${accountIndex}-${index}`, company: 'Acme' })
                : await account.api.get(APPLICATIONS);
            statuses.push(response.status);
            if (response.status === 201) created.set(account.accountId, (created.get(account.accountId) ?? 0) + 1);
            if (response.status >= 500) bodies.push(response.body);
          }
        }),
      );
      killing = false;
      const killed = await kills;

      expect(killed).toBeGreaterThan(0);
      expect(statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      for (const body of bodies) expect(body).toEqual({ error: 'Service temporarily unavailable; retry shortly', requestId: expect.any(String) });
      expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
      // Recovered without a restart, and nothing half-written: every 201 is there (20 creates were tried per
      // account), and no application lacks the timeline entry written in its transaction.
      for (const account of accounts) {
        const after = await account.api.get(APPLICATIONS);
        expect(after.status).toBe(200);
        expect(after.body.total).toBeGreaterThanOrEqual(created.get(account.accountId) ?? 0);
        expect(after.body.total).toBeLessThanOrEqual(20);
      }
      const [{ orphans }] = await testApp.app
        .get(DataSource)
        .query(
          'SELECT count(*)::int AS orphans FROM applications a WHERE NOT EXISTS (SELECT 1 FROM application_timeline_entries t WHERE t.application_id = a.id)',
        );
      expect(orphans).toBe(0);
      expect((await accounts[0].api.post(APPLICATIONS, { jobTitle: 'After the storm', company: 'Acme' })).status).toBe(201);
    } finally {
      await killer.end();
      await testApp.close();
    }
  });
});
