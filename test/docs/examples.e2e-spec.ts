import { ApiClient } from '../setup/api-client';
import { useTestApp } from '../setup/test-app';
import { createRecordsToName, Document, fillPath, operations, reachesOutside, requestExample, Schema } from './try-it-out';

const METHODS = ['get', 'post', 'patch', 'delete'];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('the examples of the OpenAPI document', () => {
  const suite = useTestApp();
  let document: Document;
  beforeAll(async () => {
    document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
  });

  it('every POST succeeds with its request example on a fresh Plus account, once the records it names exist', async () => {
    const { api } = await suite.createAccount();
    const ids = await createRecordsToName(document, api);
    const answers: Record<string, number> = {};
    for (const { path, operation } of operations(document, 'post').filter(({ path }) => !reachesOutside(path))) {
      const body = requestExample(operation) && { ...requestExample(operation), ...ids.body[path] };
      const headers: Record<string, string> = path === '/mcp' ? { accept: 'application/json, text/event-stream' } : {};
      // A CSV import's example is text, as Swagger UI sends it.
      const csv = Object.values(operation.requestBody?.content?.['text/csv']?.examples ?? {})[0] as { value: string } | undefined;
      if (csv) headers['content-type'] = 'text/csv';
      const response = await api.request('POST', fillPath(path, ids.path[path]), csv?.value ?? body, headers);
      answers[path] = response.status;
    }
    const failed = Object.entries(answers).filter(([, status]) => status < 200 || status > 299);
    expect(failed).toEqual([]);
    expect(Object.keys(answers)).toEqual(expect.arrayContaining(['/v1/tracker/applications', '/v1/cover-letter', '/v1/jobs/search', '/mcp']));
  });

  it('every PATCH succeeds with its request example on a record made with its POST example', async () => {
    const { api } = await suite.createAccount();
    const ids = await createRecordsToName(document, api);
    const answers: Record<string, number> = {};
    for (const { path, operation } of operations(document, 'patch').filter(({ path }) => !reachesOutside(path))) {
      const [, collection, name] = /^(.*)\/\{(\w+)\}$/.exec(path) ?? [];
      let pathIds: Record<string, string> = {};
      if (collection) {
        const body = { ...requestExample(document.paths[collection].post), ...ids.body[collection] };
        const created = await api.post(fillPath(collection, ids.path[collection]), body);
        pathIds = { ...ids.path[collection], [name]: created.body.id ?? created.body.applicationId };
      }
      answers[path] = (await api.patch(fillPath(path, pathIds), requestExample(operation))).status;
    }
    expect(Object.entries(answers).filter(([, status]) => status !== 200)).toEqual([]);
    expect(Object.keys(answers)).toEqual(expect.arrayContaining(['/v1/profile', '/v1/tracker/applications/{id}', '/v1/cover-letter/{id}']));
  });

  it('prefills no placeholder: the application example leaves out the listing id, resume id, description and autoPrepare', () => {
    expect(requestExample(document.paths['/v1/tracker/applications'].post)).toEqual({
      jobTitle: 'Senior Backend Engineer',
      company: 'Acme Corp',
      location: 'Berlin, Germany',
      jobUrl: 'https://jobs.acme.example/1234',
      priority: 4,
      notes: 'Referred by Ada; follow up on Friday.',
      salaryMin: 70000,
      salaryMax: 85000,
      salaryPeriod: 'YEAR',
      salaryCurrency: 'EUR',
      appliedDate: '2026-11-20T09:30:00Z',
      deadline: '2026-12-15',
      postedAt: '2026-11-02',
    });
  });

  it('each 403 example is what a key without the operation’s scope gets', async () => {
    const { api } = await suite.createAccount({ scopes: ['jobs:search'] });
    let checked = 0;
    for (const method of METHODS) {
      for (const { path, operation } of operations(document, method)) {
        const example = operation.responses['403']?.content?.['application/json']?.examples?.insufficientScope?.value;
        if (!example || operation['x-required-scope'] === 'jobs:search') continue;
        const response = await api.request(method.toUpperCase(), path.replace(/\{\w+\}/g, SOME_ID));
        expect({ operation: `${method} ${path}`, body: response.body }).toEqual({ operation: `${method} ${path}`, body: example });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
    const read = document.paths['/v1/tracker/applications'].get.responses['403'].content['application/json'].examples.insufficientScope.value;
    expect(read).toEqual({ error: 'Insufficient scope', requiredScope: 'tracker:read' });
  });

  it('each 400 example names a field of its own operation, with the message the service sends for it', async () => {
    const { api } = await suite.createAccount();
    let checked = 0;
    for (const method of METHODS) {
      for (const { path, operation } of operations(document, method)) {
        const example = operation.responses['400']?.content?.['application/json']?.examples?.validationFailed?.value;
        if (!example) continue;
        const [[field, [message]]] = Object.entries<string[]>(example.details);
        const target = path.replace(/\{\w+\}/g, SOME_ID);
        const tooLong = /at most (\d+) characters/.exec(message);
        const isQuery = (operation.parameters ?? []).some((parameter: { in: string; name: string }) => parameter.in === 'query' && parameter.name === field);
        // "must be a string" is a query text sent twice; any other query value is too long or not a number nor a date.
        const query =
          message === 'must be a string' ? `${field}=${SOME_ID}&${field}=${SOME_ID}` : `${field}=${tooLong ? 'x'.repeat(Number(tooLong[1]) + 1) : 0}`;
        const response = isQuery
          ? await api.request(method.toUpperCase(), `${target}?${query}`)
          : await api.request(method.toUpperCase(), target, tooLong ? { [field]: 'x'.repeat(Number(tooLong[1]) + 1) } : {});
        expect({ operation: `${method} ${path}`, status: response.status, messages: response.body.details?.[field] }).toEqual({
          operation: `${method} ${path}`,
          status: 400,
          messages: expect.arrayContaining([message]),
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
    const list = document.paths['/v1/tracker/applications'].get.responses['400'].content['application/json'].examples.validationFailed.value;
    expect(list).toEqual({ error: 'Validation failed', details: { limit: ['must be between 1 and 100'] } });
    const read = document.paths['/v1/experiences/{id}'].get.responses['400'].content['application/json'].examples.validationFailed.value;
    expect(read).toEqual({ error: 'Validation failed', details: { cvId: ['must be a string'] } });
  });

  it('each malformed-JSON 400 example is what its operation answers to a body that does not parse', async () => {
    const { api } = await suite.createAccount();
    const operationsWith = METHODS.flatMap((method) =>
      operations(document, method)
        .filter(({ operation }) => operation.responses['400']?.content?.['application/json']?.examples?.malformedJson)
        .map(({ path, operation }) => ({ method, path, example: operation.responses['400'].content['application/json'].examples.malformedJson.value })),
    );
    expect(operationsWith.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['delete /v1/contacts/{id}', 'post /v1/webhooks/{id}/ping']),
    );
    for (const { method, path, example } of operationsWith) {
      const response = await api.request(method.toUpperCase(), path.replace(/\{\w+\}/g, SOME_ID), '{"jobTitle":');
      expect({ operation: `${method} ${path}`, status: response.status, body: response.body }).toEqual({
        operation: `${method} ${path}`,
        status: 400,
        body: example,
      });
    }
  });

  // What Swagger UI and generated clients show for a 400: the operation's own examples, or else the one its schema gives.
  it('each 400 example names only what its own operation takes: its path and query parameters and its body’s properties', () => {
    const schemas = (document as Document & { components: { schemas: Record<string, Schema> } }).components.schemas;
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? resolve(schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema?.allOf?.length === 1 ? resolve(schema.allOf[0]) : schema;
    const schemaExample = (schema: Schema | undefined): unknown => {
      const resolved = resolve(schema);
      if (resolved?.example !== undefined || !resolved?.properties) return resolved?.example;
      return Object.fromEntries(Object.entries<Schema>(resolved.properties).map(([name, property]) => [name, schemaExample(property)]));
    };
    const foreign: string[] = [];
    let checked = 0;
    for (const method of METHODS) {
      for (const { path, operation } of operations(document, method)) {
        const content = operation.responses['400']?.content?.['application/json'];
        if (!content) continue;
        const own = [
          ...(content.example !== undefined ? [content.example] : []),
          ...Object.values<Schema>(content.examples ?? {}).map((example) => example.value),
        ];
        const shown: unknown[] = own.length > 0 ? own : (content.schema.oneOf ?? [content.schema]).map(schemaExample);
        const takes = new Set<string>([
          ...(operation.parameters ?? []).filter((parameter: Schema) => parameter.in !== 'header').map((parameter: Schema) => parameter.name),
          ...Object.keys(resolve(operation.requestBody?.content?.['application/json']?.schema)?.properties ?? {}),
        ]);
        const named: string[] = shown.flatMap((example) => Object.keys((example as { details?: object } | undefined)?.details ?? {}));
        foreign.push(...named.filter((field) => !takes.has(field.split(/[.[]/)[0])).map((field) => `${method} ${path}: ${field}`));
        checked += 1;
      }
    }
    expect(foreign).toEqual([]);
    expect(checked).toBeGreaterThan(90);
  });

  it('an operation whose only input is its path ids declares no 400, and answers none (a malformed id is a 404)', async () => {
    const { api } = await suite.createAccount();
    const reads = operations(document, 'get').filter(
      ({ path, operation }) =>
        path.includes('{') && (operation.parameters ?? []).every((parameter: Schema) => parameter.in === 'path' && parameter.schema?.format === 'uuid'),
    );
    expect(reads.map(({ path }) => path)).toEqual(expect.arrayContaining(['/v1/tracker/applications/{id}', '/v1/resume/{id}', '/v1/contacts/{id}']));
    expect(reads.filter(({ operation }) => operation.responses['400']).map(({ path }) => path)).toEqual([]);
    for (const { path } of reads) {
      const response = await api.get(`${path.replace(/\{\w+\}/g, 'not-an-id')}?cvId=a&cvId=b&unknown=1`);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 404, body: { error: 'Not found' } });
    }
  });
});
