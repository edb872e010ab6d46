import { documentedProblem, errorProblem } from './contract-checks';
import { listOperations, Operation, Parameter, Schema, Schemas } from './openapi';
import { Random } from './random';
import { KnownRecord, Records } from './records';
import { Tally } from './tally';
import { BODY_MUTATORS, isIdName, isPlainObject, Mutator, placeAt, schemaType, serialize, sitesOf, TRICKY_TEXT, validValue, ValueContext } from './values';

export interface FuzzSetup {
  baseUrl: string;
  document: Schema;
  seed: number;
  /** Requests to send after the seeding requests. */
  budget: number;
  concurrency: number;
  /** API keys: `owner` is fuzzed; `other` only makes records whose ids the owner must not reach; `free` is on the free plan. */
  keys: { owner: string; other: string; free: string; narrow: string };
  /** The only scope of the `narrow` key: operations needing another one must answer 403 with `requiredScope`. */
  narrowScope: string;
  /**
   * Collections every account sees (job listings), named by their path: their ids are nobody's, so they are never
   * "another account's". Stated, not inferred from what both accounts happened to see: other suites insert listings
   * into the same database while the fuzzer runs.
   */
  sharedCollections: string[];
  /**
   * Operations the service may take longer than REQUEST_TIMEOUT_MS to answer, by label, with how long to wait: the
   * wait must outlast the service's own limit for them, or a slow answer reads as no answer.
   */
  slowOperations?: Record<string, number>;
}

type Account = 'owner' | 'other';

/** What a mutation promises about the answer, beyond the contract every answer keeps. */
interface Expectation {
  why: string;
  accepts(status: number, body: unknown): boolean;
}

interface Draft {
  operation: Operation;
  /** Whose key is sent (`owner`, `other`, `free`, `narrow`) or what stands in for one. */
  caller: string;
  authorization?: string;
  mutation: string;
  /** Where in the request the mutation went, e.g. `jobTitle` or `details.links.0.url`. */
  site?: string;
  path: string;
  /** The owner's record that the last path parameter names, to forget it when it is deleted or gone. */
  pathRecord?: { template: string; record: KnownRecord };
  query: [string, string][];
  body?: unknown;
  /** Body text sent as it is (malformed JSON, oversized bodies), instead of `body`. */
  rawBody?: string;
  contentType: string;
  expectation?: Expectation;
  /** It names another account's record: nothing it answers may be learned as the owner's. */
  foreign?: boolean;
}

interface Answer {
  status: number;
  headers: Headers;
  contentType: string;
  body: unknown;
  text: string;
  unreadableJson: boolean;
}

/** Failures of one kind on one operation: how many, and the first request and answer that showed it. */
interface Failure {
  count: number;
  request: string;
  answer: string;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VALID_SHARE = 0.35;
const SEED_ROUNDS = 3;
const REQUEST_TIMEOUT_MS = 20_000;
const MiB = 1024 * 1024;

const MALFORMED_JSON = ['{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}}', 'nul', '{"a":"\\x"}', '{"a":01}', '\u0000', '{"a" 1}'];
// Not `%2e%2e`: fetch's URL parser resolves it as `..`, which sends the request to another operation.
const MALFORMED_IDS = [
  'abc',
  '0',
  '-1',
  '1e10',
  encodeURIComponent("' OR '1'='1"),
  '%00',
  'x'.repeat(300),
  'null',
  '%F0%9F%98%80',
  '%FF',
  '%',
  '00000000-0000-0000-0000-000000000000',
];
/** The same ids as query values, which URLSearchParams encodes itself; `%FF` and `%` decode to nothing and stay out. */
const MALFORMED_QUERY_IDS = MALFORMED_IDS.flatMap((id) => {
  try {
    return [decodeURIComponent(id)];
  } catch {
    return [];
  }
});
const MALFORMED_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'Bearer cpk_',
  'Bearer cpk_xyz',
  `Bearer cpk_${'g'.repeat(64)}`,
  'Token abc',
  `Bearer ${'a'.repeat(5000)}`,
];
const QUERY_WRONG_TYPES = ['abc', '1.5', '-1', '', '1e3', '0x1F', ' 7', 'true', 'null', '[]', '{}', 'NaN', 'Infinity', '-0', '٣', '1,2'];
const QUERY_OUT_OF_RANGE = ['2147483648', '-2147483649', '9007199254740993', '99999999999999999999999', '1e400', '-1'];
const NOT_JSON_OBJECTS = ['[]', '[{}]', '"text"', '42', 'null', 'true'];
const WRONG_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x'];

