import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { InsufficientScopeBody, UnauthorizedBody } from '../errors/error-body.dto';
import type { Scope } from './scopes';

export const PUBLIC_ROUTE = 'auth:public';
export const REQUIRED_SCOPE = 'auth:scope';
/** Marks a route whose operations each check their own scope (the MCP endpoint's tools). */
export const SCOPE_PER_OPERATION = 'per-operation';
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

/** A route that takes an OAuth access token as well as an API key; its 401 names the OAuth metadata (RFC 9728). */
export const AcceptsAccessTokens = () => SetMetadata(ACCEPTS_ACCESS_TOKENS, true);

/** A route that needs a valid key but checks a scope per operation inside it, as the MCP endpoint does per tool. */
export const ScopePerOperation = () =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPE, SCOPE_PER_OPERATION),
    ApiBearerAuth(),
    ApiErrorResponse(401, 'Missing, invalid, expired or revoked API key', UnauthorizedBody),
  );
