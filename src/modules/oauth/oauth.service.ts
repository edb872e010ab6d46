import { Injectable } from '@nestjs/common';
import { InvalidGrantError, InvalidScopeError, InvalidTargetError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { isUUID } from 'class-validator';
import type { Request } from 'express';
import { AccessTokenAuthenticator } from '../../common/auth/access-token-authenticator';
import { AccountPlans } from '../../common/auth/account-plans';
import { API_KEY_CHALLENGE } from '../../common/auth/api-key.guard';
import type { Authentication } from '../../common/auth/api-key-authenticator';
import { isScope, Scope } from '../../common/auth/scopes';
import { hashSecret } from '../../common/auth/secret-format';
import { UsageMarker } from '../../common/concurrency/usage-marker';
import { NotFoundError } from '../../common/errors/api-errors';
import type { OAuthAuthorization } from './entities/oauth-authorization.entity';
import { redirectUriRefusal } from './oauth-clients';
import { OAUTH_LIFETIMES } from './oauth-lifetimes';
import { mcpResource, OAuthOrigin, resourceMetadataUrl } from './oauth-origin';
import { OAUTH_SECRETS } from './oauth-secrets';
import { OAuthErrorCode, OAuthException } from './oauth.exception';
import { ConnectedApp, OAuthRepository, TokenRow } from './oauth.repository';

/** How stale a grant's `lastUsedAt` may get before a call refreshes it: keeps writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

const REPLAYED_CODE = 'Authorization code already used; the access it gave is revoked';

/** The authorize step's request as the consent page shows it. */
export interface PendingAuthorization {
  id: string;
  clientName: string | null;
  redirectUri: string;
  requestedScopes: Scope[];
}

/**
 * A one-time secret presented again: what it gave is revoked once the refusing transaction is over. A code names the
 * authorization it came from (the tokens of that run only); a refresh token its whole grant.
 */
class Replayed {
  constructor(
    readonly gave: { authorizationId: string } | { grantId: string },
    readonly message: string,
  ) {}
}

/**
 * The rules of OAuth for `/mcp`: the person's answer on the consent page, codes, tokens (issued, rotated, revoked),
 * and the check of an access token on each call (the guard's `AccessTokenAuthenticator`). The protocol itself
 * (parameters, PKCE, responses) is the MCP SDK's, through `OAuthProvider`.
 */
@Injectable()
export class OAuthService implements AccessTokenAuthenticator {
  private readonly lastUsed = new UsageMarker((grantId) => this.oauth.markGrantUsed(grantId));

  constructor(
    private readonly oauth: OAuthRepository,
    private readonly origin: OAuthOrigin,
    private readonly plans: AccountPlans,
  ) {}

  registerClient(client: OAuthClientInformationFull): Promise<void> {
    return this.oauth.saveClient(client);
  }

  async client(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    return isUUID(clientId) ? this.oauth.client(clientId) : undefined;
  }

  /** Keeps the app's request until the person answers; the browser that made it gets the secret that answers it. */
  async startAuthorization(input: { clientId: string; redirectUri: string; codeChallenge: string; state?: string; scopes: Scope[]; resource: string }) {
    const browser = OAUTH_SECRETS.browser.generate();
    const id = await this.oauth.startAuthorization({
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      state: input.state ?? null,
      requestedScopes: input.scopes,
      resource: input.resource,
      browserHash: browser.hash,
    });
    return { id, browserSecret: browser.value };
  }

  async pendingAuthorization(id: string, browserSecret: string | undefined): Promise<PendingAuthorization> {
    const authorization = await this.findPending(this.oauth, id, browserSecret);
    await this.checkRedirect(this.oauth, authorization);
    return {
      id: authorization.id,
      clientName: await this.oauth.clientName(authorization.clientId),
      redirectUri: authorization.redirectUri,
      requestedScopes: authorization.requestedScopes,
    };
  }

  /**
   * The person approves: the account's grant for the app takes the chosen scopes, and the app's redirect gets a
   * one-time code. Only the Plus plan can connect apps, as only it can hold API keys.
   */
  async approve(accountId: string, id: string, browserSecret: string | undefined, scopeNames: string[]): Promise<string> {
    const scopes = [...new Set(scopeNames.filter(isScope))];
    if (scopes.length === 0) throw new OAuthException(OAuthErrorCode.NO_SCOPE, 'Choose at least one permission to give the app');
    return this.oauth.transaction(async (oauth, manager) => {
      const authorization = await this.findPending(oauth, id, browserSecret, true);
      await this.checkRedirect(oauth, authorization);
      if ((await this.plans.planOf(accountId, manager)) !== 'plus') {
        throw new OAuthException(OAuthErrorCode.PLAN_REQUIRED, 'Connecting apps requires the Plus plan, as API keys do');
      }
      const grantId = await oauth.approveGrant(accountId, authorization.clientId, scopes);
      const code = OAUTH_SECRETS.code.generate();
      await oauth.issueCode(authorization.id, grantId, code.hash);
      return redirectWith(authorization, { code: code.value });
    });
  }

  /** The person denies: the request ends and the app hears `access_denied`. */
  async deny(id: string, browserSecret: string | undefined): Promise<string> {
    return this.oauth.transaction(async (oauth) => {
      const authorization = await this.findPending(oauth, id, browserSecret, true);
      await this.checkRedirect(oauth, authorization);
      await oauth.closeAuthorization(authorization.id);
      return redirectWith(authorization, { error: 'access_denied', error_description: 'The person declined to connect the app' });
    });
  }

  /**
   * The PKCE challenge of a code (the SDK checks the verifier against it before the exchange), a used one's too: a
   * replay revokes anything only once its verifier has proved it came from the app's own flow, not from a stranger
   * who found an old code in a log.
   */
  async challengeForCode(clientId: string, code: string): Promise<string> {
    const found = OAUTH_SECRETS.code.isWellFormed(code) ? await this.oauth.code(hashSecret(code)) : null;
    if (!found || found.clientId !== clientId || !found.grantId || !found.codeExpiresAt) throw new InvalidGrantError('Invalid authorization code');
    if (!found.usedAt && found.codeExpiresAt.getTime() <= Date.now()) throw new InvalidGrantError('Authorization code expired');
    return found.codeChallenge;
  }

  /**
   * Exchanges a code once (its verifier checked). A code presented again with its verifier revokes the tokens issued
   * from it, refreshed ones included (OAuth 2.1, 4.1.3): it has leaked. What later authorizations of the same app
   * gave stays.
   */
  async exchangeCode(clientId: string, code: string, redirectUri: string | undefined, resource: URL | undefined, origin: string): Promise<OAuthTokens> {
    const expected = mcpResource(origin);
    checkResource(resource, expected);
    if (!OAUTH_SECRETS.code.isWellFormed(code)) throw new InvalidGrantError('Invalid authorization code');
    const outcome = await this.oauth.transaction(async (oauth) => {
      const row = await oauth.codeForUpdate(hashSecret(code));
      if (!row || row.clientId !== clientId) throw new InvalidGrantError('Invalid authorization code');
      if (row.usedAt) return new Replayed({ authorizationId: row.id }, REPLAYED_CODE);
      if (row.codeExpiresAt.getTime() <= Date.now()) throw new InvalidGrantError('Authorization code expired');
      if (redirectUri !== undefined && redirectUri !== row.redirectUri) throw new InvalidGrantError('redirect_uri differs from the authorization request');
      if (row.resource !== expected) throw new InvalidGrantError('The authorization code was issued for another resource');
      if (row.grantRevokedAt) throw new InvalidGrantError('The access this code gave has been revoked');
      if (row.plan !== 'plus') throw new InvalidGrantError('OAuth access requires the Plus plan');
      await oauth.markCodeUsed(row.id);
      return this.issueTokens(oauth, { grantId: row.grantId, authorizationId: row.id }, row.scopes, expected);
    });
    return this.settle(outcome);
  }

  /** Rotates a refresh token: it works once, and a second use revokes the whole grant (the token leaked). */
  async refresh(clientId: string, refreshToken: string, scopeNames: string[] | undefined, resource: URL | undefined, origin: string): Promise<OAuthTokens> {
    const expected = mcpResource(origin);
    checkResource(resource, expected);
    if (!OAUTH_SECRETS.refresh.isWellFormed(refreshToken)) throw new InvalidGrantError('Invalid refresh token');
    const outcome = await this.oauth.transaction(async (oauth) => {
      const row = await oauth.token(hashSecret(refreshToken), true);
      if (!row || row.kind !== 'refresh' || row.clientId !== clientId) throw new InvalidGrantError('Invalid refresh token');
      if (row.grantRevokedAt || row.revokedAt) throw new InvalidGrantError('Refresh token revoked');
      if (row.usedAt) return new Replayed({ grantId: row.grantId }, 'Refresh token already used; the app’s access is revoked');
      if (row.expiresAt.getTime() <= Date.now()) throw new InvalidGrantError('Refresh token expired');
      if (row.resource !== expected) throw new InvalidGrantError('The refresh token was issued for another resource');
      if (row.plan !== 'plus') throw new InvalidGrantError('OAuth access requires the Plus plan');
      const scopes = scopeNames ?? row.grantScopes;
      if (!scopes.every((scope) => (row.grantScopes as string[]).includes(scope))) {
        throw new InvalidScopeError('A refresh can only ask for scopes the person approved');
      }
      await oauth.markTokenUsed(row.id);
      return this.issueTokens(oauth, { grantId: row.grantId, authorizationId: row.authorizationId }, scopes as Scope[], expected);
    });
    return this.settle(outcome);
  }

  /** RFC 7009: an access token ends alone; a refresh token ends the grant, as the app is disconnecting. Unknown tokens are ignored. */
  async revoke(clientId: string, token: string): Promise<void> {
    if (!OAUTH_SECRETS.access.isWellFormed(token) && !OAUTH_SECRETS.refresh.isWellFormed(token)) return;
    const row = await this.oauth.token(hashSecret(token));
    if (!row || row.clientId !== clientId) return;
    if (row.kind === 'refresh') await this.oauth.revokeGrant(row.grantId);
    else await this.oauth.revokeToken(row.id);
  }

  /** The guard's check of an access token on `/mcp`: live, for this server, and the account still on Plus. */
  async authenticate(token: string, request: Request): Promise<Authentication> {
    const origin = this.origin.of(request);
    const checked = origin ? await this.liveAccessToken(token, mcpResource(origin)) : { failure: 'invalid' as const };
    if ('failure' in checked) return checked;
    const { row } = checked;
    this.touch(row);
    return { caller: { accountId: row.accountId, clientId: row.clientId, scopes: row.scopes, plan: row.plan, features: row.features } };
  }

  /** The same check in the SDK's terms (`OAuthServerProvider.verifyAccessToken`, what `requireBearerAuth` calls). */
  async accessTokenInfo(token: string, origin: string): Promise<AuthInfo> {
    const checked = await this.liveAccessToken(token, mcpResource(origin));
    if ('failure' in checked) throw new InvalidTokenError(`Access token ${checked.failure === 'plan-required' ? 'needs the Plus plan' : checked.failure}`);
    const { row } = checked;
    return { token, clientId: row.clientId, scopes: row.scopes, expiresAt: Math.floor(row.expiresAt.getTime() / 1000), resource: new URL(row.resource) };
  }

  challenge(request: Request): string {
    const origin = this.origin.of(request);
    return origin ? `Bearer resource_metadata="${resourceMetadataUrl(origin)}"` : API_KEY_CHALLENGE;
  }

  connectedApps(accountId: string): Promise<ConnectedApp[]> {
    return this.oauth.connectedApps(accountId);
  }

  /** Disconnects an app of the account: its tokens stop working on the next call. Another account's grant is a 404. */
  async disconnect(accountId: string, grantId: string): Promise<void> {
    if (!isUUID(grantId) || !(await this.oauth.revokeGrant(grantId, accountId))) throw new NotFoundError();
  }

  private async liveAccessToken(token: string, resource: string): Promise<{ row: TokenRow } | Extract<Authentication, { failure: string }>> {
    if (!OAUTH_SECRETS.access.isWellFormed(token)) return { failure: 'invalid' };
    const row = await this.oauth.token(hashSecret(token));
    if (!row || row.kind !== 'access' || row.resource !== resource) return { failure: 'invalid' };
    if (row.revokedAt || row.grantRevokedAt) return { failure: 'revoked' };
    if (row.expiresAt.getTime() <= Date.now()) return { failure: 'expired' };
    if (row.plan !== 'plus') return { failure: 'plan-required' };
    return { row };
  }

  private async findPending(oauth: OAuthRepository, id: string, browserSecret: string | undefined, lock = false): Promise<OAuthAuthorization> {
    const authorization =
      isUUID(id) && browserSecret && OAUTH_SECRETS.browser.isWellFormed(browserSecret)
        ? await oauth.pendingAuthorization(id, hashSecret(browserSecret), lock)
        : null;
    if (!authorization) {
      throw new OAuthException(
        OAuthErrorCode.AUTHORIZATION_NOT_FOUND,
        'This authorization request has expired or was answered already; start connecting from the app again',
      );
    }
    return authorization;
  }

  /** A token pair under the grant, descending from the authorization whose code started the chain. */
  private async issueTokens(
    oauth: OAuthRepository,
    lineage: { grantId: string; authorizationId: string | null },
    scopes: Scope[],
    resource: string,
  ): Promise<OAuthTokens> {
    const access = OAUTH_SECRETS.access.generate();
    const refresh = OAUTH_SECRETS.refresh.generate();
    const now = Date.now();
    await oauth.insertToken({
      ...lineage,
      kind: 'access',
      tokenHash: access.hash,
      scopes,
      resource,
      expiresAt: new Date(now + OAUTH_LIFETIMES.accessToken * 1000),
    });
    await oauth.insertToken({
      ...lineage,
      kind: 'refresh',
      tokenHash: refresh.hash,
      scopes,
      resource,
      expiresAt: new Date(now + OAUTH_LIFETIMES.refreshToken * 1000),
    });
    return { access_token: access.value, token_type: 'Bearer', expires_in: OAUTH_LIFETIMES.accessToken, refresh_token: refresh.value, scope: scopes.join(' ') };
  }

  /** Revokes what a replayed secret gave (after the transaction that found it, so the revocation is kept) and refuses. */
  private async settle(outcome: OAuthTokens | Replayed): Promise<OAuthTokens> {
    if (!(outcome instanceof Replayed)) return outcome;
    const { gave } = outcome;
    if ('grantId' in gave) await this.oauth.revokeGrant(gave.grantId);
    else await this.oauth.revokeTokensFrom(gave.authorizationId);
    throw new InvalidGrantError(outcome.message);
  }

  /**
   * The app's redirect URI is still one it registered and one the registration rules allow (`redirectUriRefusal`),
   * checked again before the consent page shows it and before either answer redirects there: a request kept from
   * before the rules may hold one they refuse.
   */
  private async checkRedirect(oauth: OAuthRepository, authorization: OAuthAuthorization): Promise<void> {
    const registered = (await oauth.client(authorization.clientId))?.redirect_uris.includes(authorization.redirectUri);
    const refused = registered ? redirectUriRefusal(authorization.redirectUri) : 'is not registered';
    if (refused) {
      throw new OAuthException(
        OAuthErrorCode.REDIRECT_URI_REFUSED,
        `The app’s redirect URI is no longer allowed (it ${refused}), so nothing was sent to the app. Its maker has to register a redirect URI this service accepts.`,
      );
    }
  }

  private touch(row: TokenRow): void {
    if (row.lastUsedAt && Date.now() - row.lastUsedAt.getTime() <= LAST_USED_RESOLUTION_MS) return;
    this.lastUsed.mark(row.grantId);
  }
}

/** RFC 8707: a token request may only name this server's MCP endpoint. */
function checkResource(resource: URL | undefined, expected: string): void {
  if (resource && resource.href.replace(/#.*$/, '').replace(/\/$/, '') !== expected) {
    throw new InvalidTargetError(`This server issues tokens only for ${expected}`);
  }
}

function redirectWith(authorization: OAuthAuthorization, parameters: Record<string, string>): string {
  const url = new URL(authorization.redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  if (authorization.state !== null) url.searchParams.set('state', authorization.state);
  return url.href;
}
