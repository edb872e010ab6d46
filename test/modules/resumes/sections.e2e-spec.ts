import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import type { Scope } from '@src/common/auth/scopes';
import { PARTIAL_DATE_PATTERN } from '@src/common/validation/partial-date';
import { SECTION_DATE_FIELDS } from '@src/modules/resumes/sections/section-dates';
import { SECTION_KINDS } from '@src/modules/resumes/sections/section-kinds';
import { ApiClient } from '../../setup/api-client';
import { createAccount, TestAccount } from '../../setup/factories';
import { connect } from '../../setup/mcp-client';
import { TestApp, useTestApp } from '../../setup/test-app';
import { MINIMAL_BODIES, SECTION_FIXTURES } from './section-fixtures';

/** Every section kind of the registry goes through the same table of tests. */
const KINDS = SECTION_KINDS.map((kind) => [kind.name, kind] as const);

/** The field limits, written out apart from the DTOs, checked against what the service documents and enforces. */
const FIELD_LIMITS: Record<string, Record<string, number>> = {
  experiences: { jobTitle: 200, company: 200, location: 200 },
  education: { institution: 200, school: 200, degree: 200, fieldOfStudy: 200, field: 200, location: 200, grade: 50 },
  skills: { name: 200, level: 50 },
  summaries: { title: 100 },
  publications: { name: 300, publisher: 200, url: 500 },
};

const CALENDAR_DATE_MESSAGE = 'must be a date: YYYY, YYYY-MM or YYYY-MM-DD';
const DATE_OR_DATE_TIME_MESSAGE = 'must be a date (YYYY, YYYY-MM or YYYY-MM-DD) or an ISO 8601 date-time';

/**
 * Every date field of the registry's kinds: a period's (experiences, education, projects), which also takes
 * date-times, and the single `date` of certificates, awards and publications.
 */
const DATE_FIELDS = SECTION_KINDS.flatMap((kind) =>
  kind.dates ? SECTION_DATE_FIELDS[kind.dates].map((field) => [kind.name, field, kind.dates === 'period'] as const) : [],
);

/** Dates as people write them, answered as sent; a date-time (where one is taken) keeps its answer: UTC, in milliseconds. */
const WRITTEN_DATES: [sent: string, answered: string][] = [
  ['2020', '2020'],
  ['2020-03', '2020-03'],
  ['2020-03-15', '2020-03-15'],
  ['2020-02-29', '2020-02-29'],
];
const DATE_TIMES: [sent: string, answered: string][] = [
  ['2020-03-15T10:30:00Z', '2020-03-15T10:30:00.000Z'],
  ['2020-03-15T10:30:00.5+01:00', '2020-03-15T09:30:00.500Z'],
];
/** Other ISO 8601 forms, and what is no date at all. */
const NOT_DATES = ['2020-13', '2020-W10', '2020-W10-3', '2020-075', '20200315', '20-03', '2020/03', '2020-02-30', '2021-02-29', '0000', 'March 2020', ''];

/** Education's two names for one column: a body must not carry both. */
const ALIASES: Record<string, string> = { institution: 'school', school: 'institution', fieldOfStudy: 'field', field: 'fieldOfStudy' };

interface PropertySchema {
  type?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  enum?: string[];
  pattern?: string;
  anyOf?: PropertySchema[];
  items?: { maxLength?: number };
}

