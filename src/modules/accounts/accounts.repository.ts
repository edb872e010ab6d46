import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/sql-repository';
import type { Plan } from './account-plans';
import { Account } from './entities/account.entity';

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

  /** Deletes the account's browser sessions (their next request is signed out); answers how many there were. */
  async endSessions(id: string): Promise<number> {
    const [, ended]: [unknown, number] = await this.manager.query('DELETE FROM sessions WHERE account_id = $1', [id]);
    return ended;
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
