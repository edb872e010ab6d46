import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/sql-repository';
import type { Plan } from './account-plans';
import { Account } from './entities/account.entity';

/** What an account holds that its deletion takes with it: the counts its confirmation page names. */
export interface AccountHoldings {
  resumes: number;
  coverLetters: number;
  applications: number;
  contacts: number;
  apiKeys: number;
  connectedApps: number;
  webhooks: number;
}

/** The accounts themselves: the records every other one belongs to. */
@Injectable()
export class AccountsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  insert(values: Pick<Account, 'email' | 'name' | 'plan' | 'features' | 'passwordHash'>): Promise<Account> {
    return this.manager.save(this.manager.create(Account, values));
  }

  byId(id: string): Promise<Account | null> {
    return this.manager.findOneBy(Account, { id });
  }

  save(account: Account): Promise<Account> {
    return this.manager.save(account);
  }

  /** False when there is no such account. */
  async setPasswordHash(id: string, passwordHash: string): Promise<boolean> {
    const { affected } = await this.manager.update(Account, { id }, { passwordHash });
    return Boolean(affected);
  }

  /** Deletes the account's browser sessions but `keptSessionId` (their next request is signed out); answers how many there were. */
  async endSessions(id: string, keptSessionId: string | null = null): Promise<number> {
    const [, ended]: [unknown, number] = await this.manager.query('DELETE FROM sessions WHERE account_id = $1 AND id IS DISTINCT FROM $2', [id, keptSessionId]);
    return ended;
  }

  /** The account's password hash, which no other read by id selects; undefined without such an account. */
  async passwordHashOf(id: string): Promise<string | null | undefined> {
    const rows: { password_hash: string | null }[] = await this.manager.query('SELECT password_hash FROM accounts WHERE id = $1', [id]);
    return rows[0]?.password_hash;
  }

  /**
   * What deleting the account would take with it, counted in one statement for the page that asks to confirm. It reads
   * other features' tables, which only these counts do: each is a count of rows the account's deletion cascades to.
   */
  async holdings(id: string): Promise<AccountHoldings> {
    const [counts]: AccountHoldings[] = await this.manager.query(
      `SELECT (SELECT count(*) FROM resumes WHERE account_id = $1)::int AS resumes,
              (SELECT count(*) FROM cover_letters WHERE account_id = $1)::int AS "coverLetters",
              (SELECT coalesce(sum(count), 0) FROM application_counts WHERE account_id = $1)::int AS applications,
              (SELECT count(*) FROM contacts WHERE account_id = $1)::int AS contacts,
              (SELECT count(*) FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()))::int AS "apiKeys",
              (SELECT count(*) FROM oauth_grants WHERE account_id = $1 AND revoked_at IS NULL)::int AS "connectedApps",
              (SELECT count(*) FROM webhook_endpoints WHERE account_id = $1)::int AS webhooks`,
      [id],
    );
    return counts;
  }

  /**
   * Deletes the account; the foreign keys take every record that names it (and theirs: timelines, interviews, section
   * items, OAuth tokens, webhook deliveries) in the same statement. Idempotency records name the account without a
   * foreign key (a claim must not wait on the account's row), so they go here too. False when there was no account.
   */
  async remove(id: string): Promise<boolean> {
    const [, deleted]: [unknown, number] = await this.manager.query('DELETE FROM accounts WHERE id = $1', [id]);
    return deleted > 0;
  }

  /**
   * Revokes the account's live API keys and connected apps (OAuth grants, whose tokens go with them): what a password
   * change after a leak must end too. Answers how many of each.
   */
  async revokeAccess(id: string): Promise<{ keysRevoked: number; appsDisconnected: number }> {
    const [, keysRevoked]: [unknown, number] = await this.manager.query('UPDATE api_keys SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL', [
      id,
    ]);
    const [, appsDisconnected]: [unknown, number] = await this.manager.query(
      'UPDATE oauth_grants SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL',
      [id],
    );
    return { keysRevoked, appsDisconnected };
  }

  /** The account's plan; undefined when it does not exist. */
  async planOf(id: string): Promise<Plan | undefined> {
    const [account]: { plan: Plan }[] = await this.manager.query('SELECT plan FROM accounts WHERE id = $1', [id]);
    return account?.plan;
  }

  /** The form in which PostgreSQL compares this email with the accounts' (citext compares lower cases, in the database's collation). */
  async emailKey(email: string): Promise<string> {
    const [{ key }]: { key: string }[] = await this.manager.query('SELECT lower($1) AS key', [email]);
    return key;
  }

  /** The account of this email (matched as sign-in matches it), or null. */
  byEmail(email: string): Promise<Account | null> {
    return this.manager.findOne(Account, { where: { email } });
  }

  /** The account of this email with its password hash, which no other read selects. */
  byEmailWithPasswordHash(email: string): Promise<Account | null> {
    return this.manager.createQueryBuilder(Account, 'account').addSelect('account.passwordHash').where('account.email = :email', { email }).getOne();
  }
}
