import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Command, CommandRunner } from 'nest-commander';
import { openListingFile, readListingFile } from '../modules/jobs/import/listing-file';
import { ImportCounts, ListingImportService } from '../modules/jobs/import/listing-import.service';
import { printResult } from './cli-output';

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