/**
 * A contract fuzzer driven by the service's own OpenAPI document: for every operation it sends valid requests and
 * mutated ones, as the owner account and as other callers, and checks each answer against the contract — no 5xx, 4xx
 * in the API's error shapes, every answer matching the response documented for its status, another account's
 * records out of reach.
 */
export class ContractFuzzer {
  private readonly tally = new Tally();
  /** Contract failures by operation and problem. */
  private readonly failures = new Map<string, Failure>();
  /** Disagreements between the document and the service that are not contract failures, by operation and kind. */
  private readonly findings = new Map<string, { count: number; example: string }>();
  private readonly operations: Operation[];
  private readonly schemas: Schemas;
  private readonly records: Records;
  /** The other account's ids in collections the owner cannot see: none may appear in the owner's answers. */
  private readonly foreignIds = new Set<string>();
  private readonly sharedCollections: Set<string>;
  private readonly prototypeKeys = Object.getOwnPropertyNames(Object.prototype).length;
  private seedIndex = 0;

  constructor(private readonly setup: FuzzSetup) {
    this.operations = listOperations(setup.document);
    this.schemas = new Schemas(setup.document);
    const paths = Object.keys(setup.document.paths);
    this.records = new Records(paths.flatMap((path) => (/\/\{[^/]+\}$/.test(path) ? [path.replace(/\/\{[^/]+\}$/, '')] : [])));
    this.sharedCollections = new Set(setup.sharedCollections);
    const unknown = setup.sharedCollections.filter((template) => !this.records.collections.includes(template));
    if (unknown.length > 0) throw new Error(`not collections of the document: ${unknown.join(', ')}`);
    const unknownSlow = Object.keys(setup.slowOperations ?? {}).filter((label) => !this.operations.some((operation) => operation.label === label));
    if (unknownSlow.length > 0) throw new Error(`not operations of the document: ${unknownSlow.join(', ')}`);
  }

