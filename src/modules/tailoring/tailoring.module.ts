import { DynamicModule, Module, Type } from '@nestjs/common';
import { ResumeTailoringModule } from './resume-tailoring.module';
import { TailoringQueueModule } from './tailoring-queue';
import { TailoringProcessor } from './tailoring.processor';
import { TailoringSweep } from './tailoring.sweep';

/** The worker side of autoPrepare: the queue's processor and the sweep. Loaded by the API (TAILORING_WORKER=inline) or the worker process. */
@Module({})
export class TailoringModule {
  /** `applications` is the module that provides the TailoringApplications port (the tracker's). */
  static forRoot(applications: Type<unknown>): DynamicModule {
    return {
      module: TailoringModule,
      imports: [TailoringQueueModule, ResumeTailoringModule.forRoot(applications), applications],
      providers: [TailoringProcessor, TailoringSweep],
      exports: [TailoringSweep],
    };
  }
}
