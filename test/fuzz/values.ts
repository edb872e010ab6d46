import type { Random } from './random';
import type { Schema, Schemas } from './openapi';

export interface ValueContext {
  random: Random;
  schemas: Schemas;
  /** The chance that an optional property is sent: from 0 (only what is required) to nearly 1 (everything). */
  optionalShare: number;
  /** A real id for a field that names a record (`cvId`, `contactId`), or undefined when none is known. */
  idFor(name: string, description?: string): string | undefined;
}

/** JSON text placed verbatim in a body: numbers JSON.stringify cannot write (`1e999`) and nesting too deep to build as objects. */
class RawJson {
  constructor(readonly text: string) {}
}

export function serialize(value: unknown): string {
  const raws: string[] = [];
  const json = JSON.stringify(value, (_key, item: unknown) => (item instanceof RawJson ? `\u0000raw${raws.push(item.text) - 1}\u0000` : item));
  return json.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => raws[Number(index)]);
}

/** `id`, `cvId`, `contactId`: a field whose value names a record. */
export function isIdName(name: string): boolean {
  return name === 'id' || /[a-z]Id$/.test(name);
}

/** Sets a key as an own property, so that `__proto__` is a key like any other instead of replacing the prototype. */
function defineKey(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

// Printable text with accents, CJK and a character outside the Basic Multilingual Plane (two UTF-16 units, one
// character for maxLength), so that lengths are checked in characters everywhere, from validation to the database.
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', ...' -_.,:;!?()/&\'"#+', ...'éüßçñøÆœ', ...'中文日本語한국', '😀'];
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'acme', 'berlin', 'engineer', 'rust', 'postgres', 'kafka'];

function text(random: Random, min: number, max: number): string {
  const cap = Math.min(max, min + 40);
  const boundaryChance = max > 1000 ? 0.03 : 0.1;
  const length = Number.isFinite(max) && random.chance(boundaryChance) ? max : random.chance(0.05) ? min : random.int(min, cap);
  return Array.from({ length }, () => random.pick(LETTERS)).join('');
}

