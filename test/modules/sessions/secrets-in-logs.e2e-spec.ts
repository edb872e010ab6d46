import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { ApiClient } from '../../setup/api-client';
import { createPerson } from '../../setup/factories';
import { PageClient } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';
import { useTracedService } from '../../setup/traced-service';
import { connectWithOAuth, mcpPost, PASSWORD } from '../oauth/oauth-flow';

describe('Secrets in the logs', () => {
  // This app only makes the account in the run's database; the service under test is `node dist/main.js` at
  // LOG_LEVEL=trace, whose stdout (the log) the test reads whole.
  const suite = useTestApp();
  const service = useTracedService();

  it('logs every request of a sign-in, a key made and used, and a sign-out, without a password, key, session or CSRF token', async () => {
    const person = await createPerson(suite.testApp.app);
    const browser = new PageClient(service.baseUrl);
    await browser.submit('/sign-in', '/sign-in', { email: person.email, password: 'a wrong password, logged nowhere' });
    await browser.signIn(person.email, person.password);
    const session = browser.cookie('career_session')!;
    const csrf = browser.cookie('career_csrf')!;
    const created = await browser.submit('/settings/api-keys', '/settings/api-keys', { name: 'Logged key', access: 'everything', expiry: '30' });
    const key = /cpk_[0-9a-f]{64}/.exec(created.html)![0];
    await new ApiClient(service.baseUrl, key).get('/v1/profile');
    await browser.post('/settings/api-keys', { name: 'No token', access: 'everything', expiry: '30' }, { csrf: false });
    await browser.post('/sign-out');
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(service.log()).toContain('"url":"/sign-in"');
    expect(service.log()).toContain('"url":"/settings/api-keys"');
    expect(service.log()).toContain('"url":"/v1/profile"');
    expect(service.log()).toContain('"statusCode":403');
    for (const secret of [person.password, 'a wrong password, logged nowhere', key, key.slice(4), session, csrf, csrf.split('.')[1]]) {
      expect(service.log()).not.toContain(secret);
    }
    // The word may appear as a route's path (the settings' password form, mapped at start), never as a field.
    expect(service.log().replace(/\/settings\/password\b/g, '')).not.toMatch(/password/i);
  }, 60_000);

  it('logs the OAuth flow and OAuth calls to /mcp without a code, token or the consent cookie', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const browser = new PageClient(service.baseUrl);
    const provider = await connectWithOAuth(service.baseUrl, person, undefined, browser);
    const first = provider.saved!;
    expect((await mcpPost(service.baseUrl, first.access_token)).status).toBe(200);
    await auth(provider, { serverUrl: new URL(`${service.baseUrl}/mcp`) });
    const second = provider.saved!;
    expect((await mcpPost(service.baseUrl, second.access_token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(service.log()).toContain('"url":"/oauth/consent?authorization=');
    expect(service.log()).toContain('"url":"/mcp"');
    expect(service.log()).toContain(`"clientId":"${(provider.information as { client_id: string }).client_id}"`);
    const secrets = [
      provider.authorizationCode,
      first.access_token,
      first.refresh_token,
      second.access_token,
      second.refresh_token,
      browser.cookie('oauth_authorization'),
    ];
    for (const secret of secrets) expect(service.log()).not.toContain(secret!.slice(5));
    expect(service.log()).not.toMatch(/cp(at|rt|ac|ab)_[0-9a-f]{8}/);
  }, 60_000);
});
