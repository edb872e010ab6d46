import type { OpenAPIObject } from '@nestjs/swagger';
import { MALFORMED_JSON_MESSAGE, METHODS_WITH_BODY } from '../http/body-parser';
import type { OpenApiNode } from './openapi-node';

type Operation = OpenApiNode & { responses: Record<string, OpenApiNode>; 'x-required-scope'?: string };

/**
 * Examples a client can send and errors it will meet, written once for every operation from what the operation
 * declares, so Swagger UI's "Try it out" succeeds with its prefilled values and each error example fits its
 * operation:
 * - a request body's example holds the fields whose schema has an `example` (and a required enum's first value), so
 *   optional fields without a sensible value (an id of a record the caller may not have, a flag that needs set-up)
 *   are left out instead of prefilled with a placeholder;
 * - a 403 names the operation's own scope, and a 400 names one of the operation's own fields (a body property or a
 *   path or query parameter) with the message the validation sends for it; an operation with no such field that can
 *   take a JSON body gets the body parser's refusal of malformed JSON instead. No 400 example names a field of
 *   another operation: the error body's schema has no example of its own for one to fall back on.
 */
export function describeExamples(document: OpenAPIObject): OpenAPIObject {
  const named = (document.components?.schemas ?? {}) as Record<string, OpenApiNode>;
  const resolve = (schema: OpenApiNode | undefined): OpenApiNode | undefined => {
    if (schema?.$ref) return resolve(named[schema.$ref.replace('#/components/schemas/', '')]);
    if (schema?.allOf?.length === 1 && !schema.properties) return resolve(schema.allOf[0]);
    return schema;
  };
  const example = (reference: OpenApiNode | undefined, depth = 0): unknown => {
    const schema = resolve(reference);
    // A schema may refer to itself (a tree); no request body of ours is nearly this deep.
    if (!schema || depth > 8) return undefined;
    if (reference?.example !== undefined) return reference.example;
    if (schema.example !== undefined) return schema.example;
    if (schema.properties) {
      const entries = Object.entries<OpenApiNode>(schema.properties).flatMap(([name, property]) => {
        const value = example(property, depth + 1) ?? (schema.required?.includes(name) ? resolve(property)?.enum?.[0] : undefined);
        return value === undefined ? [] : [[name, value]];
      });
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    if (schema.items) {
      const item = example(schema.items, depth + 1);
      return item === undefined ? undefined : [item];
    }
    return undefined;
  };

  for (const pathItem of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(pathItem) as [string, Operation][]) {
      if (!operation?.responses) continue;
      const body = operation.requestBody?.content?.['application/json'];
      // The JSON body parser reads what a method with a body sends, unless the operation takes another kind of body.
      const takesJson = METHODS_WITH_BODY.has(method.toUpperCase()) && (!operation.requestBody || body !== undefined);
      if (body && body.example === undefined && body.examples === undefined) body.example = example(body.schema);
      const invalidField = invalidFieldOf(operation, resolve);
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = response.content?.['application/json'];
        if (!content || content.example !== undefined) continue;
        const bodies = referencedSchemas(content.schema);
        const examples: Record<string, { summary: string; value: unknown }> = {};
        const scope = operation['x-required-scope'];
        if (status === '403' && scope && bodies.includes('InsufficientScopeBody')) {
          examples.insufficientScope = { summary: `The key lacks ${scope}`, value: { error: 'Insufficient scope', requiredScope: scope } };
        }
        if (status === '400' && invalidField && bodies.includes('ValidationErrorBody')) {
          examples.validationFailed = {
            summary: `${invalidField.field} ${invalidField.message}`,
            value: { error: 'Validation failed', details: { [invalidField.field]: [invalidField.message] } },
          };
        } else if (status === '400' && takesJson && bodies.includes('ErrorBody')) {
          examples.malformedJson = { summary: 'The body is not JSON', value: { error: MALFORMED_JSON_MESSAGE } };
        }
        // Decorators on a controller share one response object between its operations: each gets its own copy.
        if (Object.keys(examples).length) {
          const own = { ...content, examples: { ...content.examples, ...examples } };
          operation.responses[status] = { ...response, content: { ...response.content, 'application/json': own } };
        }
      }
    }
  }
  return document;
}

/** The names of the component schemas a response schema offers (itself, or the alternatives of a oneOf/anyOf). */
function referencedSchemas(schema: OpenApiNode | undefined): string[] {
  const alternatives: OpenApiNode[] = schema?.oneOf ?? schema?.anyOf ?? (schema ? [schema] : []);
  return alternatives.flatMap((alternative) => (alternative.$ref ? [alternative.$ref.replace('#/components/schemas/', '')] : []));
}

/**
 * One field of the operation and the message the validation answers for it, from what its schema declares: a
 * missing required body field; else a body text over its `maxLength`; else a query integer out of its range; else a
 * query text over its `maxLength`; else a query date that is none; else a query text sent twice (a list, where the
 * field takes one text).
 */
function invalidFieldOf(
  operation: Operation,
  resolve: (schema: OpenApiNode | undefined) => OpenApiNode | undefined,
): { field: string; message: string } | undefined {
  const body = resolve(operation.requestBody?.content?.['application/json']?.schema);
  const properties = Object.entries<OpenApiNode>(body?.properties ?? {});
  const required = body?.required?.[0];
  if (required) return { field: required, message: 'is required' };
  const text = properties.find(([, property]) => property.type === 'string' && property.maxLength !== undefined);
  if (text) return { field: text[0], message: `must be at most ${text[1].maxLength} characters` };
  const query = (operation.parameters ?? []).filter((parameter: OpenApiNode) => parameter.in === 'query');
  const ranged = query.find(({ schema }: OpenApiNode) => schema?.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined);
  if (ranged) return { field: ranged.name, message: `must be between ${ranged.schema.minimum} and ${ranged.schema.maximum}` };
  const bounded = query.find(({ schema }: OpenApiNode) => schema?.type === 'string' && schema.maxLength !== undefined);
  if (bounded) return { field: bounded.name, message: `must be at most ${bounded.schema.maxLength} characters` };
  const date = query.find(({ schema }: OpenApiNode) => schema?.type === 'string' && schema.format === 'date');
  if (date) return { field: date.name, message: 'must be a date: YYYY-MM-DD' };
  const single = query.find(({ schema }: OpenApiNode) => schema?.type === 'string' && !schema.enum && !schema.format?.startsWith('date'));
  if (single) return { field: single.name, message: 'must be a string' };
  return undefined;
}
