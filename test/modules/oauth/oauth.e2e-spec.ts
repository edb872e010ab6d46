import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DataSource } from 'typeorm';
import { OAuthProvider } from '@src/modules/oauth/oauth.provider';
import { OAuthService } from '@src/modules/oauth/oauth.service';
import { READ_ONLY_SCOPES } from '@src/modules/settings/scope-groups';
import { ApiClient } from '../../setup/api-client';
import { TestAccount } from '../../setup/factories';
import { PageClient, PageResponse, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';
import { MemoryOAuthProvider } from './memory-oauth-provider';
import {
  answerConsent,
  approveInBrowser,
  authorizeUrl as authorizeUrlOf,
  checkedScopes,
  connectWithOAuth,
  exchangeCode,
  mcpClientOf,
  mcpPost,
  openConsent,
  PASSWORD,
  postForm as postFormTo,
  REDIRECT,
  registerClient,
} from './oauth-flow';

describe('OAuth for /mcp', () => {
  const suite = useTestApp();
  let person: TestAccount;
  beforeAll(async () => {
    person = await suite.createAccount({ password: PASSWORD });
  });
  const mcpUrl = () => new URL(`${suite.testApp.baseUrl}/mcp`);

  const connectApp = (account: TestAccount, scopes?: string[]) => connectWithOAuth(suite.testApp.baseUrl, account, scopes);
  const mcpClient = (provider: MemoryOAuthProvider) => mcpClientOf(suite.testApp.baseUrl, provider);

  it('announces where to authorize: a 401 from /mcp names the protected-resource metadata', async () => {
    const base = suite.testApp.baseUrl;
    const refused = await new ApiClient(base).post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const resource = await new ApiClient(base).get(path);
      expect(resource.body).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [`${base}/`] });
    }
    const server = await new ApiClient(base).get('/.well-known/oauth-authorization-server');
    expect(server.body).toMatchObject({
      issuer: `${base}/`,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      revocation_endpoint: `${base}/revoke`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(server.body.scopes_supported).toContain('tracker:write');
  });

  it('connects the SDK client end to end: sign-in and consent forms, tools, refresh, and a disconnect that ends the token', async () => {
    const provider = new MemoryOAuthProvider(REDIRECT);
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'e2e', version: '1' }).connect(transport)).rejects.toThrow(UnauthorizedError);

    const browser = new PageClient(suite.testApp.baseUrl);
    const consent = await openConsent(browser, provider.authorizationUrl as URL, person);
    const text = pageText(consent.html);
    expect(text).toContain('Résumé Helper wants to use your Career API account');
    expect(text).toContain(`Signed in as ${person.email}`);
    expect(text).toContain('Sends you back to http://127.0.0.1:9');
    // The app named no scope: it is offered the read-only set, which the person narrows here.
    expect(checkedScopes(consent.html)).toEqual([...READ_ONLY_SCOPES]);
    const approved = await answerConsent(browser, consent, 'approve', ['tracker:read', 'jobs:search']);
    expect(approved.status).toBe(303);
    const redirect = new URL(approved.location as string);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get('state')).toBe('state-123');
    await transport.finishAuth(redirect.searchParams.get('code') as string);

    const client = await mcpClient(provider);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_applications');
    expect(names).not.toContain('create_application');
    expect((await person.api.post('/v1/tracker/applications', { company: 'Acme', jobTitle: 'Engineer' })).status).toBe(201);
    const listed = await client.callTool({ name: 'list_applications', arguments: {} });
    expect(JSON.parse((listed.content as { text: string }[])[0].text)).toMatchObject({ total: 1, data: [{ company: 'Acme', jobTitle: 'Engineer' }] });
    const refused = await client.callTool({ name: 'create_application', arguments: { company: 'Acme', jobTitle: 'Lead' } });
    expect(refused.isError).toBe(true);

    const first = provider.saved!;
    expect(first).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'tracker:read jobs:search' });
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('AUTHORIZED');
    const second = provider.saved!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await (await mcpClient(provider)).listTools()).tools.map((tool) => tool.name)).toEqual(names);

    const database = suite.testApp.app.get(DataSource);
    const stored = JSON.stringify([await database.query('SELECT * FROM oauth_tokens'), await database.query('SELECT * FROM oauth_authorizations')]);
    for (const secret of [first.access_token, first.refresh_token, second.access_token, second.refresh_token, redirect.searchParams.get('code')]) {
      expect(stored).not.toContain(secret);
    }

    const apps = await browser.get('/settings/connected-apps');
    expect(pageText(apps.html)).toContain('Résumé Helper http://127.0.0.1:9 Job search (read); Application tracker (read)');
    const grant = /action="\/settings\/connected-apps\/([0-9a-f-]{36})\/revoke"/.exec(apps.html)?.[1] as string;
    const disconnected = await browser.post(`/settings/connected-apps/${grant}/revoke`);
    expect({ status: disconnected.status, location: disconnected.location }).toEqual({ status: 303, location: '/settings/connected-apps?revoked=1' });
    expect(pageText((await browser.get('/settings/connected-apps')).html)).toContain('No apps connected.');
    const after = await mcpPost(suite.testApp.baseUrl, second.access_token);
    expect({ status: after.status, body: after.body }).toEqual({ status: 401, body: { error: 'Access token revoked' } });
  });

  it('revokes the whole grant when a refresh token is used twice', async () => {
    const provider = await connectApp(person);
    const first = provider.saved!;
    await auth(provider, { serverUrl: mcpUrl() });
    const rotated = provider.saved!;
    const replay = await postForm('/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId(provider) });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: expect.stringContaining('already used') } });
    const refused = await mcpPost(suite.testApp.baseUrl, rotated.access_token);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: { error: 'Access token revoked' } });
    const again = await postForm('/token', { grant_type: 'refresh_token', refresh_token: rotated.refresh_token!, client_id: clientId(provider) });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers the SDK provider’s verifyAccessToken with the same rules as /mcp', async () => {
    const provider = await connectApp(person);
    const token = provider.saved?.access_token as string;
    const base = suite.testApp.baseUrl;
    const info = await new OAuthProvider(suite.testApp.app.get(OAuthService), base).verifyAccessToken(token);
    expect(info).toEqual({
      token,
      clientId: clientId(provider),
      scopes: ['tracker:read', 'jobs:search'],
      expiresAt: expect.any(Number),
      resource: new URL(`${base}/mcp`),
    });
    expect(info.expiresAt! - Date.now() / 1000).toBeGreaterThan(3500);
    const elsewhere = new OAuthProvider(suite.testApp.app.get(OAuthService), base.replace('127.0.0.1', 'localhost'));
    await expect(elsewhere.verifyAccessToken(token)).rejects.toThrow('Access token invalid');
  });

  describe('the consent page', () => {
    async function startAuthorization() {
      const provider = new MemoryOAuthProvider(REDIRECT, { scope: 'tracker:read openid' });
      await expect(new Client({ name: 'e2e', version: '1' }).connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }))).rejects.toThrow(
        UnauthorizedError,
      );
      return provider.authorizationUrl as URL;
    }

    it('offers the scopes the app asked for, leaving out names the API does not know', async () => {
      const consent = await openConsent(new PageClient(suite.testApp.baseUrl), await startAuthorization(), person);
      expect(checkedScopes(consent.html)).toEqual(['tracker:read']);
    });

    it('refuses a consent form without its CSRF token, and the request can still be answered', async () => {
      const fresh = await suite.createAccount({ password: PASSWORD });
      const browser = new PageClient(suite.testApp.baseUrl);
      const consent = await openConsent(browser, await startAuthorization(), fresh);
      const authorization = /name="authorization" value="([^"]+)"/.exec(consent.html)?.[1] as string;
      const forged = await browser.post('/oauth/consent', { authorization, decision: 'approve', scope: 'tracker:read' }, { csrf: false });
      expect({ status: forged.status, location: forged.location }).toEqual({ status: 403, location: null });
      expect(pageText(forged.html)).toContain('This form has expired or did not come from this site.');
      expect(await grants(fresh)).toBe(0);
      const approved = await answerConsent(await reread(browser, consent), consent, 'approve');
      expect(new URL(approved.location as string).searchParams.get('code')).toMatch(/^cpac_/);
    });

    it('lets a free account deny but not approve, and says why', async () => {
      const free = await suite.createAccount({ password: PASSWORD, plan: 'free' });
      const browser = new PageClient(suite.testApp.baseUrl);
      const consent = await openConsent(browser, await startAuthorization(), free);
      expect(pageText(consent.html)).toContain('Connecting apps needs the Plus plan.');
      expect(consent.html).toMatch(/value="approve" class="button button--primary" disabled/);
      const approve = await answerConsent(browser, consent, 'approve', ['tracker:read']);
      expect(approve.status).toBe(403);
      expect(pageText(approve.html)).toContain('Connecting apps requires the Plus plan, as API keys do');
      expect(await grants(free)).toBe(0);
      const denied = await answerConsent(await reread(browser, consent), consent, 'deny');
      expect(Object.fromEntries(new URL(denied.location as string).searchParams)).toEqual({
        error: 'access_denied',
        error_description: 'The person declined to connect the app',
        state: 'state-123',
      });
    });

    it('can only be answered from the browser that started the request', async () => {
      const consent = await openConsent(new PageClient(suite.testApp.baseUrl), await startAuthorization(), person);
      const other = new PageClient(suite.testApp.baseUrl);
      await other.signIn(person.email, PASSWORD);
      const authorization = /name="authorization" value="([^"]+)"/.exec(consent.html)?.[1] as string;
      const elsewhere = await other.get(`/oauth/consent?authorization=${authorization}`);
      expect(elsewhere.status).toBe(410);
      expect(pageText(elsewhere.html)).toContain('This authorization request has expired or was answered already');
    });

    /** The consent page again, for a fresh CSRF token after a refused post. */
    async function reread(browser: PageClient, consent: PageResponse): Promise<PageClient> {
      const authorization = /name="authorization" value="([^"]+)"/.exec(consent.html)?.[1] as string;
      expect((await browser.get(`/oauth/consent?authorization=${authorization}`)).status).toBe(200);
      return browser;
    }

    async function grants(account: TestAccount): Promise<number> {
      const rows = await suite.testApp.app.get(DataSource).query('SELECT count(*)::int AS n FROM oauth_grants WHERE account_id = $1', [account.accountId]);
      return rows[0].n;
    }
  });

  it('keeps connected apps to their account: another person neither sees nor disconnects them', async () => {
    const provider = await connectApp(person);
    const otherPerson = await suite.createAccount({ password: PASSWORD });
    const other = new PageClient(suite.testApp.baseUrl);
    await other.signIn(otherPerson.email, PASSWORD);
    expect(pageText((await other.get('/settings/connected-apps')).html)).toContain('No apps connected.');
    const [{ id: grant }] = await suite.testApp.app.get(DataSource).query('SELECT id FROM oauth_grants WHERE client_id = $1', [clientId(provider)]);
    const attempt = await other.post(`/settings/connected-apps/${grant}/revoke`);
    expect(attempt.status).toBe(404);
    expect((await mcpPost(suite.testApp.baseUrl, provider.saved!.access_token)).status).toBe(200);
  });

  describe('refuses bad input and changes nothing', () => {
    const register = (redirectUris: string[]) => registerClient(suite.testApp.baseUrl, { client_name: 'Manual app', redirect_uris: redirectUris });
    const authorizeUrl = (client: string, extra: Record<string, string> = {}) => authorizeUrlOf(suite.testApp.baseUrl, client, extra);
    const exchange = (client: string, authorizationCode: string, extra: Record<string, string> = {}) =>
      exchangeCode(suite.testApp.baseUrl, client, authorizationCode, extra);

    async function code(): Promise<{ client: string; code: string }> {
      const client = (await register([REDIRECT])).body.client_id as string;
      const redirect = await approveInBrowser(new PageClient(suite.testApp.baseUrl), authorizeUrl(client), person);
      return { client, code: redirect.searchParams.get('code') as string };
    }

    it('registers public clients only, and http redirects only to loopback', async () => {
      const registered = await register([REDIRECT, 'https://app.example/callback']);
      expect(registered).toMatchObject({
        status: 201,
        body: { token_endpoint_auth_method: 'none', redirect_uris: [REDIRECT, 'https://app.example/callback'] },
      });
      expect(registered.body.client_secret).toBeUndefined();
      expect(await register(['http://app.example/callback'])).toMatchObject({
        status: 400,
        body: { error: 'invalid_redirect_uri', error_description: expect.stringContaining('http only for a loopback host') },
      });
      expect((await register(['javascript://alert(1)'])).status).toBe(400);
    });

    it('refuses an unregistered redirect URI without redirecting, even another port of a registered loopback one', async () => {
      const client = (await register([REDIRECT])).body.client_id as string;
      for (const redirectUri of ['https://evil.example/callback', 'http://127.0.0.1:10/callback']) {
        const answer = await fetch(authorizeUrl(client, { redirect_uri: redirectUri }), { redirect: 'manual' });
        expect(answer.status).toBe(400);
        expect(answer.headers.get('location')).toBeNull();
        expect(pageText(await answer.text())).toContain('redirect_uri is not registered for this app');
      }
      expect(await authorizations(client)).toBe(0);
    });

    it('refuses plain PKCE, and a request for another resource, on a page that stays here', async () => {
      const client = (await register([REDIRECT])).body.client_id as string;
      const pageOf = async (url: URL) => {
        const answer = await fetch(url, { redirect: 'manual' });
        return { status: answer.status, location: answer.headers.get('location'), text: pageText(await answer.text()) };
      };
      expect(await pageOf(authorizeUrl(client, { code_challenge_method: 'plain' }))).toEqual({
        status: 400,
        location: null,
        text: expect.stringContaining('code_challenge_method must be S256'),
      });
      expect(await pageOf(authorizeUrl(client, { resource: 'https://other.example/mcp' }))).toEqual({
        status: 400,
        location: null,
        text: expect.stringContaining(`This server issues tokens only for ${suite.testApp.baseUrl}/mcp`),
      });
      expect(await authorizations(client)).toBe(0);
    });

    it('refuses a wrong PKCE verifier and leaves the code usable', async () => {
      const issued = await code();
      expect(await exchange(issued.client, issued.code, { code_verifier: 'x'.repeat(43) })).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'code_verifier does not match the challenge' },
      });
      expect(await exchange(issued.client, issued.code)).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });
    });

    it('refuses a token for another resource, and a token used at another origin of the server', async () => {
      const issued = await code();
      expect(await exchange(issued.client, issued.code, { resource: 'https://other.example/mcp' })).toMatchObject({
        status: 400,
        body: { error: 'invalid_target' },
      });
      const tokens = (await exchange(issued.client, issued.code, { resource: `${suite.testApp.baseUrl}/mcp` })).body;
      const elsewhere = suite.testApp.baseUrl.replace('127.0.0.1', 'localhost');
      const call = (base: string) => mcpPost(base, tokens.access_token);
      expect((await call(suite.testApp.baseUrl)).status).toBe(200);
      expect(await call(elsewhere)).toMatchObject({ status: 401, body: { error: 'Invalid API key or access token' } });
    });

    it('refuses an expired code', async () => {
      const issued = await code();
      await suite.testApp.app
        .get(DataSource)
        .query("UPDATE oauth_authorizations SET code_expires_at = now() - interval '1 second' WHERE client_id = $1", [issued.client]);
      expect(await exchange(issued.client, issued.code)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Authorization code expired' },
      });
    });

    it('refuses a replayed code and revokes the tokens it gave', async () => {
      const issued = await code();
      const tokens = (await exchange(issued.client, issued.code)).body;
      expect(await exchange(issued.client, issued.code)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', error_description: expect.stringContaining('already used') },
      });
      const call = await mcpPost(suite.testApp.baseUrl, tokens.access_token);
      expect({ status: call.status, body: call.body }).toEqual({ status: 401, body: { error: 'Access token revoked' } });
    });

    async function authorizations(client: string): Promise<number> {
      const rows = await suite.testApp.app.get(DataSource).query('SELECT count(*)::int AS n FROM oauth_authorizations WHERE client_id = $1', [client]);
      return rows[0].n;
    }
  });

  function clientId(provider: MemoryOAuthProvider): string {
    return (provider.information as { client_id: string }).client_id;
  }

  const postForm = (path: string, form: Record<string, string>) => postFormTo(suite.testApp.baseUrl, path, form);
});
