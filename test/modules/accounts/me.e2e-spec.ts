import { SCOPES } from '@src/common/auth/scopes';
import { ApiKeysService } from '@src/modules/api-keys/api-keys.service';
import { ApiClient } from '../../setup/api-client';
import { connect } from '../../setup/mcp-client';
import { useTestApp } from '../../setup/test-app';
import { connectWithOAuth, mcpClientOf, PASSWORD } from '../oauth/oauth-flow';

const parse = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0].text);

describe('GET /v1/me', () => {
  const suite = useTestApp();

  it('answers the account, what its plan opens and the key in use, to a key with every scope', async () => {
    const account = await suite.createAccount({ features: ['auto-prepare'] });
    const answer = await account.api.get('/v1/me');

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        id: account.accountId,
        email: account.email,
        name: null,
        plan: 'plus',
        features: ['auto-prepare'],
        allows: { coverLetters: true, autoPrepare: true, apiKeys: true, connectedApps: true },
        credential: { type: 'api_key', id: account.keyId, name: 'test key', scopes: [...SCOPES], expiresAt: null },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(answer.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  it('needs no scope: a key holding only contacts:read sees its own scopes and expiry', async () => {
    const account = await suite.createAccount({ scopes: ['contacts:read'], expiresInDays: 30 });
    const { data } = (await account.api.get('/v1/me')).body;

    expect(data.credential).toEqual({
      type: 'api_key',
      id: account.keyId,
      name: 'test key',
      scopes: ['contacts:read'],
      expiresAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(Date.parse(data.credential.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Plus without the auto-prepare feature: cover letters yes, autoPrepare no.
    expect(data.allows).toEqual({ coverLetters: true, autoPrepare: false, apiKeys: true, connectedApps: true });
  });

  it('tells a key of a free account that autoPrepare and cover letters are closed, as the routes then answer', async () => {
    const account = await suite.createAccount({ plan: 'free', features: ['auto-prepare'] });
    const { data } = (await account.api.get('/v1/me')).body;

    expect(data).toMatchObject({ plan: 'free', features: ['auto-prepare'] });
    expect(data.allows).toEqual({ coverLetters: false, autoPrepare: false, apiKeys: false, connectedApps: false });
    const refused = await account.api.post('/v1/tracker/applications', { jobTitle: 'Engineer', company: 'Acme', autoPrepare: true });
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', requiresUpgrade: true });
  });

  it("answers each key with its own account, never another's", async () => {
    const [first, second] = await Promise.all([suite.createAccount(), suite.createAccount()]);
    expect((await first.api.get('/v1/me')).body.data).toMatchObject({ id: first.accountId, email: first.email });
    expect((await second.api.get('/v1/me')).body.data).toMatchObject({ id: second.accountId, email: second.email });
  });

  it('answers 401 without a key, and with a revoked one', async () => {
    const account = await suite.createAccount();
    expect((await new ApiClient(suite.testApp.baseUrl).get('/v1/me')).status).toBe(401);
    await suite.testApp.app.get(ApiKeysService).revoke(account.keyId);
    const refused = await account.api.get('/v1/me');
    expect([refused.status, refused.body]).toEqual([401, { error: 'API key revoked' }]);
  });

  it('is documented with no scope, Bearer auth, its limit and an example', async () => {
    const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    const operation = document.paths['/v1/me'].get;
    expect(operation.operationId).toBe('getMe');
    expect(operation['x-required-scope']).toBeUndefined();
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation['x-rate-limit']).toMatchObject({ limit: 30 });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(operation.responses['403']).toBeUndefined();
    const view = document.components.schemas.MeView;
    expect(view.properties.allows.$ref ?? view.properties.allows.allOf?.[0].$ref).toContain('PlanAllowsView');
    expect(document.components.schemas.PlanAllowsView.properties.autoPrepare.example).toBe(false);
  });
});

describe('MCP get_me', () => {
  const suite = useTestApp();

  it('is listed for a key of any scope and answers what GET /v1/me answers', async () => {
    const account = await suite.createAccount({ scopes: ['jobs:search'] });
    const client = await connect(suite.testApp.baseUrl, account.key);
    try {
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'get_me')?.description).toContain('(any scope; 30 calls per minute)');
      const result = await client.callTool({ name: 'get_me', arguments: {} });
      expect(result.isError).toBe(false);
      expect(parse(result)).toEqual((await account.api.get('/v1/me')).body);
    } finally {
      await client.close();
    }
  });

  it('names the OAuth app and the scopes the person approved for it', async () => {
    const person = await suite.createAccount({ password: PASSWORD, features: ['auto-prepare'] });
    const provider = await connectWithOAuth(suite.testApp.baseUrl, person, ['tracker:read', 'jobs:search']);
    const client = await mcpClientOf(suite.testApp.baseUrl, provider);
    try {
      const { data } = parse(await client.callTool({ name: 'get_me', arguments: {} }));
      expect(data).toMatchObject({ id: person.accountId, plan: 'plus', allows: { autoPrepare: true } });
      expect(data.credential).toEqual({
        type: 'oauth_token',
        id: provider.clientInformation()?.client_id,
        name: null,
        scopes: expect.arrayContaining(['tracker:read', 'jobs:search']),
        expiresAt: null,
      });
      expect(data.credential.scopes).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
