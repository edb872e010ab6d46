import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Command, CommandRunner, Option } from 'nest-commander';
import { fail, printResult } from '../../src/cli/cli-output';
import { GeneratedFormat, generateListings } from './listing-generator';

interface GenerateOptions {
  count: number;
  seed: string;
  format: GeneratedFormat;
  asOf?: Date;
  output?: string;
}

@Command({
  name: 'jobs:generate',
  options: { isDefault: true },
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
