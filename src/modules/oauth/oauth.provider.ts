import { InvalidRequestError, InvalidTargetError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import { mcpResource } from './oauth-origin';
import { requestedScopes } from './oauth-scopes';
import { OAuthService } from './oauth.service';

/** RFC 7636: an S256 challenge is the unpadded base64url of a SHA-256 digest, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Far more than an app's state needs (a random value, or a short JSON of its own). */
const MAX_STATE_LENGTH = 1_024;

/** The cookie that ties an authorization request to the browser that started it. */
export const AUTHORIZATION_COOKIE = 'oauth_authorization';
/** Where the person signs in (if needed) and answers the request. */
export const CONSENT_PATH = '/oauth/consent';

/**
 * Our `OAuthServerProvider` for the MCP SDK's `mcpAuthRouter`, backed by PostgreSQL through `OAuthService`. One
 * per origin (the issuer and the resource its tokens are for); the SDK handles the protocol around it.
 */
export class OAuthProvider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;

  constructor(
    private readonly oauth: OAuthService,
    private readonly origin: string,
  ) {
    this.clientsStore = {
      getClient: (clientId) => oauth.client(clientId),
      // The registration's rules (`checkRegistration`) run on the request body, before the SDK's schema.
      registerClient: async (client) => {
        // Every client is public (PKCE protects its code): no secret is issued, so none has to be kept.
        const { client_secret: _secret, client_secret_expires_at: _expiry, ...registered } = client as OAuthClientInformationFull;
        const publicClient: OAuthClientInformationFull = {
          ...registered,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        };
        await oauth.registerClient(publicClient);
        return publicClient;
      },
    };
  }

  /**
   * Keeps the request and sends the browser to the consent page; `authorizationHandler` has checked the client, its
   * redirect URI and PKCE's method, and shows the errors thrown here as a page.
   */
  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    // Kept until the person answers: an unauthenticated request stores no more than PKCE's own grammar allows.
    if (!S256_CHALLENGE.test(params.codeChallenge))
      throw new InvalidRequestError('code_challenge must be the base64url SHA-256 of a code verifier (43 characters)');
    if (params.state !== undefined && params.state.length > MAX_STATE_LENGTH)
      throw new InvalidRequestError(`state must be at most ${MAX_STATE_LENGTH} characters`);
    const resource = mcpResource(this.origin);
    if (params.resource && params.resource.href.replace(/#.*$/, '').replace(/\/$/, '') !== resource) {
      throw new InvalidTargetError(`This server issues tokens only for ${resource}`);
    }
    const { id, browserSecret } = await this.oauth.startAuthorization({
      clientId: client.client_id,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      state: params.state,
      scopes: requestedScopes(params.scopes),
      resource,
    });
    res.cookie(AUTHORIZATION_COOKIE, browserSecret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.origin.startsWith('https:'),
      path: CONSENT_PATH,
      maxAge: 10 * 60 * 1000,
    });
    res.redirect(302, `${CONSENT_PATH}?${new URLSearchParams({ authorization: id })}`);
  }

  challengeForAuthorizationCode(client: OAuthClientInformationFull, authorizationCode: string): Promise<string> {
    return this.oauth.challengeForCode(client.client_id, authorizationCode);
  }

  exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, _verifier?: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    return this.oauth.exchangeCode(client.client_id, code, redirectUri, resource, this.origin);
  }

  exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    return this.oauth.refresh(client.client_id, refreshToken, scopes, resource, this.origin);
  }

  /** `/mcp` checks tokens in the API guard (through `AccessTokenAuthenticator`, with the same rules); this is the SDK's entry. */
  verifyAccessToken(token: string): Promise<AuthInfo> {
    return this.oauth.accessTokenInfo(token, this.origin);
  }

  revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    return this.oauth.revoke(client.client_id, request.token);
  }
}
