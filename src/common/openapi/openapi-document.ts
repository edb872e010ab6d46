import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { describeExamples } from './examples';
import { finishOpenApiDocument } from './finish';
import { describeIdempotency, IDEMPOTENCY_RESPONSE_MODELS } from './idempotency';
import { inlineSingleReferences } from './references';
import { describeRequestBodies, dropUnanswerableBadRequests } from './request-bodies';
import { describeResponses, SHARED_RESPONSE_MODELS } from './responses';
import { describeTags } from './tags';

const INFO = new DocumentBuilder()
  .setTitle('Career API')
  .setDescription(
    'Career data, job-application tracking and job search. Every `/v1` call needs `Authorization: Bearer cpk_…` ' +
      'with the scope shown on the operation; limits are requests per minute per account, reported in ' +
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix ms). `/mcp` takes the same key, or ' +
      'an OAuth 2.1 access token an app obtains when a person approves it: discovery at ' +
      '`/.well-known/oauth-protected-resource/mcp` and `/.well-known/oauth-authorization-server`, dynamic client ' +
      'registration, authorization code with PKCE (S256), rotating refresh tokens; the token carries the scopes the ' +
      'person approved.',
  )
  .setVersion('1')
  .addServer('/', 'This service')
  .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'cpk_<64 hex>' })
  .build();
// Proprietary, with no public terms to link to (the builder's license always carries a url).
INFO.info.license = { name: 'Proprietary' };

/**
 * What the routes' decorators cannot say, written into the generated document by these passes, in this order. Each
 * pass walks the whole document for one concern; where one depends on another, it is said here and nowhere else:
 * - `finishOpenApiDocument` before `inlineSingleReferences`: it turns Swagger's bare `allOf: [ref]` into the
 *   reference, so that the last pass counts those as plain uses of a component rather than copying it into them;
 * - `describeRequestBodies` before `describeIdempotency`: the 400 it adds (validation failures among its answers)
 *   gets `Idempotent-Replayed` as the operation's other kept answers do;
 * - both before `describeResponses`: the responses they add (the body parser's 400, 413 and 415; the key's 409 and
 *   422) need its headers and closed error bodies;
 * - `describeExamples` after `describeRequestBodies`: its 400 examples go on the 400s that pass adds;
 * - `inlineSingleReferences` after all of these: it rewrites the `allOf` wrappers they leave (a PATCH body's
 *   `minProperties`) and drops the components nothing refers to (`InternalErrorBody` until `describeResponses`
 *   refers to it);
 * - `describeTags` and `dropUnanswerableBadRequests` depend on no other pass.
 */
const PASSES: readonly ((document: OpenAPIObject) => OpenAPIObject)[] = [
  finishOpenApiDocument,
  describeTags,
  dropUnanswerableBadRequests,
  describeRequestBodies,
  describeIdempotency,
  describeResponses,
  describeExamples,
  inlineSingleReferences,
];

/** The schemas the passes refer to that no route declares: `createDocument` must generate them (`extraModels`). */
const PASS_MODELS = [...SHARED_RESPONSE_MODELS, ...IDEMPOTENCY_RESPONSE_MODELS];

/** The service's OpenAPI document: what Nest's routes and decorators generate, then each pass of PASSES in turn. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const generated = SwaggerModule.createDocument(app, INFO, { extraModels: PASS_MODELS });
  return PASSES.reduce((document, pass) => pass(document), generated);
}
