import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { ResumesModule } from '../resumes/resumes.module';
import { CoverLettersController } from './cover-letters.controller';
import { CoverLettersRepository } from './cover-letters.repository';
import { CoverLettersService } from './cover-letters.service';

@Module({
  imports: [ResumesModule, EventsModule],
  controllers: [CoverLettersController],
  providers: [CoverLettersService, CoverLettersRepository],
  exports: [CoverLettersService, CoverLettersRepository],
})
export class CoverLettersModule {}
