import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** An OpenAPI 3.0 schema object, as the document has it. */
export type Schema = { [keyword: string]: any };

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  schema: Schema;
}

interface DocumentedResponse {
  content?: Record<string, { schema?: Schema }>;
}

/** One operation of the document, in the terms the fuzzer needs. */
export interface Operation {
  /** `POST /v1/resume`: how reports name it. */
  label: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON request body, when the operation takes one. */
  body?: { schema: Schema; required: boolean };
  /** The media type of a request body that is not JSON (`text/csv`), when the operation takes one. */
  otherBodyType?: string;
  responses: Record<string, DocumentedResponse>;
  /** Needs an API key (it has a non-empty security requirement). */
  secured: boolean;
  requiredScope?: string;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export function listOperations(document: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const json = operation.requestBody?.content?.['application/json'];
      const security: Schema[] = operation.security ?? document.security ?? [];
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])],
        body: json?.schema ? { schema: json.schema, required: operation.requestBody.required === true } : undefined,
        otherBodyType: json ? undefined : Object.keys(operation.requestBody?.content ?? {})[0],
        responses: operation.responses ?? {},
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
        requiredScope: operation['x-required-scope'],
      });
    }
  }
  return operations;
}

/** The documented response for a status: the exact code, else its class (`4XX`), else `default`. */
export function documentedResponse(operation: Operation, status: number): DocumentedResponse | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
}

/** Keywords whose value is a map of names to schemas, and keywords whose value is data rather than a schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default', 'required']);
const DOCUMENT_ID = 'openapi';

/**
 * OpenAPI 3.0 to JSON Schema for ajv: `nullable: true` becomes "null or the schema" (ajv's own `nullable` needs a
 * `type` beside it, which `nullable` + `allOf` schemas lack), and `$ref`s point into the document added to ajv.
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Schema;
  const converted: Schema = {};
  for (const [keyword, value] of Object.entries(rest)) {
    if (keyword === '$ref') converted.$ref = `${DOCUMENT_ID}${value}`;
    else if (DATA_KEYWORDS.has(keyword)) converted[keyword] = value;
    else if (SCHEMA_MAPS.has(keyword))
      converted[keyword] = Object.fromEntries(Object.entries(value as Schema).map(([name, property]) => [name, toJsonSchema(property)]));
    else converted[keyword] = toJsonSchema(value);
  }
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

/** The document's schemas: resolved for generators, compiled for checking requests and answers. */
export class Schemas {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  /** Query strings carry text: this one converts "25" to 25 and a repeated parameter to an array, as the service does. */
  private readonly queryAjv = new Ajv({ strict: false, allErrors: true, coerceTypes: 'array' });
  private readonly compiled = new WeakMap<Schema, ValidateFunction>();
  private readonly queryValidators = new WeakMap<Operation, ValidateFunction>();

  constructor(private readonly document: Schema) {
    for (const ajv of [this.ajv, this.queryAjv]) {
      addFormats(ajv);
      ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: toJsonSchema(document.components?.schemas ?? {}) } });
    }
  }

  /** Follows `$ref`s and folds `allOf` into one schema, so a generator sees every keyword that applies. */
  resolve(schema: Schema): Schema {
    let current = schema;
    while (typeof current.$ref === 'string') {
      const { $ref, ...siblings } = current;
      current = { ...siblings, ...this.named($ref) };
    }
    if (!Array.isArray(current.allOf)) return current;
    const { allOf, ...rest } = current;
    return (allOf as Schema[]).map((part) => this.resolve(part)).reduce(mergeSchemas, rest);
  }

  /** A validator of data against a schema of the document. */
  validator(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as Schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Whether query values (text, or arrays of text for repeated names) are what the operation's parameters document. */
  queryConforms(operation: Operation, values: Record<string, string | string[]>): boolean {
    let validate = this.queryValidators.get(operation);
    if (!validate) {
      const parameters = operation.parameters.filter((parameter) => parameter.in === 'query');
      validate = this.queryAjv.compile({
        type: 'object',
        properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, toJsonSchema(parameter.schema)])),
        required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      });
      this.queryValidators.set(operation, validate);
    }
    return validate(structuredClone(values)) as boolean;
  }

  private named(ref: string): Schema {
    const name = ref.replace('#/components/schemas/', '');
    const schema = this.document.components?.schemas?.[name];
    if (!schema) throw new Error(`The document references ${ref}, which it does not define`);
    return schema;
  }
}

function mergeSchemas(into: Schema, part: Schema): Schema {
  const merged: Schema = { ...into, ...part };
  if (into.properties || part.properties) merged.properties = { ...into.properties, ...part.properties };
  if (into.required || part.required) merged.required = [...new Set([...(into.required ?? []), ...(part.required ?? [])])];
  return merged;
}

/** A readable one-line summary of ajv's errors, each with the value it is about (the answer itself may be cut short). */
export function describeErrors(validate: ValidateFunction, data: unknown): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (error) =>
        `${error.instancePath || '(root)'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${error.params.additionalProperty})` : ''}` +
        ` (value: ${valueText(valueAt(data, error.instancePath))})`,
    )
    .join('; ');
}

/** The value a JSON pointer (`/data/interviews/0/date`) names in `data`. */
function valueAt(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((value, token) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[token] : undefined), data);
}

function valueText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= 80 ? text : `${text.slice(0, 80)}…`;
}
