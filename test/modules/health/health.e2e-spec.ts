import { ApiClient } from '../../setup/api-client';
import { TestApp, useTestApp } from '../../setup/test-app';

describe('GET /health, /health/ready and /health/live (no key)', () => {
  let testApp: TestApp;
  let anonymous: ApiClient;
  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    anonymous = new ApiClient(testApp.baseUrl);
  });

  // docker/Dockerfile's HEALTHCHECK asks /health/ready; the faults suite sees the 503 while Redis is down.
  it.each(['/health', '/health/ready'])('%s answers 200 while PostgreSQL and Redis answer, naming each', async (path) => {
    const response = await anonymous.get(path);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('/health/live answers 200 as long as the process serves', async () => {
    const response = await anonymous.get('/health/live');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});
