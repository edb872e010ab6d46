import { Module } from '@nestjs/common';
import { ResumesModule } from '../resumes/resumes.module';
import { TailoringQueueModule } from '../tailoring/tailoring-queue';
import { InterviewsController } from './interviews.controller';
import { InterviewsService } from './interviews.service';
import { TrackerController } from './tracker.controller';
import { TrackerService } from './tracker.service';

@Module({
  imports: [ResumesModule, TailoringQueueModule],
  controllers: [TrackerController, InterviewsController],
  providers: [TrackerService, InterviewsService],
  exports: [TrackerService, InterviewsService],
})
export class TrackerModule {}