function word(random: Random): string {
  return `${random.pick(WORDS)}${random.int(0, 999)}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function date(random: Random): string {
  return `${random.int(1950, 2035)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
}

/** A calendar date at a precision people write: a year, a month or a day, now and then the last day of a month. */
function partialDate(random: Random): string {
  const year = random.int(1950, 2035);
  const month = random.int(1, 12);
  switch (random.int(0, 3)) {
    case 0:
      return String(year);
    case 1:
      return `${year}-${pad(month)}`;
    case 2:
      return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
    default:
      return date(random);
  }
}

/**
 * A string field whose pattern takes calendar dates (the document writes `YYYY`, `YYYY-MM`, `YYYY-MM-DD` fields as a
 * pattern): one that matches a day and refuses words.
 */
function isDatePattern(pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false;
  const regex = new RegExp(pattern, 'u');
  return regex.test('2000-01-01') && !regex.test('not a date');
}

/** A field that holds a date in any form the document names: `date`, `date-time`, a date pattern, or a choice of them. */
export function isDateSchema(schema: Schema): boolean {
  return [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(
    (branch: Schema) => branch.format === 'date' || branch.format === 'date-time' || isDatePattern(branch.pattern),
  );
}

function dateTime(random: Random): string {
  const time = `${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))}`;
  return random.chance(0.5) ? `${date(random)}T${time}Z` : `${date(random)}T${time}.${pad(random.int(0, 999), 3)}+0${random.int(0, 9)}:00`;
}

function validString(schema: Schema, context: ValueContext, name: string): string {
  const { random } = context;
  const id = isIdName(name) && (schema.format ?? 'uuid') === 'uuid' ? context.idFor(name, schema.description) : undefined;
  if (id !== undefined) return id;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  if (isDatePattern(schema.pattern)) {
    const pattern = new RegExp(schema.pattern, 'u');
    const written = partialDate(random);
    return pattern.test(written) ? written : date(random);
  }
  switch (schema.format) {
    case 'uuid':
      return random.uuid();
    case 'date':
      return date(random);
    case 'date-time':
      return dateTime(random);
    case 'email':
      return `${word(random)}@${word(random)}.example`;
    case 'uri':
    case 'url':
      return `https://${word(random)}.example/${word(random)}?q=${random.int(0, 99)}`;
    default:
      return text(random, min, max);
  }
}

function validNumber(schema: Schema, random: Random, integer: boolean): number {
  // OpenAPI 3.0 writes exclusive bounds as booleans beside minimum and maximum.
  const step = integer ? 1 : 0.01;
  const min = schema.minimum === undefined ? undefined : schema.minimum + (schema.exclusiveMinimum === true ? step : 0);
  const max = schema.maximum === undefined ? undefined : schema.maximum - (schema.exclusiveMaximum === true ? step : 0);
  if (max === undefined && random.chance(0.05)) return integer ? random.pick([2 ** 31, Number.MAX_SAFE_INTEGER]) : random.pick([1e15, 1e300]);
  if (min === undefined && random.chance(0.05)) return integer ? random.pick([-(2 ** 31) - 1, Number.MIN_SAFE_INTEGER]) : random.pick([-1e15, -1e300]);
  const low = min ?? Math.min(max ?? 0, 0) - 1000;
  const high = max ?? Math.max(low, 0) + 1000;
  if (random.chance(0.1)) return random.chance(0.5) ? low : high;
  const value = low + random.next() * (high - low);
  return Math.min(high, Math.max(low, integer ? Math.round(value) : Math.round(value * 100) / 100));
}

/** Any JSON value, for schemas that allow anything (`additionalProperties: true`). */
function anyJson(random: Random, depth: number): unknown {
  switch (random.int(0, depth > 2 ? 3 : 5)) {
    case 0:
      return text(random, 0, 20);
    case 1:
      return random.int(-1000, 1000);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return Array.from({ length: random.int(0, 3) }, () => anyJson(random, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: random.int(0, 3) }, () => [word(random), anyJson(random, depth + 1)]));
  }
}

export function schemaType(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** A value the schema accepts: the generator of "valid" requests. */
export function validValue(schema: Schema, context: ValueContext, name = '', depth = 0): unknown {
  const { random, schemas } = context;
  const resolved = schemas.resolve(schema);
  if (resolved.nullable === true && random.chance(0.1)) return null;
  // The document's own examples are realistic values (a tool call of MCP, a job URL that repeats and so deduplicates).
  if (resolved.example !== undefined && random.chance(0.2)) return structuredClone(resolved.example);
  const branches: Schema[] | undefined = resolved.oneOf ?? resolved.anyOf;
  if (branches) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = resolved;
    return validValue({ ...rest, ...schemas.resolve(random.pick(branches)) }, context, name, depth);
  }
  if (Array.isArray(resolved.enum)) return random.pick(resolved.enum.filter((value: unknown) => value !== null));
  switch (schemaType(resolved)) {
    case 'string':
      return validString(resolved, context, name);
    case 'integer':
      return validNumber(resolved, random, true);
    case 'number':
      return validNumber(resolved, random, false);
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const min = resolved.minItems ?? 0;
      const atMax = resolved.maxItems !== undefined && resolved.maxItems <= 100 && random.chance(0.05);
      const length = atMax ? resolved.maxItems : random.int(min, Math.min(resolved.maxItems ?? min + 4, min + 4));
      return Array.from({ length }, () => validValue(resolved.items ?? {}, context, name, depth + 1));
    }
    case 'object':
      return validObject(resolved, context, depth);
    default:
      return anyJson(random, depth);
  }
}

function validObject(schema: Schema, context: ValueContext, depth: number): Record<string, unknown> {
  const { random } = context;
  const required = new Set<string>(schema.required ?? []);
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
    if (required.has(name) || (depth < 6 && random.chance(context.optionalShare))) defineKey(object, name, validValue(property, context, name, depth + 1));
  }
  const unsent = Object.keys(schema.properties ?? {}).filter((name) => !(name in object));
  while (Object.keys(object).length < (schema.minProperties ?? 0) && unsent.length > 0) {
    const name = unsent.splice(random.int(0, unsent.length - 1), 1)[0];
    defineKey(object, name, validValue(schema.properties[name], context, name, depth + 1));
  }
  const additional = schema.additionalProperties;
  if (additional && depth < 6) {
    const room = Math.max(0, (schema.maxProperties ?? Infinity) - Object.keys(object).length);
    for (let count = Math.min(room, random.int(0, 3)); count > 0; count--) {
      defineKey(object, word(context.random), additional === true ? anyJson(random, depth + 1) : validValue(additional, context, '', depth + 1));
    }
  }
  return object;
}

/** A place in a body where a mutation can go: a documented field (present or not), or the body itself. */
interface Site {
  path: string[];
  schema: Schema;
  required: boolean;
  value: unknown;
}

export function sitesOf(value: unknown, schema: Schema, schemas: Schemas, path: string[] = [], required = true): Site[] {
  const resolved = schemas.resolve(schema);
  const sites: Site[] = [{ path, schema: resolved, required, value }];
  if (path.length > 6) return sites;
  if (isPlainObject(value)) {
    const properties: Record<string, Schema> = resolved.properties ?? {};
    const requiredNames = new Set<string>(resolved.required ?? []);
    for (const [name, property] of Object.entries(properties)) {
      sites.push(...sitesOf(value[name], property, schemas, [...path, name], requiredNames.has(name)));
    }
    const additional = resolved.additionalProperties;
    for (const name of Object.keys(value).filter((key) => !(key in properties))) {
      sites.push(...sitesOf(value[name], typeof additional === 'object' ? additional : {}, schemas, [...path, name], false));
    }
  } else if (Array.isArray(value) && resolved.items) {
    value.slice(0, 3).forEach((item, index) => sites.push(...sitesOf(item, resolved.items, schemas, [...path, String(index)], false)));
  }
  return sites;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);
}

