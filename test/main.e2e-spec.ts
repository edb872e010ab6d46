import { ChildProcess, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ApiClient } from './setup/api-client';
import { eventually } from './setup/eventually';
import { START_HOOK_TIMEOUT_MS, startServiceProcess } from './setup/service-process';
import { testRunEnvironment } from './setup/test-environment';

const DIST = join(__dirname, '..', 'dist');

/** The service as `npm start` runs it: its own process, real logs on stdout, real signals. */
describe('the service process', () => {
  let service: ChildProcess;
  let output: () => string;
  let baseUrl: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const { databaseUrl, redisPrefix } = testRunEnvironment();
    env = { DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '100' };
    const started = await startServiceProcess(env);
    service = started.process;
    output = started.output;
    baseUrl = started.baseUrl;
  }, START_HOOK_TIMEOUT_MS);
  afterAll(() => service.kill('SIGKILL'));

  const cli = (...args: string[]) => JSON.parse(execFileSync('node', [join(DIST, 'cli', 'main.js'), ...args], { env: { ...process.env, ...env } }).toString());

  it('logs JSON lines with request id, account and key, and never the Authorization header', async () => {
    const account = cli('account:create', '--email', `logs-${Date.now()}@test.example`, '--plan', 'plus');
    const { id: keyId, key } = cli('key:create', '--account', account.id, '--name', 'logs', '--scopes', 'tracker:read');
    const response = await new ApiClient(baseUrl, key).request('GET', '/v1/tracker/applications', undefined, { 'x-request-id': 'log-check-1' });
    expect(response.status).toBe(200);

    await eventually(async () => output().includes('log-check-1'));
    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const entry = lines.find((line) => line.req?.id === 'log-check-1');
    expect(entry).toMatchObject({ accountId: account.id, keyId, req: { method: 'GET', url: '/v1/tracker/applications' }, res: { statusCode: 200 } });
    expect(output()).not.toContain(key);
    expect(output()).not.toContain(key.slice(4, 20));
    expect(output().toLowerCase()).not.toContain('authorization');
  });

  it('finishes in-flight requests on SIGTERM, then exits', async () => {
    const account = cli('account:create', '--email', `term-${Date.now()}@test.example`, '--plan', 'plus');
    const { key } = cli('key:create', '--account', account.id, '--name', 'term', '--scopes', 'tracker:read');
    const api = new ApiClient(baseUrl, key);
    const inFlight = Array.from({ length: 40 }, () => api.get('/v1/tracker/applications').then((response) => response.status));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise<number | null>((resolve) => service.once('exit', (code) => resolve(code)));
    service.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map((request) => request.catch(() => 'refused')));
    // Requests the server had accepted complete; none is cut off with a 5xx.
    expect(statuses.filter((status) => typeof status === 'number' && status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    await exited;
    expect(service.exitCode !== null || service.signalCode === 'SIGTERM').toBe(true);
  });
});
