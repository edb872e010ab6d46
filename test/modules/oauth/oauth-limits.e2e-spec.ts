import { useTestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';
import { connectWithOAuth, mcpPost, PASSWORD } from './oauth-flow';

describe('/mcp limits with OAuth', () => {
  // At this scale /mcp allows 3 calls a minute per client and 5 per 10 s per IP. The per-IP windows (registration,
  // sign-in) get a Redis prefix of their own, as the run's other suites count from the same address.
  const suite = useTestApp({ RATE_LIMIT_SCALE: '0.05', REDIS_PREFIX: `${testRunEnvironment().redisPrefix}oauth-limits:` });

  it('counts an OAuth client apart from the account’s API key', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const provider = await connectWithOAuth(suite.testApp.baseUrl, person);
    const token = provider.saved?.access_token;

    const statuses = [];
    for (let call = 0; call < 4; call++) statuses.push((await mcpPost(suite.testApp.baseUrl, token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await mcpPost(suite.testApp.baseUrl, person.key)).status).toBe(200);
  });
});
