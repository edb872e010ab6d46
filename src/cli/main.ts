import { CommandFactory } from 'nest-commander';
import { loadConfig } from '../config/configuration';
import { prepareDatabase } from '../database/prepare-database';
import { CliModule } from './cli.module';

async function main(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config.database.url);
  await CommandFactory.run(CliModule.forRoot(config), {
    logger: false,
    errorHandler: (error) => {
      // commander reports its own usage errors (and --help) through here with an exit code.
      const exitCode = (error as { exitCode?: number }).exitCode ?? 1;
      if (exitCode !== 0 && !(error as { code?: string }).code?.startsWith('commander.')) console.error(error.message);
      process.exit(exitCode);
    },
    serviceErrorHandler: (error) => {
      console.error(error.message);
      process.exit(1);
    },
  });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
