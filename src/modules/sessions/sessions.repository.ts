import { Injectable } from '@nestjs/common';
import { OwnedRepositoryFor, Owner, accountIdOf } from '../../database/owned-repository';
import type { SignedInAccount } from './signed-in-account';
import { Session } from './entities/session.entity';

interface SessionRow {
  id: string;
  account_id: string;
  last_seen_at: Date;
  email: string;
  name: string | null;
  plan: SignedInAccount['plan'];
  features: SignedInAccount['features'];
}

@Injectable()
export class SessionsRepository extends OwnedRepositoryFor<Session, Pick<Session, 'id' | 'createdAt' | 'lastSeenAt' | 'expiresAt'>>(
  Session,
  ({ id, createdAt, lastSeenAt, expiresAt }) => ({ id, createdAt, lastSeenAt, expiresAt }),
) {
  /** The hot path of every page: one indexed lookup by hash, joined with the account; expired sessions are not found. */
  async byHash(hash: Buffer): Promise<(SignedInAccount & { lastSeenAt: Date }) | undefined> {
    const rows: SessionRow[] = await this.manager.query(
      `SELECT s.id, s.account_id, s.last_seen_at, a.email, a.name, a.plan, a.features
         FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hash],
    );
    const row = rows[0];
    return (
      row && {
        accountId: row.account_id,
        sessionId: row.id,
        email: row.email,
        name: row.name,
        plan: row.plan,
        features: row.features,
        lastSeenAt: row.last_seen_at,
      }
    );
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
