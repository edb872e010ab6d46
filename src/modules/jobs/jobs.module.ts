import { Module } from '@nestjs/common';
import { ListingImportService } from './import/listing-import.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

@Module({ controllers: [JobsController], providers: [JobsService, ListingImportService], exports: [JobsService, ListingImportService] })
export class JobsModule {}
