import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorBody, InternalErrorBody, ValidationErrorBody } from '../errors/error-body.dto';
import type { OpenApiNode } from './openapi-node';

/** Schemas this pass and the request-body pass reference: SwaggerModule.createDocument must list them (`extraModels`). */
export const SHARED_RESPONSE_MODELS = [ErrorBody, ValidationErrorBody, InternalErrorBody];

const integer = (description: string) => ({ description, schema: { type: 'integer' } });

/** Headers the service sets, declared once and referenced from each response that carries them. */
const HEADERS: Record<string, OpenApiNode> = {
  'X-Request-Id': {
    description: "The request's id (the client's own `X-Request-Id` when it sent a sane one); quote it when reporting a problem",
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': integer('Requests per minute this account may send to this operation'),
  'X-RateLimit-Remaining': integer('Requests left in the current window'),
  'X-RateLimit-Reset': integer('When the window frees the next request, in Unix milliseconds'),
  'RateLimit-Limit': integer('Requests allowed in the tighter of the two MCP windows'),
  'RateLimit-Remaining': integer('Requests left in that window'),
  'RateLimit-Reset': integer('Seconds until that window frees the next request'),
  'RateLimit-Policy': { description: 'Both MCP windows: limit and window in seconds', schema: { type: 'string' } },
  'Retry-After': integer('Seconds to wait before retrying'),
};
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const MCP_RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

/**
 * What every response shares, from the parts that send it, written into the document once:
 * - the headers: `X-Request-Id` on every answer (set before routing), the rate-limit headers on every answer of a
 *   limited operation (the MCP endpoint sends its own `RateLimit-*`), `Retry-After` on 429 and 5XX;
 * - `5XX`, the exception filter's `{error, requestId}`: 500 for a bug, 503 (with `Retry-After`) while the database is
 *   unreachable, on every operation that reaches it (those with a key);
 * - error bodies are JSON, whatever the operation produces when it works;
 * - error bodies are closed (`additionalProperties: false`): the service sends exactly their fields, and a status with
 *   several shapes (`oneOf`) then matches each answer with exactly one of them.
 */
export function describeResponses(document: OpenAPIObject): OpenAPIObject {
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  document.components = { ...document.components, headers: { ...document.components?.headers, ...HEADERS } };
  const schemas = (document.components.schemas ?? {}) as Record<string, OpenApiNode>;
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as OpenApiNode[]) {
      if (!operation?.responses) continue;
      const limit = operation['x-rate-limit'];
      if ((operation.security ?? []).length > 0) {
        operation.responses['5XX'] ??= {
          description: 'An unexpected error (500), or the database is briefly unreachable (503, with `Retry-After`)',
          content: { 'application/json': { schema: { $ref: getSchemaPath(InternalErrorBody) } } },
        };
      }
      for (const [status, response] of Object.entries<OpenApiNode>(operation.responses)) {
        const names = ['X-Request-Id', ...(limit?.limit ? RATE_LIMIT_HEADERS : limit ? MCP_RATE_LIMIT_HEADERS : [])];
        if (status === '429' || status === '5XX') names.push('Retry-After');
        response.headers = { ...response.headers, ...Object.fromEntries(names.map((name) => [name, ref(name)])) };
        if (Number(status[0]) >= 4) {
          jsonErrorBody(response);
          closeErrorBody(response, schemas);
        }
      }
    }
  }
  return document;
}

/** The exception filter answers every error in JSON, also on an operation that produces something else (the PDF). */
function jsonErrorBody(response: OpenApiNode): void {
  const content: Record<string, OpenApiNode> | undefined = response.content;
  if (!content || content['application/json']) return;
  response.content = { 'application/json': Object.values(content)[0] };
}

function closeErrorBody(response: OpenApiNode, schemas: Record<string, OpenApiNode>): void {
  const schema = response.content?.['application/json']?.schema;
  for (const part of [schema, ...(schema?.oneOf ?? [])]) {
    const named = typeof part?.$ref === 'string' ? schemas[part.$ref.replace('#/components/schemas/', '')] : undefined;
    if (named && Object.keys(named.properties ?? {}).length > 0 && named.additionalProperties === undefined) named.additionalProperties = false;
  }
}
