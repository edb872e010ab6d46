import type { ApiCaller } from './api-caller';

/**
 * A credential's caller, or why it is refused: each reason has its own message, a 401 except `plan-required` (403,
 * an OAuth token of an account no longer on the Plus plan).
 */
export type Authentication = { caller: ApiCaller } | { failure: 'invalid' | 'expired' | 'revoked' | 'plan-required' };

/**
 * The port through which the API-key guard looks a key up: the api-keys module provides it, so the guard knows no
 * feature. An abstract class rather than an interface, so that it is its own injection token.
 */
export abstract class ApiKeyAuthenticator {
  abstract authenticate(rawKey: string): Promise<Authentication>;
}
