import { Module } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { AccountsService } from '../modules/accounts/accounts.service';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { Account } from '../modules/accounts/entities/account.entity';
import { fail, parseId, parseList, printResult, readPasswordFromStdin } from './cli-output';
import { Feature, FEATURES, Plan, PLANS } from '../modules/accounts/account-plans';

interface AccountOptions {
  email?: string;
  name?: string;
  plan?: Plan;
  features?: Feature[];
  passwordStdin?: boolean;
}

function parsePlan(value: string): Plan {
  return (PLANS as readonly string[]).includes(value) ? (value as Plan) : fail(`--plan must be one of: ${PLANS.join(', ')}`);
}

function parseFeatures(value: string): Feature[] {
  const features = parseList(value);
  const unknown = features.filter((feature) => !(FEATURES as readonly string[]).includes(feature));
  return unknown.length === 0 ? (features as Feature[]) : fail(`Unknown features: ${unknown.join(', ')} (known: ${FEATURES.join(', ')})`);
}

function accountView(account: Account) {
  return { id: account.id, email: account.email, name: account.name, plan: account.plan, features: account.features, createdAt: account.createdAt };
}

abstract class AccountCommand extends CommandRunner {
  @Option({ flags: '--plan <plan>', description: `free or plus` })
  parsePlan(value: string): Plan {
    return parsePlan(value);
  }

  @Option({ flags: '--features <list>', description: `comma-separated: ${FEATURES.join(', ')}` })
  parseFeatures(value: string): Feature[] {
    return parseFeatures(value);
  }
}

@Command({ name: 'account:create', description: 'Create an account with its career profile and base resume' })
export class AccountCreateCommand extends AccountCommand {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async run(_args: string[], { passwordStdin, ...options }: AccountOptions): Promise<void> {
    if (!options.email) fail('--email is required');
    const password = passwordStdin ? await readPasswordFromStdin() : undefined;
    printResult(accountView(await this.accounts.create({ ...options, email: options.email, password })));
  }

  @Option({ flags: '--password-stdin', description: 'read a password from standard input, so the person can sign in (never pass it as an argument)' })
  parsePasswordStdin(): boolean {
    return true;
  }

  @Option({ flags: '--email <email>', description: 'unique email of the account', required: true })
  parseEmail(value: string): string {
    return /^[^@\s]+@[^@\s]+$/.test(value) ? value : fail('--email must be an email address');
  }

  @Option({ flags: '--name <name>', description: 'display name' })
  parseName(value: string): string {
    return value;
  }
}

@Command({ name: 'account:get', description: 'Show the account of an email, with the id the other commands take' })
export class AccountGetCommand extends CommandRunner {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async run(_args: string[], { email }: { email?: string }): Promise<void> {
    if (!email) fail('--email is required');
    printResult(accountView(await this.accounts.byEmail(email)));
  }

  @Option({ flags: '--email <email>', description: 'the email of the account', required: true })
  parseEmail(value: string): string {
    return value;
  }
}

@Command({ name: 'account:update', arguments: '<accountId>', description: "Change an account's plan or features" })
export class AccountUpdateCommand extends AccountCommand {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async run([accountId]: string[], options: AccountOptions): Promise<void> {
    printResult(accountView(await this.accounts.update(parseId(accountId, '<accountId>'), { plan: options.plan, features: options.features })));
  }
}

@Command({
  name: 'account:set-password',
  arguments: '<accountId>',
  description: "Set an account's password from standard input; ends the account's browser sessions, API keys and connected apps (unless --keep-access)",
})
export class AccountSetPasswordCommand extends CommandRunner {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async run([accountId]: string[], options: { passwordStdin?: boolean; keepAccess?: boolean }): Promise<void> {
    const id = parseId(accountId, '<accountId>');
    if (!options.passwordStdin) fail('--password-stdin is required: a password on the command line would stay in the shell history');
    printResult(await this.accounts.setPassword(id, await readPasswordFromStdin(), { endAccess: !options.keepAccess }));
  }

  @Option({ flags: '--keep-access', description: "keep the account's API keys and connected apps (by default they end with the old password)" })
  parseKeepAccess(): boolean {
    return true;
  }

  @Option({ flags: '--password-stdin', description: 'read the password from standard input' })
  parsePasswordStdin(): boolean {
    return true;
  }
}

/** The `account:` commands. */
@Module({ imports: [AccountsModule], providers: [AccountCreateCommand, AccountGetCommand, AccountUpdateCommand, AccountSetPasswordCommand] })
export class AccountCommandsModule {}
