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
import { ApplicationCsvController } from './csv/application-csv.controller';
import { ApplicationCsvModule } from './csv/application-csv.module';
import { ApplicationCountsSweep } from './application-counts.sweep';
import { FollowUpSweep } from './follow-up.sweep';
import { JobPagesController } from './from-url/job-pages.controller';
import { JobPagesService } from './from-url/job-pages.service';
import { InterviewsController, ScheduledInterviewsController } from './interviews.controller';
import { InterviewsRepository } from './interviews.repository';
import { InterviewsService } from './interviews.service';
import { InsightsController } from './insights/insights.controller';
import { InsightsRepository } from './insights/insights.repository';
import { InsightsService } from './insights/insights.service';
import { TrackerBoardController } from './tracker-board.controller';
import { TrackerController } from './tracker.controller';
import { TrackerService } from './tracker.service';

@Module({
  imports: [ResumesModule, ContactsModule, CoverLettersModule, TailoringQueueModule, EventsModule, ApplicationCsvModule],
  // The CSV routes come before TrackerController's, whose `GET applications/:id` would otherwise take `export.csv` for an id.
  controllers: [
    ApplicationCsvController,
    InsightsController,
    TrackerController,
    TrackerBoardController,
    InterviewsController,
    ScheduledInterviewsController,
    ActivitiesController,
    JobPagesController,
  ],
  providers: [
    TrackerService,
    JobPagesService,
    FollowUpSweep,
    ApplicationCountsSweep,
    InterviewsService,
    InterviewsRepository,
    ActivitiesService,
    ActivitiesRepository,
    ApplicationsRepository,
    InsightsService,
    InsightsRepository,
    { provide: TailoringApplications, useExisting: TrackerService },
    { provide: ResumeTailoringState, useExisting: TrackerService },
  ],
  exports: [TrackerService, JobPagesService, InterviewsService, ActivitiesService, InsightsService, TailoringApplications, ResumeTailoringState],
})
export class TrackerModule {}
