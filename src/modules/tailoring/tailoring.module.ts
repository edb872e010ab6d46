import { Module } from '@nestjs/common';
import { ResumesModule } from '../resumes/resumes.module';
import { TrackerModule } from '../tracker/tracker.module';
import { TailoringQueueModule } from './tailoring-queue';
import { TailoringProcessor } from './tailoring.processor';
import { TailoringService } from './tailoring.service';
import { TailoringSweep } from './tailoring.sweep';

/** The worker side of autoPrepare: the queue's processor and the sweep. Loaded by the API (TAILORING_WORKER=inline) or the worker process. */
@Module({
  imports: [TailoringQueueModule, TrackerModule, ResumesModule],
  providers: [TailoringService, TailoringProcessor, TailoringSweep],
  exports: [TailoringSweep],
})
export class TailoringModule {}
