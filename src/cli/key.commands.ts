import { Module } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { isScope, Scope, SCOPES } from '../common/auth/scopes';
import { ApiKeysService } from '../modules/api-keys/api-keys.service';
import { ApiKeysModule } from '../modules/api-keys/api-keys.module';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { fail, parseId, parseList, printResult } from './cli-output';

interface KeyCreateOptions {
  account: string;
  name: string;
  scopes: Scope[];
  expiresInDays?: number;
}

@Command({ name: 'key:create', description: 'Create an API key (printed once); needs the Plus plan and no other active key' })
export class KeyCreateCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeysService) {
    super();
  }

  async run(_args: string[], options: KeyCreateOptions): Promise<void> {
    printResult(await this.apiKeys.create({ accountId: options.account, name: options.name, scopes: options.scopes, expiresInDays: options.expiresInDays }));
  }

  @Option({ flags: '--account <accountId>', required: true })
  parseAccount(value: string): string {
    return parseId(value, '--account');
  }

  @Option({ flags: '--name <name>', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--scopes <list>', description: 'comma-separated scopes, or "all"', required: true })
  parseScopes(value: string): Scope[] {
    if (value.trim() === 'all') return [...SCOPES];
    const scopes = parseList(value);
    const unknown = scopes.filter((scope) => !isScope(scope));
    return unknown.length === 0 ? (scopes as Scope[]) : fail(`Unknown scopes: ${unknown.join(', ')} (known: all, ${SCOPES.join(', ')})`);
  }

  @Option({ flags: '--expires-in-days <days>', description: 'lifetime in days; without it the key never expires' })
  parseExpiresInDays(value: string): number {
    const days = Number(value);
    return Number.isInteger(days) && days > 0 ? days : fail('--expires-in-days must be a positive whole number');
  }
}

@Command({ name: 'key:revoke', arguments: '<keyId>', description: 'Revoke an API key at once' })
export class KeyRevokeCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeysService) {
    super();
  }

  async run([keyId]: string[]): Promise<void> {
    printResult(await this.apiKeys.revoke(parseId(keyId, '<keyId>')));
  }
}

@Command({ name: 'key:list', description: "List an account's keys (never the key itself)" })
export class KeyListCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeysService) {
    super();
  }

  async run(_args: string[], options: { account: string }): Promise<void> {
    printResult({ data: await this.apiKeys.list(options.account) });
  }

  @Option({ flags: '--account <accountId>', required: true })
  parseAccount(value: string): string {
    return parseId(value, '--account');
  }
}

/** The `key:` commands; a key's rules ask the accounts for the plan. */
@Module({ imports: [AccountsModule, ApiKeysModule], providers: [KeyCreateCommand, KeyRevokeCommand, KeyListCommand] })
export class KeyCommandsModule {}
