import { stat } from 'node:fs/promises';
import { Module } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { openListingFile, readListingFile } from '../modules/jobs/import/listing-file';
import { ImportCounts, ListingImportService } from '../modules/jobs/import/listing-import.service';
import { JobsModule } from '../modules/jobs/jobs.module';
import { PhraseCountsRepository } from '../modules/jobs/search/phrase-counts.repository';
import { fail, printResult } from './cli-output';
import { Progress, ProgressCommand, ProgressOptions } from './progress';

@Command({
  name: 'jobs:import',
  arguments: '<file>',
  description: 'Import job listings from a JSON array or NDJSON file (`-` reads stdin), in our shape or JSearch raw shape',
})
export class JobsImportCommand extends ProgressCommand {
  constructor(private readonly importer: ListingImportService) {
    super();
  }

  async run([file]: string[], options: ProgressOptions): Promise<void> {
    const input = openListingFile(file);
    // The share read of the file: records are counted only once their batch is stored, bytes as they are read.
    const totalBytes = file === '-' ? null : (await stat(file)).size;
    let bytesRead = 0;
    input.on('data', (chunk: Buffer | string) => (bytesRead += chunk.length));
    let counts: ImportCounts = { imported: 0, updated: 0, rejected: 0 };
    const progress = new Progress(
      () => ({
        share: totalBytes ? bytesRead / totalBytes : null,
        text: `${counts.imported + counts.updated + counts.rejected} records (${counts.imported} new, ${counts.updated} updated, ${counts.rejected} rejected)`,
      }),
      options.progressEvery,
    );
    counts = await this.importer.importRecords(readListingFile(input), {
      rejected: (position, reason) => {
        progress.clear();
        process.stderr.write(`rejected ${position}: ${reason}\n`);
      },
      progress: (current) => {
        counts = current;
        progress.tick();
      },
    });
    progress.clear();
    printResult(counts);
    // A file none of whose records could be stored is a failed import, for a script as for a person.
    if (counts.rejected > 0 && counts.imported + counts.updated === 0) {
      process.stderr.write(`every record was rejected (${counts.rejected})\n`);
      process.exitCode = 1;
    }
  }
}

interface CountPhrasesOptions {
  minListings: number;
  most: number;
  phrase: string[];
}

/** Phrases the sample finds in this many listings or more are counted: fewer are counted fast enough by reading each (bench/RESULTS-search.md). */
const PHRASE_MIN_LISTINGS = 1_000;
/** The most runs of words the sample chooses: each costs every changed listing a little (docs/operations.md). */
const PHRASE_MOST = 100_000;

@Command({
  name: 'jobs:count-phrases',
  description:
    'Choose the phrases of three to five words whose listings are counted (so that a quoted phrase has its exact total at once), and count them; writes to the listings wait until it ends',
})
export class JobsCountPhrasesCommand extends CommandRunner {
  constructor(private readonly phrases: PhraseCountsRepository) {
    super();
  }

  async run(_args: string[], options: Partial<CountPhrasesOptions>): Promise<void> {
    const named: string[] = [];
    for (const phrase of options.phrase ?? []) {
      const run = await this.phrases.runOf(phrase);
      if (run === null) fail(`--phrase "${phrase}" is not three to five words in a row once stop words are left out`);
      named.push(run);
    }
    const started = Date.now();
    const counted = await this.phrases.recount({ minListings: options.minListings ?? PHRASE_MIN_LISTINGS, most: options.most ?? PHRASE_MOST, named });
    printResult({ ...counted, seconds: Math.round((Date.now() - started) / 100) / 10 });
  }

  @Option({ flags: '--min-listings <count>', description: `count the phrases the sample finds in this many listings or more (default ${PHRASE_MIN_LISTINGS})` })
  parseMinListings(value: string): number {
    return positiveCount(value, '--min-listings');
  }

  @Option({ flags: '--most <count>', description: `at most this many of them, the most frequent (default ${PHRASE_MOST})` })
  parseMost(value: string): number {
    return positiveCount(value, '--most');
  }

  @Option({ flags: '--phrase <text>', description: 'a phrase to count besides, as people search for it (repeat for more)' })
  parsePhrase(value: string, previous: string[] = []): string[] {
    return [...previous, value];
  }
}

function positiveCount(value: string, option: string): number {
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : fail(`${option} must be a whole number above 0, got "${value}"`);
}

/** The `jobs:` commands. */
@Module({ imports: [JobsModule], providers: [JobsImportCommand, JobsCountPhrasesCommand] })
export class JobsCommandsModule {}
