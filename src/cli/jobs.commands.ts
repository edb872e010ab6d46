import { stat } from 'node:fs/promises';
import { Module } from '@nestjs/common';
import { Command } from 'nest-commander';
import { openListingFile, readListingFile } from '../modules/jobs/import/listing-file';
import { ImportCounts, ListingImportService } from '../modules/jobs/import/listing-import.service';
import { JobsModule } from '../modules/jobs/jobs.module';
import { printResult } from './cli-output';
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

/** The `jobs:` commands. */
@Module({ imports: [JobsModule], providers: [JobsImportCommand] })
export class JobsCommandsModule {}
