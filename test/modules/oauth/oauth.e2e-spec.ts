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
    const refused = await new ApiClient(suite.testApp.baseUrl, rotated.access_token).post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: { error: 'Access token revoked' } });
    const again = await postForm('/token', { grant_type: 'refresh_token', refresh_token: rotated.refresh_token!, client_id: clientId(provider) });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

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
