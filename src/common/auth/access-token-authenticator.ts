import type { Request } from 'express';
import type { Authentication } from './api-key-authenticator';

/**
 * The port through which the guard checks an OAuth access token on routes that take one (`@AcceptsAccessTokens()`,
 * the MCP endpoint): the oauth module provides it. The request tells it which server the token must be for
 * (RFC 8707) and where this server's protected-resource metadata is.
 */
export abstract class AccessTokenAuthenticator {
  abstract authenticate(token: string, request: Request): Promise<Authentication>;

  /** The `WWW-Authenticate` challenge of a refused request: `Bearer resource_metadata="…"` (RFC 9728). */
  abstract challenge(request: Request): string;
}
