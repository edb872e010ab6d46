import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/owned-repository';
import { Account } from './entities/account.entity';

/** The accounts themselves: the records every other one belongs to. */
@Injectable()
export class AccountsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  insert(values: Pick<Account, 'email' | 'name' | 'plan' | 'features'>): Promise<Account> {
    return this.manager.save(this.manager.create(Account, values));
  }

  byId(id: string): Promise<Account | null> {
    return this.manager.findOneBy(Account, { id });
  }

  save(account: Account): Promise<Account> {
    return this.manager.save(account);
  }
}
