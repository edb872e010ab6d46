import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';
import { stopProcess } from './own-services';
import { testRunEnvironment } from './test-environment';

/** The service as `npm start` runs it, logging at trace, whose whole log a test reads. */
export interface TracedService {
  port: number;
  baseUrl: string;
  /** Everything it has written to stdout and stderr so far. */
  log(): string;
}

/**
 * A suite's `node dist/main.js` at LOG_LEVEL=trace on this run's database and Redis prefix, started before the
 * suite's tests and stopped after them; read its fields once `beforeAll` has run.
 */
export function useTracedService(): TracedService {
  let service: ChildProcess;
  let log = '';
  const traced: TracedService = { port: 0, baseUrl: '', log: () => log };
  beforeAll(async () => {
    traced.port = await freePort();
    traced.baseUrl = `http://127.0.0.1:${traced.port}`;
    const { databaseUrl, redisPrefix } = testRunEnvironment();
    service = spawn('node', [join(__dirname, '..', '..', 'dist', 'main.js')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'trace', PORT: String(traced.port), TAILORING_WORKER: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    service.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    for (let attempt = 0; attempt < 100 && !log.includes('listening on'); attempt++) await sleep(100);
  });
  afterAll(() => stopProcess(service, 'SIGTERM'));
  return traced;
}
