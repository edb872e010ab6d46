import { Module } from '@nestjs/common';
import { EventsOutbox } from '../../events/events-outbox';
import { ApplicationsRepository } from '../applications.repository';
import { ApplicationCsvRepository } from './application-csv.repository';
import { ApplicationCsvService } from './application-csv.service';

/**
 * The applications' CSV export and import, for the tracker's routes and for the CLI. Only what they need, so that
 * the CLI runs them without the rest of the tracker (its queue, which needs Redis, and its follow-up sweep) and
 * without the events module's retention sweep: the outbox only writes in the caller's transaction.
 */
@Module({
  providers: [ApplicationCsvService, ApplicationCsvRepository, ApplicationsRepository, EventsOutbox],
  exports: [ApplicationCsvService],
})
export class ApplicationCsvModule {}
