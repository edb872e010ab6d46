import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { SCOPES, Scope } from '@src/common/auth/scopes';
import { AccountsService } from '@src/modules/accounts/accounts.service';
import type { Feature, Plan } from '@src/modules/accounts/account-plans';
import { ApiKeysService } from '@src/modules/api-keys/api-keys.service';
import { ApiClient } from './api-client';

export interface TestAccount {
  accountId: string;
  email: string;
  keyId: string;
  key: string;
  api: ApiClient;
}

export interface AccountOptions {
  plan?: Plan;
  features?: Feature[];
  scopes?: readonly Scope[];
  expiresInDays?: number;
  /** Lets a person sign in to the pages with the account's email. */
  password?: string;
}

/**
 * An account with an API key in one line, through the same services the CLI uses (accounts have no HTTP routes). Keys need Plus, so a free
 * account is made on Plus and moved to free after its key exists (as a user who downgrades would be).
 */
export async function createAccount(app: INestApplication, baseUrl: string, options: AccountOptions = {}): Promise<TestAccount> {
  const accounts = app.get(AccountsService);
  const account = await accounts.create({ email: `${randomUUID()}@test.example`, plan: 'plus', features: options.features, password: options.password });
  const created = await app.get(ApiKeysService).create({
    accountId: account.id,
    name: 'test key',
    scopes: [...(options.scopes ?? SCOPES)],
    expiresInDays: options.expiresInDays,
  });
  if (options.plan === 'free') await accounts.update(account.id, { plan: 'free' });
  return { accountId: account.id, email: account.email, keyId: created.id, key: created.key, api: new ApiClient(baseUrl, created.key) };
}

export interface TestPerson {
  accountId: string;
  email: string;
  password: string;
}

/** An account with a password and no API key yet, for the pages: a person who signs in to the settings. */
export async function createPerson(
  app: INestApplication,
  options: { plan?: Plan; features?: Feature[]; name?: string; email?: string } = {},
): Promise<TestPerson> {
  const password = `passphrase ${randomUUID()}`;
  const account = await app.get(AccountsService).create({
    email: options.email ?? `${randomUUID()}@test.example`,
    plan: options.plan ?? 'plus',
    features: options.features,
    name: options.name,
    password,
  });
  return { accountId: account.id, email: account.email, password };
}
