import { createHash } from 'node:crypto';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DataSource } from 'typeorm';
import { OAuthService } from '@src/modules/oauth/oauth.service';
import { ApiClient } from '../../setup/api-client';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';
import { Browser } from './browser';
import { MemoryOAuthProvider } from './memory-oauth-provider';

const REDIRECT = 'http://127.0.0.1:9/callback';

describe('OAuth for /mcp', () => {
  const suite = useTestApp();
  const mcpUrl = () => new URL(`${suite.testApp.baseUrl}/mcp`);

  /** The person's part in the browser: open the app's authorization URL, approve, and hand back the redirect. */
  async function approveInBrowser(browser: Browser, authorizationUrl: URL, account: TestAccount, scopes?: string[]): Promise<URL> {
    const consent = await browser.open(authorizationUrl.href);
    const id = new URL(consent.url).searchParams.get('authorization') as string;
    const redirect = await suite.testApp.app
      .get(OAuthService)
      .approve(account.accountId, id, browser.cookie('oauth_authorization'), scopes ?? ['tracker:read', 'jobs:search']);
    return new URL(redirect);
  }

  /** Discovery, registration and the authorize step with the SDK's own client; answers the provider holding tokens. */
  async function connectApp(account: TestAccount, scopes?: string[]) {
    const provider = new MemoryOAuthProvider(REDIRECT);
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'e2e', version: '1' }).connect(transport)).rejects.toThrow(UnauthorizedError);
    const redirect = await approveInBrowser(new Browser(suite.testApp.baseUrl), provider.authorizationUrl as URL, account, scopes);
    expect(redirect.searchParams.get('state')).toBe('state-123');
    await transport.finishAuth(redirect.searchParams.get('code') as string);
    return provider;
  }

  async function mcpClient(provider: MemoryOAuthProvider): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
    return client;
  }

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

  it('connects an MCP client: its tools follow the approved scopes, refresh rotates, and the tokens are stored hashed', async () => {
    const provider = await connectApp(suite.owner);
    const client = await mcpClient(provider);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_applications');
    expect(names).not.toContain('create_application');
    const listed = await client.callTool({ name: 'list_applications', arguments: {} });
    expect(JSON.parse((listed.content as { text: string }[])[0].text)).toMatchObject({ data: [], total: 0 });

    const first = provider.saved!;
    expect(first).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'tracker:read jobs:search' });
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('AUTHORIZED');
    expect(provider.saved!.access_token).not.toBe(first.access_token);
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
    expect((await (await mcpClient(provider)).listTools()).tools.length).toBe(names.length);

    const stored = JSON.stringify(await suite.testApp.app.get(DataSource).query('SELECT * FROM oauth_tokens'));
    for (const secret of [first.access_token, first.refresh_token, provider.saved!.access_token]) expect(stored).not.toContain(secret);
  });

  it('revokes the whole grant when a refresh token is used twice', async () => {
    const provider = await connectApp(suite.owner);
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

  describe('refuses bad input and changes nothing', () => {
    const VERIFIER = 'a-verifier-of-at-least-forty-three-characters-0123456789';
    const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

    async function register(redirectUris: string[]) {
      const response = await fetch(`${suite.testApp.baseUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Manual app', redirect_uris: redirectUris }),
      });
      return { status: response.status, body: await response.json() };
    }

    function authorizeUrl(client: string, extra: Record<string, string> = {}): URL {
      const url = new URL('/authorize', suite.testApp.baseUrl);
      const params = {
        response_type: 'code',
        client_id: client,
        redirect_uri: REDIRECT,
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
        state: 's',
        ...extra,
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url;
    }

    async function code(): Promise<{ client: string; code: string }> {
      const client = (await register([REDIRECT])).body.client_id as string;
      const redirect = await approveInBrowser(new Browser(suite.testApp.baseUrl), authorizeUrl(client), suite.owner);
      return { client, code: redirect.searchParams.get('code') as string };
    }

    const exchange = (client: string, authorizationCode: string, extra: Record<string, string> = {}) =>
      postForm('/token', {
        grant_type: 'authorization_code',
        client_id: client,
        code: authorizationCode,
        code_verifier: VERIFIER,
        redirect_uri: REDIRECT,
        ...extra,
      });

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
      const browser = new Browser(suite.testApp.baseUrl);
      for (const redirectUri of ['https://evil.example/callback', 'http://127.0.0.1:10/callback']) {
        const answer = await browser.open(authorizeUrl(client, { redirect_uri: redirectUri }).href);
        expect(answer.status).toBe(400);
        expect(answer.location).toBeUndefined();
        expect(JSON.parse(answer.html)).toEqual({ error: 'invalid_request', error_description: 'Unregistered redirect_uri' });
      }
      expect(await authorizations(client)).toBe(0);
    });

    it('refuses plain PKCE, and a request for another resource with a redirect that says so', async () => {
      const client = (await register([REDIRECT])).body.client_id as string;
      const browser = new Browser(suite.testApp.baseUrl);
      const plain = new URL((await browser.open(authorizeUrl(client, { code_challenge_method: 'plain' }).href)).location as string);
      expect(plain.searchParams.get('error')).toBe('invalid_request');
      const other = new URL((await browser.open(authorizeUrl(client, { resource: 'https://other.example/mcp' }).href)).location as string);
      expect(Object.fromEntries(other.searchParams)).toMatchObject({ error: 'invalid_target', state: 's' });
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

  /** tools/list over plain HTTP with a bearer token, as an MCP client sends it. */
  function mcpPost(base: string, token: string) {
    return new ApiClient(base, token).request(
      'POST',
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { accept: 'application/json, text/event-stream' },
    );
  }

  function clientId(provider: MemoryOAuthProvider): string {
    return (provider.information as { client_id: string }).client_id;
  }

  async function postForm(path: string, form: Record<string, string>) {
    const response = await fetch(`${suite.testApp.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: await response.json() };
  }
});
