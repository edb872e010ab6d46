import type { Type } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { withBodies } from './request-bodies';
import type { OpenApiNode } from './openapi-node';
import { CHANGES_NOTHING_EXTENSION } from '../idempotency/changes-nothing.decorator';
import { IdempotencyErrorCode, IdempotencyKeyInUseBody, IdempotencyKeyReusedBody } from '../idempotency/idempotency.exception';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../idempotency/idempotency.interceptor';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../idempotency/request-fingerprint';

/** Schemas this pass references: SwaggerModule.createDocument must list them (`extraModels`). */
export const IDEMPOTENCY_RESPONSE_MODELS = [IdempotencyKeyInUseBody, IdempotencyKeyReusedBody];

/** What a key means, for the header on every POST and the `idempotencyKey` argument of MCP's create tools alike. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'A key of your choosing (a UUID, say) that makes a retry safe: the first answer to a key is kept for 24 hours and the ' +
  'same request with the same key answers it again instead of running twice. The same key with another request ' +
  `answers 422; while the first is still running, 409. Up to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters; keys are per account.`;

/** The key's schema: the header's on every POST, and the `idempotencyKey` argument's of MCP's create tools. */
export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, description: IDEMPOTENCY_KEY_DESCRIPTION };

/** Answers that are never kept, so never replayed: refused before the request ran. */
const NEVER_REPLAYED = new Set(['401', '403', '413', '415', '429']);

/**
 * Writes the Idempotency-Key into the document once, on every POST under /v1 that takes a key (those the interceptor
 * applies to: not the ones marked `@ChangesNothing()`): the header, its 409 and 422 with their bodies, and
 * `Idempotent-Replayed` on the answers a replay may repeat.
 */
export function describeIdempotency(document: OpenAPIObject): OpenAPIObject {
  const header = { $ref: `#/components/parameters/${IDEMPOTENCY_KEY_HEADER}` };
  const replayed = { $ref: `#/components/headers/${IDEMPOTENT_REPLAYED_HEADER}` };
  document.components = {
    ...document.components,
    parameters: {
      ...document.components?.parameters,
      [IDEMPOTENCY_KEY_HEADER]: {
        name: IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        required: false,
        description: IDEMPOTENCY_KEY_DESCRIPTION,
        schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
      },
    },
    headers: {
      ...document.components?.headers,
      [IDEMPOTENT_REPLAYED_HEADER]: {
        description: '`true` when this is the kept answer of an earlier request with the same Idempotency-Key',
        schema: { type: 'string', enum: ['true'] },
      },
    },
  };
  for (const [path, pathItem] of Object.entries(document.paths)) {
    const operation = (pathItem as OpenApiNode).post as OpenApiNode | undefined;
    if (!path.startsWith('/v1/') || !operation?.responses || (operation.security ?? []).length === 0) continue;
    if (operation[CHANGES_NOTHING_EXTENSION]) {
      delete operation[CHANGES_NOTHING_EXTENSION];
      continue;
    }
    operation.parameters = [...(operation.parameters ?? []), header];
    const responses = operation.responses as Record<string, OpenApiNode>;
    // The operation's own answers may be replays; the key's 409 and 422 below never are.
    for (const [status, response] of Object.entries(responses)) {
      if (/^[24]\d\d$/.test(status) && !NEVER_REPLAYED.has(status)) response.headers = { ...response.headers, [IDEMPOTENT_REPLAYED_HEADER]: replayed };
    }
    addKeyError(
      responses,
      '409',
      `\`${IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE}\`: a request with this Idempotency-Key is still running; retry after \`Retry-After\` seconds`,
      IdempotencyKeyInUseBody,
    );
    responses['409'].headers = { ...responses['409'].headers, 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
    addKeyError(
      responses,
      '422',
      `\`${IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED}\`: this Idempotency-Key was used with a different request`,
      IdempotencyKeyReusedBody,
    );
  }
  return document;
}

/** The key's error beside what the operation already answers with that status, its description added to theirs. */
function addKeyError(responses: Record<string, OpenApiNode>, status: string, description: string, body: Type<unknown>): void {
  const own = responses[status]?.description as string | undefined;
  responses[status] = { ...withBodies(responses[status], description, [body]), description: own ? `${own}; or ${description}` : description };
}
