import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { DataSource } from 'typeorm';
import { TrackerService } from '@src/modules/tracker/tracker.service';
import { ApiClient } from '../../setup/api-client';
import { ListingSet } from '../jobs/listing-fixtures';
import { createAccount, TestAccount } from '../../setup/factories';
import { TestApp, useTestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';
import { connect } from '../../setup/mcp-client';

const parse = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0].text);

/** Validators as strict as any client's: JSON Schema 2020-12 (MCP's default dialect) and draft-07 (the SDK's Ajv). */
const strictValidators = [new Ajv2020({ strict: true, allErrors: true }), new Ajv({ strict: true, allErrors: true })].map((ajv) => addFormats(ajv));

/** Compiles a schema with both strict validators (throws on any keyword or shape they refuse) and checks a value. */
function validate(schema: object, value: unknown): string[] {
  return strictValidators.flatMap((ajv) => {
    const check = ajv.compile(schema);
    return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  });
}

/** Every `properties` entry of a schema, at any depth, with its path. */
function propertiesOf(schema: unknown, path = ''): [string, Record<string, unknown>][] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((item, index) => propertiesOf(item, `${path}[${index}]`));
  const own = Object.entries(((schema as { properties?: object }).properties ?? {}) as Record<string, Record<string, unknown>>).map(
    ([name, property]) => [`${path}.${name}`, property] as [string, Record<string, unknown>],
  );
  const nested = Object.entries(schema).flatMap(([keyword, value]) =>
    keyword === 'properties'
      ? Object.entries(value as object).flatMap(([name, property]) => propertiesOf(property, `${path}.${name}`))
      : propertiesOf(value, `${path}/${keyword}`),
  );
  return [...own, ...nested];
}

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const CREATE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const UPDATE = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
const DELETE = UPDATE;

