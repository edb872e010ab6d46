import { describeErrors, documentedResponse, Operation, Schemas } from './openapi';
import { isPlainObject } from './values';

/**
 * What is wrong with a 4xx answer, per the API's error shapes; undefined when
 * nothing is. An operation that documents a shape of its own for that status (MCP's JSON-RPC errors) may answer it.
 */
export function errorProblem(operation: Operation, status: number, body: unknown, headers: Headers, schemas: Schemas): string | undefined {
  const problem = errorShapeProblem(status, body, headers);
  if (!problem) return undefined;
  const schema = documentedResponse(operation, status)?.content?.['application/json']?.schema;
  return schema && schemas.validator(schema)(body) ? undefined : problem;
}

function errorShapeProblem(status: number, body: unknown, headers: Headers): string | undefined {
  if (!isPlainObject(body) || typeof body.error !== 'string' || body.error === '') return 'the body is not {error: string}';
  if ('code' in body && typeof body.code !== 'string') return '`code` is not a string';
  switch (status) {
    case 400:
      return body.error === 'Validation failed' ? detailsProblem(body.details) : undefined;
    case 403:
      return typeof body.requiredScope === 'string' || body.requiresUpgrade === true || typeof body.code === 'string'
        ? undefined
        : 'a 403 names neither requiredScope, requiresUpgrade nor a code';
    case 409:
      return typeof body.existingId === 'string' || typeof body.code === 'string' ? undefined : 'a 409 has neither existingId nor a code';
    case 429: {
      if (body.error !== 'Too many requests' || !Number.isInteger(body.retryAfter)) return 'a 429 is not {error: "Too many requests", retryAfter: <seconds>}';
      return headers.get('retry-after') === String(body.retryAfter)
        ? undefined
        : `Retry-After ${headers.get('retry-after')} differs from retryAfter ${body.retryAfter}`;
    }
    default:
      return undefined;
  }
}

function detailsProblem(details: unknown): string | undefined {
  if (!isPlainObject(details) || Object.keys(details).length === 0) return '"Validation failed" without details';
  const bad = Object.entries(details).find(
    ([, messages]) => !Array.isArray(messages) || messages.length === 0 || messages.some((message) => typeof message !== 'string'),
  );
  return bad ? `details.${bad[0]} is not a list of messages` : undefined;
}

/**
 * What is wrong with an answer, of any status, against the response the operation documents for it; undefined when
 * nothing is. The status must be documented (by itself, its class or `default`), its Content-Type among the
 * documented media types, and a JSON body must validate against the documented schema: a client generated from the
 * document can then read every answer it gets.
 */
export function documentedProblem(operation: Operation, status: number, contentType: string, body: unknown, schemas: Schemas): string | undefined {
  const documented = documentedResponse(operation, status);
  if (!documented) return `${status} is not a documented response (documented: ${Object.keys(operation.responses).join(', ')})`;
  const content = documented.content ?? {};
  const mediaType = contentType.split(';')[0].trim();
  if (Object.keys(content).length === 0) return mediaType ? `a ${status} with a ${mediaType} body, documented without one` : undefined;
  if (!content[mediaType]) return `Content-Type ${contentType || '(none)'} of a ${status} is not documented (documented: ${Object.keys(content).join(', ')})`;
  const schema = content[mediaType].schema;
  if (!schema || !mediaType.includes('json')) return undefined;
  const validate = schemas.validator(schema);
  return validate(body) ? undefined : `the ${status} body does not match its documented schema: ${describeErrors(validate, body)}`;
}
