import type { Type } from '@nestjs/common';
import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorBody, ValidationErrorBody } from '../errors/error-body.dto';
import { MAX_BODY_BYTES, METHODS_WITH_BODY } from '../http/body-parser';
import type { OpenApiNode } from './openapi-node';

/** The extension an operation declares (`@ApiExtension`) when it documents the body parser's refusals itself. */
export const OWN_BODY_ERRORS = 'x-body-errors';

/**
 * Writes into the document what every request body shares, from the one place that enforces it: the ValidationPipe
 * refuses unknown fields, so each object schema a body reaches says `additionalProperties: false`
 * unless it declares its own (free-form `cvData`); every PATCH is a partial update that must change something
 * (RequireAnyFieldPipe on each), so its body has `minProperties: 1`, and a field it leaves out stays as it is, so
 * none of its fields has a `default`; and the body parser answers 413, 415 and its own 400s (malformed JSON, not an
 * object: `{error}`; a refused key or text: `{error, details}`) to every method that may carry a body, whether the
 * operation reads one or not.
 */
export function describeRequestBodies(document: OpenAPIObject): OpenAPIObject {
  const named = (document.components?.schemas ?? {}) as Record<string, OpenApiNode>;
  const seen = new Set<OpenApiNode>();
  const close = (schema: OpenApiNode | undefined): void => {
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
    seen.add(schema);
    if (typeof schema.$ref === 'string') return close(named[schema.$ref.replace('#/components/schemas/', '')]);
    if (schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
    Object.values<OpenApiNode>(schema.properties ?? {}).forEach(close);
    close(schema.items);
    // Swagger wraps a nullable or described reference as `allOf: [ref]`; a composition of several parts is left
    // open, since closing each part would refuse the fields of the others.
    if (schema.allOf?.length === 1) close(schema.allOf[0]);
  };
  const patched = new Set<OpenApiNode>();
  const dropDefaults = (schema: OpenApiNode | undefined): void => {
    if (typeof schema !== 'object' || schema === null || patched.has(schema)) return;
    patched.add(schema);
    if (typeof schema.$ref === 'string') return dropDefaults(named[schema.$ref.replace('#/components/schemas/', '')]);
    delete schema.default;
    Object.values<OpenApiNode>(schema.properties ?? {}).forEach(dropDefaults);
    (schema.allOf ?? []).forEach(dropDefaults);
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(pathItem) as [string, OpenApiNode][]) {
      if (!operation?.responses || !METHODS_WITH_BODY.has(method.toUpperCase())) continue;
      const body = operation.requestBody?.content?.['application/json'];
      if (body) {
        close(body.schema);
        // The PATCH body's schema may be shared with a create (custom section items): the rule goes on the operation.
        if (method === 'patch') {
          dropDefaults(body.schema);
          body.schema = { allOf: [body.schema], minProperties: 1 };
        }
      }
      // An endpoint that speaks another protocol answers the parser's refusals in that protocol's shape (MCP).
      if (operation[OWN_BODY_ERRORS]) continue;
      operation.responses['400'] = withBodies(operation.responses['400'], 'The body is not a JSON object', [ErrorBody, ValidationErrorBody]);
      operation.responses['413'] = withBodies(operation.responses['413'], `The body is over ${MAX_BODY_BYTES} bytes`, [ErrorBody]);
      operation.responses['415'] = withBodies(operation.responses['415'], 'The body is not UTF-8 JSON (Content-Type must be application/json)', [ErrorBody]);
    }
  }
  return document;
}

/** A response whose JSON body is `oneOf` the shapes it had and those given (each once); described when it is new. */
export function withBodies(response: OpenApiNode | undefined, description: string, bodies: Type<unknown>[]): OpenApiNode {
  const schema = response?.content?.['application/json']?.schema;
  const refs: OpenApiNode[] = schema?.oneOf ?? (schema ? [schema] : []);
  for (const body of bodies) if (!refs.some((ref) => ref.$ref === getSchemaPath(body))) refs.push({ $ref: getSchemaPath(body) });
  return {
    ...response,
    description: response?.description || description,
    content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { oneOf: refs } } },
  };
}

/**
 * Takes the 400 off an operation that cannot answer it: one that carries no body (a GET) and whose only input is its
 * path ids. The ValidationPipe has no query or body to refuse there, and a malformed id is a 404 (`IdParam`); such an
 * operation has a 400 only because its controller declares one for all of its operations.
 */
export function dropUnanswerableBadRequests(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(pathItem) as [string, OpenApiNode][]) {
      if (!operation?.responses?.['400'] || METHODS_WITH_BODY.has(method.toUpperCase())) continue;
      const ids = (operation.parameters ?? []).every((parameter: OpenApiNode) => parameter.in === 'path' && parameter.schema?.format === 'uuid');
      if (ids) operation.responses = Object.fromEntries(Object.entries(operation.responses).filter(([status]) => status !== '400'));
    }
  }
  return document;
}
