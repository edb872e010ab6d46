import { ApiClient } from '../../setup/api-client';
import { createAccount } from '../../setup/factories';
import { startTestApp, TestApp, useTestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';

const UNKNOWN = '/v1/tracker/applications/00000000-0000-4000-8000-000000000000';

/** The value of one series in Prometheus text, e.g. metric('http_requests_total', {route: '…'}). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /metrics and the probes', () => {
  let testApp: TestApp;
  const anonymous = () => new ApiClient(testApp.baseUrl);

  const suite = useTestApp({ RATE_LIMIT_SCALE: '1', REDIS_PREFIX: `${testRunEnvironment().redisPrefix}metrics:` });
  beforeAll(async () => {
    testApp = suite.testApp;
  });

  it('counts requests per route pattern and status, with latency histograms', async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 3; index += 1) await api.get(UNKNOWN);
    await api.get('/v1/tracker/applications');
    const metrics = await anonymous().get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = metrics.body as string;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/v1/tracker/applications/:id', status: '404' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/v1/tracker/applications', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/v1/tracker/applications/:id', status: '404' })).toBe(3);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toContain('tailoring_queue_jobs{state="waiting"}');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts rate-limit refusals per route', async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 12; index += 1) await api.delete(UNKNOWN);
    const text = (await anonymous().get('/metrics')).body as string;
    expect(sample(text, 'rate_limit_rejections_total', { route: 'TrackerController.remove' })).toBe(2);
  });

  it('answers only the bearer of METRICS_TOKEN when the service sets one', async () => {
    const token = 'scrape-token-0123456789';
    const guarded = await startTestApp({ METRICS_TOKEN: token });
    try {
      for (const key of [undefined, 'scrape-token-012345678', `cpk_${'0'.repeat(64)}`]) {
        const refused = await new ApiClient(guarded.baseUrl, key).get('/metrics');
        expect({ key, status: refused.status, body: refused.body, challenge: refused.headers.get('www-authenticate') }).toEqual({
          key,
          status: 401,
          body: { error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' },
          challenge: 'Bearer realm="metrics"',
        });
      }
      const scraped = await new ApiClient(guarded.baseUrl, token).get('/metrics');
      expect(scraped.status).toBe(200);
      expect(scraped.body).toContain('http_requests_total');
      expect((await new ApiClient(guarded.baseUrl).get('/health/live')).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('answers liveness and readiness without a key', async () => {
    expect((await anonymous().get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await anonymous().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('reports not ready, and counts fail-opens, when Redis is down', async () => {
    const withoutRedis = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const { api } = await createAccount(withoutRedis.app, withoutRedis.baseUrl);
      await api.get('/v1/tracker/applications');
      const client = new ApiClient(withoutRedis.baseUrl);
      expect((await client.get('/health/ready')).status).toBe(503);
      expect((await client.get('/health/live')).status).toBe(200);
      const text = (await client.get('/metrics')).body as string;
      expect(text).toMatch(/^rate_limit_fail_open_total [1-9]/m);
    } finally {
      await withoutRedis.close();
    }
  });
});
