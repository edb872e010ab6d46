import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { NotFoundError } from '../../common/errors/api-errors';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { AccountsService } from './accounts.service';

/**
 * A person leaving: the account and everything it holds go in one transaction. The foreign keys carry the deletion to
 * every record that names the account (resumes and their items, letters, applications with their timelines and
 * interviews, contacts, keys, OAuth grants with their tokens, sessions, webhooks with their deliveries, events); the
 * idempotency records, which name it without a foreign key, are deleted beside it.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly idempotency: IdempotencyService,
    @InjectEntityManager() private readonly manager: EntityManager,
  ) {}

  async delete(accountId: string): Promise<void> {
    await this.manager.transaction(async (within) => {
      if (!(await this.accounts.remove(accountId, within))) throw new NotFoundError();
      await this.idempotency.forgetAccount(accountId, within);
    });
    this.accounts.forgetKeys(accountId);
  }
}
