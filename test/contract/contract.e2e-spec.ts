import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { ApiClient } from '../setup/api-client';
import { createAccount } from '../setup/factories';
import { TestApp, useTestApp } from '../setup/test-app';
import type { paths } from './openapi';

const CONTRACT = join(__dirname, 'openapi.json');
const TYPES = join(__dirname, 'openapi.d.ts');
const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');
/** Spectral and tsc take 10-15 s each on an idle machine. */
const LINT_TIMEOUT = 120_000;

/** A tool's output; a failing run throws with its output in the message, so the test names what failed. */
function run(tool: string, args: string[]): string {
  try {
    return execFileSync(join(BIN, tool), args, { cwd: ROOT, stdio: 'pipe' }).toString();
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${tool} failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`, { cause: error });
  }
}

/**
 * The OpenAPI document is a contract: it is committed (with the TypeScript types openapi-typescript generates from
 * it), linted with Redocly and Spectral, and a typed client built on those types calls the service. A change of the API that
 * is not regenerated with `npm run contract:update` fails here.
 */
describe('the OpenAPI contract', () => {
  let testApp: TestApp;
  let served: Record<string, unknown>;

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    served = (await new ApiClient(testApp.baseUrl).get('/docs-json')).body;
    if (process.env.UPDATE_CONTRACT) {
      writeFileSync(CONTRACT, `${JSON.stringify(served, null, 2)}\n`);
      // A field with a `default` may be left out of a request: without the flag, openapi-typescript makes it required.
      execFileSync(join(BIN, 'openapi-typescript'), [CONTRACT, '-o', TYPES, '--default-non-nullable=false'], { stdio: 'ignore' });
    }
  });

  it('is the committed document (run `npm run contract:update` after changing the API)', () => {
    expect(served).toEqual(JSON.parse(readFileSync(CONTRACT, 'utf8')));
  });

  // Both linters with their recommended rules (redocly.yaml, .spectral.yaml): not one error or warning.
  it(
    'passes redocly lint without a problem',
    () => {
      const report = JSON.parse(run('redocly', ['lint', CONTRACT, '--format=json'])) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    },
    LINT_TIMEOUT,
  );

  it(
    'passes spectral lint (spectral:oas) without a problem',
    () => {
      const results = JSON.parse(run('spectral', ['lint', CONTRACT, '--ruleset', join(ROOT, '.spectral.yaml'), '--format=json', '--quiet'])) as {
        code: string;
        message: string;
        path: string[];
      }[];
      expect(results.map((result) => `${result.code}: ${result.message} at ${result.path.join('.')}`)).toEqual([]);
    },
    LINT_TIMEOUT,
  );

  it(
    'types every error a generated client meets as the body the service sends (tsc on typed-client.check.ts)',
    () => {
      expect(() =>
        run('tsc', ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'commonjs', join(__dirname, 'typed-client.check.ts')]),
      ).not.toThrow();
    },
    LINT_TIMEOUT,
  );

  it('names every operation for generators, and tags and documents each one', () => {
    const operations = Object.values(
      served.paths as Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[]; responses: object; security?: unknown[] }>>,
    ).flatMap((pathItem) => Object.values(pathItem));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listApplications',
        'createApplication',
        'getApplication',
        'updateApplication',
        'deleteApplication',
        'searchJobs',
        'getHealth',
        'listExperiences',
        'createExperience',
        'listEducation',
        'createEducationEntry',
      ]),
    );
    const tags = (served.tags as { name: string; description?: string }[]).map((tag) => tag.name);
    for (const operation of operations) {
      expect(operation.summary).toEqual(expect.any(String));
      expect(tags).toEqual(expect.arrayContaining(operation.tags ?? []));
      if ((operation.security ?? []).length > 0) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '429', '5XX']));
    }
  });

  it('declares the headers the service sends: request id everywhere, rate limits on limited operations, Retry-After on 429', () => {
    type Response = { headers?: Record<string, { $ref?: string }> };
    type Operation = { operationId: string; 'x-rate-limit'?: { limit?: number }; responses: Record<string, Response> };
    const operations = Object.values(served.paths as Record<string, Record<string, Operation>>).flatMap((pathItem) => Object.values(pathItem));
    const headers = (served.components as { headers: Record<string, { schema: object }> }).headers;
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const names = Object.keys(response.headers ?? {});
        for (const header of Object.values(response.headers ?? {}))
          if (header.$ref) expect(headers[header.$ref.replace('#/components/headers/', '')]).toBeDefined();
        expect(names).toContain('X-Request-Id');
        if (operation['x-rate-limit']?.limit)
          expect(names).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
        if (status === '429') expect(names).toContain('Retry-After');
      }
    }
  });

  it('declares the defaults of what a client may leave out, and none on partial updates', () => {
    type Operation = { operationId: string; parameters?: { name: string; schema: { default?: unknown } }[]; requestBody?: unknown };
    const operations = Object.values(served.paths as Record<string, Record<string, Operation>>).flatMap((pathItem) => Object.entries(pathItem));
    const paging = operations.flatMap(([, operation]) => (operation.parameters ?? []).filter((parameter) => ['limit', 'offset'].includes(parameter.name)));
    expect(paging.length).toBeGreaterThan(20);
    for (const parameter of paging) expect(parameter.schema.default).toBe(parameter.name === 'limit' ? 25 : 0);
    const schemas = (served.components as { schemas: Record<string, { properties: Record<string, { default?: unknown }> }> }).schemas;
    expect(schemas.JobSearchDto.properties.limit.default).toBe(20);
    expect(schemas.CreateApplicationDto.properties.source.default).toBe('Other');
    expect(schemas.CreateCoverLetterDto.properties.showName.default).toBe(true);
    const patchBodies = operations
      .filter(([method]) => method === 'patch')
      .map(([, operation]) => JSON.stringify(operation.requestBody).match(/schemas\/(\w+)/)?.[1]);
    for (const name of patchBodies) expect(Object.entries(schemas[name!].properties).filter(([, property]) => 'default' in property)).toEqual([]);
  });

  it('uses no composition a generator would misread: no one-part allOf around a $ref, no date against date-time oneOf', () => {
    const found: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { allOf?: { $ref?: string }[]; oneOf?: { format?: string }[] };
      if (schema.allOf?.length === 1 && schema.allOf[0].$ref) found.push(`${path}: allOf [${schema.allOf[0].$ref}]`);
      const formats = (schema.oneOf ?? []).map((alternative) => alternative.format);
      if (formats.includes('date') && formats.includes('date-time')) found.push(`${path}: oneOf date, date-time`);
      for (const [key, child] of Object.entries(node)) visit(child, `${path}/${key}`);
    };
    visit(served, '');
    expect(found).toEqual([]);
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

  it("gives a generated client a free account's plan errors as typed bodies", async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl, { plan: 'free' });
    const client = createClient<paths>({ baseUrl: testApp.baseUrl, headers: { authorization: `Bearer ${account.key}` } });
    const resume = await client.POST('/v1/resume', { body: { name: 'Free resume' } });
    const cvId = resume.data?.id as string;

    const letter = await client.POST('/v1/cover-letter', { body: { cvId, title: 'Letter', content: 'Dear team,' } });
    expect(letter.response.status).toBe(403);
    // Typed as the scope error or the plan error: only the plan error has requiresUpgrade.
    const upgrade = letter.error && 'requiresUpgrade' in letter.error ? letter.error.requiresUpgrade : undefined;
    expect(upgrade).toBe(true);

    const application = await client.POST('/v1/tracker/applications', { body: { jobTitle: 'Engineer', company: 'Acme', autoPrepare: true } });
    expect(application.response.status).toBe(403);
    const code = application.error && 'code' in application.error ? application.error.code : undefined;
    expect(code).toBe('PLAN_REQUIRED');
  });
});