  /** What the run sent and found: the counts per operation, status and mutation, disagreements with the document, failures. */
  report(seconds: number): string {
    const serverErrors = [...this.tally.statusTotals()].filter(([status]) => status.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
    const failures = [...this.failures.values()].reduce((sum, failure) => sum + failure.count, 0);
    const findings = [...this.findings].sort(([, a], [, b]) => b.count - a.count);
    return [
      `contract fuzz: seed ${this.setup.seed}, ${this.tally.total} requests (${this.seedIndex} seeding + ${this.setup.budget}) over ${this.operations.length} operations ` +
        `in ${seconds.toFixed(1)} s (${Math.round(this.tally.total / seconds)}/s), concurrency ${this.setup.concurrency}; 5xx: ${serverErrors}; contract failures: ${failures}`,
      '',
      this.tally.render(),
      '',
      `disagreements with the document (${findings.length}; not failures):`,
      ...findings.slice(0, 15).map(([finding, { count, example }]) => `  ${count}× ${finding}\n      e.g. ${truncate(example, 200)}`),
    ].join('\n');
  }

  /** Seeds both accounts with records through the API, then sends `budget` requests over `concurrency` workers. */
  async run(): Promise<void> {
    await this.seed();
    let next = 0;
    const worker = async () => {
      while (next < this.setup.budget) {
        const index = next++;
        await this.exercise(this.plan(index));
      }
    };
    await Promise.all(Array.from({ length: this.setup.concurrency }, worker));
  }

  /**
   * Creates records for both accounts with valid requests to every POST (collections before their sub-collections),
   * then reads every list: the other account's ids are known before the owner is fuzzed with them.
   */
  private async seed(): Promise<void> {
    const depth = (operation: Operation) => operation.parameters.filter((parameter) => parameter.in === 'path').length;
    const creates = this.operations.filter((operation) => operation.method === 'POST').sort((a, b) => depth(a) - depth(b));
    const lists = this.operations.filter((operation) => operation.method === 'GET' && !operation.path.endsWith('}'));
    for (let round = 0; round < SEED_ROUNDS; round++) {
      for (const account of ['other', 'owner'] as const) {
        for (const operation of creates) await this.exercise(this.validDraft(operation, account, Random.derive(this.setup.seed, -++this.seedIndex)));
      }
    }
    for (const account of ['other', 'owner'] as const) {
      for (const operation of lists) await this.exercise(this.validDraft(operation, account, Random.derive(this.setup.seed, -++this.seedIndex)));
    }
    for (const template of this.records.collections) {
      if (!this.sharedCollections.has(template)) this.records.ids('other', template).forEach((id) => this.foreignIds.add(id));
    }
  }

  /** Request `index` of the run: operations in turn, a valid request or one mutation of it. */
  private plan(index: number): Draft {
    const random = Random.derive(this.setup.seed, index);
    const operation = this.operations[index % this.operations.length];
    const draft = this.validDraft(operation, 'owner', random);
    if (!random.chance(VALID_SHARE)) this.mutate(draft, random);
    return draft;
  }

  private validDraft(operation: Operation, account: Account, random: Random): Draft {
    // Minimal requests pass semantic rules the document cannot state (keys of hiddenItems, a summary of this resume)
    // more often; full ones reach more code. Each request picks how many optional fields it sends.
    const context = this.valueContext(account, random, random.pick([0, 0.3, 0.6, 0.9]));
    const { path, pathRecord, scope } = this.resolvePath(operation.path, account, random);
    const query: [string, string][] = [];
    for (const parameter of queryParameters(operation)) {
      // A record is addressed as it was seen: with the cvId it was created or listed under, or without one.
      if (pathRecord && isIdName(parameter.name)) query.push(...queryPairs(parameter.name, scope[parameter.name]));
      else if (parameter.required || random.chance(context.optionalShare)) {
        query.push(...queryPairs(parameter.name, validValue({ description: parameter.description, ...parameter.schema }, context, parameter.name)));
      }
    }
    const body = operation.body && (operation.body.required || random.chance(0.9)) ? validValue(operation.body.schema, context) : undefined;
    return {
      operation,
      caller: account,
      authorization: `Bearer ${this.setup.keys[account]}`,
      mutation: 'valid',
      path,
      pathRecord,
      query,
      body,
      contentType: 'application/json',
    };
  }

  private valueContext(account: Account, random: Random, optionalShare = 0.5): ValueContext {
    return {
      random,
      schemas: this.schemas,
      optionalShare,
      idFor: (name, description) => {
        const template = this.records.templateFor(name, description);
        return template ? this.records.pickAny(account, template, random)?.id : undefined;
      },
    };
  }

  /**
   * A concrete path for a template, each parameter a record of `account` in the collection before it (an unknown
   * uuid when there is none); `complete` when every parameter is a known record, `scope` the query they were seen with.
   */
  private resolvePath(template: string, account: Account, random: Random) {
    let path = '';
    let prefix = '';
    let complete = true;
    let foreign = false;
    let scope: Record<string, string> = {};
    let pathRecord: Draft['pathRecord'];
    for (const segment of template.split('/').slice(1)) {
      if (/^\{.+\}$/.test(segment)) {
        const record = this.records.pick(account, prefix, path, random);
        complete &&= record !== undefined;
        foreign ||= record !== undefined && !this.sharedCollections.has(prefix);
        scope = { ...scope, ...record?.scope };
        pathRecord = record ? { template: prefix, record } : undefined;
        path += `/${encodeURIComponent(record?.id ?? random.uuid())}`;
      } else {
        pathRecord = undefined;
        path += `/${segment}`;
      }
      prefix += `/${segment}`;
    }
    return { path, pathRecord, scope, complete, foreign };
  }

  private mutate(draft: Draft, random: Random): void {
    const { operation } = draft;
    const kinds: [weight: number, mutate: () => void][] = [[1, () => this.mutateCaller(draft, random)]];
    if (operation.body) kinds.push([5, () => this.mutateBodySite(draft, random)]);
    if (BODY_METHODS.has(operation.method)) kinds.push([2, () => this.mutateWholeBody(draft, random)]);
    if (queryParameters(operation).length > 0) kinds.push([2, () => this.mutateQuery(draft, random)]);
    if (operation.parameters.some((parameter) => parameter.in === 'path')) kinds.push([2, () => this.mutatePath(draft, random)]);
    let roll = random.next() * kinds.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, mutate] of kinds) {
      roll -= weight;
      if (roll < 0) return mutate();
    }
  }

  private mutateBodySite(draft: Draft, random: Random): void {
    const sites = sitesOf(draft.body, draft.operation.body!.schema, this.schemas);
    const applicable = BODY_MUTATORS.filter((candidate) => sites.some((site) => candidate.applies(site)));
    const mutator: Mutator = random.weighted(applicable.map((candidate) => [candidate, candidate.weight ?? 1] as const));
    const site = random.pick(sites.filter((candidate) => mutator.applies(candidate)));
    const context = {
      ...this.valueContext('owner', random),
      foreignIdFor: (name: string, description?: string) => this.foreignIdFor(name, description, random),
    };
    let value = mutator.value(site, context);
    let name = mutator.name;
    if (mutator.foreign && value === undefined) {
      value = random.uuid();
      name = 'unknown id';
    } else if (mutator.foreign) {
      this.expectNotSuccess(draft, `${site.path.join('.')} names another account's record`);
    }
    draft.body = placeAt(draft.body, site.path, value);
    draft.mutation = `body: ${name}`;
    draft.site = site.path.join('.') || '(body)';
  }

  private mutateWholeBody(draft: Draft, random: Random): void {
    const valid = isPlainObject(draft.body) ? draft.body : {};
    const kinds: [string, () => void][] = [
      ['malformed JSON', () => (draft.rawBody = random.pick(MALFORMED_JSON))],
      ['not a JSON object', () => (draft.rawBody = random.pick(NOT_JSON_OBJECTS))],
      ['empty object', () => (draft.body = {})],
      ['no body', () => (draft.body = undefined)],
      [
        'over 1 MiB',
        () => {
          draft.rawBody = serialize({ ...valid, padding: 'x'.repeat(MiB) });
          // A route that takes another media type (CSV) refuses JSON for what it is, whatever its size.
          draft.expectation = draft.operation.otherBodyType
            ? { why: `415 for JSON where ${draft.operation.otherBodyType} is taken`, accepts: (status) => status === 415 }
            : { why: '413 for a body over 1 MiB', accepts: (status) => status === 413 };
        },
      ],
      [
        'wrong content type',
        () => {
          draft.contentType = random.pick(WRONG_CONTENT_TYPES);
          draft.rawBody = serialize(valid);
          draft.expectation = { why: '415 for a body that is not JSON', accepts: (status) => status === 415 };
        },
      ],
      [
        'unsupported charset',
        () => {
          draft.contentType = `application/json; charset=${random.pick(['latin1', 'iso-8859-1', 'x-unknown'])}`;
          draft.rawBody = serialize(valid);
          draft.expectation = { why: '415 for a charset other than UTF-8', accepts: (status) => status === 415 };
        },
      ],
    ];
    if (!draft.operation.body) kinds.push(['unexpected body', () => (draft.body = { fuzz: random.pick(TRICKY_TEXT), nested: { a: [1, 2] } })]);
    const [name, mutate] = random.pick(kinds);
    mutate();
    draft.mutation = `body: ${name}`;
  }

  private mutateQuery(draft: Draft, random: Random): void {
    const parameter = random.pick(queryParameters(draft.operation));
    const schema = this.schemas.resolve(parameter.schema);
    const current = draft.query.find(([name]) => name === parameter.name)?.[1] ?? String(validValue(schema, this.valueContext('owner', random)));
    const replace = (...values: string[]) => {
      draft.query = [...draft.query.filter(([name]) => name !== parameter.name), ...values.map((value): [string, string] => [parameter.name, value])];
    };
    const kinds: [string, () => void][] = [
      ['wrong type', () => replace(random.pick(QUERY_WRONG_TYPES))],
      ['repeated', () => replace(current, current)],
      // Up to ~6 KB once encoded: past Node's 16 KB header limit the HTTP server itself answers 431, before the service.
      ['huge value', () => replace(random.pick(['9'.repeat(6_000), 'x'.repeat(6_000), 'é'.repeat(1_000)]))],
      ['control and unicode characters', () => replace(random.pick(TRICKY_TEXT))],
      ['unknown parameter', () => draft.query.push([random.pick(['fuzz', 'accountId', 'include', '__proto__']), random.pick(['1', 'true', 'x'])])],
    ];
    if (['integer', 'number'].includes(schemaType(schema) ?? '')) kinds.push(['out of range', () => replace(random.pick(QUERY_OUT_OF_RANGE))]);
    if (Array.isArray(schema.enum)) kinds.push(['value not in enum', () => replace(random.pick([current.toUpperCase(), `${current} `, 'unknown']))]);
    if (isIdName(parameter.name)) {
      kinds.push(['unknown id', () => replace(random.uuid())], ['malformed id', () => replace(random.pick(MALFORMED_QUERY_IDS))]);
      const foreign = this.foreignIdFor(parameter.name, parameter.description, random);
      if (foreign) {
        kinds.push([
          'foreign id',
          () => {
            replace(foreign);
            this.expectNotSuccess(draft, `${parameter.name} names another account's record`);
          },
        ]);
      }
    }
    const [name, mutate] = random.pick(kinds);
    mutate();
    draft.mutation = `query: ${name}`;
    draft.site = parameter.name;
  }

  private mutatePath(draft: Draft, random: Random): void {
    const foreign = this.resolvePath(draft.operation.path, 'other', random);
    const kinds: string[] = ['unknown id', 'malformed id', ...(foreign.complete && foreign.foreign ? ['foreign id'] : [])];
    const kind = random.pick(kinds);
    draft.pathRecord = undefined;
    draft.mutation = `path: ${kind}`;
    if (kind === 'foreign id') {
      draft.path = foreign.path;
      draft.query = [...draft.query.filter(([name]) => foreign.scope[name] === undefined), ...Object.entries(foreign.scope)];
      this.expectNotSuccess(draft, "the path names another account's record");
      return;
    }
    const segments = draft.path.split('/');
    const parameterPositions = draft.operation.path.split('/').flatMap((segment, position) => (segment.startsWith('{') ? [position] : []));
    const position = random.pick(parameterPositions);
    segments[position] = kind === 'unknown id' ? random.uuid() : random.pick(MALFORMED_IDS);
    draft.path = segments.join('/');
    draft.site = draft.operation.path.split('/')[position];
  }

  private mutateCaller(draft: Draft, random: Random): void {
    const { operation } = draft;
    const sendAs = (caller: string, authorization: string | undefined, expectation?: Expectation) => {
      draft.caller = caller;
      draft.authorization = authorization;
      draft.expectation = expectation;
    };
    const unauthorized: Expectation | undefined = operation.secured ? { why: '401 without a valid key', accepts: (status) => status === 401 } : undefined;
    const scope = operation.requiredScope;
    const forbidden: Expectation | undefined =
      scope && scope !== this.setup.narrowScope
        ? { why: `403 naming requiredScope ${scope}`, accepts: (status, body) => status === 403 && isPlainObject(body) && body.requiredScope === scope }
        : undefined;
    const unknownKey = `cpk_${random.uuid().replace(/-/g, '')}${random.uuid().replace(/-/g, '')}`;
    const kinds: [string, () => void][] = [
      ['no API key', () => sendAs('anonymous', undefined, unauthorized)],
      ['unknown API key', () => sendAs('anonymous', `Bearer ${unknownKey}`, unauthorized)],
      ['malformed Authorization', () => sendAs('anonymous', random.pick(MALFORMED_AUTHORIZATION), unauthorized)],
      ['free plan', () => sendAs('free', `Bearer ${this.setup.keys.free}`)],
      ['key without the scope', () => sendAs('narrow', `Bearer ${this.setup.keys.narrow}`, forbidden)],
    ];
    const [name, mutate] = random.pick(kinds);
    mutate();
    draft.mutation = `caller: ${name}`;
  }

  private foreignIdFor(name: string, description: string | undefined, random: Random): string | undefined {
    const template = this.records.templateFor(name, description);
    return template && !this.sharedCollections.has(template) ? this.records.pickAny('other', template, random)?.id : undefined;
  }

  private expectNotSuccess(draft: Draft, why: string): void {
    draft.foreign = true;
    draft.expectation = { why: `no 2xx: ${why}`, accepts: (status) => status < 200 || status >= 300 };
  }

  private async exercise(draft: Draft): Promise<void> {
    const text = bodyText(draft);
    const answer = await this.send(draft, text);
    if ('failure' in answer) {
      this.tally.count(draft.operation.label, draft.mutation, 'no answer', false);
      this.fail(draft, undefined, [`no answer: ${answer.failure}`]);
      return;
    }
    const documentedValid = this.conformsToDocument(draft, text);
    this.tally.count(draft.operation.label, draft.mutation, String(answer.status), documentedValid === true);
    const problems = this.check(draft, answer);
    if (problems.length > 0) this.fail(draft, answer, problems);
    this.noteDisagreements(draft, answer, documentedValid);
    this.learn(draft, answer);
  }

  private async send(draft: Draft, body: string | undefined): Promise<Answer | { failure: string }> {
    const search = new URLSearchParams(draft.query).toString();
    const accept = [...new Set(Object.values(draft.operation.responses).flatMap((response) => Object.keys(response.content ?? {})))];
    const headers: Record<string, string> = { accept: accept.length > 0 ? accept.join(', ') : 'application/json' };
    if (draft.authorization !== undefined) headers.authorization = draft.authorization;
    if (body !== undefined) headers['content-type'] = draft.contentType;
    try {
      const response = await fetch(`${this.setup.baseUrl}${draft.path}${search ? `?${search}` : ''}`, {
        method: draft.operation.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.setup.slowOperations?.[draft.operation.label] ?? REQUEST_TIMEOUT_MS),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? '';
      const isJson = /[/+]json\b/.test(contentType);
      const text = isJson || contentType.startsWith('text/') ? bytes.toString('utf8') : `<${bytes.length} bytes of ${contentType || 'no content type'}>`;
      let parsed: unknown;
      let unreadableJson = false;
      if (isJson) {
        try {
          parsed = JSON.parse(text);
        } catch {
          unreadableJson = true;
        }
      }
      return { status: response.status, headers: response.headers, contentType, body: parsed, text, unreadableJson };
    } catch (error) {
      // fetch's errors come from Node's realm, not the test's: `instanceof Error` does not hold for them.
      return { failure: String((error as { message?: unknown }).message ?? error) };
    }
  }

  private check(draft: Draft, answer: Answer): string[] {
    const { operation } = draft;
    const { status, body } = answer;
    const problems: string[] = [];
    if (status >= 500) problems.push(`a ${status} answer`);
    if (!answer.headers.get('x-request-id')) problems.push('no X-Request-Id header');
    if (answer.unreadableJson) problems.push('the Content-Type says JSON but the body does not parse');
    if (status >= 400 && status < 500) {
      const problem = errorProblem(operation, status, body, answer.headers, this.schemas);
      if (problem) problems.push(problem);
    }
    const undocumented = documentedProblem(operation, status, answer.contentType, body, this.schemas);
    if (undocumented) problems.push(undocumented);
    if (status >= 200 && status < 300) {
      if (draft.caller === 'owner') {
        const leaked = foreignIdsIn(body, this.foreignIds);
        if (leaked.length > 0) problems.push(`the answer holds another account's record ids: ${leaked.slice(0, 3).join(', ')}`);
      }
    }
    if (draft.expectation && !draft.expectation.accepts(status, body)) problems.push(`expected ${draft.expectation.why}`);
    if (Object.getOwnPropertyNames(Object.prototype).length !== this.prototypeKeys || 'polluted' in {}) {
      problems.push('Object.prototype was polluted');
      for (const key of ['polluted', ...Object.getOwnPropertyNames(Object.prototype).slice(this.prototypeKeys)])
        delete (Object.prototype as Record<string, unknown>)[key];
    }
    return problems;
  }

  /**
   * Whether the document calls the request valid: path and query parameters and the body match their schemas, and a
   * required body is there. Undefined when the document says nothing: a body sent to an operation that has none.
   */
  private conformsToDocument(draft: Draft, text: string | undefined): boolean | undefined {
    const { operation } = draft;
    if (draft.caller !== 'owner' && draft.caller !== 'other') return false;
    const segments = draft.path.split('/');
    const templateSegments = operation.path.split('/');
    for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
      const position = templateSegments.indexOf(`{${parameter.name}}`);
      let value: string;
      try {
        value = decodeURIComponent(segments[position]);
      } catch {
        return false;
      }
      if (!this.schemas.validator(parameter.schema)(value)) return false;
    }
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of draft.query) query[name] = name in query ? [...[query[name]].flat(), value] : value;
    const known = new Set(queryParameters(operation).map((parameter) => parameter.name));
    if (Object.keys(query).some((name) => !known.has(name)) || !this.schemas.queryConforms(operation, query)) return false;
    if (!operation.body) return text === undefined ? true : undefined;
    if (text === undefined) return !operation.body.required;
    if (!draft.contentType.startsWith('application/json') || /charset=(?!utf-8)/i.test(draft.contentType)) return false;
    try {
      return this.schemas.validator(operation.body.schema)(JSON.parse(text)) as boolean;
    } catch {
      return false;
    }
  }

  /** Records what the document and the service disagree on without breaking the contract, for the report. */
  private noteDisagreements(draft: Draft, answer: Answer, documentedValid: boolean | undefined): void {
    const { operation } = draft;
    const { status, body } = answer;
    if (documentedValid === undefined) return;
    if (documentedValid && status === 400 && isPlainObject(body)) {
      const details = isPlainObject(body.details) ? Object.entries(body.details).map(([field, messages]) => `${field}: ${[messages].flat()[0]}`)[0] : undefined;
      this.note(`${operation.label}: a request the document calls valid answers 400 (${details ?? truncate(JSON.stringify(body.error), 120)})`, draft);
    }
    if (!documentedValid && status >= 200 && status < 300 && (draft.caller === 'owner' || draft.caller === 'other')) {
      this.note(
        `${operation.label}: a request the document calls invalid answers ${status} (${draft.mutation}${draft.site ? ` at ${draft.site}` : ''})`,
        draft,
      );
    }
  }

  private note(finding: string, draft: Draft): void {
    const entry = this.findings.get(finding) ?? { count: 0, example: describeRequest(draft) };
    entry.count++;
    this.findings.set(finding, entry);
  }

  /** Learns ids from what the owner and the other account are answered, and forgets records that are gone. */
  private learn(draft: Draft, answer: Answer): void {
    const account = draft.caller;
    if ((account !== 'owner' && account !== 'other') || draft.foreign) return;
    const { status } = answer;
    if (draft.pathRecord && (status === 404 || (status < 300 && draft.operation.method === 'DELETE'))) {
      const { template, record } = draft.pathRecord;
      if (status !== 404 || draft.mutation === 'valid') this.records.remove(account, template, record.collection, record.id);
      return;
    }
    if (status === 404 && draft.mutation === 'valid') return this.forgetNamedRecord(account, draft);
    if (status < 200 || status >= 300) return;
    const collection = this.collectionOf(draft);
    if (!collection) return;
    const scope = Object.fromEntries(draft.query.filter(([name]) => isIdName(name)));
    for (const id of recordIds(answer.body)) this.records.add(account, collection.template, { id, scope, collection: collection.path });
  }

  /**
   * A valid request that names one record in its query or body (`cvId`) and answers 404: that record is gone (a
   * deleted resume), so later requests stop naming it.
   */
  private forgetNamedRecord(account: Account, draft: Draft): void {
    const named = [...draft.query, ...(isPlainObject(draft.body) ? Object.entries(draft.body) : [])].filter(
      ([name, value]) => isIdName(name) && typeof value === 'string',
    );
    if (named.length !== 1) return;
    const [name, id] = named[0] as [string, string];
    const parameter = queryParameters(draft.operation).find((candidate) => candidate.name === name);
    const property = draft.operation.body && this.schemas.resolve(draft.operation.body.schema).properties?.[name];
    const template = this.records.templateFor(name, parameter?.description ?? (property && this.schemas.resolve(property).description));
    if (template) this.records.forget(account, template, id);
  }

  /** The longest prefix of the request's path that is a collection: where the records of its answer belong. */
  private collectionOf(draft: Draft): { template: string; path: string } | undefined {
    const templateSegments = draft.operation.path.split('/');
    const pathSegments = draft.path.split('/');
    for (let length = templateSegments.length; length > 1; length--) {
      const template = templateSegments.slice(0, length).join('/');
      if (this.records.collections.includes(template)) return { template, path: pathSegments.slice(0, length).join('/') };
    }
    return undefined;
  }

  private fail(draft: Draft, answer: Answer | undefined, problems: string[]): void {
    for (const problem of problems) {
      // One entry per kind of problem, whatever ids it names.
      const key = `${draft.operation.label}: ${problem.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')}`;
      const failure = this.failures.get(key) ?? {
        count: 0,
        request: describeRequest(draft),
        answer: answer ? `${answer.status} ${truncate(answer.text, 300)}` : 'none',
      };
      failure.count++;
      this.failures.set(key, failure);
    }
  }

  /** One entry per operation and problem, with the first request that showed it: empty when the contract held. */
  failureSummary(): string[] {
    return [...this.failures].map(([key, { count, request, answer }]) => `${count}× ${key}\n  request: ${request}\n  answer: ${answer}`);
  }
}

