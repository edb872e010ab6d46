import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { InsufficientScopeBody, UnauthorizedBody } from '../errors/error-body.dto';
import type { Scope } from './scopes';

export const PUBLIC_ROUTE = 'auth:public';
export const REQUIRED_SCOPE = 'auth:scope';
/** Marks a route whose operations each check their own scope (the MCP endpoint's tools). */
export const SCOPE_PER_OPERATION = 'per-operation';
/** Marks a route that any valid credential may call, whatever its scopes (`GET /v1/me`). */
export const NO_SCOPE_NEEDED = 'none';
/** Marks a route that takes an OAuth access token as well as an API key (the MCP endpoint). */
export const ACCEPTS_ACCESS_TOKENS = 'auth:access-tokens';

/** A route anyone may call without a key, and that no rate limit counts (health, docs). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The scope a key needs for this route: enforced by the API-key guard and shown in Swagger. */
export const Scopes = (scope: Scope) =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPE, scope),
    ApiBearerAuth(),
    ApiExtension('x-required-scope', scope),
    ApiErrorResponse(401, 'Missing, invalid, expired or revoked API key', UnauthorizedBody),
    ApiErrorResponse(403, `The key lacks the \`${scope}\` scope`, InsufficientScopeBody),
  );

/**
 * A route that any valid key may call, whatever its scopes: it tells the caller only about its own credential and
 * account. Still a 401 without a valid key.
 */
export const AnyScope = () =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPE, NO_SCOPE_NEEDED),
    ApiBearerAuth(),
    ApiErrorResponse(401, 'Missing, invalid, expired or revoked API key', UnauthorizedBody),
  );

/** Whether a caller holding `scopes` may use what needs `required` (a scope, or none). */
export function scopeAllows(scopes: readonly Scope[], required: Scope | typeof NO_SCOPE_NEEDED): boolean {
  return required === NO_SCOPE_NEEDED || scopes.includes(required);
}

/** A route that takes an OAuth access token as well as an API key; its 401 names the OAuth metadata (RFC 9728). */
export const AcceptsAccessTokens = () => SetMetadata(ACCEPTS_ACCESS_TOKENS, true);

/** A route that needs a valid key but checks a scope per operation inside it, as the MCP endpoint does per tool. */
export const ScopePerOperation = () =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPE, SCOPE_PER_OPERATION),
    ApiBearerAuth(),
    ApiErrorResponse(401, 'Missing, invalid, expired or revoked API key', UnauthorizedBody),
  );
