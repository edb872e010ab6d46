import type { EntityManager } from 'typeorm';
import type { Owner } from '../../database/owned-repository';
import type { ApiCaller } from './api-caller';

/**
 * Port: the plan an account is on, for the rules that depend on it (API keys and connected apps need Plus). The
 * accounts own the answer (`AccountsModule` provides it); API keys, which the accounts module itself imports, and
 * OAuth ask through this port. `manager` reads it inside the caller's transaction.
 */
export abstract class AccountPlans {
  /** Undefined when the account does not exist. */
  abstract planOf(owner: Owner, manager?: EntityManager): Promise<ApiCaller['plan'] | undefined>;
}
