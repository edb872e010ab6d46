import { Module } from '@nestjs/common';
import { ApplicationsRepository } from '../applications.repository';
import { ApplicationCsvRepository } from './application-csv.repository';
import { ApplicationCsvService } from './application-csv.service';

/**
 * The applications' CSV export and import, for the tracker's routes and for the CLI. Only what they need, so that
 * the CLI runs them without the rest of the tracker (its queue, which needs Redis, and its sweeps) and without the
 * events module's retention sweep: an import records its events in the statements of its creates.
 */
@Module({
  providers: [ApplicationCsvService, ApplicationCsvRepository, ApplicationsRepository],
  exports: [ApplicationCsvService],
})
export class ApplicationCsvModule {}
