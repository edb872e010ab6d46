import { Injectable } from '@nestjs/common';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ApiCaller } from '../../common/auth/api-caller';
import type { Scope } from '../../common/auth/scopes';
import { accountIdOf, Owner, OwnedRepositoryFor, ownedView } from '../../database/owned-repository';
import { OAuthAuthorization } from './entities/oauth-authorization.entity';
import { OAuthClient } from './entities/oauth-client.entity';
import { OAuthGrant } from './entities/oauth-grant.entity';
import { OAuthToken } from './entities/oauth-token.entity';
import { OAUTH_LIFETIMES } from './oauth-lifetimes';

/** An app as `/settings/connected-apps` lists it. */
export interface ConnectedApp {
  grantId: string;
  clientName: string | null;
  redirectUris: string[];
  scopes: Scope[];
  approvedAt: Date;
  lastUsedAt: Date | null;
}

/** A code looked up for its exchange, with what the exchange checks. */
export interface CodeRow {
  id: string;
  clientId: string;
  redirectUri: string;
  resource: string;
  grantId: string;
  codeExpiresAt: Date;
  usedAt: Date | null;
  scopes: Scope[];
  grantRevokedAt: Date | null;
  plan: ApiCaller['plan'];
}

/** A token looked up by its hash, with its grant and what the caller needs of the account. */
export interface TokenRow {
  id: string;
  kind: 'access' | 'refresh';
  scopes: Scope[];
  resource: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  grantId: string;
  authorizationId: string | null;
  clientId: string;
  accountId: string;
  grantScopes: Scope[];
  grantRevokedAt: Date | null;
  lastUsedAt: Date | null;
  plan: ApiCaller['plan'];
  features: string[];
}

const TOKEN_SELECT = `SELECT t.id, t.kind, t.scopes, t.resource, t.expires_at AS "expiresAt", t.used_at AS "usedAt", t.revoked_at AS "revokedAt",
       t.authorization_id AS "authorizationId", g.id AS "grantId", g.client_id AS "clientId", g.account_id AS "accountId",
       g.scopes AS "grantScopes", g.revoked_at AS "grantRevokedAt", g.last_used_at AS "lastUsedAt", a.plan, a.features
  FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN accounts a ON a.id = g.account_id
 WHERE t.token_hash = $1`;

/** The SQL of OAuth: clients, authorizations, grants (owned by an account) and the tokens issued under them. */
@Injectable()
export class OAuthRepository extends OwnedRepositoryFor<OAuthGrant, Omit<OAuthGrant, 'accountId' | 'account'>>(OAuthGrant, ownedView) {
  async saveClient(client: OAuthClientInformationFull): Promise<void> {
    await this.manager.insert(OAuthClient, {
      id: client.client_id,
      clientName: client.client_name ?? null,
      redirectUris: client.redirect_uris,
      metadata: client,
    });
  }

  async client(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    return (await this.manager.findOne(OAuthClient, { select: { metadata: true }, where: { id: clientId } }))?.metadata;
  }

  async clientName(clientId: string): Promise<string | null> {
    return (await this.manager.findOne(OAuthClient, { select: { clientName: true }, where: { id: clientId } }))?.clientName ?? null;
  }

  async startAuthorization(
    values: Omit<OAuthAuthorization, 'id' | 'createdAt' | 'expiresAt' | 'grantId' | 'codeHash' | 'codeExpiresAt' | 'usedAt'>,
  ): Promise<string> {
    const expiresAt = new Date(Date.now() + OAUTH_LIFETIMES.authorizationRequest * 1000);
    const result = await this.manager.insert(OAuthAuthorization, { ...values, expiresAt });
    return (result.identifiers[0] as { id: string }).id;
  }

  /**
   * Deletes what no request can use any more, and answers how many rows went: requests never answered past their
   * expiry, codes a day past theirs (used or not: a replay then is an unknown code), tokens a day past theirs, and
   * clients registered a week ago that never got a grant and have no request waiting.
   */
  async purge(): Promise<number> {
    const counts = await Promise.all([
      this.manager.query(`DELETE FROM oauth_authorizations WHERE (code_hash IS NULL AND expires_at < now()) OR code_expires_at < now() - interval '1 day'`),
      this.manager.query(`DELETE FROM oauth_tokens WHERE expires_at < now() - interval '1 day'`),
    ]);
    const [, clients]: [unknown, number] = await this.manager.query(
      `DELETE FROM oauth_clients AS client WHERE client.created_at < now() - interval '7 days'
         AND NOT EXISTS (SELECT 1 FROM oauth_grants AS grant_ WHERE grant_.client_id = client.id)
         AND NOT EXISTS (SELECT 1 FROM oauth_authorizations AS request WHERE request.client_id = client.id)`,
    );
    return counts.reduce((total, [, affected]: [unknown, number]) => total + affected, clients);
  }

  /** A request still waiting for its answer, from the browser that started it; locked when `lock` is set. */
  async pendingAuthorization(id: string, browserHash: Buffer, lock = false): Promise<OAuthAuthorization | null> {
    const query = this.manager
      .createQueryBuilder(OAuthAuthorization, 'authorization')
      .where('authorization.id = :id AND authorization.browserHash = :browserHash', { id, browserHash })
      .andWhere('authorization.grantId IS NULL AND authorization.expiresAt > now()');
    return (lock ? query.setLock('pessimistic_write') : query).getOne();
  }