/** Invalid values a property's documented schema implies, each with the message it must produce. */
function invalidValues(property: PropertySchema): [unknown, string][] {
  const cases: [unknown, string][] = [];
  if (property.enum) cases.push(['NOT_A_VALUE', `must be one of: ${property.enum.join(', ')}`]);
  if (property.format === 'uri') {
    cases.push(['not a url', 'must be a valid URL']);
    cases.push([urlOfLength(property.maxLength! + 1), `must be at most ${property.maxLength} characters`]);
  } else if (property.pattern === PARTIAL_DATE_PATTERN) {
    cases.push(['2021-13', CALENDAR_DATE_MESSAGE], ['2021-03-01T00:00:00Z', CALENDAR_DATE_MESSAGE]);
  } else if (property.anyOf?.some((branch) => branch.pattern === PARTIAL_DATE_PATTERN)) {
    cases.push(['last spring', DATE_OR_DATE_TIME_MESSAGE]);
  } else if (property.type === 'string' && property.maxLength !== undefined) {
    cases.push(['x'.repeat(property.maxLength + 1), `must be at most ${property.maxLength} characters`], [42, 'must be a string']);
  }
  if (property.type === 'integer') {
    const range = `must be between ${property.minimum} and ${property.maximum}`;
    cases.push([property.minimum! - 1, range], [property.maximum! + 1, range], [2.5, 'must be an integer']);
  }
  if (property.type === 'number') cases.push([property.maximum! + 1, `must be at most ${property.maximum}`], ['3.5', 'must be a number']);
  if (property.type === 'array') {
    cases.push([Array.from({ length: property.maxItems! + 1 }, () => 'x'), `must have at most ${property.maxItems} items`]);
    cases.push([['x'.repeat(property.items!.maxLength! + 1)], `each item must be at most ${property.items!.maxLength} characters`]);
    cases.push(['x', 'must be an array of strings']);
  }
  if (property.type === 'boolean') cases.push(['yes', 'must be a boolean']);
  return cases;
}

/** The longest valid value of a property, where it has a length limit. */
function longestValue(property: PropertySchema): string | undefined {
  if (property.maxLength === undefined) return undefined;
  return property.format === 'uri' ? urlOfLength(property.maxLength) : 'x'.repeat(property.maxLength);
}

function urlOfLength(length: number): string {
  const prefix = 'https://example.org/';
  return prefix + 'a'.repeat(length - prefix.length);
}

