import { Injectable } from '@nestjs/common';
import { OwnedRepositoryFor, Owner, accountIdOf } from '../../database/owned-repository';
import type { SignedInAccount } from './signed-in-account';
import { Session } from './entities/session.entity';

@Injectable()
export class SessionsRepository extends OwnedRepositoryFor<Session, Pick<Session, 'id' | 'createdAt' | 'lastSeenAt' | 'expiresAt'>>(
  Session,
  ({ id, createdAt, lastSeenAt, expiresAt }) => ({ id, createdAt, lastSeenAt, expiresAt }),
) {
  /** The hot path of every page: one indexed lookup by hash, joined with the account; expired sessions are not found. */
  async byHash(hash: Buffer): Promise<(SignedInAccount & { lastSeenAt: Date }) | undefined> {
    const rows: (SignedInAccount & { lastSeenAt: Date })[] = await this.manager.query(
      `SELECT s.account_id AS "accountId", s.id AS "sessionId", a.email, a.name, a.plan, a.features, s.last_seen_at AS "lastSeenAt"
         FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hash],
    );
    return rows[0];
  }

  async markSeen(sessionId: string): Promise<void> {
    await this.manager.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
  }

  /** Expired sessions of the account: nothing reads them again, so they go when the account signs in next. */
  async removeExpired(owner: Owner): Promise<void> {
    await this.manager.query('DELETE FROM sessions WHERE account_id = $1 AND expires_at <= now()', [accountIdOf(owner)]);
  }

  async removeByHash(hash: Buffer): Promise<void> {
    await this.manager.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
  }
}
