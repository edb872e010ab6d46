import { Global, Injectable, Module } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;

/** An operation by its HTTP method and OpenAPI path (`/v1/tracker/applications/{id}`), which outlive any operationId. */
export interface OperationKey {
  method: string;
  path: string;
}

/** OpenAPI 3.0 keywords that are not JSON Schema: a strict JSON Schema validator refuses them. */
const OPENAPI_ONLY = new Set(['nullable', 'example', 'externalDocs', 'discriminator', 'xml']);
/** Keywords that describe the value rather than constrain it: a nullable schema keeps them outside its `anyOf`. */
const ANNOTATIONS = ['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly'];

/**
 * The service's own OpenAPI document, handed over once by app.setup.ts. Other parts describe operations from it
 * (the MCP tools take their twin's input and output schemas) so that there is one description of every input.
 * Schemas come out as plain JSON Schema (2020-12 and draft-07 alike), not in OpenAPI's dialect.
 */
@Injectable()
export class ApiDocument {
  private document?: OpenAPIObject;

  use(document: OpenAPIObject): void {
    this.document = document;
  }

  /** The input of an operation as one JSON schema: path and query parameters and the body's properties. */
  inputSchema(key: OperationKey): Schema {
    const parameters = this.parametersSchema(key);
    const body = this.bodySchema(key);
    const properties = { ...(parameters.properties as Record<string, Schema>) };
    for (const [name, property] of Object.entries((body?.properties ?? {}) as Record<string, Schema>)) {
      if (properties[name]) throw new Error(`${describe(key)}: body field ${name} collides with a parameter`);
      properties[name] = property;
    }
    return objectSchema(properties, [...((parameters.required as string[] | undefined) ?? []), ...((body?.required as string[] | undefined) ?? [])]);
  }

  /** An operation's path and query parameters as one object schema. */
  parametersSchema(key: OperationKey): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    // Headers (Idempotency-Key) are not input: an MCP tool takes what they mean as an argument of its own.
    const parameters = ((this.findOperation(key).parameters ?? []) as Schema[]).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
    for (const parameter of parameters) {
      const name = parameter.name as string;
      const description = parameter.description ?? (parameter.in === 'path' ? pathParameterDescription(name, key.path) : undefined);
      properties[name] = { ...this.jsonSchema(parameter.schema), ...(description ? { description } : {}) };
      if (parameter.required) required.push(name);
    }
    return objectSchema(properties, required);
  }

  /** An operation's JSON body schema; undefined when it takes no body. */
  bodySchema(key: OperationKey): Schema | undefined {
    const content = (this.findOperation(key).requestBody as Schema | undefined)?.content as Record<string, { schema: Schema }> | undefined;
    return content?.['application/json'] ? this.jsonSchema(content['application/json'].schema) : undefined;
  }

  /** The JSON body of an operation's success answer (its lowest 2xx status); undefined when that is not JSON. */
  responseSchema(key: OperationKey): Schema | undefined {
    const responses = (this.findOperation(key).responses ?? {}) as Record<string, { content?: Record<string, { schema?: Schema }> }>;
    const success = Object.keys(responses)
      .filter((status) => /^2\d\d$/.test(status))
      .sort()[0];
    const schema = success ? responses[success].content?.['application/json']?.schema : undefined;
    return schema ? this.jsonSchema(schema) : undefined;
  }

  /** Names of an operation's query parameters: what of a flat set of arguments goes to the query string. */
  queryParameterNames(key: OperationKey): string[] {
    return ((this.findOperation(key).parameters ?? []) as Schema[])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name as string);
  }

  hasOperation(key: OperationKey): boolean {
    return this.operation(key) !== undefined;
  }

  private findOperation(key: OperationKey): Schema {
    const operation = this.operation(key);
    if (!operation) throw new Error(`No operation ${describe(key)} in the OpenAPI document`);
    return operation;
  }

  private operation(key: OperationKey): Schema | undefined {
    if (!this.document) throw new Error('The OpenAPI document has not been handed over yet');
    return (this.document.paths[key.path] as Record<string, Schema> | undefined)?.[key.method.toLowerCase()];
  }

  /** A schema of the document standing on its own, as plain JSON Schema. */
  private jsonSchema(schema: unknown): Schema {
    return this.convert(schema, 0) as Schema;
  }

  /**
   * Replaces `$ref`s with the schemas they name, folds a one-part `allOf` (how the document wraps a reference it adds
   * to, e.g. a PATCH body's `minProperties`) into the schema around it, turns OpenAPI's `nullable` into a JSON Schema
   * choice with `null`, and leaves out OpenAPI's own keywords and extensions.
   */
  private convert(schema: unknown, depth: number): unknown {
    if (depth > 20 || typeof schema !== 'object' || schema === null) return schema;
    if (Array.isArray(schema)) return schema.map((item) => this.convert(item, depth + 1));
    const { $ref: ref, allOf, nullable, ...rest } = schema as Schema;
    if (typeof ref === 'string') {
      const name = ref.replace('#/components/schemas/', '');
      return this.convert({ ...this.document?.components?.schemas?.[name], ...rest, ...(nullable ? { nullable } : {}) }, depth + 1);
    }
    if (Array.isArray(allOf) && allOf.length === 1) return this.convert({ ...(allOf[0] as Schema), ...rest, ...(nullable ? { nullable } : {}) }, depth + 1);
    const converted: Schema = {};
    for (const [keyword, value] of Object.entries({ ...rest, ...(allOf ? { allOf } : {}) })) {
      if (OPENAPI_ONLY.has(keyword) || keyword.startsWith('x-')) continue;
      // properties and patternProperties map names to schemas: their keys are names, not keywords.
      converted[keyword] =
        keyword === 'properties'
          ? mapValues(value as Record<string, unknown>, (property) => this.convert(property, depth + 1))
          : this.convert(value, depth + 1);
    }
    return nullable === true ? orNull(converted) : converted;
  }
}

/** A schema that also takes `null`, in a form every JSON Schema validator reads (strict ones refuse union types). */
function orNull(schema: Schema): Schema {
  const outer = Object.fromEntries(ANNOTATIONS.filter((keyword) => keyword in schema).map((keyword) => [keyword, schema[keyword]]));
  const inner = Object.fromEntries(Object.entries(schema).filter(([keyword]) => !ANNOTATIONS.includes(keyword)));
  return { ...outer, anyOf: [inner, { type: 'null' }] };
}

/** "The id of the interview" for `{interviewId}` in `…/interviews/{interviewId}`: named after the segment before it. */
function pathParameterDescription(name: string, path: string): string {
  const segments = path.split('/');
  const owner = segments[segments.indexOf(`{${name}}`) - 1] ?? 'record';
  const singular = owner.replace(/ies$/, 'y').replace(/s$/, '').replace(/-/g, ' ');
  return `The id of the ${singular}`;
}

function mapValues(values: Record<string, unknown>, map: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, map(value)]));
}

function describe(key: OperationKey): string {
  return `${key.method.toUpperCase()} ${key.path}`;
}

function objectSchema(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

@Global()
@Module({ providers: [ApiDocument], exports: [ApiDocument] })
export class ApiDocumentModule {}