const REMOVE = Symbol('remove');

/** Puts `value` at `path` (or removes what is there), and answers the new body: the body itself when the path is empty. */
export function placeAt(body: unknown, path: string[], value: unknown | typeof REMOVE): unknown {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  let parent: unknown = body;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return body;
    parent = (parent as Record<string, unknown>)[key];
  }
  if (typeof parent !== 'object' || parent === null) return body;
  const last = path[path.length - 1];
  if (value !== REMOVE) defineKey(parent, last, value);
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<string, unknown>)[last];
  return body;
}

/** Text that breaks naive code: NUL and other control characters, lone surrogates, direction overrides, injections. */
export const TRICKY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001b[31m',
  '\t\r\n\u000b\u000c',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301',
  '𝕏👩‍👩‍👧‍👦🏳️‍🌈',
  '\u2028\u2029',
  '\uffff\ufffe',
  "' OR '1'='1' --",
  '"; DROP TABLE accounts; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00%ff%fe',
  ' ',
  '',
];

/** One value of each JSON type; a wrong-type mutation picks one whose type the schema does not have. */
const VALUES_BY_TYPE: Record<string, unknown[]> = {
  string: ['text', '', '123', 'true', 'null'],
  number: [0, -1, 1.5, 123456789],
  integer: [0, 7],
  boolean: [true, false],
  array: [[], ['a'], [1, 2], [{}]],
  object: [{}, { a: 1 }, { nested: { deeper: [] } }],
};

function otherTypeValues(schema: Schema): unknown[] {
  const type = schemaType(schema);
  const excluded = type === 'number' || type === 'integer' ? ['number', 'integer'] : [type];
  return Object.entries(VALUES_BY_TYPE)
    .filter(([name]) => !excluded.includes(name))
    .flatMap(([, values]) => values);
}

function nested(depth: number, random: Random): RawJson {
  return random.chance(0.5) ? new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) : new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
}

function outOfRange(schema: Schema): unknown[] {
  const values: unknown[] = [
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('1e-400'),
    new RawJson('-0'),
  ];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum - 0.001);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum + 0.001);
  if (schemaType(schema) === 'integer') values.push(1.5, new RawJson('1.0e1'));
  return values;
}

const MALFORMED_FORMATS: Record<string, string[]> = {
  'date-time': [
    '2025-02-30T10:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-03-01T25:61:00Z',
    '2025-03-01 10:00:00',
    '2025-03-01T10:00:00',
    '1740823200',
    'yesterday',
    '+275760-09-13T00:00:00Z',
    '0000-00-00T00:00:00Z',
  ],
  date: ['2025-02-30', '2025-2-3', '20250301', '2025-03-01T00:00:00Z', '99999-01-01', '0000-00-00', 'today'],
  uri: [
    'not a url',
    'javascript:alert(1)',
    'ftp://example.com/x',
    'http://',
    'https://exa mple.com',
    '//example.com',
    'http://localhost:99999',
    'file:///etc/passwd',
  ],
  email: ['not-an-email', 'a@', '@b.example', 'a@b@c.example', 'a b@c.example', 'x@localhost'],
  uuid: ['not-a-uuid', '00000000-0000-0000-0000-00000000000g', '123'],
};

/**
 * Dates in the other forms ISO 8601 (and RFC 3339) know, and near misses: a service that takes one of them must store
 * it, and one that does not must say so with a 400, never pass it on for the database to refuse (a 500).
 */
export const ISO_8601_DATES = [
  '2020',
  '2020-03',
  '2020-03-15',
  '2020-02-29',
  '2020-W10',
  '2020-W10-3',
  '2020W103',
  '2020-075',
  '2020075',
  '20200315',
  '202003',
  '+002020-03-15',
  '-0001-01-01',
  '0000',
  '0000-01-01',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:00:00-01:00',
  '2020-03-15T10',
  '2020-03-15T10:30',
  '2020-03-15T10:30:00',
  '2020-03-15T10:30:00,5Z',
  '2020-03-15T10:30:00.123456789Z',
  '2020-03-15t10:30:00z',
  '2020-03-15 10:30:00Z',
  '2020-03-15T24:00:00Z',
  '2020-03-15T23:59:60Z',
  '2020-03-15T10:30:00+0100',
  '2020-03-15T10:30:00+01',
  '2020-03-15T10:30:00+14:00',
  '2020-03-15T10:30:00-23:59',
  '2020-03-15T10:30:00+24:00',
  '2020-13',
  '2020-00',
  '2020-03-00',
  '2020-03-32',
  '2020-02-30',
  '2021-02-29',
  '20-03',
  '2020/03',
  '2020-3',
  '15.03.2020',
  'T10:30',
];

