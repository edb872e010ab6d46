import { Injectable } from '@nestjs/common';
import { ProfileService } from '../profile/profile.service';
import { ResumesService } from '../resumes/resumes.service';
import { AccountsRepository } from './accounts.repository';
import { Account } from './entities/account.entity';
import type { Feature, Plan } from './account-plans';

export class AccountRuleError extends Error {}

const UNIQUE_VIOLATION = '23505';

export const BASE_RESUME_NAME = 'Base resume';

/** Accounts are made and changed by the CLI, so these methods take the account's own id, not a caller. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly profiles: ProfileService,
    private readonly resumes: ResumesService,
  ) {}

  /** An account starts with its career profile and an empty base resume, its default. */
  async create(input: { email: string; name?: string; plan?: Plan; features?: Feature[] }): Promise<Account> {
    return this.accounts
      .transaction(async (accounts, manager) => {
        const account = await accounts.insert({ email: input.email, name: input.name ?? null, plan: input.plan ?? 'free', features: input.features ?? [] });
        await this.profiles.createFor(account, manager);
        await this.resumes.createFirst(account.id, BASE_RESUME_NAME, manager);
        return account;
      })
      .catch((error: { code?: string }) => {
        if (error.code === UNIQUE_VIOLATION) throw new AccountRuleError(`An account with email ${input.email} already exists`);
        throw error;
      });
  }

  async update(id: string, changes: { plan?: Plan; features?: Feature[] }): Promise<Account> {
    const account = await this.accounts.byId(id);
    if (!account) throw new AccountRuleError(`No account with id ${id}`);
    // An option left out keeps its value: an undefined one would also blank the account this command prints.
    if (changes.plan !== undefined) account.plan = changes.plan;
    if (changes.features !== undefined) account.features = changes.features;
    return this.accounts.save(account);
  }
}
