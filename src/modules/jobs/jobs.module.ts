import { Module } from '@nestjs/common';
import { ListingImportService } from './import/listing-import.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { JobSearchService } from './search/job-search.service';

@Module({
  controllers: [JobsController],
  providers: [JobsService, JobSearchService, ListingImportService],
  exports: [JobsService, ListingImportService],
})
export class JobsModule {}
