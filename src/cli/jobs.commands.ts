import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Command, CommandRunner, Option } from 'nest-commander';
import { GeneratedFormat, generateListings } from '../modules/jobs/generator/listing-generator';
import { openListingFile, readListingFile } from '../modules/jobs/import/listing-file';
import { ImportCounts, ListingImportService } from '../modules/jobs/import/listing-import.service';
import { fail, printResult } from './cli-output';
import { DEFAULT_PROGRESS_EVERY_SECONDS, parseProgressEvery, Progress } from './progress';

interface ProgressOptions {
  progressEvery: number;
}

/** Both commands take the same option; a class per command keeps nest-commander's option metadata on each. */
abstract class ProgressCommand extends CommandRunner {
  @Option({
    flags: '--progress-every <seconds>',
    description: `when stderr is not a terminal, a progress line every so many seconds (default ${DEFAULT_PROGRESS_EVERY_SECONDS})`,
    defaultValue: DEFAULT_PROGRESS_EVERY_SECONDS,
  })
  parseProgressEvery(value: string): number {
    return parseProgressEvery(value);
  }
}

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
  }
}

interface GenerateOptions extends ProgressOptions {
  count: number;
  seed: string;
  format: GeneratedFormat;
  asOf?: Date;
  output?: string;
}

@Command({
  name: 'jobs:generate',
  description: 'Print N realistic synthetic listings as NDJSON, the same ones for the same --seed and --as-of',
})
export class JobsGenerateCommand extends ProgressCommand {
  async run(_args: string[], options: GenerateOptions): Promise<void> {
    const out: Writable = options.output ? createWriteStream(options.output) : process.stdout;
    // Without --as-of, dates are relative to the start of today (UTC): stable for a day, and always recent.
    const asOf = options.asOf ?? new Date(new Date().toISOString().slice(0, 10));
    let generated = 0;
    const progress = new Progress(() => ({ share: generated / options.count, text: `${generated} of ${options.count} listings` }), options.progressEvery);
    for (const listing of generateListings(options.count, { seed: options.seed, asOf, format: options.format })) {
      if (!out.write(`${JSON.stringify(listing)}\n`)) await once(out, 'drain');
      generated++;
      progress.tick();
    }
    progress.clear();
    if (options.output) {
      out.end();
      await once(out, 'finish');
      printResult({ generated: options.count, file: options.output });
    }
  }

  @Option({ flags: '--count <n>', description: 'how many listings', required: true })
  parseCount(value: string): number {
    const count = Number(value);
    return Number.isInteger(count) && count > 0 ? count : fail('--count must be a positive whole number');
  }

  @Option({ flags: '--seed <seed>', description: 'any text; the same seed gives the same listings', defaultValue: '1' })
  parseSeed(value: string): string {
    return value;
  }

  @Option({ flags: '--format <format>', description: 'ours (default), jsearch, or mixed (one in four in JSearch shape)', defaultValue: 'ours' })
  parseFormat(value: string): GeneratedFormat {
    return value === 'ours' || value === 'jsearch' || value === 'mixed' ? value : fail('--format must be ours, jsearch or mixed');
  }

  @Option({ flags: '--as-of <date>', description: 'the moment listings are dated back from (ISO 8601); default: today 00:00 UTC' })
  parseAsOf(value: string): Date {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? fail('--as-of must be an ISO 8601 date') : date;
  }

  @Option({ flags: '--output <file>', description: 'write to this file and print a summary, instead of NDJSON on stdout' })
  parseOutput(value: string): string {
    return value;
  }
}
