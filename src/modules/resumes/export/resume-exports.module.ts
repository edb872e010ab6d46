import { DynamicModule, Module, Type } from '@nestjs/common';
import { ProfileModule } from '../../profile/profile.module';
import { ResumesModule } from '../resumes.module';
import { PdfRenderPool } from './pdf-render-pool';
import { ResumeExportsController } from './resume-exports.controller';
import { ResumeExportsService } from './resume-exports.service';

/** PDF and JSON Resume exports and the JSON Resume import. `tailoringState` names the module that provides ResumeTailoringState (the tracker). */
@Module({})
export class ResumeExportsModule {
  static forRoot(tailoringState: Type<unknown>): DynamicModule {
    return {
      module: ResumeExportsModule,
      imports: [ResumesModule, ProfileModule, tailoringState],
      controllers: [ResumeExportsController],
      providers: [ResumeExportsService, PdfRenderPool],
      exports: [ResumeExportsService],
    };
  }
}
