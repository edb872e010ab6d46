import { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { prepareDatabase } from '@src/database/prepare-database';
import { ApiClient, ApiResponse } from '../setup/api-client';
import { eventually } from '../setup/eventually';
import { createAccount, TestAccount } from '../setup/factories';
import { startTestApp, TestApp } from '../setup/test-app';
import { OwnPostgres, OwnRedis, stopProcess, useOwnServices } from '../setup/own-services';
import { startServiceProcess } from '../setup/service-process';

const CONTACTS = '/v1/contacts';
const ada = { firstName: 'Ada', lastName: 'Lovelace' };
/** Cold starts of the service as processes of their own, and of a PostgreSQL cluster, on a busy two-core machine. */
const FAULT_TEST_TIMEOUT_MS = 120_000;

const post = (api: ApiClient, key: string) => api.request('POST', CONTACTS, ada, { 'idempotency-key': key });

async function contactIds(api: ApiClient): Promise<string[]> {
  const list = await api.get(`${CONTACTS}?limit=100`);
  expect(list.status).toBe(200);
  return list.body.data.map((contact: { id: string }) => contact.id);
}

/** Waits until a backend of `database` is in the given wait event (`PgSleep`, or any `Lock` wait). */
function waitingIn(sql: Client, database: string, wait: { type?: string; event?: string }): Promise<boolean> {
  return eventually(async () => {
    const { rowCount } = await sql.query(
      'SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND ($2::text IS NULL OR wait_event_type = $2) AND ($3::text IS NULL OR wait_event = $3)',
      [database, wait.type ?? null, wait.event ?? null],
    );
    return (rowCount ?? 0) > 0;
  });
}

/** The real service in a process of its own, which the test can kill -9. */
async function startServer(env: Record<string, string>): Promise<{ server: ChildProcess; api: (key: string) => ApiClient }> {
  const service = await startServiceProcess({ ...env, LOG_LEVEL: 'silent', TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' });
  return { server: service.process, api: (key) => new ApiClient(service.baseUrl, key) };
}

describe('Idempotency-Key across a crash', () => {
  let setup: TestApp;
  let account: TestAccount;
  const servers: ChildProcess[] = [];
  const env = useOwnServices({
    async start() {
      setup = await startTestApp({ ...env, WEBHOOKS_WORKER: 'off', TAILORING_WORKER: 'off' });
      account = await createAccount(setup.app, setup.baseUrl);
    },
    async stop() {
      await Promise.all(servers.filter((server) => server.exitCode === null && server.signalCode === null).map((server) => stopProcess(server, 'SIGKILL')));
      await setup?.close();
    },
  });

  it(
    'runs a POST whose process died after its writes and before its answer was kept exactly once: the retry creates one contact, and the next replays it',
    async () => {
      const database = new URL(env.DATABASE_URL).pathname.slice(1);
      const sql = new Client({ connectionString: env.DATABASE_URL });
      await sql.connect();
      try {
        // Keeping an answer stalls (a record with a status is written only to keep one), after everything else the
        // request does: the process is killed there.
        await sql.query(`CREATE FUNCTION stall_answer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(60); RETURN NEW; END $$`);
        await sql.query(
          `CREATE TRIGGER stall_answer BEFORE INSERT OR UPDATE ON idempotency_keys FOR EACH ROW WHEN (NEW.status IS NOT NULL) EXECUTE FUNCTION stall_answer()`,
        );
        const first = await startServer(env);
        servers.push(first.server);
        const cutOff: Promise<unknown> = post(first.api(account.key), 'cut-off').catch((error: unknown) => error);
        await waitingIn(sql, database, { event: 'PgSleep' });
        await stopProcess(first.server, 'SIGKILL');
        // PostgreSQL ends a dead client's session when it next talks to it; this one is asleep, so the test ends it.
        await sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
        await cutOff;
        await sql.query('DROP TRIGGER stall_answer ON idempotency_keys');

        const second = await startServer(env);
        servers.push(second.server);
        const api = second.api(account.key);
        const retried: ApiResponse = await post(api, 'cut-off');
        expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, null]);
        expect(await contactIds(api)).toEqual([retried.body.id]);
        const replayed = await post(api, 'cut-off');
        expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body]).toEqual([201, 'true', retried.body]);
      } finally {
        await sql.end();
      }
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});

describe('Idempotency-Key across a PostgreSQL outage', () => {
  it(
    'runs a retry at once after a POST was answered 503 while PostgreSQL restarted, and creates one contact',
    async () => {
      let redis: OwnRedis | undefined;
      let postgres: OwnPostgres | undefined;
      let service: TestApp | undefined;
      let sql: Client | undefined;
      try {
        redis = await OwnRedis.start();
        postgres = await OwnPostgres.start();
        const databaseUrl = postgres.url('career_outage');
        sql = new Client({ connectionString: databaseUrl });
        await prepareDatabase(databaseUrl);
        service = await startTestApp({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url, TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' });
        const owner = await createAccount(service.app, service.baseUrl);
        await sql.connect();
        await sql.query('BEGIN');
        // A new contact's foreign key takes its account's row FOR KEY SHARE: held FOR UPDATE here, the request waits
        // inside its transaction, key held, until PostgreSQL goes away.
        await sql.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [owner.accountId]);
        const during = post(owner.api, 'outage');
        await waitingIn(sql, 'career_outage', { type: 'Lock' });
        sql.on('error', () => undefined);
        postgres.stop();
        const answered = await during;
        expect([answered.status, answered.body]).toEqual([503, { error: 'Service temporarily unavailable; retry shortly', requestId: expect.any(String) }]);

        postgres.resume();
        const retried = await eventually(
          () => post(owner.api, 'outage'),
          (response) => response.status !== 503,
        );
        expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, null]);
        expect(await contactIds(owner.api)).toEqual([retried.body.id]);
      } finally {
        await sql?.end().catch(() => undefined);
        await service?.close();
        await redis?.stop();
        postgres?.remove();
      }
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});
