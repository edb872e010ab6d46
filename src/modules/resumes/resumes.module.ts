import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { CustomSectionsController } from './custom-sections/custom-sections.controller';
import { CustomSectionsService } from './custom-sections/custom-sections.service';
import { ResumeExportsController } from './export/resume-exports.controller';
import { ResumeExportsService } from './export/resume-exports.service';
import { ResumesController } from './resumes.controller';
import { ResumesRepository } from './resumes.repository';
import { ResumesService } from './resumes.service';
import { SectionController } from './sections/section-controller.mixin';
import { SECTION_KINDS } from './sections/section-kinds';
import { SectionsService } from './sections/sections.service';

/** The controller of each section kind, by section name (the MCP section tools name them as their twins). */
export const SECTION_CONTROLLERS = new Map(SECTION_KINDS.map((kind) => [kind.name, SectionController(kind)]));

/** Resumes and their content: one controller per section kind from the registry, custom sections, and exports (PDF, JSON Resume). */
@Module({
  imports: [EventsModule],
  controllers: [ResumesController, ResumeExportsController, ...SECTION_CONTROLLERS.values(), CustomSectionsController],
  providers: [ResumesService, ResumesRepository, SectionsService, CustomSectionsService, ResumeExportsService],
  exports: [ResumesService, ResumesRepository, SectionsService, ResumeExportsService],
})
export class ResumesModule {}
