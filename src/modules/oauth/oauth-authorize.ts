import { InvalidClientError, InvalidRequestError, OAuthError, UnsupportedResponseTypeError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { allowedMethods } from '@modelcontextprotocol/sdk/server/auth/middleware/allowedMethods.js';
import type { AuthorizationParams } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { HttpStatus } from '@nestjs/common';
import { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { redirectUriRefusal } from './oauth-clients';
import type { OAuthProvider } from './oauth.provider';

/** A parameter of the request: absent, or given once as text (RFC 6749 §3.1: never repeated). */
function parameter(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidRequestError(`${name} must be given once`);
  return value;
}

/**
 * The app and the redirect URI a request names: a registered client, and one of its registered redirect URIs exactly
 * (no loopback port variance, RFC 8252 §7.3 notwithstanding: an app registers the port it listens on) that the
 * registration rules still allow (a client registered before them may hold one they refuse).
 */
async function clientAndRedirect(provider: OAuthProvider, params: Record<string, unknown>) {
  const clientId = parameter(params, 'client_id');
  if (!clientId) throw new InvalidRequestError('client_id is required');
  const client = await provider.clientsStore.getClient(clientId);
  if (!client) throw new InvalidClientError('client_id is not registered here');
  const requested = parameter(params, 'redirect_uri');
  const redirectUri = requested ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined);
  if (redirectUri === undefined) throw new InvalidRequestError('redirect_uri must be given when the app registered more than one');
  if (!client.redirect_uris.includes(redirectUri)) throw new InvalidRequestError('redirect_uri is not registered for this app');
  const refused = redirectUriRefusal(redirectUri);
  if (refused) throw new InvalidRequestError(`The app’s redirect_uri is not allowed: it ${refused}`);
  return { client, redirectUri };
}

/** The rest of the request, as the SDK's handler reads it; the provider checks what it keeps (PKCE, state, resource). */
function authorizationParams(params: Record<string, unknown>, redirectUri: string): AuthorizationParams {
  if (parameter(params, 'response_type') !== 'code') throw new UnsupportedResponseTypeError('response_type must be code');
  const codeChallenge = parameter(params, 'code_challenge');
  if (!codeChallenge) throw new InvalidRequestError('code_challenge is required (PKCE)');
  if (parameter(params, 'code_challenge_method') !== 'S256') throw new InvalidRequestError('code_challenge_method must be S256');
  const resource = parameter(params, 'resource');
  if (resource !== undefined && !URL.canParse(resource)) throw new InvalidRequestError('resource must be an absolute URL');
  const scope = parameter(params, 'scope');
  return {
    redirectUri,
    codeChallenge,
    state: parameter(params, 'state'),
    scopes: scope ? scope.split(' ') : [],
    resource: resource === undefined ? undefined : new URL(resource),
  };
}

/** A refused request, shown to the person: the browser stays here (RFC 9700 §4.11.2). */
function refusalPage(res: Response, error: OAuthError): void {
  res.status(HttpStatus.BAD_REQUEST).render('error', {
    title: 'This app’s request can’t be used',
    status: HttpStatus.BAD_REQUEST,
    message: `${error.message.replace(/\.$/, '')}. Nothing was shared with the app: go back to it and connect again.`,
  });
}

/**
 * `/authorize` (GET, or POST as a form), in place of the MCP SDK's handler, which sends a request's errors to the
 * app's redirect URI at once, before anyone has signed in or clicked: with self-registered clients, an open
 * redirector (RFC 9700 §4.11.2). Here every refusal is a page that stays on this site. A valid request goes to the
 * consent page (`OAuthProvider.authorize`); the browser returns to the app only from the person's answer there.
 */
export function authorizationHandler(provider: OAuthProvider): RequestHandler {
  const router = Router();
  router.use(allowedMethods(['GET', 'POST']));
  router.all('/', (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    const params = ((req.method === 'POST' ? req.body : req.query) ?? {}) as Record<string, unknown>;
    clientAndRedirect(provider, params)
      .then(({ client, redirectUri }: { client: OAuthClientInformationFull; redirectUri: string }) =>
        provider.authorize(client, authorizationParams(params, redirectUri), res),
      )
      .catch((error: unknown) => (error instanceof OAuthError ? refusalPage(res, error) : next(error)));
  });
  return router;
}
