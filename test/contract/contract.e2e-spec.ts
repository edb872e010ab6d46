import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { ApiClient } from '../setup/api-client';
import { createAccount } from '../setup/factories';
import { startTestApp, TestApp } from '../setup/test-app';
import type { paths } from './openapi';

const CONTRACT = join(__dirname, 'openapi.json');
const TYPES = join(__dirname, 'openapi.d.ts');
const BIN = join(__dirname, '..', '..', 'node_modules', '.bin');

/**
 * The OpenAPI document is a contract: it is committed (with the TypeScript types openapi-typescript generates from
 * it), linted with Redocly, and a typed client built on those types calls the service. A change of the API that
 * is not regenerated with `npm run contract:update` fails here.
 */
describe('the OpenAPI contract', () => {
  let testApp: TestApp;
  let served: Record<string, unknown>;

  beforeAll(async () => {
    testApp = await startTestApp();
    served = (await new ApiClient(testApp.baseUrl).get('/docs-json')).body;
    if (process.env.UPDATE_CONTRACT) {
      writeFileSync(CONTRACT, `${JSON.stringify(served, null, 2)}\n`);
      execFileSync(join(BIN, 'openapi-typescript'), [CONTRACT, '-o', TYPES], { stdio: 'ignore' });
    }
  });
  afterAll(() => testApp.close());

  it('is the committed document (run `npm run contract:update` after changing the API)', () => {
    expect(served).toEqual(JSON.parse(readFileSync(CONTRACT, 'utf8')));
  });

  it('passes redocly lint without errors', () => {
    const run = () => execFileSync(join(BIN, 'redocly'), ['lint', CONTRACT, '--format=summary'], { stdio: 'pipe' }).toString();
    expect(run).not.toThrow();
  });

  it('gives every operation an operationId, a summary and its error responses', () => {
    const operations = Object.values(served.paths as Record<string, Record<string, { operationId?: string; summary?: string; responses: object; security?: unknown[] }>>)
      .flatMap((pathItem) => Object.values(pathItem));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(operation.summary).toEqual(expect.any(String));
      if ((operation.security ?? []).length > 0) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '429']));
    }
  });

  it('lets a client generated from it track an application end to end', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const client = createClient<paths>({ baseUrl: testApp.baseUrl, headers: { authorization: `Bearer ${account.key}` } });

    const created = await client.POST('/v1/tracker/applications', { body: { jobTitle: 'API Engineer', company: 'Contract Co', source: 'Referral' } });
    expect(created.response.status).toBe(201);
    const id = created.data?.applicationId as string;

    const updated = await client.PATCH('/v1/tracker/applications/{id}', { params: { path: { id } }, body: { status: 'applied', priority: 3 } });
    expect(updated.data).toMatchObject({ id, status: 'applied', priority: 3, isArchived: false });

    const listed = await client.GET('/v1/tracker/applications', { params: { query: { status: 'applied' } } });
    expect(listed.data?.data.map((application) => application.id)).toEqual([id]);

    const read = await client.GET('/v1/tracker/applications/{id}', { params: { path: { id } } });
    expect(read.data?.data.timeline.map((entry) => entry.status)).toEqual(['applied', 'watchlist']);

    const refused = await client.POST('/v1/tracker/applications', { body: { jobTitle: '', company: 'x', jobUrl: 'nope' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: 'Validation failed' });
  });
});
