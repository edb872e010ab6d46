import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { ApiClient } from '../../setup/api-client';
import { createPerson } from '../../setup/factories';
import { freePort } from '../../setup/free-port';
import { PageClient } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';
import { connectWithOAuth, mcpPost, PASSWORD } from '../oauth/oauth-flow';
import { testRunEnvironment } from '../../setup/test-environment';

describe('Secrets in the logs', () => {
  // This app only makes the account in the run's database; the service under test is `node dist/main.js` at
  // LOG_LEVEL=trace, whose stdout (the log) the test reads whole.
  const suite = useTestApp();
  let service: ChildProcess;
  let log = '';
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const { databaseUrl, redisPrefix } = testRunEnvironment();
    service = spawn('node', [join(__dirname, '..', '..', '..', 'dist', 'main.js')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'trace', PORT: String(port), TAILORING_WORKER: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    service.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    for (let attempt = 0; attempt < 100 && !log.includes('listening on'); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(async () => {
    const exited = new Promise((resolve) => service.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;
  });

  it('logs every request of a sign-in, a key made and used, and a sign-out, without a password, key, session or CSRF token', async () => {
    const person = await createPerson(suite.testApp.app);
    const browser = new PageClient(baseUrl);
    await browser.submit('/sign-in', '/sign-in', { email: person.email, password: 'a wrong password, logged nowhere' });
    await browser.signIn(person.email, person.password);
    const session = browser.cookie('career_session')!;
    const csrf = browser.cookie('career_csrf')!;
    const created = await browser.submit('/settings/api-keys', '/settings/api-keys', { name: 'Logged key', access: 'everything', expiry: '30' });
    const key = /cpk_[0-9a-f]{64}/.exec(created.html)![0];
    await new ApiClient(baseUrl, key).get('/v1/profile');
    await browser.post('/settings/api-keys', { name: 'No token', access: 'everything', expiry: '30' }, { csrf: false });
    await browser.post('/sign-out');
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(log).toContain('"url":"/sign-in"');
    expect(log).toContain('"url":"/settings/api-keys"');
    expect(log).toContain('"url":"/v1/profile"');
    expect(log).toContain('"statusCode":403');
    for (const secret of [person.password, 'a wrong password, logged nowhere', key, key.slice(4), session, csrf, csrf.split('.')[1]]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/password/i);
  }, 60_000);

  it('logs the OAuth flow and OAuth calls to /mcp without a code, token or the consent cookie', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const browser = new PageClient(baseUrl);
    const provider = await connectWithOAuth(baseUrl, person, undefined, browser);
    const first = provider.saved!;
    expect((await mcpPost(baseUrl, first.access_token)).status).toBe(200);
    await auth(provider, { serverUrl: new URL(`${baseUrl}/mcp`) });
    const second = provider.saved!;
    expect((await mcpPost(baseUrl, second.access_token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(log).toContain('"url":"/oauth/consent?authorization=');
    expect(log).toContain('"url":"/mcp"');
    expect(log).toContain(`"clientId":"${(provider.information as { client_id: string }).client_id}"`);
    const secrets = [
      provider.authorizationCode,
      first.access_token,
      first.refresh_token,
      second.access_token,
      second.refresh_token,
      browser.cookie('oauth_authorization'),
    ];
    for (const secret of secrets) expect(log).not.toContain(secret!.slice(5));
    expect(log).not.toMatch(/cp(at|rt|ac|ab)_[0-9a-f]{8}/);
  }, 60_000);
});
