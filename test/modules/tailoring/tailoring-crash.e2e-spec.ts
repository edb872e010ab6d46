/** @long-running: worker processes wait out Bull's job lock. */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { createAccount, TestAccount } from '../../setup/factories';
import { startTestApp, TestApp } from '../../setup/test-app';
import { stopProcess, useOwnServices } from '../../setup/own-services';
import { eventually, JOB_DESCRIPTION } from '../webhooks/webhook-fixtures';

const APPLICATIONS = '/v1/tracker/applications';
/** The spec: autoPrepare is "typically done within 30 seconds". */
const RECOVERY_MS = 30_000;
/** Cold starts of worker processes on a busy two-core machine, the recovery itself, and a healthy job held for a while. */
const CRASH_TEST_TIMEOUT_MS = 150_000;

/** A worker process (`npm run start:worker`) on the suite's own PostgreSQL and Redis, which the test can kill -9. */
function startWorker(): ChildProcess {
  const worker = spawn('node', [join(__dirname, '..', '..', '..', 'dist', 'worker.js')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  workerOutput.set(worker, output);
  worker.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  worker.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return worker;
}

/** What each worker wrote (warnings and errors), kept so that a job that never ran can be told apart from a worker that never started. */
const workerOutput = new Map<ChildProcess, string[]>();

/** Waits until a worker's job waits on the held row; when none does in time, says what the workers and the job's record show. */
async function untilJobWaits(applicationId: string): Promise<void> {
  try {
    await eventually(jobsWaiting, (waiting) => waiting === 1, 60_000);
  } catch (error) {
    const redis = new Redis(env.REDIS_URL);
    const job = await redis.hgetall(`${env.REDIS_PREFIX}bull:tailoring:${applicationId}`).finally(() => redis.disconnect());
    const application = (await database.query('SELECT status, tailoring_pending FROM applications WHERE id = $1', [applicationId])).rows[0];
    const workersSaid = workers.map((worker) => ({ pid: worker.pid, exit: worker.exitCode ?? worker.signalCode, output: workerOutput.get(worker)?.join('') }));
    // What every other session of the database is doing: a job blocked on a statement that names no applications table
    // (or busy elsewhere) shows here.
    const sessions = (
      await database.query(
        `SELECT pid, state, wait_event_type, wait_event, left(query, 160) AS query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).rows;
    throw new Error(
      `${(error as Error).message}\njob ${JSON.stringify(job)}\napplication ${JSON.stringify(application)}\nworkers ${JSON.stringify(workersSaid, null, 1)}\nsessions ${JSON.stringify(sessions, null, 1)}`,
      {
        cause: error,
      },
    );
  }
}

let api: TestApp;
let account: TestAccount;
let database: Client;
const workers: ChildProcess[] = [];

const env: Record<string, string> = useOwnServices({
  async start() {
    // The API only takes the applications; tailoring runs in the worker processes under test.
    api = await startTestApp({ ...env, TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' });
    account = await createAccount(api.app, api.baseUrl, { features: ['auto-prepare'] });
    await account.api.post('/v1/experiences', { jobTitle: 'Data Engineer', company: 'Streamly', description: 'Spark and Kafka pipelines in Python.' });
    database = new Client({ connectionString: env.DATABASE_URL });
    await database.connect();
  },
  async stop() {
    await Promise.all(workers.map((worker) => stopProcess(worker, 'SIGTERM')));
    await database?.end();
    await api?.close();
  },
});

/**
 * Another transaction holds the application's row, as a person's change of it would: the worker's job tailors the
 * copy, then waits on that row to end the preparing. The job is in flight, and stays so until `release`.
 */
async function holdApplication(applicationId: string): Promise<{ release: () => Promise<void> }> {
  await database.query('BEGIN');
  await database.query('SELECT 1 FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
  return { release: async () => void (await database.query('ROLLBACK')) };
}

/** Sessions of other processes waiting for a row lock on the applications table: each is a job in flight. */
async function jobsWaiting(): Promise<number> {
  const { rows } = await database.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.query ILIKE '%applications%'`,
  );
  return rows[0].waiting;
}

async function trackWithAutoPrepare(company: string): Promise<string> {
  const created = await account.api.post(APPLICATIONS, { jobTitle: 'Data Engineer', company, jobDescription: JOB_DESCRIPTION, autoPrepare: true });
  expect(created.status).toBe(201);
  return created.body.applicationId;
}

/** What autoPrepare left: the application's status and timeline, and the resumes named for its tailored copy. */
async function outcome(applicationId: string, company: string) {
  const { data } = (await account.api.get(`${APPLICATIONS}/${applicationId}`)).body;
  const resumes = (await account.api.get('/v1/resume?limit=100')).body.data as { id: string; name: string }[];
  return {
    status: data.status,
    tailored: (data.timeline as { description: string }[]).filter((entry) => /^Resume (tailored|left as it was)/.test(entry.description)).length,
    copies: resumes.filter((resume) => resume.name.startsWith(company)).map((resume) => resume.id),
    cvId: data.cvId,
  };
}

describe('autoPrepare across a worker crash', () => {
  // Each test starts its own workers once its job is held, so that none takes the job before that.
  afterEach(async () => {
    // A test that failed while holding the row would leave its job, and the worker's shutdown, waiting on it.
    await database.query('ROLLBACK');
    await Promise.all(workers.splice(0).map((worker) => stopProcess(worker, 'SIGTERM')));
  });

  it(
    'reaches watchlist within 30 s of the restart, with exactly one tailored copy, after a SIGKILL while its job ran',
    async () => {
      const applicationId = await trackWithAutoPrepare('Crashco');
      const held = await holdApplication(applicationId);
      const crashed = startWorker();
      workers.push(crashed);
      await untilJobWaits(applicationId);

      await stopProcess(crashed, 'SIGKILL');
      await held.release();
      const restartedAt = Date.now();
      workers.push(startWorker());
      const after = await eventually(
        () => outcome(applicationId, 'Crashco'),
        (state) => state.status === 'watchlist',
        2 * RECOVERY_MS,
      );
      const recoveryMs = Date.now() - restartedAt;

      expect(after).toEqual({ status: 'watchlist', tailored: 1, copies: [after.cvId], cvId: expect.any(String) });
      expect(recoveryMs).toBeLessThan(RECOVERY_MS);
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it(
    'is not taken over while a long job still runs: one worker holds it until it ends, and it tailors once',
    async () => {
      const applicationId = await trackWithAutoPrepare('Slowco');
      const held = await holdApplication(applicationId);
      // A second worker beside the one that takes the job: it would take the job up if the job's lock ran out.
      workers.push(startWorker(), startWorker());
      await untilJobWaits(applicationId);

      // Longer than the lock and two stalled-job checks: a lock that was not renewed would have run out by then.
      const heldUntil = Date.now() + 20_000;
      while (Date.now() < heldUntil) {
        expect(await jobsWaiting()).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await held.release();

      const after = await eventually(
        () => outcome(applicationId, 'Slowco'),
        (state) => state.status === 'watchlist',
        RECOVERY_MS,
      );
      expect(after).toEqual({ status: 'watchlist', tailored: 1, copies: [after.cvId], cvId: expect.any(String) });
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