describe('content sections', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let intruder: TestAccount;
  let schemas: Record<string, { properties: Record<string, PropertySchema>; required?: string[]; minProperties?: number }>;
  let openApi: { paths: Record<string, Record<string, Record<string, unknown>>> };

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    [owner, intruder] = await Promise.all([createAccount(testApp.app, testApp.baseUrl), createAccount(testApp.app, testApp.baseUrl)]);
    openApi = (await new ApiClient(testApp.baseUrl).get('/docs-json')).body;
    schemas = (openApi as unknown as { components: { schemas: typeof schemas } }).components.schemas;
  });

  const create = async (account: TestAccount, name: string, body: Record<string, unknown>, query = '') => {
    const response = await account.api.post(`/v1/${name}${query}`, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  const newResume = async (account: TestAccount, name = 'Second resume') => {
    const response = await account.api.post('/v1/resume', { name });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  describe.each(KINDS)('/v1/%s', (name, kind) => {
    const path = `/v1/${name}`;
    const fixture = SECTION_FIXTURES[name];

    it('creates, reads, lists, updates and deletes an item of the default resume', async () => {
      const created = await owner.api.post(path, fixture.create);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const id = created.body.id;

      const read = await owner.api.get(`${path}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ data: { id, ...(fixture.read ?? fixture.create), createdAt: expect.any(String), updatedAt: expect.any(String) } });

      const list = await owner.api.get(path);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: expect.any(Number), limit: 25, offset: 0 });
      expect(list.body.data).toContainEqual(read.body.data);

      const updated = await owner.api.patch(`${path}/${id}`, fixture.update);
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ success: true, id });
      expect((await owner.api.get(`${path}/${id}`)).body.data).toEqual({
        ...read.body.data,
        ...(fixture.updated ?? fixture.update),
        updatedAt: expect.any(String),
      });

      const deleted = await owner.api.delete(`${path}/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true });
      expect((await owner.api.get(`${path}/${id}`)).status).toBe(404);
      expect((await owner.api.delete(`${path}/${id}`)).status).toBe(404);
    });

    it('leaves no trace when deleted: its id leaves hiddenItems and itemOrder of every resume of the account', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [base] = (await account.api.get('/v1/resume')).body.data;
      const other = await newResume(account, 'Other');
      const [gone, kept] = [await create(account, name, MINIMAL_BODIES[name]), await create(account, name, MINIMAL_BODIES[name])];
      // Summaries are not listed, so they have no hiddenItems or itemOrder key: any listed key may name an id.
      const key = name === 'summaries' ? 'experiences' : name;
      const references = { hiddenItems: { [key]: [gone, kept] }, itemOrder: { [key]: [kept, gone], skillCategories: ['SOFT'] } };
      for (const id of [base.id, other]) expect((await account.api.patch(`/v1/resume/${id}`, references)).status).toBe(200);

      expect((await account.api.delete(`${path}/${gone}`)).status).toBe(200);
      for (const id of [base.id, other]) {
        const resume = (await account.api.get(`/v1/resume/${id}`)).body.data;
        expect(resume).toMatchObject({ hiddenItems: { [key]: [kept] }, itemOrder: { [key]: [kept], skillCategories: ['SOFT'] } });
      }
    });

    it('lists items without dates in the order they were added, paged in the list envelope', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const ids = [];
      for (let index = 0; index < 3; index += 1) ids.push(await create(account, name, MINIMAL_BODIES[name]));
      const firstPage = await account.api.get(`${path}?limit=2`);
      expect(firstPage.body).toMatchObject({ total: 3, hasMore: true, limit: 2, offset: 0 });
      const secondPage = await account.api.get(`${path}?limit=2&offset=2`);
      expect(secondPage.body).toMatchObject({ total: 3, hasMore: false, limit: 2, offset: 2 });
      expect([...firstPage.body.data, ...secondPage.body.data].map((item: { id: string }) => item.id)).toEqual(ids);
    });

    it('acts on the resume cvId names, and answers 404 for an unknown, malformed or foreign cvId', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const cvId = await newResume(account);
      const id = await create(account, name, MINIMAL_BODIES[name], `?cvId=${cvId}`);

      expect((await account.api.get(`${path}?cvId=${cvId}`)).body.data.map((item: { id: string }) => item.id)).toEqual([id]);
      expect((await account.api.get(path)).body.data).toEqual([]);
      // The item belongs to the targeted resume only: without cvId (the default resume) it is not found.
      expect((await account.api.get(`${path}/${id}`)).status).toBe(404);
      expect((await account.api.delete(`${path}/${id}`)).status).toBe(404);
      expect((await account.api.get(`${path}/${id}?cvId=${cvId}`)).body.data.id).toBe(id);
      expect((await account.api.patch(`${path}/${id}?cvId=${cvId}`, MINIMAL_BODIES[name])).status).toBe(200);

      const foreignCvId = await newResume(intruder, 'Not yours');
      for (const bad of [foreignCvId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        for (const response of [
          await account.api.get(`${path}?cvId=${bad}`),
          await account.api.post(`${path}?cvId=${bad}`, MINIMAL_BODIES[name]),
          await account.api.get(`${path}/${id}?cvId=${bad}`),
          await account.api.patch(`${path}/${id}?cvId=${bad}`, MINIMAL_BODIES[name]),
          await account.api.delete(`${path}/${id}?cvId=${bad}`),
        ]) {
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ error: 'Not found' });
        }
      }
      expect((await intruder.api.get(`${path}?cvId=${foreignCvId}`)).body.total).toBe(0);
      expect((await account.api.delete(`${path}/${id}?cvId=${cvId}`)).body).toEqual({ success: true });
    });

    it("answers 404 to another account's item on GET, PATCH and DELETE, and leaves it unchanged", async () => {
      const id = await create(owner, name, fixture.create);
      for (const response of [
        await intruder.api.get(`${path}/${id}`),
        await intruder.api.patch(`${path}/${id}`, MINIMAL_BODIES[name]),
        await intruder.api.delete(`${path}/${id}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Not found' });
      }
      expect((await intruder.api.get(path)).body.data.map((item: { id: string }) => item.id)).not.toContain(id);
      expect((await owner.api.get(`${path}/${id}`)).body.data).toMatchObject(fixture.read ?? fixture.create);
    });

    it(`needs ${name}:read to read and ${name}:write to write`, async () => {
      const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: [`${kind.name}:read` as Scope] });
      expect((await reader.api.get(path)).status).toBe(200);
      const write = await reader.api.post(path, MINIMAL_BODIES[name]);
      expect(write.status).toBe(403);
      expect(write.body).toEqual({ error: 'Insufficient scope', requiredScope: `${name}:write` });
      const writer = await createAccount(testApp.app, testApp.baseUrl, { scopes: [`${kind.name}:write` as Scope] });
      expect((await writer.api.post(path, MINIMAL_BODIES[name])).status).toBe(201);
      expect((await writer.api.get(path)).body).toEqual({ error: 'Insufficient scope', requiredScope: `${name}:read` });
    });

    it('documents every operation with its scope and limit', () => {
      const expected: [string, string, string, number][] = [
        [path, 'get', `${name}:read`, 60],
        [path, 'post', `${name}:write`, 20],
        [`${path}/{id}`, 'get', `${name}:read`, 30],
        [`${path}/{id}`, 'patch', `${name}:write`, 20],
        [`${path}/{id}`, 'delete', `${name}:write`, 10],
      ];
      for (const [operationPath, method, scope, limit] of expected) {
        const operation = openApi.paths[operationPath][method];
        expect(operation['x-required-scope']).toBe(scope);
        expect(operation['x-rate-limit']).toMatchObject({ limit });
        expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'cvId', in: 'query', required: false })]));
      }
      expect(openApi.paths[path].post.requestBody).toMatchObject({
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${kind.createBody.name}` } } },
      });
      const updateBody = { $ref: `#/components/schemas/${kind.updateBody.name}` };
      expect(openApi.paths[`${path}/{id}`].patch.requestBody).toMatchObject({ content: { 'application/json': { schema: updateBody } } });
      expect(schemas[kind.updateBody.name].minProperties).toBe(1);
    });

    it('documents the field limits', () => {
      const properties = schemas[kind.createBody.name].properties;
      for (const [field, limit] of Object.entries(FIELD_LIMITS[name] ?? {})) expect([field, properties[field].maxLength]).toEqual([field, limit]);
    });

    it('rejects every documented limit, format and type with the validation body, and accepts values at the limit', async () => {
      const schema = schemas[kind.createBody.name];
      const bodyWith = (field: string, value: unknown) => {
        const body: Record<string, unknown> = { ...MINIMAL_BODIES[name], [field]: value };
        if (ALIASES[field]) delete body[ALIASES[field]];
        return body;
      };
      let checked = 0;
      for (const [field, property] of Object.entries(schema.properties)) {
        for (const [value, message] of invalidValues(property)) {
          const response = await owner.api.post(path, bodyWith(field, value));
          expect([field, value, response.status, response.body]).toEqual([field, value, 400, { error: 'Validation failed', details: { [field]: [message] } }]);
          checked += 1;
        }
        const longest = longestValue(property);
        if (longest !== undefined) {
          const response = await owner.api.post(path, bodyWith(field, property.type === 'array' ? [longest] : longest));
          expect([field, response.status]).toEqual([field, 201]);
        }
      }
      expect(checked).toBeGreaterThan(0);
    });

    it('requires its required fields, refuses unknown ones, and refuses null for a required field on update', async () => {
      const schema = schemas[kind.createBody.name];
      for (const field of schema.required ?? []) {
        const { [field]: _left, ...body } = MINIMAL_BODIES[name];
        const response = await owner.api.post(path, body);
        expect([field, response.status, response.body]).toEqual([field, 400, { error: 'Validation failed', details: { [field]: ['is required'] } }]);
      }
      const unknown = await owner.api.post(path, { ...MINIMAL_BODIES[name], colour: 'blue' });
      expect(unknown.body).toEqual({ error: 'Validation failed', details: { colour: ['is not allowed'] } });

      const id = await create(owner, name, MINIMAL_BODIES[name]);
      const empty = await owner.api.patch(`${path}/${id}`, {});
      expect(empty.body).toEqual({ error: 'Validation failed', details: { body: ['at least one field is required'] } });
      for (const field of schema.required ?? []) {
        const response = await owner.api.patch(`${path}/${id}`, { [field]: null });
        expect([field, response.status, response.body.details]).toEqual([field, 400, { [field]: ['is required'] }]);
      }
    });

    it('refuses an empty or blank required text on create and on update, and documents it', async () => {
      const properties = schemas[kind.createBody.name].properties;
      const id = await create(owner, name, MINIMAL_BODIES[name]);
      const texts = Object.keys(MINIMAL_BODIES[name]).filter((field) => properties[field].type === 'string');
      expect(texts.length).toBeGreaterThan(0);
      for (const field of texts) {
        expect([field, properties[field]]).toMatchObject([field, { minLength: 1, pattern: '\\S' }]);
        for (const blank of ['', '   ', '\n\t']) {
          const created = await owner.api.post(path, { ...MINIMAL_BODIES[name], [field]: blank });
          expect([field, blank, created.status, created.body]).toEqual([
            field,
            blank,
            400,
            { error: 'Validation failed', details: { [field]: ['must not be empty'] } },
          ]);
          const updated = await owner.api.patch(`${path}/${id}`, { [field]: blank });
          expect([field, blank, updated.status, updated.body]).toEqual([
            field,
            blank,
            400,
            { error: 'Validation failed', details: { [field]: ['must not be empty'] } },
          ]);
        }
      }
      expect((await owner.api.get(`${path}/${id}`)).body.data).toMatchObject(MINIMAL_BODIES[name]);
    });
  });

  describe('section dates', () => {
    let account: TestAccount;
    let mcp: Client;

    beforeAll(async () => {
      account = await createAccount(testApp.app, testApp.baseUrl);
      mcp = await connect(testApp.baseUrl, account.key);
    });
    afterAll(() => mcp.close());

    /** add_section_item's result: the /v1 answer's body, and whether it is an error. */
    const addThroughMcp = async (section: string, fields: Record<string, unknown>) => {
      const result = (await mcp.callTool({ name: 'add_section_item', arguments: { section, fields } })) as { isError?: boolean; content: { text: string }[] };
      return { isError: result.isError === true, body: JSON.parse(result.content[0].text) as { id?: string } };
    };
    const answered = async (name: string, id: string, field: string) => (await account.api.get(`/v1/${name}/${id}`)).body.data[field] as unknown;

    it.each(DATE_FIELDS)(
      '%s.%s takes a year, a month or a day on create, PATCH and add_section_item, and answers it as sent',
      async (name, field, dateTimes) => {
        const path = `/v1/${name}`;
        const id = await create(account, name, MINIMAL_BODIES[name]);
        for (const [sent, answer] of dateTimes ? [...WRITTEN_DATES, ...DATE_TIMES] : WRITTEN_DATES) {
          const created = await account.api.post(path, { ...MINIMAL_BODIES[name], [field]: sent });
          expect([sent, created.status]).toEqual([sent, 201]);
          expect([sent, await answered(name, created.body.id, field)]).toEqual([sent, answer]);

          const updated = await account.api.patch(`${path}/${id}`, { [field]: sent });
          expect([sent, updated.status]).toEqual([sent, 200]);
          expect([sent, await answered(name, id, field)]).toEqual([sent, answer]);

          const added = await addThroughMcp(name, { ...MINIMAL_BODIES[name], [field]: sent });
          expect([sent, added]).toEqual([sent, { isError: false, body: { success: true, id: expect.any(String) } }]);
          expect([sent, await answered(name, added.body.id!, field)]).toEqual([sent, answer]);
        }
      },
    );

    it.each(DATE_FIELDS)('%s.%s answers 400 naming the field for any other value, on create, PATCH and add_section_item', async (name, field, dateTimes) => {
      const path = `/v1/${name}`;
      const invalid = { error: 'Validation failed', details: { [field]: [dateTimes ? DATE_OR_DATE_TIME_MESSAGE : CALENDAR_DATE_MESSAGE] } };
      const id = await create(account, name, { ...MINIMAL_BODIES[name], [field]: '2019-07' });
      // Where no date-time was taken before, none is now.
      for (const sent of dateTimes ? NOT_DATES : [...NOT_DATES, ...DATE_TIMES.map(([dateTime]) => dateTime)]) {
        const created = await account.api.post(path, { ...MINIMAL_BODIES[name], [field]: sent });
        expect([sent, created.status, created.body]).toEqual([sent, 400, invalid]);
        const updated = await account.api.patch(`${path}/${id}`, { [field]: sent });
        expect([sent, updated.status, updated.body]).toEqual([sent, 400, invalid]);
        expect([sent, await addThroughMcp(name, { ...MINIMAL_BODIES[name], [field]: sent })]).toEqual([sent, { isError: true, body: invalid }]);
      }
      expect(await answered(name, id, field)).toBe('2019-07');
    });

    it.each(['experiences', 'education', 'projects'] as const)('%s: compares the end with the start at the precision both share', async (name) => {
      const path = `/v1/${name}`;
      const endBeforeStart = { error: 'Validation failed', details: { endDate: ['must not be before startDate'] } };
      const periods = [
        ['2020-03', '2020'],
        ['2020', '2020-01'],
        ['2020-03-15', '2020-03'],
        ['2020-03-15T23:00:00Z', '2020-03-15'],
      ];
      for (const [startDate, endDate] of periods) {
        const created = await account.api.post(path, { ...MINIMAL_BODIES[name], startDate, endDate });
        expect([startDate, endDate, created.status]).toEqual([startDate, endDate, 201]);
      }
      const reversed = [
        ['2021', '2020-05'],
        ['2020-03', '2020-02-29'],
        ['2020-03-15', '2020-03-14T23:59:59Z'],
        ['2020-03-15T10:00:00Z', '2020-03-15T09:59:59Z'],
      ];
      for (const [startDate, endDate] of reversed) {
        const created = await account.api.post(path, { ...MINIMAL_BODIES[name], startDate, endDate });
        expect([startDate, endDate, created.status, created.body]).toEqual([startDate, endDate, 400, endBeforeStart]);
      }

      // On update, against the dates as stored.
      const id = await create(account, name, { ...MINIMAL_BODIES[name], startDate: '2021' });
      expect((await account.api.patch(`${path}/${id}`, { endDate: '2020-05' })).body).toEqual(endBeforeStart);
      expect((await account.api.patch(`${path}/${id}`, { endDate: '2021-01' })).status).toBe(200);
      expect((await account.api.patch(`${path}/${id}`, { startDate: '2021-02' })).body).toEqual(endBeforeStart);
      expect((await account.api.get(`${path}/${id}`)).body.data).toMatchObject({ startDate: '2021', endDate: '2021-01' });
    });
  });

  describe('default order: newest first', () => {
    /** Each dated kind's JSON Resume key, and the field that tells its items apart there (ours → the document's). */
    const EXPORTED: Record<string, { key: string; label: string; documentLabel: string }> = {
      experiences: { key: 'work', label: 'company', documentLabel: 'name' },
      education: { key: 'education', label: 'school', documentLabel: 'institution' },
      projects: { key: 'projects', label: 'name', documentLabel: 'name' },
      certificates: { key: 'certificates', label: 'name', documentLabel: 'name' },
      awards: { key: 'awards', label: 'title', documentLabel: 'title' },
      publications: { key: 'publications', label: 'name', documentLabel: 'name' },
    };
    /**
     * Items added oldest first, each named for its place in the expected order. A period's current items (isCurrent,
     * or no end) lead, by start; then ends, a year ending after its months; equal ends by start. A single date: a
     * year before its months, equal dates in the order added, undated last.
     */
    const ADDED: Record<'period' | 'date', [label: string, dates: Record<string, unknown>][]> = {
      period: [
        ['7', { startDate: '2010', endDate: '2012-05-31' }],
        ['6', { startDate: '2015-06', endDate: '2018' }],
        ['5', { startDate: '2017-01', endDate: '2018-12' }],
        ['2', { startDate: '2019-03', endDate: '2018-01', isCurrent: true }],
        ['4', { startDate: '2020-01', endDate: '2020-06' }],
        ['3', { startDate: '2019', endDate: '2020' }],
        ['1', { startDate: '2021' }],
      ],
      date: [
        ['5', { date: '2015' }],
        ['4', { date: '2018' }],
        ['2', { date: '2018-06' }],
        ['3', { date: '2018-06-01' }],
        ['6', {}],
        ['1', { date: '2021-02' }],
      ],
    };
    const DATED_KINDS = SECTION_KINDS.filter((kind) => kind.dates);

    it.each(DATED_KINDS.map((kind) => [kind.name, kind] as const))(
      '%s: lists, shows on the resume and exports newest first; itemOrder overrides on the resume and the export',
      async (name, kind) => {
        const account = await createAccount(testApp.app, testApp.baseUrl);
        const [resume] = (await account.api.get('/v1/resume')).body.data;
        const { key, label, documentLabel } = EXPORTED[name];
        const added = ADDED[kind.dates!];
        const ids: Record<string, string> = {};
        for (const [place, dates] of added) ids[place] = await create(account, name, { ...MINIMAL_BODIES[name], [label]: place, ...dates });
        const newestFirst = added.map(([place]) => place).sort();

        const listed = async () => ((await account.api.get(`/v1/${name}`)).body.data as Record<string, string>[]).map((item) => item[label]);
        const shown = async () =>
          ((await account.api.get(`/v1/resume/${resume.id}`)).body.data.content.sections[name] as Record<string, string>[]).map((item) => item[label]);
        const exported = async () =>
          ((await account.api.get(`/v1/resume/${resume.id}/export/json-resume`)).body[key] as Record<string, string>[]).map((item) => item[documentLabel]);
        expect(await listed()).toEqual(newestFirst);
        expect(await shown()).toEqual(newestFirst);
        expect(await exported()).toEqual(newestFirst);
        // Paged, the order holds across pages.
        const pages = [0, 3, 6].map((offset) => account.api.get(`/v1/${name}?limit=3&offset=${offset}`));
        const paged = (await Promise.all(pages)).flatMap((page) => (page.body.data as Record<string, string>[]).map((item) => item[label]));
        expect(paged).toEqual(newestFirst);

        const oldest = newestFirst.at(-1)!;
        expect((await account.api.patch(`/v1/resume/${resume.id}`, { itemOrder: { [name]: [ids[oldest]] } })).status).toBe(200);
        const reordered = [oldest, ...newestFirst.slice(0, -1)];
        expect(await shown()).toEqual(reordered);
        expect(await exported()).toEqual(reordered);
        // itemOrder belongs to the resume: the section's list keeps the default order.
        expect(await listed()).toEqual(newestFirst);
      },
    );

    it.each(SECTION_KINDS.filter((kind) => !kind.dates).map((kind) => kind.name))('%s: keeps the order items were added in', async (name) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const ids = [];
      for (let index = 0; index < 3; index += 1) ids.push(await create(account, name, MINIMAL_BODIES[name]));
      expect((await account.api.get(`/v1/${name}`)).body.data.map((item: { id: string }) => item.id)).toEqual(ids);
    });
  });

  describe('section rules', () => {
    it.each(['experiences', 'education', 'projects'] as const)(
      '%s: answers 400 on endDate for an end before the start, on create and against the stored dates on update',
      async (name) => {
        const account = await createAccount(testApp.app, testApp.baseUrl);
        const path = `/v1/${name}`;
        const endBeforeStart = { error: 'Validation failed', details: { endDate: ['must not be before startDate'] } };
        const created = await account.api.post(path, { ...MINIMAL_BODIES[name], startDate: '2021-03-01', endDate: '2021-02-28' });
        expect(created.status).toBe(400);
        expect(created.body).toEqual(endBeforeStart);
        expect((await account.api.get(path)).body.total).toBe(0);

        const id = await create(account, name, { ...MINIMAL_BODIES[name], startDate: '2021-03-01T09:00:00Z', endDate: '2021-03-01' });
        for (const change of [{ endDate: '2021-02-01' }, { startDate: '2021-04-01' }, { startDate: '2021-03-01', endDate: '2021-02-01T00:00:00Z' }]) {
          const updated = await account.api.patch(`${path}/${id}`, change);
          expect([change, updated.status, updated.body]).toEqual([change, 400, endBeforeStart]);
        }
        expect((await account.api.get(`${path}/${id}`)).body.data).toMatchObject({
          startDate: '2021-03-01T09:00:00.000Z',
          endDate: '2021-03-01',
        });

        // An ongoing period has no end: its endDate is ignored (answered as null) until isCurrent is cleared.
        const current = await create(account, name, { ...MINIMAL_BODIES[name], startDate: '2021-03-01', endDate: '2020-01-01', isCurrent: true });
        expect((await account.api.get(`${path}/${current}`)).body.data).toMatchObject({ endDate: null, isCurrent: true });
        expect((await account.api.patch(`${path}/${current}`, { isCurrent: false })).body).toEqual(endBeforeStart);
        expect((await account.api.patch(`${path}/${current}`, { isCurrent: false, endDate: '2022-01-01' })).status).toBe(200);
      },
    );

    it('answers 404 NO_DEFAULT_RESUME without cvId once the last resume is deleted, and still serves cvId calls of none', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      expect((await account.api.delete(`/v1/resume/${resume.id}`)).status).toBe(200);
      for (const [name] of KINDS) {
        for (const response of [await account.api.get(`/v1/${name}`), await account.api.post(`/v1/${name}`, MINIMAL_BODIES[name])]) {
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ error: expect.any(String), code: 'NO_DEFAULT_RESUME' });
        }
      }
    });

    it('accepts school/field as well as institution/fieldOfStudy, answers school/field, and refuses both names at once', async () => {
      const id = await create(owner, 'education', { school: 'ETH', degree: 'PhD', field: 'Physics' });
      expect((await owner.api.get(`/v1/education/${id}`)).body.data).toMatchObject({ school: 'ETH', field: 'Physics' });
      await owner.api.patch(`/v1/education/${id}`, { institution: 'EPFL', fieldOfStudy: null });
      const read = (await owner.api.get(`/v1/education/${id}`)).body.data;
      expect(read).toMatchObject({ school: 'EPFL', field: null });
      expect(read).not.toHaveProperty('institution');
      expect(read).not.toHaveProperty('fieldOfStudy');

      const both = await owner.api.post('/v1/education', { institution: 'A', school: 'B', degree: 'BSc' });
      expect(both.body).toEqual({ error: 'Validation failed', details: { school: ['send either institution or school, not both'] } });
      const bothFields = await owner.api.patch(`/v1/education/${id}`, { fieldOfStudy: 'A', field: 'B' });
      expect(bothFields.body).toEqual({ error: 'Validation failed', details: { field: ['send either fieldOfStudy or field, not both'] } });
      const neither = await owner.api.post('/v1/education', { degree: 'BSc' });
      expect(neither.body).toEqual({ error: 'Validation failed', details: { institution: ['is required'] } });
    });

    it('marks the resume updated when its content changes', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      await create(account, 'skills', { name: 'SQL' });
      const after = (await account.api.get(`/v1/resume/${resume.id}`)).body.data;
      expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(resume.updatedAt).getTime());
    });

    it('removes the content with its resume', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const cvId = await newResume(account);
      for (const [name] of KINDS) await create(account, name, MINIMAL_BODIES[name], `?cvId=${cvId}`);
      expect((await account.api.delete(`/v1/resume/${cvId}`)).status).toBe(200);
      const database = testApp.app.get(DataSource);
      for (const kind of SECTION_KINDS) {
        const [{ count }] = await database.query(`SELECT count(*)::int AS count FROM ${database.getMetadata(kind.entity).tableName} WHERE resume_id = $1`, [
          cvId,
        ]);
        expect([kind.name, count]).toEqual([kind.name, 0]);
      }
    });
  });
});
