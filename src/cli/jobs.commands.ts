import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Command, CommandRunner, Option } from 'nest-commander';
import { GeneratedFormat, generateListings } from '../modules/jobs/generator/listing-generator';
import { openListingFile, readListingFile } from '../modules/jobs/import/listing-file';
import { ImportCounts, ListingImportService } from '../modules/jobs/import/listing-import.service';
import { fail, printResult } from './cli-output';

@Command({
  name: 'jobs:import',
  arguments: '<file>',
  description: 'Import job listings from a JSON array or NDJSON file (`-` reads stdin), in our shape or JSearch raw shape',
})
export class JobsImportCommand extends CommandRunner {
  constructor(private readonly importer: ListingImportService) {
    super();
  }

  async run([file]: string[]): Promise<void> {
    const input = openListingFile(file);
    const progress = process.stderr.isTTY ? await ProgressBar.for(file, input) : null;
    const counts = await this.importer.importRecords(readListingFile(input), {
      rejected: (position, reason) => {
        progress?.clear();
        process.stderr.write(`rejected ${position}: ${reason}\n`);
      },
      progress: (current) => progress?.draw(current),
    });
    progress?.clear();
    printResult(counts);
  }
}

/** A one-line progress display on a terminal's stderr: never on stdout, never when stderr is a file or pipe. */
class ProgressBar {
  private bytesRead = 0;

  private constructor(private readonly totalBytes: number | null) {}

  static async for(file: string, input: Readable): Promise<ProgressBar> {
    const size = file === '-' ? null : (await stat(file)).size;
    const bar = new ProgressBar(size);
    input.on('data', (chunk: Buffer | string) => (bar.bytesRead += chunk.length));
    return bar;
  }

  draw(counts: ImportCounts): void {
    const done = counts.imported + counts.updated + counts.rejected;
    const share = this.totalBytes ? Math.min(1, this.bytesRead / this.totalBytes) : null;
    const bar = share === null ? '' : `[${'#'.repeat(Math.round(share * 30)).padEnd(30, '.')}] ${(share * 100).toFixed(0).padStart(3)}% `;
    process.stderr.write(`\r${bar}${done} records (${counts.imported} new, ${counts.updated} updated, ${counts.rejected} rejected)`);
  }

  clear(): void {
    process.stderr.write('\r\x1b[2K');
  }
}

interface GenerateOptions {
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
export class JobsGenerateCommand extends CommandRunner {
  async run(_args: string[], options: GenerateOptions): Promise<void> {
    const out: Writable = options.output ? createWriteStream(options.output) : process.stdout;
    // Without --as-of, dates are relative to the start of today (UTC): stable for a day, and always recent.
    const asOf = options.asOf ?? new Date(new Date().toISOString().slice(0, 10));
    for (const listing of generateListings(options.count, { seed: options.seed, asOf, format: options.format })) {
      if (!out.write(`${JSON.stringify(listing)}\n`)) await once(out, 'drain');
    }
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