describe('/mcp', () => {
  let testApp: TestApp;
  let account: TestAccount;
  let client: Client;

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    account = await createAccount(testApp.app, testApp.baseUrl);
    client = await connect(testApp.baseUrl, account.key);
  });
  afterAll(async () => {
    await client.close();
  });

  it('lists the tools with input schemas taken from their /v1 twins', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_applications', 'get_application', 'create_application', 'update_application', 'delete_application']));
    const create = tools.find((tool) => tool.name === 'create_application')!;
    expect(create.description).toContain('tracker:write');
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['jobTitle', 'company']));
    expect((create.inputSchema.properties as Record<string, { maxLength?: number }>).jobTitle.maxLength).toBe(200);
    const update = tools.find((tool) => tool.name === 'update_application')!;
    expect(update.inputSchema.required).toEqual(['id']);
    const list = tools.find((tool) => tool.name === 'list_applications')!;
    expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['limit', 'offset', 'status', 'archived']));
  });

  it("lists only the tools a key's scopes allow, each with its title and annotations", async () => {
    const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['tracker:read'] });
    const writer = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['tracker:read', 'tracker:write', 'skills:read', 'skills:write'] });
    const [readerClient, writerClient] = await Promise.all([connect(testApp.baseUrl, reader.key), connect(testApp.baseUrl, writer.key)]);
    try {
      const readerTools = (await readerClient.listTools()).tools;
      // get_me needs no scope: every key may ask what it is.
      expect(readerTools.map((tool) => [tool.name, tool.title, tool.annotations])).toEqual([
        ['get_me', 'Show the account and its permissions', { title: 'Show the account and its permissions', ...READ }],
        ['list_applications', 'List job applications', { title: 'List job applications', ...READ }],
        ['get_application', 'Read a job application', { title: 'Read a job application', ...READ }],
        ['list_interviews', 'List upcoming interviews', { title: 'List upcoming interviews', ...READ }],
        ['get_tracker_insights', 'How the job search is going', { title: 'How the job search is going', ...READ }],
      ]);

      const writerTools = (await writerClient.listTools()).tools;
      const annotations = Object.fromEntries(writerTools.map((tool) => [tool.name, tool.annotations]));
      expect(Object.keys(annotations)).toEqual([
        'get_me',
        'list_applications',
        'get_application',
        'create_application',
        'save_job_from_url',
        'update_application',
        'delete_application',
        'add_interview',
        'update_interview',
        'list_interviews',
        'add_activity',
        'get_tracker_insights',
        'list_section_items',
        'add_section_item',
        'update_section_item',
        'delete_section_item',
      ]);
      expect(annotations).toMatchObject({
        create_application: { title: 'Track a job application', ...CREATE },
        // It fetches a page on the web: the one tool that reaches outside the service.
        save_job_from_url: { title: "Track a job from its page's URL", ...CREATE, openWorldHint: true },
        update_application: { title: 'Update a job application', ...UPDATE },
        delete_application: { title: 'Delete a job application', ...DELETE },
        add_interview: CREATE,
        list_interviews: READ,
        add_activity: CREATE,
        list_section_items: READ,
        add_section_item: CREATE,
        delete_section_item: DELETE,
      });
      // A family offers only the sections the key may use.
      const add = writerTools.find((tool) => tool.name === 'add_section_item')!;
      const properties = add.inputSchema.properties as Record<string, { enum?: string[]; anyOf?: { title: string }[] }>;
      expect(properties.section.enum).toEqual(['skills']);
      expect(properties.fields.anyOf?.map((body) => body.title)).toEqual(['skills']);

      // A tool left out of the list still answers why, with the /v1 body: the agent learns the scope to ask for.
      const refused = await readerClient.callTool({ name: 'add_section_item', arguments: { section: 'skills', fields: { name: 'SQL' } } });
      expect(refused.isError).toBe(true);
      expect(parse(refused)).toEqual({ error: 'Insufficient scope', requiredScope: 'skills:write' });
    } finally {
      await Promise.all([readerClient.close(), writerClient.close()]);
    }
  });

  it('gives every tool an input and output schema that strict JSON Schema validators accept, with every field described', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(32);
    const undescribed: string[] = [];
    for (const tool of tools) {
      expect(JSON.stringify(tool.inputSchema)).not.toMatch(/"(nullable|example)"/);
      expect(() => validate(tool.inputSchema, {})).not.toThrow();
      if (tool.outputSchema) expect(() => validate(tool.outputSchema!, {})).not.toThrow();
      for (const [path, property] of propertiesOf(tool.inputSchema)) if (!property.description) undescribed.push(`${tool.name}${path}`);
    }
    expect(undescribed).toEqual([]);
    expect(tools.filter((tool) => !tool.outputSchema).map((tool) => tool.name)).toEqual(['export_resume_pdf']);

    // null clears a field: a strict client must let it through, as the service takes it.
    const schemaOf = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema;
    expect(validate(schemaOf('update_contact'), { id: '00000000-0000-4000-8000-000000000000', company: null, email: null })).toEqual([]);
    expect(validate(schemaOf('update_application'), { id: '00000000-0000-4000-8000-000000000000', notes: null })).toEqual([]);
    expect(validate(schemaOf('update_application'), { id: '00000000-0000-4000-8000-000000000000', priority: 'high' })).not.toEqual([]);
    const contact = parse(await client.callTool({ name: 'create_contact', arguments: { firstName: 'Ida', company: 'Acme', email: 'ida@acme.example' } }));
    const cleared = await client.callTool({ name: 'update_contact', arguments: { id: contact.id, company: null, email: null } });
    expect(cleared.isError).toBe(false);
    expect((await account.api.get(`/v1/contacts/${contact.id}`)).body.data).toMatchObject({ firstName: 'Ida', company: null, email: null });
  });

  it('answers JSON as structuredContent that fits the outputSchema, and as the same text', async () => {
    const { tools } = await client.listTools();
    const outputSchemaOf = (name: string) => tools.find((tool: Tool) => tool.name === name)!.outputSchema!;
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(false);
      expect(validate(outputSchemaOf(name), result.structuredContent)).toEqual([]);
      expect(parse(result)).toEqual(result.structuredContent);
      return result.structuredContent as Record<string, any>;
    };
    const created = await call('create_application', { jobTitle: 'Analyst', company: 'Vandelay', jobUrl: 'https://vandelay.example/jobs/1' });
    expect(created).toMatchObject({ applicationId: expect.any(String) });
    expect(await call('update_application', { id: created.applicationId, status: 'applied', notes: null })).toMatchObject({ status: 'applied' });
    expect((await call('get_application', { id: created.applicationId })).data).toMatchObject({ company: 'Vandelay', status: 'applied' });
    expect((await call('list_applications', { limit: 1 })).data).toHaveLength(1);
    const skill = await call('add_section_item', { section: 'skills', fields: { name: 'Excel', score: 3 } });
    expect((await call('list_section_items', { section: 'skills' })).data.map((item: { name: string }) => item.name)).toContain('Excel');
    expect(await call('delete_section_item', { section: 'skills', id: skill.id })).toEqual({ success: true });
    expect((await call('get_profile', {})).data).toHaveProperty('fullName');
    expect(await call('delete_application', { id: created.applicationId })).toEqual({ success: true });

    // An error result carries no structuredContent (it would not fit the schema), only the /v1 body as text.
    const missing = await client.callTool({ name: 'get_application', arguments: { id: created.applicationId } });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.structuredContent).toBeUndefined();
    expect(parse(missing)).toEqual({ error: 'Not found' });
  });

  it('answers protocol errors as JSON-RPC errors: an unknown tool, malformed JSON, a wrong content type', async () => {
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('Unknown tool: delete_everything'),
    });
    const post = (body: string, headers: Record<string, string> = {}) =>
      account.api.request('POST', '/mcp', body, { accept: 'application/json, text/event-stream', ...headers });
    const malformed = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Malformed JSON body' } });
    const notJson = await post('jsonrpc=2.0', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(notJson.status).toBe(415);
    expect(notJson.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Content-Type must be application/json' } });
    const batch = await post(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]));
    expect(batch.status).toBe(400);
    expect(batch.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body must be a JSON object' } });
    const tooLarge = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1024 * 1024) } }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining('exceeds') } });
    // /v1 keeps its own shape for the same mistakes.
    expect((await account.api.request('POST', '/v1/tracker/applications', '{"jobTitle": ')).body).toEqual({ error: 'Malformed JSON body' });
  });

  it('creates and updates an application that /v1 then shows', async () => {
    const created = await client.callTool({
      name: 'create_application',
      arguments: { jobTitle: 'Data Engineer', company: 'Initech', jobUrl: 'https://initech.example/jobs/9' },
    });
    expect(created.isError).toBe(false);
    const { applicationId } = parse(created);
    const updated = await client.callTool({ name: 'update_application', arguments: { id: applicationId, status: 'applied', priority: 5 } });
    expect(parse(updated)).toMatchObject({ id: applicationId, status: 'applied', priority: 5 });

    const read = await account.api.get(`/v1/tracker/applications/${applicationId}`);
    expect(read.body.data).toMatchObject({ jobTitle: 'Data Engineer', company: 'Initech', status: 'applied', priority: 5 });
    expect(read.body.data.timeline.map((entry: { status: string }) => entry.status)).toEqual(['applied', 'watchlist']);

    const listed = parse(await client.callTool({ name: 'list_applications', arguments: { status: 'applied', limit: 10 } }));
    expect(listed).toMatchObject({ total: 1, limit: 10, data: [{ id: applicationId }] });
  });

  it('records an activity with add_activity that the timeline and /v1 list then show', async () => {
    const { applicationId } = (await account.api.post('/v1/tracker/applications', { jobTitle: 'Analyst', company: 'Hooli' })).body;
    const added = await client.callTool({
      name: 'add_activity',
      arguments: { id: applicationId, type: 'call', body: 'Recruiter called back', occurredAt: '2026-11-20T10:00:00Z' },
    });
    expect(added.isError).toBe(false);
    const { id } = parse(added);
    expect(parse(added)).toEqual({ success: true, id: expect.any(String) });
    const { timeline } = (await account.api.get(`/v1/tracker/applications/${applicationId}`)).body.data;
    expect(timeline[0]).toMatchObject({ id, type: 'call', description: 'Recruiter called back', status: 'watchlist', occurredAt: '2026-11-20T10:00:00.000Z' });
    expect((await account.api.get(`/v1/tracker/applications/${applicationId}/activities`)).body.data).toEqual([expect.objectContaining({ id })]);

    const refused = await client.callTool({ name: 'add_activity', arguments: { id: applicationId, type: 'lunch', body: '' } });
    expect(refused.isError).toBe(true);
    expect(parse(refused)).toEqual({
      error: 'Validation failed',
      details: { type: ['must be one of: note, email, call, message, follow_up, other'], body: ['must not be empty'] },
    });
    const other = await createAccount(testApp.app, testApp.baseUrl);
    const theirs = (await other.api.post('/v1/tracker/applications', { jobTitle: 'x', company: 'y' })).body.applicationId;
    expect(parse(await client.callTool({ name: 'add_activity', arguments: { id: theirs, type: 'note', body: 'Mine now' } }))).toEqual({ error: 'Not found' });
  });

  it('lists interviews across applications with list_interviews, soonest first within from and to', async () => {
    const agent = await createAccount(testApp.app, testApp.baseUrl);
    const agentClient = await connect(testApp.baseUrl, agent.key);
    try {
      const applicationIds: string[] = [];
      for (const company of ['Acme', 'Globex']) {
        applicationIds.push((await agent.api.post('/v1/tracker/applications', { jobTitle: 'Engineer', company })).body.applicationId);
      }
      const schedule = async (applicationId: string, date: string) =>
        (await agent.api.post(`/v1/tracker/applications/${applicationId}/interviews`, { round: 1, type: 'video', date })).body.id as string;
      const later = await schedule(applicationIds[0], '2025-03-20T10:00:00Z');
      const sooner = await schedule(applicationIds[1], '2025-03-10T10:00:00Z');
      await schedule(applicationIds[0], '2025-05-01T10:00:00Z');
      const listed = parse(await agentClient.callTool({ name: 'list_interviews', arguments: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z' } }));
      expect(listed).toMatchObject({ total: 2, hasMore: false });
      expect(listed.data.map((interview: { id: string; application: { company: string } }) => [interview.id, interview.application.company])).toEqual([
        [sooner, 'Globex'],
        [later, 'Acme'],
      ]);
      // From now by default: these are all past.
      expect(parse(await agentClient.callTool({ name: 'list_interviews', arguments: {} }))).toMatchObject({ data: [], total: 0 });
      const refused = await agentClient.callTool({ name: 'list_interviews', arguments: { from: 'tomorrow' } });
      expect(parse(refused)).toEqual({
        error: 'Validation failed',
        details: { from: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] },
      });
    } finally {
      await agentClient.close();
    }
  });

  it('answers validation failures as tool errors with the HTTP API message', async () => {
    const result = await client.callTool({ name: 'create_application', arguments: { company: 'Initech', jobUrl: 'nope' } });
    expect(result.isError).toBe(true);
    expect(parse(result)).toEqual({ error: 'Validation failed', details: { jobTitle: ['is required'], jobUrl: ['must be a valid URL'] } });
    const empty = await client.callTool({ name: 'update_application', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(parse(empty)).toEqual({ error: 'Validation failed', details: { body: ['at least one field is required'] } });
  });

  it("answers Not found for another account's application", async () => {
    const other = await createAccount(testApp.app, testApp.baseUrl);
    const theirs = await other.api.post('/v1/tracker/applications', { jobTitle: 'x', company: 'y' });
    const result = await client.callTool({ name: 'get_application', arguments: { id: theirs.body.applicationId } });
    expect(result.isError).toBe(true);
    expect(parse(result)).toEqual({ error: 'Not found' });
  });

  it('gives a key without tracker:write a tool error on create_application', async () => {
    const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['tracker:read'] });
    const readerClient = await connect(testApp.baseUrl, reader.key);
    try {
      const result = await readerClient.callTool({ name: 'create_application', arguments: { jobTitle: 'x', company: 'y' } });
      expect(result.isError).toBe(true);
      expect(parse(result)).toEqual({ error: 'Insufficient scope', requiredScope: 'tracker:write' });
      expect((await reader.api.get('/v1/tracker/applications')).body.total).toBe(0);
    } finally {
      await readerClient.close();
    }
  });

  it("documents its JSON-RPC body and the transport's own errors, which are JSON-RPC too", async () => {
    const operation = (await new ApiClient(testApp.baseUrl).get('/docs-json')).body.paths['/mcp'].post;
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['jsonrpc', 'method']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/json', 'text/event-stream']);
    for (const status of ['400', '406', '413', '415'])
      expect(operation.responses[status].content['application/json'].schema.required).toEqual(['jsonrpc', 'error', 'id']);
    const answer = await fetch(`${testApp.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(answer.status).toBe(406);
    expect(await answer.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: expect.any(Number), message: expect.stringContaining('Not Acceptable') },
    });
  });

  it('answers 401 with WWW-Authenticate without a key', async () => {
    const response = await new ApiClient(testApp.baseUrl).post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    await expect(connect(testApp.baseUrl, `cpk_${'0'.repeat(64)}`)).rejects.toThrow();
  });

  it('adds an interview with a contact, as the application read then shows', async () => {
    const contact = parse(
      await client.callTool({ name: 'create_contact', arguments: { firstName: 'Grace', lastName: 'Hopper', relationship: 'HIRING_MANAGER' } }),
    );
    expect(contact).toEqual({ success: true, id: expect.any(String) });
    const found = parse(await client.callTool({ name: 'list_contacts', arguments: { search: 'hopper' } }));
    expect(found.data.map((item: { id: string }) => item.id)).toEqual([contact.id]);

    const { applicationId } = parse(await client.callTool({ name: 'create_application', arguments: { jobTitle: 'SRE', company: 'Globex' } }));
    const interview = await client.callTool({
      name: 'add_interview',
      arguments: { id: applicationId, round: 1, type: 'video', date: '2026-12-01T10:00:00Z', contactId: contact.id },
    });
    expect(interview.isError).toBe(false);
    const read = await account.api.get(`/v1/tracker/applications/${applicationId}`);
    expect(read.body.data.interviews).toEqual([
      expect.objectContaining({ round: 1, type: 'video', contact: expect.objectContaining({ id: contact.id, firstName: 'Grace', lastName: 'Hopper' }) }),
    ]);
    const badType = await client.callTool({ name: 'add_interview', arguments: { id: applicationId, round: 1, type: 'dinner', date: '2026-12-01T10:00:00Z' } });
    expect(parse(badType).details).toHaveProperty('type');
  });

  it('writes cover letters with the plan and conflict rules of /v1', async () => {
    const [resume] = await testApp.app.get(DataSource).query('SELECT id FROM resumes WHERE account_id = $1', [account.accountId]);
    const created = parse(await client.callTool({ name: 'create_cover_letter', arguments: { cvId: resume.id, title: 'For Globex', content: 'Dear Globex,' } }));
    expect(created).toEqual({ success: true, id: expect.any(String) });
    const again = parse(await client.callTool({ name: 'create_cover_letter', arguments: { cvId: resume.id, title: 'Again', content: 'x' } }));
    expect(again).toEqual({ error: expect.any(String), existingId: created.id });
    await client.callTool({ name: 'update_cover_letter', arguments: { id: created.id, title: 'For Globex, revised' } });
    expect((await account.api.get(`/v1/cover-letter/${created.id}`)).body.data.title).toBe('For Globex, revised');
  });

  it('edits the profile, resumes and section items, as /v1 then shows', async () => {
    expect(parse(await client.callTool({ name: 'update_profile', arguments: { fullName: 'Ada Lovelace' } })).data.fullName).toBe('Ada Lovelace');
    expect(parse(await client.callTool({ name: 'get_profile', arguments: {} })).data.fullName).toBe('Ada Lovelace');

    const skill = parse(
      await client.callTool({ name: 'add_section_item', arguments: { section: 'skills', fields: { name: 'Kafka', category: 'TECHNICAL', score: 4 } } }),
    );
    expect(skill).toEqual({ success: true, id: expect.any(String) });
    const resume = parse(await client.callTool({ name: 'create_resume', arguments: { name: 'Data roles', template: 'modern' } }));
    const copied = parse(await client.callTool({ name: 'list_section_items', arguments: { section: 'skills', cvId: resume.id } }));
    expect(copied.data).toEqual([expect.objectContaining({ name: 'Kafka', score: 4 })]);
    const copyId = copied.data[0].id;
    expect(copyId).not.toBe(skill.id);

    await client.callTool({ name: 'update_section_item', arguments: { section: 'skills', id: copyId, cvId: resume.id, fields: { score: 5 } } });
    expect((await account.api.get(`/v1/skills/${copyId}?cvId=${resume.id}`)).body.data.score).toBe(5);
    expect((await account.api.get(`/v1/skills/${skill.id}`)).body.data.score).toBe(4);

    const deleted = parse(await client.callTool({ name: 'delete_section_item', arguments: { section: 'skills', id: copyId, cvId: resume.id } }));
    expect(deleted).toEqual({ success: true });
    const read = parse(await client.callTool({ name: 'get_resume', arguments: { id: resume.id } }));
    expect(read.data).toMatchObject({ name: 'Data roles', template: 'modern' });
    expect(read.data.content.sections.skills).toEqual([]);
  });

  it('exports a resume as an embedded PDF', async () => {
    const resumes = parse(await client.callTool({ name: 'list_resumes', arguments: {} }));
    const result = await client.callTool({ name: 'export_resume_pdf', arguments: { id: resumes.data[0].id } });
    expect(result.isError).toBe(false);
    const [label, file] = result.content as [{ text: string }, { resource: { mimeType: string; blob: string } }];
    expect(label.text).toMatch(/\.pdf \(\d+ bytes\)$/);
    expect(file.resource.mimeType).toBe('application/pdf');
    expect(Buffer.from(file.resource.blob, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers section tool mistakes with the HTTP messages', async () => {
    const unknownSection = parse(await client.callTool({ name: 'add_section_item', arguments: { section: 'hobbies', fields: { name: 'x' } } }));
    expect(unknownSection).toEqual({ error: 'Validation failed', details: { section: [expect.stringContaining('must be one of: experiences')] } });
    const invalid = parse(
      await client.callTool({ name: 'add_section_item', arguments: { section: 'skills', fields: { name: 'Go', score: 9, color: 'red' } } }),
    );
    expect(invalid).toEqual({ error: 'Validation failed', details: { score: ['must be between 1 and 5'], color: ['is not allowed'] } });
    const foreign = parse(
      await client.callTool({ name: 'list_section_items', arguments: { section: 'skills', cvId: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(foreign).toEqual({ error: 'Not found' });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'answers section "%s", a name Object.prototype has, as any unknown section, without an internal error',
    async (section) => {
      for (const name of ['list_section_items', 'add_section_item', 'update_section_item', 'delete_section_item']) {
        const result = await client.callTool({ name, arguments: { section, id: '00000000-0000-4000-8000-000000000000', fields: { name: 'x' } } });
        expect([name, result.isError, parse(result)]).toEqual([
          name,
          true,
          { error: 'Validation failed', details: { section: [expect.stringContaining('must be one of: experiences')] } },
        ]);
      }
    },
  );

  it("checks the chosen section's own scope", async () => {
    const skillsOnly = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['skills:read', 'skills:write'] });
    const limited = await connect(testApp.baseUrl, skillsOnly.key);
    try {
      const allowed = await limited.callTool({ name: 'add_section_item', arguments: { section: 'skills', fields: { name: 'SQL' } } });
      expect(allowed.isError).toBe(false);
      const refused = parse(await limited.callTool({ name: 'add_section_item', arguments: { section: 'projects', fields: { name: 'Compiler' } } }));
      expect(refused).toEqual({ error: 'Insufficient scope', requiredScope: 'projects:write' });
    } finally {
      await limited.close();
    }
  });

  it('lists the section tools with the section choice and each section body', async () => {
    const { tools } = await client.listTools();
    const add = tools.find((tool) => tool.name === 'add_section_item')!;
    const properties = add.inputSchema.properties as Record<string, { enum?: string[]; anyOf?: { title: string }[] }>;
    expect(properties.section.enum).toEqual([
      'experiences',
      'education',
      'skills',
      'summaries',
      'projects',
      'certificates',
      'awards',
      'publications',
      'interests',
    ]);
    expect(properties).toHaveProperty('cvId');
    expect(properties.fields.anyOf?.map((body) => body.title)).toEqual(properties.section.enum);
    expect(add.inputSchema.required).toEqual(['section', 'fields']);
    const update = tools.find((tool) => tool.name === 'update_section_item')!;
    expect(update.inputSchema.required).toEqual(expect.arrayContaining(['section', 'id', 'fields']));
  });

  it('offers the profile, resumes and applications as resources, read with the same checks as their tools', async () => {
    const { applicationId } = parse(await client.callTool({ name: 'create_application', arguments: { jobTitle: 'Platform Engineer', company: 'Umbrella' } }));
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(expect.arrayContaining(['career://profile', `career://applications/${applicationId}`]));
    expect(uris.some((uri) => uri.startsWith('career://resumes/'))).toBe(true);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['career://resumes/{id}', 'career://applications/{id}']);

    const read = await client.readResource({ uri: `career://applications/${applicationId}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text).data).toMatchObject({ id: applicationId, jobTitle: 'Platform Engineer' });
    await expect(client.readResource({ uri: 'career://applications/00000000-0000-4000-8000-000000000000' })).rejects.toThrow('Not found');
    await expect(client.readResource({ uri: 'career://nothing' })).rejects.toThrow('Unknown resource');
  });

  it('lists no resources nor prompts a key may not use', async () => {
    const trackerOnly = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['tracker:read'] });
    const { applicationId } = (await account.api.post('/v1/tracker/applications', { jobTitle: 'x', company: 'y' })).body;
    // The key may not write (an account holds one key): the application is made through the service.
    const owner = { accountId: trackerOnly.accountId, keyId: trackerOnly.keyId, scopes: [], plan: 'plus' as const, features: [] };
    await testApp.app.get(TrackerService).create(owner, { jobTitle: 'Tester', company: 'Initrode' });
    const limited = await connect(testApp.baseUrl, trackerOnly.key);
    try {
      const { resources } = await limited.listResources();
      expect(resources.map((resource) => resource.name)).toEqual(['Application: Tester at Initrode (watchlist)']);
      expect((await limited.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual(['career://applications/{id}']);
      await expect(limited.readResource({ uri: 'career://profile' })).rejects.toThrow('Insufficient scope');
      expect((await limited.listPrompts()).prompts).toEqual([]);
      await expect(limited.getPrompt({ name: 'prepare_for_interview', arguments: { applicationId } })).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        data: { error: 'Insufficient scope', requiredScope: 'resume:read' },
      });
    } finally {
      await limited.close();
    }
    const interviewer = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['tracker:read', 'resume:read'] });
    const interviewerClient = await connect(testApp.baseUrl, interviewer.key);
    try {
      expect((await interviewerClient.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['prepare_for_interview']);
    } finally {
      await interviewerClient.close();
    }
  });

  it('gives prompts that carry the application and say which tools to use', async () => {
    const { applicationId } = parse(await client.callTool({ name: 'create_application', arguments: { jobTitle: 'ML Engineer', company: 'Cyberdyne' } }));
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['tailor_resume_to_job', 'prepare_for_interview']);
    const prompt = await client.getPrompt({ name: 'tailor_resume_to_job', arguments: { applicationId } });
    const [embedded, resume, instructions] = prompt.messages;
    expect(embedded.content).toMatchObject({ type: 'resource', resource: { uri: `career://applications/${applicationId}` } });
    expect(JSON.parse((embedded.content as { resource: { text: string } }).resource.text).data.company).toBe('Cyberdyne');
    expect(resume.content).toMatchObject({ type: 'resource', resource: { uri: expect.stringMatching(/^career:\/\/resumes\//) } });
    expect((instructions.content as { text: string }).text).toContain('apply_tailoring');
    await expect(client.getPrompt({ name: 'prepare_for_interview', arguments: {} })).rejects.toThrow('Missing argument applicationId');
  });

  it('searches jobs and reads a listing, then tracks it by jobListingId', async () => {
    const [generated] = await new ListingSet(testApp.app).generate(1, 'mcp', new Date());
    const [{ id }] = await new ListingSet(testApp.app).add([
      { ...generated.record, id: 'mcp-1', title: 'Zymurgy Platform Engineer', company: 'Brewlabs', description: 'Run our zymurgy platform on Kubernetes.' },
    ]);
    const listing = { id };
    const found = parse(await client.callTool({ name: 'search_jobs', arguments: { query: 'zymurgy', limit: 5 } }));
    expect(found.data.map((item: { id: string }) => item.id)).toContain(listing.id);
    const read = parse(await client.callTool({ name: 'get_job', arguments: { id: listing.id } }));
    expect(read.data).toMatchObject({ id: listing.id, title: 'Zymurgy Platform Engineer', company: 'Brewlabs' });
    const tracked = parse(
      await client.callTool({ name: 'create_application', arguments: { jobTitle: 'Platform Engineer', company: 'Brewlabs', jobListingId: listing.id } }),
    );
    expect((await account.api.get(`/v1/tracker/applications/${tracked.applicationId}`)).body.data.jobDescription).toBe(
      'Run our zymurgy platform on Kubernetes.',
    );
  });

  it('answers GET with 405: the endpoint is stateless', async () => {
    const response = await account.api.get('/mcp');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('/mcp rate limits', () => {
  let testApp: TestApp;
  // A Redis prefix of its own: the per-IP window would otherwise hold the other tests' requests from 127.0.0.1.
  const suite = useTestApp({ RATE_LIMIT_SCALE: '1', REDIS_PREFIX: `${testRunEnvironment().redisPrefix}mcp-limits:` });
  beforeAll(async () => {
    testApp = suite.testApp;
  });

  it('sends RateLimit-* headers and answers 429 past 60 requests a minute per key', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const ping = () => account.api.request('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json, text/event-stream' });
    const first = await ping();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('60');
    expect(first.headers.get('ratelimit-remaining')).toBe('59');
    for (let index = 0; index < 59; index += 1) await ping();
    const refused = await ping();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests', retryAfter: expect.any(Number) });
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
  });

  it('counts resources/list against the /v1 limits of the list tools it calls (GET lists: 60 a minute)', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const client = await connect(testApp.baseUrl, account.key);
    try {
      expect((await client.listResources()).resources.length).toBeGreaterThan(0);
      for (let index = 0; index < 59; index += 1) expect((await account.api.get('/v1/tracker/applications')).status).toBe(200);
      await expect(client.listResources()).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        data: { error: 'Too many requests', retryAfter: expect.any(Number) },
      });
      expect((await account.api.get('/v1/tracker/applications')).status).toBe(429);
    } finally {
      await client.close();
    }
  });

  it('counts tool calls against the /v1 twin limit (POST applications: 20 a minute)', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    for (let index = 0; index < 20; index += 1) {
      expect((await account.api.post('/v1/tracker/applications', { jobTitle: `r${index}`, company: 'c' })).status).toBe(201);
    }
    const client = await connect(testApp.baseUrl, account.key);
    try {
      const result = await client.callTool({ name: 'create_application', arguments: { jobTitle: 'one more', company: 'c' } });
      expect(result.isError).toBe(true);
      expect(parse(result)).toEqual({ error: 'Too many requests', retryAfter: expect.any(Number) });
    } finally {
      await client.close();
    }
  });
});

describe('/mcp per-IP limit', () => {
  let testApp: TestApp;
  const suite = useTestApp({ RATE_LIMIT_SCALE: '1', REDIS_PREFIX: `${testRunEnvironment().redisPrefix}mcp-ip-limit:` });
  beforeAll(async () => {
    testApp = suite.testApp;
  });

  it('answers 429 past 100 requests in 10 seconds from one IP, whatever the keys', async () => {
    const first = await createAccount(testApp.app, testApp.baseUrl);
    const second = await createAccount(testApp.app, testApp.baseUrl);
    const ping = (account: TestAccount) =>
      account.api.request('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json, text/event-stream' });
    const statuses: number[] = [];
    for (let index = 0; index < 50; index += 1) statuses.push((await ping(first)).status, (await ping(second)).status);
    const refused = await ping(first);
    expect(statuses).toEqual(Array(100).fill(200));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-limit')).toBe('100');
  });
});
