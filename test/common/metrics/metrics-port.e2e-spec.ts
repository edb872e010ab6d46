import { loadConfig } from '@src/config/configuration';
import { ApiClient } from '../../setup/api-client';
import { createAccount } from '../../setup/factories';
import { freePort } from '../../setup/free-port';
import { startTestApp, TestApp } from '../../setup/test-app';

const TOKEN = 'scrape-token-0123456789';

describe('METRICS_PORT: /metrics on a listener of its own', () => {
  let testApp: TestApp;
  let metricsUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    testApp = await startTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
    metricsUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => testApp.close());

  it("answers metrics there, with the token, counting the main port's requests", async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    expect((await api.get('/v1/tracker/applications')).status).toBe(200);

    const scraped = await new ApiClient(metricsUrl, TOKEN).get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(scraped.body).toMatch(/^http_requests_total\{method="GET",route="\/v1\/tracker\/applications",status="200"\} 1$/m);
    expect(scraped.body).toContain('process_cpu_seconds_total');
  });

  it('still needs METRICS_TOKEN there', async () => {
    for (const key of [undefined, 'scrape-token-012345678']) {
      const refused = await new ApiClient(metricsUrl, key).get('/metrics');
      expect({ key, status: refused.status, body: refused.body, challenge: refused.headers.get('www-authenticate') }).toEqual({
        key,
        status: 401,
        body: { error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' },
        challenge: 'Bearer realm="metrics"',
      });
    }
  });

  it('answers 404 for /metrics on the main port, which no longer documents it, and serves nothing else on the metrics port', async () => {
    const main = await new ApiClient(testApp.baseUrl, TOKEN).get('/metrics');
    expect(main.status).toBe(404);
    expect(main.body).toEqual({ error: 'Not found' });
    expect(Object.keys((await new ApiClient(testApp.baseUrl).get('/docs-json')).body.paths)).not.toContain('/metrics');

    const elsewhere = new ApiClient(metricsUrl, TOKEN);
    for (const path of ['/', '/health/live', '/v1/tracker/applications', '/docs-json']) {
      expect([path, (await elsewhere.get(path)).status]).toEqual([path, 404]);
    }
    const posted = await elsewhere.post('/metrics', {});
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('refuses to start with METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ PORT: '4100', METRICS_PORT: '4100' })).toThrow(
      'Invalid configuration: METRICS_PORT must differ from PORT (unset it to serve /metrics on PORT)',
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be between 1 and 65535');
  });
});
