import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Module } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { ApiError } from '../common/errors/api-errors';
import { ApplicationCsvService } from '../modules/tracker/csv/application-csv.service';
import { ApplicationCsvModule } from '../modules/tracker/csv/application-csv.module';
import { fail, parseId, printResult } from './cli-output';

abstract class TrackerCsvCommand extends CommandRunner {
  protected abstract readonly csv: ApplicationCsvService;

  @Option({ flags: '--account <accountId>', description: 'the account whose applications these are', required: true })
  parseAccount(value: string): string {
    return parseId(value, '--account');
  }

  protected async requireAccount(accountId: string): Promise<void> {
    if (!(await this.csv.accountExists(accountId))) fail(`No account with id ${accountId}`);
  }
}

@Command({
  name: 'tracker:export',
  description: "Write an account's applications as CSV on stdout, as GET /v1/tracker/applications/export.csv answers them",
})
export class TrackerExportCommand extends TrackerCsvCommand {
  constructor(protected readonly csv: ApplicationCsvService) {
    super();
  }

  async run(_args: string[], { account }: { account: string }): Promise<void> {
    await this.requireAccount(account);
    await pipeline(this.csv.exportCsv(account), process.stdout, { end: false });
  }
}

@Command({
  name: 'tracker:import',
  arguments: '<file>',
  description:
    'Import applications into an account from a CSV file (`-` reads stdin) with the columns of tracker:export, as POST /v1/tracker/applications/import',
})
export class TrackerImportCommand extends TrackerCsvCommand {
  constructor(protected readonly csv: ApplicationCsvService) {
    super();
  }

  async run([file]: string[], { account }: { account: string }): Promise<void> {
    await this.requireAccount(account);
    const text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
    const result = await this.csv.importCsv(account, text).catch((error: unknown) => {
      // The file is refused whole: the route's 400, as one line.
      if (error instanceof ApiError) fail(describeRefusal(error.getResponse() as { error: string; details?: Record<string, string[]> }));
      throw error;
    });
    for (const { row, errors } of result.rejected) process.stderr.write(`rejected row ${row}: ${describeDetails(errors)}\n`);
    printResult(result);
    // A file none of whose rows could be stored is a failed import, for a script as for a person (as jobs:import).
    if (result.rejected.length > 0 && result.imported + result.existing === 0) process.exitCode = 1;
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function describeRefusal({ error, details }: { error: string; details?: Record<string, string[]> }): string {
  return details ? `${error}: ${describeDetails(details)}` : error;
}

function describeDetails(details: Record<string, string[]>): string {
  return Object.entries(details)
    .map(([field, messages]) => `${field} ${messages.join('; ')}`)
    .join('; ');
}

/** The `tracker:` commands. */
@Module({ imports: [ApplicationCsvModule], providers: [TrackerExportCommand, TrackerImportCommand] })
export class TrackerCommandsModule {}
