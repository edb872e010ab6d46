import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { CoverLettersModule } from '../cover-letters/cover-letters.module';
import { EventsModule } from '../events/events.module';
import { ResumeTailoringState } from '../resumes/export/resume-tailoring-state';
import { ResumesModule } from '../resumes/resumes.module';
import { TailoringApplications } from '../tailoring/tailoring-applications';
import { TailoringQueueModule } from '../tailoring/tailoring-queue';
import { ActivitiesController } from './activities.controller';
import { ActivitiesRepository } from './activities.repository';
import { ActivitiesService } from './activities.service';
import { ApplicationsRepository } from './applications.repository';
import { FollowUpSweep } from './follow-up.sweep';
import { JobPagesController } from './from-url/job-pages.controller';
import { JobPagesService } from './from-url/job-pages.service';
import { InterviewsController, ScheduledInterviewsController } from './interviews.controller';
import { InterviewsRepository } from './interviews.repository';
import { InterviewsService } from './interviews.service';
import { TrackerBoardController } from './tracker-board.controller';
import { TrackerController } from './tracker.controller';
import { TrackerService } from './tracker.service';

@Module({
  imports: [ResumesModule, ContactsModule, CoverLettersModule, TailoringQueueModule, EventsModule],
  controllers: [TrackerController, TrackerBoardController, InterviewsController, ScheduledInterviewsController, ActivitiesController, JobPagesController],
  providers: [
    TrackerService,
    JobPagesService,
    FollowUpSweep,
    InterviewsService,
    InterviewsRepository,
    ActivitiesService,
    ActivitiesRepository,
    ApplicationsRepository,
    { provide: TailoringApplications, useExisting: TrackerService },
    { provide: ResumeTailoringState, useExisting: TrackerService },
  ],
  exports: [TrackerService, JobPagesService, InterviewsService, ActivitiesService, TailoringApplications, ResumeTailoringState],
})
export class TrackerModule {}
