import type { ApiCaller } from './api-caller';

/** A key's caller, or why the key is refused (each reason has its own 401 message). */
export type Authentication = { caller: ApiCaller } | { failure: 'invalid' | 'expired' | 'revoked' };

/**
 * The port through which the API-key guard looks a key up: the api-keys module provides it, so the guard knows no
 * feature. An abstract class rather than an interface, so that it is its own injection token.
 */
export abstract class ApiKeyAuthenticator {
  abstract authenticate(rawKey: string): Promise<Authentication>;
}
