/**
 * `npm run -s jobs:generate -- --count N [--seed S] [--format ours|jsearch|mixed] [--as-of DATE] [--output FILE]`:
 * realistic synthetic listings as NDJSON, for demos, the tests and the search benchmark. It is data tooling, not
 * part of the service: it runs from source (ts-node) and needs no database; pipe it into `npm run -s cli --
 * jobs:import -`.
 */
import { Module } from '@nestjs/common';
import { runCommands } from '../../src/cli/run-commands';
import { JobsGenerateCommand } from './generate.command';

@Module({ providers: [JobsGenerateCommand] })
class ListingGeneratorModule {}

runCommands(ListingGeneratorModule).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
