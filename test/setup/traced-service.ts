import { stopProcess } from './own-services';
import { ServiceProcess, START_HOOK_TIMEOUT_MS, startServiceProcess } from './service-process';
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
  let service: ServiceProcess | undefined;
  const traced: TracedService = { port: 0, baseUrl: '', log: () => service?.output() ?? '' };
  beforeAll(async () => {
    const { databaseUrl, redisPrefix } = testRunEnvironment();
    service = await startServiceProcess({ DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'trace', TAILORING_WORKER: 'off' });
    traced.port = service.port;
    traced.baseUrl = service.baseUrl;
  }, START_HOOK_TIMEOUT_MS);
  afterAll(() => service && stopProcess(service.process, 'SIGTERM'));
  return traced;
}
