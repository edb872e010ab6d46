import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/sql-repository';

@Injectable()
export class CalendarFeedsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** Makes the account's feed with this token hash unless it has one; answers when the new one was made, or null. */
  async createUnlessExists(accountId: string, tokenHash: Buffer): Promise<Date | null> {
    const rows: { createdAt: Date }[] = await this.manager.query(
      'INSERT INTO calendar_feeds (account_id, token_hash) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING RETURNING created_at AS "createdAt"',
      [accountId, tokenHash],
    );
    return rows[0]?.createdAt ?? null;
  }

  /** When the account's present token was made; it has a feed (createUnlessExists found it). */
  async createdAt(accountId: string): Promise<Date> {
    const [row]: { createdAt: Date }[] = await this.manager.query('SELECT created_at AS "createdAt" FROM calendar_feeds WHERE account_id = $1', [accountId]);
    return row.createdAt;
  }

  /** Gives the account's feed this token hash (making the feed if it has none): the old token stops matching at the commit. */
  async replaceToken(accountId: string, tokenHash: Buffer): Promise<Date> {
    const [row]: { createdAt: Date }[] = await this.manager.query(
      `INSERT INTO calendar_feeds (account_id, token_hash) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now() RETURNING created_at AS "createdAt"`,
      [accountId, tokenHash],
    );
    return row.createdAt;
  }

  /** The account whose feed has this token hash, if any. */
  async accountOf(tokenHash: Buffer): Promise<string | undefined> {
    const [row] = await this.statement<{ accountId: string }>('SELECT account_id AS "accountId" FROM calendar_feeds WHERE token_hash = $1', [tokenHash]);
    return row?.accountId;
  }
}
