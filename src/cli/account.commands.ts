import { Command, CommandRunner, Option } from 'nest-commander';
import { AccountsService } from '../modules/accounts/accounts.service';
import { Account } from '../modules/accounts/entities/account.entity';
import { fail, parseId, parseList, printResult } from './cli-output';
import { Feature, FEATURES, Plan, PLANS } from '../modules/accounts/account-plans';

interface AccountOptions {
  email?: string;
  name?: string;
  plan?: Plan;
  features?: Feature[];
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

  async run(_args: string[], options: AccountOptions): Promise<void> {
    if (!options.email) fail('--email is required');
    printResult(accountView(await this.accounts.create({ ...options, email: options.email })));
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

@Command({ name: 'account:update', arguments: '<accountId>', description: "Change an account's plan or features" })
export class AccountUpdateCommand extends AccountCommand {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async run([accountId]: string[], options: AccountOptions): Promise<void> {
    printResult(accountView(await this.accounts.update(parseId(accountId, '<accountId>'), { plan: options.plan, features: options.features })));
  }
}
