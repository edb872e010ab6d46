import { DynamicModule, Module, Type } from '@nestjs/common';
import { ResumesModule } from '../resumes/resumes.module';
import { TailoringQueueModule } from './tailoring-queue';
import { TailoringProcessor } from './tailoring.processor';
import { TailoringService } from './tailoring.service';
import { TailoringSweep } from './tailoring.sweep';

/** The worker side of autoPrepare: the queue's processor and the sweep. Loaded by the API (TAILORING_WORKER=inline) or the worker process. */
@Module({})
export class TailoringModule {
  /** `applications` is the module that provides the TailoringApplications port (the tracker's). */
  static forRoot(applications: Type<unknown>): DynamicModule {
    return {
      module: TailoringModule,
      imports: [TailoringQueueModule, ResumesModule, applications],
      providers: [TailoringService, TailoringProcessor, TailoringSweep],
      exports: [TailoringSweep],
    };
  }
}
