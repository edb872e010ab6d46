import { DynamicModule, Module, Type } from '@nestjs/common';
import { ResumesModule } from '../resumes/resumes.module';
import { LlmEngine } from './llm-engine';
import { ResumeTailoringController } from './resume-tailoring.controller';
import { TailoringService } from './tailoring.service';

/**
 * Tailoring itself, for the worker (autoPrepare's jobs) and the API (`POST /v1/resume/{id}/tailoring`, MCP's
 * apply_tailoring) alike. `applications` names the module that provides the TailoringApplications port (the tracker's).
 */
@Module({})
export class ResumeTailoringModule {
  static forRoot(applications: Type<unknown>): DynamicModule {
    return {
      module: ResumeTailoringModule,
      imports: [ResumesModule, applications],
      controllers: [ResumeTailoringController],
      providers: [TailoringService, LlmEngine],
      exports: [TailoringService],
    };
  }
}
