/** @long-running: every operation with every scope, over HTTP and MCP. */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SCOPES, Scope } from '@src/common/auth/scopes';
import { SECTION_NAMES } from '@src/common/content-sections';
import { ApiKeysService } from '@src/modules/api-keys/api-keys.service';
import { ApiClient } from '../../setup/api-client';
import { createAccount, TestAccount } from '../../setup/factories';
import { connect } from '../../setup/mcp-client';
import { pdfText } from '../../setup/pdf-text';
import { SECTION_FIXTURES } from '../../modules/resumes/section-fixtures';
import { useTestApp } from '../../setup/test-app';

/**
 * Every scope against every route of the served OpenAPI document and every MCP tool, for what each reveals: one
 * account holds one record of every resource, each carrying a marker string, and a key holding one scope at a time
 * calls everything. A marker may show only where its owner's read scope is held (the consent page's promise,
 * docs/api-guide.md "What each scope gives"), besides the specification's own crossings listed in OWNERS.
 */

/** A marker, and the scopes that may reveal it. `events:read` reports every change, so it may reveal every one. */
type Markers = Record<string, Scope[]>;

const MARK = (name: string) => `Mark${name.replace(/[^a-z]/gi, '')}Z`;

describe('What every scope reveals, on every route and MCP tool', () => {
  const suite = useTestApp({ RATE_LIMIT_SCALE: '1000' });
  let owner: TestAccount;
  let markers: Markers;
  const ids: Record<string, string> = {};
  const revealed = new Map<Scope, Set<string>>();

  const reveal = (scope: Scope, text: string) => {
    const found = revealed.get(scope) ?? new Set<string>();
    for (const marker of Object.keys(markers)) if (text.includes(marker)) found.add(marker);
    revealed.set(scope, found);
  };

  beforeAll(async () => {
    owner = await createAccount(suite.testApp.app, suite.testApp.baseUrl);
    const api = owner.api;
    const created = async (path: string, body: object) => {
      const answer = await api.post(path, body);
      expect([answer.status, path]).toEqual([201, path]);
      return answer.body.id ?? answer.body.applicationId;
    };
    markers = {
      [MARK('phone')]: ['profile:read'],
      [MARK('address')]: ['profile:read'],
      [MARK('resume')]: ['resume:read', 'resume:write'],
      [MARK('contactemail')]: ['contacts:read'],
      // An interview shows its contact's name (the specification's application read).
      [MARK('contactname')]: ['contacts:read', 'tracker:read'],
      [MARK('company')]: ['tracker:read', 'tracker:write'],
      [MARK('letter')]: ['cover-letter:read'],
      [MARK('customsection')]: ['custom-sections:read'],
      [MARK('customitem')]: ['custom-sections:read'],
      ...Object.fromEntries(SECTION_NAMES.map((name) => [MARK(name), [`${name}:read` as Scope]])),
    };
    for (const scopes of Object.values(markers)) scopes.push('events:read');

    expect((await api.patch('/v1/profile', { fullName: 'Ada Lovelace', phone: MARK('phone'), address: MARK('address') })).status).toBe(200);
    ids.resume = (await api.get('/v1/resume')).body.data[0].id;
    expect((await api.patch(`/v1/resume/${ids.resume}`, { name: MARK('resume') })).status).toBe(200);
    for (const name of SECTION_NAMES) {
      const create = SECTION_FIXTURES[name].create;
      const [first] = Object.keys(create);
      ids[name] = await created(`/v1/${name}`, { ...create, [first]: MARK(name), ...(name === 'summaries' ? { content: MARK(name) } : {}) });
    }
    expect((await api.patch(`/v1/resume/${ids.resume}`, { selectedSummaryId: ids.summaries })).status).toBe(200);
    ids['custom-sections'] = await created('/v1/custom-sections', { title: MARK('customsection'), enabledFields: ['title'] });
    ids.items = await created(`/v1/custom-sections/${ids['custom-sections']}/items`, { title: MARK('customitem') });
    ids.contacts = await created('/v1/contacts', { firstName: MARK('contactname'), lastName: 'Hopper', email: `${MARK('contactemail')}@example.com` });
    ids.applications = await created('/v1/tracker/applications', { jobTitle: 'Engineer', company: MARK('company') });
    ids.interviews = await created(`/v1/tracker/applications/${ids.applications}/interviews`, {
      round: 1,
      type: 'video',
      date: '2030-01-01T10:00:00Z',
      contactId: ids.contacts,
    });
    ids['cover-letter'] = await created('/v1/cover-letter', { cvId: ids.resume, title: 'Letter', content: MARK('letter') });
  }, 120_000);

  /** The key of `scope` alone on the owner's account (one active key at a time), used by `work`, then revoked. */
  async function withKeyOf(scopes: Scope[], work: (key: string) => Promise<void>): Promise<void> {
    const keys = suite.testApp.app.get(ApiKeysService);
    await keys.revoke(owner.keyId);
    const created = await keys.create({ accountId: owner.accountId, name: scopes.join(' '), scopes });
    owner = { ...owner, keyId: created.id, key: created.key };
    await work(created.key);
  }

  /** A seeded record for a path parameter, by the collection it follows; writes get an id of nothing. */
  function pathFor(path: string, reads: boolean): string {
    return path.replace(/\/([^/{}]+)\/\{[^}]+\}/g, (_whole, collection: string) => {
      const id = reads ? (ids[collection] ?? (collection === 'resume' ? ids.resume : undefined)) : undefined;
      return `/${collection}/${id ?? randomUUID()}`;
    });
  }

  async function bodyText(response: Response): Promise<string> {
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.headers.get('content-type')?.includes('application/pdf')) return (await pdfText(bytes)).text;
    return bytes.toString('utf8');
  }

  it('shows each record only under its own read scope (and the specification’s crossings), on every /v1 route', async () => {
    const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => typeof operation === 'object' && operation['x-required-scope'])
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, scope: operation['x-required-scope'] as Scope })),
    );
    expect(operations.length).toBeGreaterThan(100);
    let called = 0;
    for (const scope of SCOPES) {
      await withKeyOf([scope], async (key) => {
        const calls = operations.map(async (operation) => {
          const reads = operation.method === 'GET' || operation.path.endsWith('/export/pdf');
          const path = pathFor(operation.path, reads);
          const response = await fetch(`${suite.testApp.baseUrl}${path}`, {
            method: operation.method,
            headers: { authorization: `Bearer ${key}`, ...(operation.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
            body: operation.method === 'GET' ? undefined : operation.method === 'DELETE' ? undefined : '{}',
          });
          const text = await bodyText(response);
          called++;
          if (operation.scope !== scope) {
            expect({ route: `${operation.method} ${operation.path}`, status: response.status, body: JSON.parse(text) }).toEqual({
              route: `${operation.method} ${operation.path}`,
              status: 403,
              body: { error: 'Insufficient scope', requiredScope: operation.scope },
            });
            return;
          }
          expect({ route: `${operation.method} ${path}`, status: response.status < 500 }).toEqual({ route: `${operation.method} ${path}`, status: true });
          reveal(scope, text);
        });
        await Promise.all(calls);
      });
    }
    expect(called).toBe(SCOPES.length * operations.length);
    expectRevealedOnlyWhereHeld();
    // The case: a resume read without profile:read shows neither the phone nor the address.
    expect([...(revealed.get('resume:read') ?? [])].sort()).toEqual([MARK('resume')]);
    expect([...(revealed.get('resume:export') ?? [])]).toEqual([]);
    expect([...(revealed.get('profile:read') ?? [])].sort()).toEqual([MARK('address'), MARK('phone')]);
    // Every record was seen under its own scope: the routes did read what they are for.
    for (const marker of Object.keys(markers)) expect([marker, [...revealed.values()].some((found) => found.has(marker))]).toEqual([marker, true]);
  }, 300_000);

  it('shows each record only under its own read scope through every MCP tool and resource', async () => {
    let tools: Awaited<ReturnType<Client['listTools']>>['tools'] = [];
    await withKeyOf([...SCOPES], async (key) => {
      const full = await connect(suite.testApp.baseUrl, key);
      tools = (await full.listTools()).tools;
      await full.close();
    });
    expect(tools.length).toBeGreaterThan(20);
    for (const scope of SCOPES) {
      await withKeyOf([scope], async (key) => {
        const client: Client = await connect(suite.testApp.baseUrl, key);
        try {
          for (const tool of tools) {
            for (const args of argumentsFor(tool)) {
              const result = await client.callTool({ name: tool.name, arguments: args });
              const content = result.content as { type: string; text?: string; resource?: { blob?: string; text?: string } }[];
              for (const part of content) {
                if (part.text) reveal(scope, part.text);
                if (part.resource?.blob) reveal(scope, (await pdfText(Buffer.from(part.resource.blob, 'base64'))).text);
                if (part.resource?.text) reveal(scope, part.resource.text);
              }
            }
          }
          for (const uri of ['career://profile', `career://resumes/${ids.resume}`, `career://applications/${ids.applications}`]) {
            const read = await client.readResource({ uri }).catch((error: Error) => ({ contents: [{ text: error.message }] }));
            for (const part of read.contents as { text?: string }[]) reveal(scope, part.text ?? '');
          }
        } finally {
          await client.close();
        }
      });
    }
    expectRevealedOnlyWhereHeld();
    expect([...(revealed.get('resume:read') ?? [])].sort()).toEqual([MARK('resume')]);
  }, 300_000);

  /** Arguments for a tool: the seeded record its id names (one call per section of a section tool), or none. */
  function argumentsFor(tool: { name: string; inputSchema: { properties?: Record<string, any>; required?: string[] } }): Record<string, unknown>[] {
    const properties = tool.inputSchema.properties ?? {};
    const sections: string[] = properties.section?.enum ?? [undefined];
    return sections.map((section) => {
      const args: Record<string, unknown> = {};
      if (section) args.section = section;
      // A delete names nothing seeded, so that the records stay for the scopes after it.
      const record = tool.name.startsWith('delete_')
        ? randomUUID()
        : section
          ? section === 'custom-sections'
            ? ids.items
            : ids[section]
          : (Object.entries({
              resume: ids.resume,
              application: ids.applications,
              contact: ids.contacts,
              cover_letter: ids['cover-letter'],
              interview: ids.interviews,
            }).find(([name]) => tool.name.includes(name))?.[1] ?? randomUUID());
      for (const name of tool.inputSchema.required ?? []) {
        if (name === 'id' || name.endsWith('Id'))
          args[name] = name === 'applicationId' ? ids.applications : name === 'sectionId' ? ids['custom-sections'] : record;
        else if (name === 'body') args.body = {};
      }
      return args;
    });
  }

  function expectRevealedOnlyWhereHeld(): void {
    const beyond = [...revealed.entries()].flatMap(([scope, found]) =>
      [...found].filter((marker) => !markers[marker].includes(scope)).map((marker) => `${scope} revealed ${marker}`),
    );
    expect(beyond).toEqual([]);
  }
});