  /** Ends a request without an answer that can be used (the person denied it). */
  async closeAuthorization(id: string): Promise<void> {
    await this.manager.update(OAuthAuthorization, { id }, { expiresAt: () => 'now()' });
  }

  /** The account's live grant for the client, created or given the scopes just approved. */
  async approveGrant(accountId: string, clientId: string, scopes: Scope[]): Promise<string> {
    const rows: { id: string }[] = await this.manager.query(
      `INSERT INTO oauth_grants (account_id, client_id, scopes) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, client_id) WHERE revoked_at IS NULL
       DO UPDATE SET scopes = EXCLUDED.scopes, approved_at = now()
       RETURNING id`,
      [accountId, clientId, scopes],
    );
    return rows[0].id;
  }

  async issueCode(authorizationId: string, grantId: string, codeHash: Buffer): Promise<void> {
    const codeExpiresAt = new Date(Date.now() + OAUTH_LIFETIMES.code * 1000);
    await this.manager.update(OAuthAuthorization, { id: authorizationId }, { grantId, codeHash, codeExpiresAt });
  }

  async codeForUpdate(codeHash: Buffer): Promise<CodeRow | undefined> {
    const rows: CodeRow[] = await this.manager.query(
      `SELECT z.id, z.client_id AS "clientId", z.redirect_uri AS "redirectUri", z.resource, z.grant_id AS "grantId",
              z.code_expires_at AS "codeExpiresAt", z.used_at AS "usedAt", g.scopes, g.revoked_at AS "grantRevokedAt", a.plan
         FROM oauth_authorizations z JOIN oauth_grants g ON g.id = z.grant_id JOIN accounts a ON a.id = g.account_id
        WHERE z.code_hash = $1
          FOR UPDATE OF z`,
      [codeHash],
    );
    return rows[0];
  }

  /** A code as its exchange first finds it (for its PKCE challenge), whatever its state. */
  async code(codeHash: Buffer): Promise<Pick<OAuthAuthorization, 'clientId' | 'codeChallenge' | 'grantId' | 'codeExpiresAt' | 'usedAt'> | null> {
    return this.manager.findOne(OAuthAuthorization, {
      select: { clientId: true, codeChallenge: true, grantId: true, codeExpiresAt: true, usedAt: true },
      where: { codeHash },
    });
  }

  async markCodeUsed(authorizationId: string): Promise<void> {
    await this.manager.update(OAuthAuthorization, { id: authorizationId }, { usedAt: () => 'now()' });
  }

  async token(tokenHash: Buffer, lock = false): Promise<TokenRow | undefined> {
    const rows: TokenRow[] = await this.manager.query(`${TOKEN_SELECT}${lock ? ' FOR UPDATE OF t' : ''}`, [tokenHash]);
    return rows[0];
  }

  async insertToken(values: Pick<OAuthToken, 'grantId' | 'authorizationId' | 'kind' | 'tokenHash' | 'scopes' | 'resource' | 'expiresAt'>): Promise<void> {
    await this.manager.insert(OAuthToken, values);
  }

  async markTokenUsed(tokenId: string): Promise<void> {
    await this.manager.update(OAuthToken, { id: tokenId }, { usedAt: () => 'now()' });
  }

  async revokeToken(tokenId: string): Promise<void> {
    await this.manager.query('UPDATE oauth_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [tokenId]);
  }

  /** Ends every token descending from one authorization's code, refreshed ones included; the grant and other runs' tokens stay. */
  async revokeTokensFrom(authorizationId: string): Promise<void> {
    await this.manager.query('UPDATE oauth_tokens SET revoked_at = now() WHERE authorization_id = $1 AND revoked_at IS NULL', [authorizationId]);
  }

  /** Ends the grant, and with it every token issued under it (each lookup checks the grant). False when nothing changed. */
  async revokeGrant(grantId: string, owner?: Owner): Promise<boolean> {
    const [, changed] = (await this.manager.query(
      `UPDATE oauth_grants SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL${owner ? ' AND account_id = $2' : ''}`,
      owner ? [grantId, accountIdOf(owner)] : [grantId],
    )) as [unknown, number];
    return changed > 0;
  }

  async markGrantUsed(grantId: string): Promise<void> {
    await this.manager.query('UPDATE oauth_grants SET last_used_at = now() WHERE id = $1', [grantId]);
  }

  async connectedApps(owner: Owner): Promise<ConnectedApp[]> {
    const rows: ConnectedApp[] = await this.manager.query(
      `SELECT g.id AS "grantId", c.client_name AS "clientName", c.redirect_uris AS "redirectUris", g.scopes,
              g.approved_at AS "approvedAt", g.last_used_at AS "lastUsedAt"
         FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id
        WHERE g.account_id = $1 AND g.revoked_at IS NULL
        ORDER BY g.approved_at DESC`,
      [accountIdOf(owner)],
    );
    return rows;
  }
}