export interface Mutator {
  name: string;
  /** How much more often than the others it is picked where it applies (1 when left out). */
  weight?: number;
  /** A kind of mutation that names another account's record: the answer must not be a success. */
  foreign?: boolean;
  applies(site: Site): boolean;
  value(site: Site, context: ValueContext & { foreignIdFor(name: string, description?: string): string | undefined }): unknown;
}

const lastKey = (site: Site) => site.path[site.path.length - 1] ?? '';
const isIdSite = (site: Site) => isIdName(lastKey(site)) && schemaType(site.schema) === 'string';

/** What a body mutation does at one site; the fuzzer picks a kind that applies, then a site it applies to. */
export const BODY_MUTATORS: Mutator[] = [
  { name: 'wrong type', applies: () => true, value: (site, { random }) => random.pick(otherTypeValues(site.schema)) },
  { name: 'null', applies: (site) => site.schema.nullable !== true, value: () => null },
  { name: 'missing required field', applies: (site) => site.required && site.path.length > 0, value: () => REMOVE },
  {
    name: 'huge string',
    applies: (site) => site.path.length > 0,
    value: (site, { random }) => random.pick(['x', '😀', 'é']).repeat(random.pick([(site.schema.maxLength ?? 100) + 1, 5_000, 100_000, 300_000])),
  },
  {
    name: 'huge array',
    applies: (site) => site.path.length > 0,
    value: (site, context) => {
      const item = site.schema.items ? validValue(site.schema.items, context) : 'x';
      return new Array(context.random.pick([(site.schema.maxItems ?? 100) + 1, 1_000, 20_000])).fill(item);
    },
  },
  {
    name: 'control and unicode characters',
    applies: (site) => site.path.length > 0,
    value: (site, { random }) => (typeof site.value === 'string' && random.chance(0.5) ? `${site.value}${random.pick(TRICKY_TEXT)}` : random.pick(TRICKY_TEXT)),
  },
  {
    name: 'prototype key',
    applies: (site) => site.path.length === 0 || isPlainObject(site.value),
    value: (site, { random }) => {
      const object = isPlainObject(site.value) ? site.value : {};
      defineKey(
        object,
        random.pick(['__proto__', 'constructor', 'prototype']),
        random.pick([{ polluted: true }, { prototype: { polluted: true } }, 'x', null, []]),
      );
      return object;
    },
  },
  { name: 'deep nesting', applies: () => true, value: (_site, { random }) => nested(random.pick([50, 500, 5_000]), random) },
  {
    name: 'number out of range',
    applies: (site) => ['number', 'integer'].includes(schemaType(site.schema) ?? ''),
    value: (site, { random }) => random.pick(outOfRange(site.schema)),
  },
  {
    name: 'value not in enum',
    applies: (site) => Array.isArray(site.schema.enum),
    value: (site, { random }) => {
      const value = String(random.pick(site.schema.enum));
      return random.pick([value.toUpperCase() === value ? value.toLowerCase() : value.toUpperCase(), ` ${value}`, `${value}x`, 'unknown']);
    },
  },
  {
    name: 'ISO 8601 date form',
    // Dates are few among a body's fields, and the forms many: picked more often where a body has one.
    weight: 4,
    applies: (site) => site.path.length > 0 && isDateSchema(site.schema),
    value: (_site, { random }) => (random.chance(0.2) ? partialDate(random) : random.pick(ISO_8601_DATES)),
  },
  {
    name: 'malformed format',
    applies: (site) => typeof site.schema.format === 'string',
    value: (site, { random }) => random.pick(MALFORMED_FORMATS[site.schema.format] ?? ['malformed']),
  },
  {
    name: 'unknown field',
    applies: (site) => site.path.length === 0 || isPlainObject(site.value),
    value: (site, { random }) => {
      const object = isPlainObject(site.value) ? site.value : {};
      const key = random.pick(['isAdmin', 'accountId', 'fuzz', 'id', 'createdAt', '', ' ', 'a.b', '$where', '😀', 'a\u0000b', '\udfff', 'x'.repeat(1_000)]);
      defineKey(object, key, random.pick(['x', 1, true, null, { nested: [] }]));
      return object;
    },
  },
  { name: 'unknown id', applies: isIdSite, value: (_site, { random }) => random.uuid() },
  { name: 'foreign id', foreign: true, applies: isIdSite, value: (site, context) => context.foreignIdFor(lastKey(site), site.schema.description) },
];
