import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CareerProfile } from '../profile/entities/career-profile.entity';
import { Resume } from '../resumes/entities/resume.entity';
import { Account, Feature, Plan } from './entities/account.entity';
import { hashPassword, passwordProblem, verifyPassword } from './password';

export class AccountRuleError extends Error {}

const UNIQUE_VIOLATION = '23505';

export const BASE_RESUME_NAME = 'Base resume';

@Injectable()
export class AccountsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** An account starts with its career profile and an empty base resume, its default; a password lets its person sign in. */
  async create(input: { email: string; name?: string; plan?: Plan; features?: Feature[]; password?: string }): Promise<Account> {
    const passwordHash = input.password === undefined ? null : await this.newPasswordHash(input.password);
    return this.dataSource
      .transaction(async (manager) => {
        const account = await manager.save(
          manager.create(Account, { email: input.email, name: input.name ?? null, plan: input.plan ?? 'free', features: input.features ?? [], passwordHash }),
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

  /** Sets the account's password and ends its browser sessions, so a password changed after a leak shuts the door at once. */
  async setPassword(id: string, password: string): Promise<{ id: string; sessionsEnded: number }> {
    const passwordHash = await this.newPasswordHash(password);
    return this.dataSource.transaction(async (manager) => {
      const { affected } = await manager.update(Account, { id }, { passwordHash });
      if (!affected) throw new AccountRuleError(`No account with id ${id}`);
      const [, ended]: [unknown, number] = await manager.query('DELETE FROM sessions WHERE account_id = $1', [id]);
      return { id, sessionsEnded: ended };
    });
  }

  /**
   * The account whose email and password these are, or undefined: an unknown email, an account without a password and
   * a wrong password take the same time and give the same answer.
   */
  async withCredentials(email: string, password: string): Promise<Omit<Account, 'passwordHash'> | undefined> {
    const account = await this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .addSelect('account.passwordHash')
      .where('account.email = :email', { email })
      .getOne();
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
