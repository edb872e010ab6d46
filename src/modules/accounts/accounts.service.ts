import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CareerProfile } from '../profile/entities/career-profile.entity';
import { Resume } from '../resumes/entities/resume.entity';
import { Account, Feature, Plan } from './entities/account.entity';

export class AccountRuleError extends Error {}

const UNIQUE_VIOLATION = '23505';

export const BASE_RESUME_NAME = 'Base resume';

@Injectable()
export class AccountsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** An account starts with its career profile and an empty base resume, its default. */
  async create(input: { email: string; name?: string; plan?: Plan; features?: Feature[] }): Promise<Account> {
    return this.dataSource
      .transaction(async (manager) => {
        const account = await manager.save(
          manager.create(Account, { email: input.email, name: input.name ?? null, plan: input.plan ?? 'free', features: input.features ?? [] }),
        );
        await manager.insert(CareerProfile, { accountId: account.id, email: account.email, fullName: account.name });
        await manager.insert(Resume, { accountId: account.id, name: BASE_RESUME_NAME, isDefault: true });
        return account;
      })
      .catch((error: { code?: string }) => {
        if (error.code === UNIQUE_VIOLATION) throw new AccountRuleError(`An account with email ${input.email} already exists`);
        throw error;
      });
  }

  async update(id: string, changes: { plan?: Plan; features?: Feature[] }): Promise<Account> {
    const repository = this.dataSource.getRepository(Account);
    const account = await repository.findOneBy({ id });
    if (!account) throw new AccountRuleError(`No account with id ${id}`);
    // An option left out keeps its value: an undefined one would also blank the account this command prints.
    if (changes.plan !== undefined) account.plan = changes.plan;
    if (changes.features !== undefined) account.features = changes.features;
    return repository.save(account);
  }
}
