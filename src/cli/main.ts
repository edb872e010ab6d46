import '../common/compile-cache';
// Loaded before the config, whose validation declares decorators that read metadata.
import 'reflect-metadata';
import { loadConfig } from '../config/configuration';
import { prepareDatabase } from '../database/prepare-database';
import { CliModule } from './cli.module';
import { runCommands } from './run-commands';

async function main(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config.database.url);
  await runCommands(await CliModule.forCommand(config, process.argv.slice(2)));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
