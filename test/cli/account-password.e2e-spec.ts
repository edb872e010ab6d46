/** @long-running: each command is a Node process of its own. */
import { ApiClient } from '../setup/api-client';
import { cli, cliWithInput, COMMAND_TIMEOUT_MS } from '../setup/commands';
import { PageClient } from '../setup/page-client';
import { TestApp, useTestApp } from '../setup/test-app';

jest.setTimeout(6 * COMMAND_TIMEOUT_MS);

describe('npm run cli: passwords', () => {
  let testApp: TestApp;
  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
  });

  it('account:create --password-stdin makes an account its person can sign in to, and prints no password', async () => {
    const email = `cli-password-${Date.now()}@test.example`;
    const created = await cliWithInput('a long enough passphrase\n', 'account:create', '--email', email, '--password-stdin');
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ id: expect.any(String), email, name: null, plan: 'free', features: [], createdAt: expect.any(String) });
    expect(created.stdout + created.stderr).not.toContain('passphrase');

    const browser = new PageClient(testApp.baseUrl);
    expect((await browser.signIn(email, 'a long enough passphrase')).location).toBe('/settings');
  });

  it('account:set-password replaces the password and ends the sessions signed in with the old one', async () => {
    const email = `cli-reset-${Date.now()}@test.example`;
    const account = JSON.parse((await cliWithInput('the first passphrase', 'account:create', '--email', email, '--password-stdin')).stdout);
    const browser = new PageClient(testApp.baseUrl);
    await browser.signIn(email, 'the first passphrase');

    const set = await cliWithInput('the second passphrase\r\n', 'account:set-password', account.id, '--password-stdin');
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ id: account.id, sessionsEnded: 1, keysRevoked: 0, appsDisconnected: 0, accessKept: false });

    expect((await browser.get('/settings')).location).toBe('/sign-in?next=%2Fsettings');
    expect((await new PageClient(testApp.baseUrl).submit('/sign-in', '/sign-in', { email, password: 'the first passphrase' })).status).toBe(401);
    expect((await new PageClient(testApp.baseUrl).signIn(email, 'the second passphrase')).location).toBe('/settings');
  });

  it('account:set-password ends the API keys made with the old password too, unless --keep-access, and says which happened', async () => {
    const keyOf = async (email: string) => {
      const account = JSON.parse((await cliWithInput('the first passphrase', 'account:create', '--email', email, '--plan', 'plus', '--password-stdin')).stdout);
      const key = JSON.parse((await cli('key:create', '--account', account.id, '--name', 'laptop', '--scopes', 'tracker:read')).stdout);
      const api = new ApiClient(testApp.baseUrl, key.key);
      expect((await api.get('/v1/tracker/applications')).status).toBe(200);
      return { account, api };
    };

    const ended = await keyOf(`cli-reset-keys-${Date.now()}@test.example`);
    const set = await cliWithInput('the second passphrase', 'account:set-password', ended.account.id, '--password-stdin');
    expect(JSON.parse(set.stdout)).toEqual({ id: ended.account.id, sessionsEnded: 0, keysRevoked: 1, appsDisconnected: 0, accessKept: false });
    const refused = await ended.api.get('/v1/tracker/applications');
    expect([refused.status, refused.body]).toEqual([401, { error: 'API key revoked' }]);

    const kept = await keyOf(`cli-keep-keys-${Date.now()}@test.example`);
    const keeping = await cliWithInput('the second passphrase', 'account:set-password', kept.account.id, '--password-stdin', '--keep-access');
    expect(JSON.parse(keeping.stdout)).toEqual({ id: kept.account.id, sessionsEnded: 0, keysRevoked: 0, appsDisconnected: 0, accessKept: true });
    expect((await kept.api.get('/v1/tracker/applications')).status).toBe(200);
  });

  it('refuses a short password, a missing --password-stdin and an unknown account, changing nothing', async () => {
    const email = `cli-short-${Date.now()}@test.example`;
    const short = await cliWithInput('short', 'account:create', '--email', email, '--password-stdin');
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('Password refused: use at least 12 characters');
    expect(short.stdout).toBe('');

    const account = JSON.parse((await cli('account:create', '--email', email)).stdout);
    const withoutFlag = await cliWithInput('a long enough passphrase', 'account:set-password', account.id);
    expect(withoutFlag.code).not.toBe(0);
    expect(withoutFlag.stderr).toContain('--password-stdin is required');

    const unknown = await cliWithInput('a long enough passphrase', 'account:set-password', '00000000-0000-4000-8000-000000000000', '--password-stdin');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No account with id 00000000-0000-4000-8000-000000000000');

    expect((await new PageClient(testApp.baseUrl).submit('/sign-in', '/sign-in', { email, password: 'a long enough passphrase' })).status).toBe(401);
  });
});
