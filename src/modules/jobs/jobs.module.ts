import { Module } from '@nestjs/common';
import { ListingImportService } from './import/listing-import.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { ListingsRepository } from './listings.repository';
import { JobSearchService } from './search/job-search.service';
import { PhraseCountsRepository } from './search/phrase-counts.repository';
import { SearchRepository } from './search/search.repository';

@Module({
  controllers: [JobsController],
  providers: [JobsService, JobSearchService, ListingImportService, ListingsRepository, SearchRepository, PhraseCountsRepository],
  exports: [JobsService, ListingImportService, PhraseCountsRepository],
})
export class JobsModule {}
