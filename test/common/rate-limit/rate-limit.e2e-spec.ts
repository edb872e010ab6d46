import { ApiKeysService } from '@src/modules/api-keys/api-keys.service';
import { ApiClient } from '../../setup/api-client';
import { createAccount } from '../../setup/factories';
import { startTestApp, TestApp } from '../../setup/test-app';

const PATH = '/v1/tracker/applications';
const UNKNOWN = `${PATH}/00000000-0000-4000-8000-000000000000`;

describe('rate limits (per account, sliding window in Redis)', () => {
  let testApp: TestApp;
  let secondInstance: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    secondInstance = await startTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await testApp.close();
    await secondInstance.close();
  });

  it('sends the limit headers and answers 429 past the route limit (DELETE: 10 per minute)', async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    const before = Date.now();
    const responses = [];
    for (let index = 0; index < 11; index += 1) responses.push(await api.delete(UNKNOWN));

    expect(responses.slice(0, 10).map((response) => response.status)).toEqual(Array(10).fill(404));
    expect(responses.map((response) => response.headers.get('x-ratelimit-limit'))).toEqual(Array(11).fill('10'));
    expect(responses.map((response) => Number(response.headers.get('x-ratelimit-remaining')))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);

    const reset = Number(responses[0].headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(before + 59_000);
    expect(reset).toBeLessThanOrEqual(Date.now() + 61_000);

    const limited = responses[10];
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many requests', retryAfter: expect.any(Number) });
    expect(limited.body.retryAfter).toBeGreaterThan(50);
    expect(limited.body.retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfter));
  });

  it('answers 429 before reading the body of a request past the limit', async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 10; index += 1) await api.delete(UNKNOWN);
    const malformed = await api.request('DELETE', UNKNOWN, '{"a": ', { 'content-type': 'application/json' });
    expect({ status: malformed.status, error: malformed.body.error }).toEqual({ status: 429, error: 'Too many requests' });
  });

  it('counts each route separately', async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 10; index += 1) await api.delete(UNKNOWN);
    expect((await api.delete(UNKNOWN)).status).toBe(429);
    const list = await api.get(PATH);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-ratelimit-limit')).toBe('60');
    expect(list.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('uses 60 per minute on the single application read', async () => {
    const { api } = await createAccount(testApp.app, testApp.baseUrl);
    expect((await api.get(UNKNOWN)).headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('counts per account, not per key: a new key of the same account continues the count', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 6; index += 1) await account.api.delete(UNKNOWN);
    const keys = testApp.app.get(ApiKeysService);
    await keys.revoke(account.keyId);
    const replacement = await keys.create({ accountId: account.accountId, name: 'second', scopes: ['tracker:write'] });
    const api = new ApiClient(testApp.baseUrl, replacement.key);
    const response = await api.delete(UNKNOWN);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('3');
  });

  it('does not let one account use up another account’s limit', async () => {
    const noisy = await createAccount(testApp.app, testApp.baseUrl);
    const quiet = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 11; index += 1) await noisy.api.delete(UNKNOWN);
    expect((await quiet.api.delete(UNKNOWN)).headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('shares one count between two service instances on one Redis', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const viaSecond = new ApiClient(secondInstance.baseUrl, account.key);
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      statuses.push((await (index % 2 === 0 ? account.api : viaSecond).delete(UNKNOWN)).status);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('holds the limit under concurrent requests', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const viaSecond = new ApiClient(secondInstance.baseUrl, account.key);
    const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 ? account.api : viaSecond).delete(UNKNOWN)));
    expect(responses.filter((response) => response.status === 404)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(20);
  });

  it('multiplies every limit by RATE_LIMIT_SCALE', async () => {
    const scaled = await startTestApp({ RATE_LIMIT_SCALE: '2.5' });
    try {
      const { api } = await createAccount(scaled.app, scaled.baseUrl);
      expect((await api.delete(UNKNOWN)).headers.get('x-ratelimit-limit')).toBe('25');
    } finally {
      await scaled.close();
    }
  });

  it('fails open when Redis cannot be reached, and health reports Redis down', async () => {
    const withoutRedis = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const { api } = await createAccount(withoutRedis.app, withoutRedis.baseUrl);
      for (let index = 0; index < 12; index += 1) expect((await api.delete(UNKNOWN)).status).toBe(404);
      const health = await new ApiClient(withoutRedis.baseUrl).get('/health');
      expect(health.status).toBe(503);
      expect(health.body.status).toBe('error');
      expect(health.body.checks.redis.status).toBe('down');
      expect(health.body.checks.database.status).toBe('up');
    } finally {
      await withoutRedis.close();
    }
  });
});
