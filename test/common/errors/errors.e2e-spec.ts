import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { JsonBodyGuard, JsonBodyInterceptor } from '@src/common/http/body-parser';
import { IdempotencyInterceptor } from '@src/common/idempotency/idempotency.interceptor';
import { JobsController } from '@src/modules/jobs/jobs.controller';
import { SessionsController } from '@src/modules/sessions/sessions.controller';
import { PageInterceptor } from '@src/modules/sessions/page.interceptor';
import { TrackerController } from '@src/modules/tracker/tracker.controller';
import { Client } from 'pg';
import { ApiClient } from '../../setup/api-client';
import { eventually } from '../../setup/eventually';
import { useTestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';

const PATH = '/v1/tracker/applications';

describe('error responses', () => {
  const suite = useTestApp();

  it('answers 400 "Malformed JSON body" for JSON that does not parse', async () => {
    const response = await suite.owner.api.request('POST', PATH, '{"jobTitle": ', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed JSON body' });
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    for (const body of ['[1,2]', '"text"', 'null', '42']) {
      const response = await suite.owner.api.request('POST', PATH, body, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const response = await suite.owner.api.post(PATH, { jobTitle: 'x', company: 'y', jobDescription: 'z'.repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: expect.stringContaining('exceeds') });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await suite.owner.api.request('POST', PATH, 'jobTitle=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Content-Type must be application/json' });
  });

  it('reads the body of every method that carries one: PATCH and DELETE as POST', async () => {
    const created = await suite.owner.api.post(PATH, { jobTitle: 'Body', company: 'Methods' });
    for (const method of ['PATCH', 'DELETE']) {
      const response = await suite.owner.api.request(method, `${PATH}/${created.body.applicationId}`, '{"status": ', { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Malformed JSON body' });
    }
    expect((await suite.owner.api.get(`${PATH}/${created.body.applicationId}`)).body.data.status).toBe('watchlist');
  });

  it('reads bodies on the routes that can carry one only, and keeps idempotency to the POSTs that change something', () => {
    const classesOf = (key: string) => (handler: object) => (Reflect.getMetadata(key, handler) ?? []).map((entry: object) => entry.constructor);
    const [interceptorsOf, guardsOf] = [classesOf(INTERCEPTORS_METADATA), classesOf(GUARDS_METADATA)];
    const tracker = TrackerController.prototype;
    for (const write of [tracker.create, tracker.update, tracker.remove]) expect(guardsOf(write)).toEqual([JsonBodyGuard]);
    expect(interceptorsOf(tracker.create)).toEqual([IdempotencyInterceptor]);
    // A key is honoured on POST only: an update or a delete is not put through Nest's rxjs chain for it.
    for (const write of [tracker.update, tracker.remove]) expect(interceptorsOf(write)).toEqual([]);
    // A search changes nothing: its body is read, and no interceptor puts it through Nest's rxjs chain.
    expect(guardsOf(JobsController.prototype.search)).toEqual([JsonBodyGuard]);
    expect(interceptorsOf(JobsController.prototype.search)).toEqual([]);
    for (const read of [tracker.list, tracker.get]) {
      expect(guardsOf(read)).toEqual([]);
      expect(interceptorsOf(read)).toEqual([]);
    }
    // Pages read their forms through their own interceptors, before the CSRF check.
    expect(interceptorsOf(SessionsController.prototype.signIn)).toEqual([]);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, SessionsController)).toEqual([JsonBodyInterceptor, PageInterceptor]);
  });

  it('answers 404 for an id that cannot even be decoded (%FF), like any malformed id', async () => {
    const response = await suite.owner.api.get('/v1/tracker/applications/%FF');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it('answers 404 in the error shape for an unknown route', async () => {
    const response = await suite.owner.api.get('/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it.each([
    ['PUT', '/v1/tracker/applications', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/v1/tracker/applications/00000000-0000-4000-8000-000000000000', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['DELETE', '/v1/profile', 'GET, HEAD, PATCH, OPTIONS'],
    ['PATCH', '/health', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/sign-in', 'GET, HEAD, POST, OPTIONS'],
  ])('answers %s %s, a path served under other methods, 405 with Allow: %s', async (method, path, allow) => {
    const response = await suite.owner.api.request(method, path);
    expect({ status: response.status, body: response.body, allow: response.headers.get('allow')?.split(', ').sort() }).toEqual({
      status: 405,
      body: { error: 'Method not allowed' },
      allow: allow.split(', ').sort(),
    });
    const options = await suite.owner.api.request('OPTIONS', path);
    expect([options.status, options.headers.get('allow')]).toEqual([204, response.headers.get('allow')]);
  });

  it.each([
    ['GET', '/v1/resumes', '/v1/resume'],
    ['GET', '/v1/resumes/00000000-0000-4000-8000-000000000000', '/v1/resume/00000000-0000-4000-8000-000000000000'],
    ['POST', '/v1/experience', '/v1/experiences'],
    ['GET', '/v1/summary', '/v1/summaries'],
    ['POST', '/v1/cover-letters', '/v1/cover-letter'],
    ['GET', '/v1/tracker/application', '/v1/tracker/applications'],
    ['GET', '/tracker/applications', '/v1/tracker/applications'],
  ])('answers %s %s, a near miss, 404 with a hint naming %s', async (method, path, meant) => {
    const response = await suite.owner.api.request(method, path);
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: { error: 'Not found', hint: `did you mean ${meant}?` } });
  });

  it('answers a prototype-pollution key as an unknown field', async () => {
    const response = await suite.owner.api.request('POST', PATH, '{"jobTitle":"x","company":"y","__proto__":{"admin":true}}', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Validation failed', details: JSON.parse('{"__proto__":["is not allowed"]}') });
  });

  it.each([
    ['{"jobTitle":"x","company":"y","constructor":{"prototype":{"polluted":true}}}', 'constructor'],
    ['{"jobTitle":"x","company":"y","prototype":null}', 'prototype'],
    ['{"jobTitle":"x","company":"y","toString":"x"}', 'toString'],
  ])('answers %s as an unknown field, not a silent drop', async (body, field) => {
    const response = await suite.owner.api.request('POST', PATH, body, { 'content-type': 'application/json' });
    expect(response.body).toEqual({ error: 'Validation failed', details: { [field]: ['is not allowed'] } });
  });

  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'])(
    'answers the query key %s with 400, as any unknown query key, not a silent drop',
    async (key) => {
      const unknown = await suite.owner.api.get(`${PATH}?someUnknownKey=1`);
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: 400,
        body: { error: 'Validation failed', details: { someUnknownKey: ['is not allowed'] } },
      });
      const response = await suite.owner.api.get(`${PATH}?${key}=1&limit=5`);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { error: 'Validation failed', details: JSON.parse(`{"${key}":["is not allowed"]}`) },
      });
    },
  );

  it('refuses prototype keys inside free-form objects too, instead of losing them', async () => {
    const response = await suite.owner.api.request('POST', '/v1/resume', '{"name":"CV","cvData":{"a":{"constructor":2}}}', {
      'content-type': 'application/json',
    });
    expect(response.body).toEqual({ error: 'Validation failed', details: { 'cvData.a.constructor': ['is not allowed'] } });
  });

  it('answers 400 for a body nested deeper than 32 levels, however deep, and takes 32', async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const depth of [33, 10_000]) {
      const response = await suite.owner.api.request('POST', PATH, nested(depth), { 'content-type': 'application/json' });
      expect({ depth, status: response.status, body: response.body }).toEqual({
        depth,
        status: 400,
        body: { error: 'Request body is nested more than 32 levels deep' },
      });
    }
    const deepest = await suite.owner.api.request('POST', PATH, nested(32), { 'content-type': 'application/json' });
    expect(deepest.body).toEqual({ error: 'Validation failed', details: { jobTitle: ['is required'], company: ['is required'], a: ['is not allowed'] } });
  });

  const NUL = 'must not contain the NUL character (U+0000)';
  const SURROGATE = 'must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF alone)';
  it.each([
    ['POST', '/v1/resume', { name: 'CV', cvData: { note: 'a\u0000b' } }, { 'cvData.note': [NUL] }],
    ['POST', '/v1/resume', { name: 'CV', cvData: { 'a\u0000': 1 } }, { 'cvData.a\u0000': [NUL] }],
    ['POST', '/v1/resume', { name: 'CV', cvData: { note: 'x\udfffy' } }, { 'cvData.note': [SURROGATE] }],
    ['POST', '/v1/resume', { name: 'CV\ud800' }, { name: [SURROGATE] }],
    ['PATCH', '/v1/profile', { links: [{ url: 'https://a.example/?q=\ud800' }] }, { 'links.0.url': [SURROGATE] }],
    ['POST', '/v1/interests', { name: 'Climbing', keywords: ['\u0000'] }, { 'keywords.0': [NUL] }],
  ])('answers 400 for text PostgreSQL cannot store: %s %s %j', async (method, path, body, details) => {
    const response = await suite.owner.api.request(method, path, body);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { error: 'Validation failed', details } });
  });

  it('takes characters outside the Basic Multilingual Plane, whose surrogates come in pairs', async () => {
    const response = await suite.owner.api.post('/v1/resume', { name: 'CV 😀', cvData: { note: '𝕏' } });
    expect(response.status).toBe(201);
  });

  it('carries X-Request-Id on the answers of the body parser too', async () => {
    const answers = await Promise.all([
      suite.owner.api.request('POST', PATH, '{"jobTitle": ', { 'content-type': 'application/json', 'x-request-id': 'parser-400' }),
      suite.owner.api.request('POST', PATH, 'jobTitle=x', { 'content-type': 'text/plain', 'x-request-id': 'parser-415' }),
      suite.owner.api.post(PATH, { jobDescription: 'z'.repeat(1024 * 1024) }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 415, 413]);
    expect(answers[0].headers.get('x-request-id')).toBe('parser-400');
    expect(answers[1].headers.get('x-request-id')).toBe('parser-415');
    expect(answers[2].headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes X-Request-Id, or makes one', async () => {
    const echoed = await suite.owner.api.request('GET', PATH, undefined, { 'x-request-id': 'trace-123' });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const made = await suite.owner.api.get(PATH);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the key before the body (401, then 403, then 429, then 400)', () => {
  const suite = useTestApp();
  const oversized = JSON.stringify({ jobTitle: 'x', company: 'y', jobDescription: 'z'.repeat(1024 * 1024) });
  const refusedBodies: [what: string, body: string, contentType: string][] = [
    ['malformed JSON', '{"jobTitle": ', 'application/json'],
    ['a body that is not an object', '[1,2]', 'application/json'],
    ['a body that is not JSON', 'jobTitle=x', 'application/x-www-form-urlencoded'],
    ['a body over 1 MiB', oversized, 'application/json'],
    ['a body nested too deep', `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, 'application/json'],
    ['a prototype key', '{"__proto__":{"admin":true}}', 'application/json'],
  ];

  it.each(refusedBodies)('answers 401 to %s sent without a key', async (_what, body, contentType) => {
    const anonymous = new ApiClient(suite.testApp.baseUrl);
    const response = await anonymous.request('POST', PATH, body, { 'content-type': contentType });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 401,
      body: { error: 'Missing API key: send Authorization: Bearer <key>' },
    });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="career-api"');
  });

  it.each(refusedBodies)('answers 401 to %s sent with an unknown key', async (_what, body, contentType) => {
    const stranger = new ApiClient(suite.testApp.baseUrl, `cpk_${'0'.repeat(64)}`);
    const response = await stranger.request('POST', PATH, body, { 'content-type': contentType });
    expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { error: 'Invalid API key' } });
  });

  it.each(refusedBodies)('answers 403 to %s sent with a key that lacks the scope', async (_what, body, contentType) => {
    const reader = await suite.createAccount({ scopes: ['tracker:read'] });
    const response = await reader.api.request('POST', PATH, body, { 'content-type': contentType });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 403,
      body: { error: 'Insufficient scope', requiredScope: 'tracker:write' },
    });
  });

  it('still reads the body of a valid key, and public routes need none', async () => {
    const created = await suite.owner.api.post(PATH, { jobTitle: 'Engineer', company: 'Acme' });
    expect(created.status).toBe(201);
    const stored = await suite.owner.api.get(`${PATH}/${created.body.applicationId}`);
    expect(stored.body.data).toMatchObject({ jobTitle: 'Engineer', company: 'Acme' });
    const anonymous = new ApiClient(suite.testApp.baseUrl);
    expect((await anonymous.get('/health')).status).toBe(200);
    expect((await anonymous.get('/docs-json')).body.openapi).toMatch(/^3\./);
  });
});

describe('a write whose account is deleted while it runs', () => {
  const suite = useTestApp();
  let database: Client;
  beforeAll(async () => {
    database = new Client({ connectionString: testRunEnvironment().databaseUrl });
    await database.connect();
  });
  afterAll(() => database?.end());

  /** Statements of this database that wait for a lock: the request's, behind the deletion's lock on the account. */
  async function waitingStatements(): Promise<number> {
    const { rows } = await database.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`,
    );
    return rows[0].waiting;
  }

  it('answers 401 "Invalid API key", as the next request with the key would, not a 500', async () => {
    const account = await suite.createAccount();
    // The deletion holds the account's row until it commits; the create has passed the guard by then and waits on it.
    await database.query('BEGIN');
    await database.query('DELETE FROM accounts WHERE id = $1', [account.accountId]);
    const answer = account.api.post(PATH, { jobTitle: 'Engineer', company: 'Acme' });
    await eventually(waitingStatements, (waiting) => waiting > 0, 10_000);
    await database.query('COMMIT');

    const response = await answer;
    expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { error: 'Invalid API key' } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="career-api"');
    const next = await account.api.post(PATH, { jobTitle: 'Engineer', company: 'Acme' });
    expect({ status: next.status, body: next.body }).toEqual({ status: 401, body: { error: 'Invalid API key' } });
  });
});

describe('OpenAPI document', () => {
  const suite = useTestApp();

  it('documents every tracker operation with its scope, limit, schemas and errors, and Bearer auth', async () => {
    const anonymous = new ApiClient(suite.testApp.baseUrl);
    const document = (await anonymous.get('/docs-json')).body;
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const expected: [string, string, string, number][] = [
      ['/v1/tracker/applications', 'post', 'tracker:write', 20],
      ['/v1/tracker/applications', 'get', 'tracker:read', 60],
      ['/v1/tracker/applications/{id}', 'get', 'tracker:read', 60],
      ['/v1/tracker/applications/{id}', 'patch', 'tracker:write', 20],
      ['/v1/tracker/applications/{id}', 'delete', 'tracker:write', 10],
    ];
    for (const [path, method, scope, limit] of expected) {
      const operation = document.paths[path][method];
      expect(operation['x-required-scope']).toBe(scope);
      expect(operation['x-rate-limit']).toMatchObject({ limit });
      expect(operation.description).toMatch(new RegExp(`^\\*\\*Scope:\\*\\* \`${scope}\` · \\*\\*Limit:\\*\\* ${limit} requests per minute`));
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
      // A read of one application takes nothing but its id, which is a 404 when malformed: it has no 400 to answer.
      expect({ path, method, badRequest: '400' in operation.responses }).toEqual({ path, method, badRequest: !(method === 'get' && path.endsWith('{id}')) });
    }
    const createBody = document.components.schemas.CreateApplicationDto;
    expect(createBody.required).toEqual(expect.arrayContaining(['jobTitle', 'company']));
    expect(createBody.properties.jobTitle.maxLength).toBe(200);
    expect(document.components.schemas.ApplicationSummary.properties).toHaveProperty('isArchived');
    expect((await anonymous.get('/docs')).body).toContain('swagger-ui');
  });

  it('shows what every request body shares: closed schemas, PATCH needs a field, 413 and 415', async () => {
    const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    const schemas = document.components.schemas;
    expect(schemas.CreateApplicationDto.additionalProperties).toBe(false);
    expect(schemas.DesignSettingsDto.additionalProperties).toBe(false);
    expect(schemas.CreateResumeDto.properties.cvData.additionalProperties).toBe(true);
    const patch = document.paths['/v1/tracker/applications/{id}'].patch;
    expect(patch.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UpdateApplicationDto' });
    expect(schemas.UpdateApplicationDto.minProperties).toBe(1);
    const create = document.paths['/v1/tracker/applications'].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['413', '415']));
    expect(document.paths['/v1/tracker/applications'].get.responses).not.toHaveProperty('413');
  });
});
