import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAccount, TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

async function connect(baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'career-api-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

const parse = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0].text);

describe('MCP list_events', () => {
  const suite = useTestApp();

  async function agent(account: TestAccount, work: (client: Client) => Promise<void>): Promise<void> {
    const client = await connect(suite.testApp.baseUrl, account.key);
    try {
      await work(client);
    } finally {
      await client.close();
    }
  }

  it('lets an agent catch up on the changes after the last event it saw', async () => {
    await agent(suite.owner, async (client) => {
      const { applicationId } = parse(await client.callTool({ name: 'create_application', arguments: { jobTitle: 'SRE', company: 'Globex' } }));
      const first = parse(await client.callTool({ name: 'list_events', arguments: {} }));
      const created = first.data.find(
        (event: { type: string; data: { id: string } }) => event.type === 'application.created' && event.data.id === applicationId,
      );
      expect(created).toMatchObject({ accountId: suite.owner.accountId, data: { jobTitle: 'SRE', company: 'Globex', status: 'watchlist' } });
      expect(first.data.every((event: { id: unknown }) => typeof event.id === 'string')).toBe(true);

      await client.callTool({ name: 'update_application', arguments: { id: applicationId, status: 'applied' } });
      const next = parse(await client.callTool({ name: 'list_events', arguments: { after: first.data.at(-1).id } }));
      expect(next.data.map((event: { type: string }) => event.type)).toEqual(['application.updated', 'application.status_changed']);
      expect(next.data[1].data).toMatchObject({ from: 'watchlist', to: 'applied' });
      expect(next.hasMore).toBe(false);
      expect(next.data.every((event: { id: unknown }) => typeof event.id === 'string')).toBe(true);
    });
  });

  it('takes and shows event ids as strings, and refuses a malformed after with the /v1 validation body', async () => {
    await agent(suite.owner, async (client) => {
      const { tools } = await client.listTools();
      const listEvents = tools.find((tool) => tool.name === 'list_events');
      expect((listEvents?.inputSchema.properties as Record<string, { type?: string }>).after.type).toBe('string');
      const refused = await client.callTool({ name: 'list_events', arguments: { after: '1.5' } });
      expect(refused.isError).toBe(true);
      expect(parse(refused)).toEqual({ error: 'Validation failed', details: { after: ['must be an event id (a string of digits)'] } });
    });
  });

  it('is refused, saying the scope, to a key without events:read', async () => {
    const tracker: TestAccount = await createAccount(suite.testApp.app, suite.testApp.baseUrl, { scopes: ['tracker:read', 'tracker:write'] });
    await agent(tracker, async (client) => {
      const refused = await client.callTool({ name: 'list_events', arguments: {} });
      expect(refused.isError).toBe(true);
      expect(parse(refused)).toEqual({ error: 'Insufficient scope', requiredScope: 'events:read' });
    });
  });
});