function queryParameters(operation: Operation): Parameter[] {
  return operation.parameters.filter((parameter) => parameter.in === 'query');
}

function queryPairs(name: string, value: unknown): [string, string][] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map((item): [string, string] => [name, String(item)]);
  return [[name, typeof value === 'object' ? JSON.stringify(value) : String(value)]];
}

/** Ids a 2xx answer reports: a create's `id` (or `applicationId`), a read's `data.id`, a list's `data[].id`. */
function recordIds(body: unknown): string[] {
  if (!isPlainObject(body)) return [];
  const top = typeof body.id === 'string' ? body.id : Object.entries(body).find(([key, value]) => isIdName(key) && typeof value === 'string')?.[1];
  if (typeof top === 'string') return [top];
  if (Array.isArray(body.data)) return body.data.flatMap((item) => (isPlainObject(item) && typeof item.id === 'string' ? [item.id] : []));
  return isPlainObject(body.data) && typeof body.data.id === 'string' ? [body.data.id] : [];
}

/** Values of `id` and `...Id` keys anywhere in a body that are among `ids`. */
function foreignIdsIn(value: unknown, ids: Set<string>, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => foreignIdsIn(item, ids, found));
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (isIdName(key) && typeof item === 'string' && ids.has(item)) found.push(`${key}=${item}`);
      else foreignIdsIn(item, ids, found);
    }
  }
  return found;
}

/** The body as sent: verbatim text, or the body value as JSON; undefined when there is none. */
function bodyText(draft: Draft): string | undefined {
  return draft.rawBody ?? (draft.body === undefined ? undefined : serialize(draft.body));
}

function describeRequest(draft: Draft): string {
  const search = new URLSearchParams(draft.query).toString();
  const body = bodyText(draft);
  return [
    `${draft.operation.method} ${truncate(draft.path, 200)}${search ? `?${truncate(search, 200)}` : ''}`,
    `caller ${draft.caller}, ${draft.mutation}${draft.site ? ` at ${draft.site}` : ''}`,
    body === undefined ? 'no body' : `${draft.contentType} ${truncate(body, 400)}`,
  ].join(' · ');
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;
}
