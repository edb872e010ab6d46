/**
 * Compile-time checks of the client types openapi-typescript generates from the contract (openapi.d.ts): each error a
 * client meets is typed as the body the service sends. The contract test compiles this file with tsc; a wrong type
 * is a compile error naming the line.
 */
import type { components, operations } from './openapi';

type Schemas = components['schemas'];
type Responses<Operation extends keyof operations> = operations[Operation]['responses'];
type Body<
  Operation extends keyof operations,
  Status extends keyof Responses<Operation>,
  MediaType extends string = 'application/json',
> = Responses<Operation>[Status] extends { content: Record<MediaType, infer Content> } ? Content : never;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const typedErrors: [
  // A free account's cover letter: the plan error beside the scope error.
  Equal<Body<'createCoverLetter', 403>, Schemas['InsufficientScopeBody'] | Schemas['UpgradeRequiredBody']>,
  Equal<Body<'updateCoverLetter', 403>, Schemas['InsufficientScopeBody'] | Schemas['UpgradeRequiredBody']>,
  Equal<Schemas['UpgradeRequiredBody'], { error: string; requiresUpgrade: true }>,
  // autoPrepare without the plan, and its coded 400s beside validation failures and unreadable bodies.
  Equal<Body<'createApplication', 403>, Schemas['InsufficientScopeBody'] | Schemas['PlanRequiredBody']>,
  Equal<Schemas['PlanRequiredBody'], { error: string; code: 'PLAN_REQUIRED'; requiresUpgrade: true }>,
  Equal<Body<'createApplication', 400>, Schemas['ValidationErrorBody'] | Schemas['CodedErrorBody'] | Schemas['ErrorBody']>,
  Equal<Body<'createApplication', 503>, Schemas['RetryLaterBody']>,
  // The PDF export: a PDF when it works, a JSON error when the resume is still being tailored (it changes nothing,
  // so it takes no Idempotency-Key and has no 409 of its).
  Equal<Body<'exportResumePdf', 200, 'application/pdf'>, string>,
  Equal<Body<'exportResumePdf', 409>, Schemas['CodedErrorBody']>,
  // An Idempotency-Key still in use, or used with another request.
  Equal<Body<'createContact', 409>, Schemas['IdempotencyKeyInUseBody']>,
  Equal<Schemas['IdempotencyKeyInUseBody'], { error: string; code: 'IDEMPOTENCY_KEY_IN_USE'; retryAfter: number }>,
  Equal<Body<'createContact', 422>, Schemas['IdempotencyKeyReusedBody']>,
  Equal<Schemas['CodedErrorBody'], { error: string; code: string }>,
  // The last page of a search has no cursor.
  Equal<Body<'searchJobs', 200>['nextCursor'], string | null>,
  // A section item that does not exist, or no default resume to find it in.
  Equal<Body<'getExperience', 404>, Schemas['ErrorBody'] | Schemas['CodedErrorBody']>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
