import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountPlans } from '../../common/auth/account-plans';
import { accountIdOf, Owner } from '../../database/owned-repository';
import { ApiKeyCache } from '../api-keys/api-key-cache';
import { ProfileService } from '../profile/profile.service';
import { ResumesService } from '../resumes/resumes.service';
import { AccountHoldings, AccountsRepository } from './accounts.repository';
import { Account } from './entities/account.entity';
import type { Feature, Plan } from './account-plans';
import { hashPassword, passwordProblem, verifyPassword } from './password';

export class AccountRuleError extends Error {}

/** What a new password ended: sessions always; keys and connected apps unless they were kept (`accessKept`). */
export interface PasswordChange {
  id: string;
  sessionsEnded: number;
  keysRevoked: number;
  appsDisconnected: number;
  accessKept: boolean;
}

const UNIQUE_VIOLATION = '23505';

export const BASE_RESUME_NAME = 'Base resume';

/** Accounts are made and changed by the CLI, so these methods take the account's own id, not a caller. */
@Injectable()
export class AccountsService implements AccountPlans {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly profiles: ProfileService,
    private readonly resumes: ResumesService,
    private readonly apiKeys: ApiKeyCache,
  ) {}

  /** The account's plan (the AccountPlans port); in `manager`'s transaction when given. */
  planOf(owner: Owner, manager?: EntityManager): Promise<Plan | undefined> {
    return (manager ? this.accounts.withManager(manager) : this.accounts).planOf(accountIdOf(owner));
  }

  /** An account starts with its career profile and an empty base resume, its default; a password lets its person sign in. */
  async create(input: { email: string; name?: string; plan?: Plan; features?: Feature[]; password?: string }): Promise<Account> {
    const passwordHash = input.password === undefined ? null : await this.newPasswordHash(input.password);
    return this.accounts
      .transaction(async (accounts, manager) => {
        const account = await accounts.insert({
          email: input.email,
          name: input.name ?? null,
          plan: input.plan ?? 'free',
          features: input.features ?? [],
          passwordHash,
        });
        await this.profiles.createFor(account, manager);
        await this.resumes.createFirst(account.id, BASE_RESUME_NAME, manager);
        return account;
      })
      .catch((error: { code?: string }) => {
        if (error.code === UNIQUE_VIOLATION) throw new AccountRuleError(`An account with email ${input.email} already exists`);
        throw error;
      });
  }

  /** The email as the accounts' emails are compared with it: what limits per account are keyed by. */
  emailKey(email: string): Promise<string> {
    return this.accounts.emailKey(email);
  }

  /** The account of this email, for a command line that has an email and needs the id. */
  async byEmail(email: string): Promise<Account> {
    const account = await this.accounts.byEmail(email);
    if (!account) throw new AccountRuleError(`No account with email ${email}`);
    return account;
  }

  async update(id: string, changes: { plan?: Plan; features?: Feature[] }): Promise<Account> {
    const account = await this.accounts.byId(id);
    if (!account) throw new AccountRuleError(`No account with id ${id}`);
    // An option left out keeps its value: an undefined one would also blank the account this command prints.
    if (changes.plan !== undefined) account.plan = changes.plan;
    if (changes.features !== undefined) account.features = changes.features;
    const saved = await this.accounts.save(account);
    // Other processes hear of it from the database; this one's next request must already see the new plan.
    this.apiKeys.forget(id);
    return saved;
  }

  /**
   * Sets the account's password and ends its browser sessions, so a password changed after a leak shuts the door at
   * once; with `endAccess`, its API keys and connected apps end too (whoever had the password may have made them).
   * Answers what ended. `keptSessionId`: the session of the person changing it, who stays signed in.
   */
  async setPassword(id: string, password: string, { endAccess, keptSessionId }: { endAccess: boolean; keptSessionId?: string }): Promise<PasswordChange> {
    const passwordHash = await this.newPasswordHash(password);
    const changed = await this.accounts.transaction(async (accounts) => {
      if (!(await accounts.setPasswordHash(id, passwordHash))) throw new AccountRuleError(`No account with id ${id}`);
      const sessionsEnded = await accounts.endSessions(id, keptSessionId);
      const access = endAccess ? await accounts.revokeAccess(id) : { keysRevoked: 0, appsDisconnected: 0 };
      return { id, sessionsEnded, ...access, accessKept: !endAccess };
    });
    // This process's kept keys go at once; other processes hear of it from the database.
    if (endAccess) this.apiKeys.forget(id);
    return changed;
  }

  /** Whether `password` is the account's (false without an account or a password); as slow as a sign-in's check. */
  async passwordMatches(id: string, password: string): Promise<boolean> {
    return verifyPassword(await this.accounts.passwordHashOf(id), password);
  }

  /** Why this new password would be refused, or undefined: for a form to say before anything changes. */
  passwordProblem(password: string): string | undefined {
    return passwordProblem(password);
  }

  /** The account by id, or undefined. */
  async find(id: string): Promise<Account | undefined> {
    return (await this.accounts.byId(id)) ?? undefined;
  }

  /** What the account's deletion would take with it. */
  holdings(id: string): Promise<AccountHoldings> {
    return this.accounts.holdings(id);
  }

  /**
   * Deletes the account and, through the foreign keys, everything it holds, inside the transaction of `within` (whose
   * owner deletes the records that name the account without a foreign key). False when there was no such account.
   */
  async remove(id: string, within: EntityManager): Promise<boolean> {
    return this.accounts.withManager(within).remove(id);
  }

  /** After a deletion commits: this process forgets the account's keys at once (others hear of it from the database). */
  forgetKeys(id: string): void {
    this.apiKeys.forget(id);
  }

  /**
   * The account whose email and password these are, or undefined: an unknown email, an account without a password and
   * a wrong password take the same time and give the same answer.
   */
  async withCredentials(email: string, password: string): Promise<Omit<Account, 'passwordHash'> | undefined> {
    const account = await this.accounts.byEmailWithPasswordHash(email);
    if (!(await verifyPassword(account?.passwordHash, password)) || !account) return undefined;
    const { passwordHash: _hash, ...signedIn } = account;
    return signedIn;
  }

  private newPasswordHash(password: string): Promise<string> {
    const problem = passwordProblem(password);
    if (problem) throw new AccountRuleError(`Password refused: ${problem.toLowerCase()}`);
    return hashPassword(password);
  }
}
