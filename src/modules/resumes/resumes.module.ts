import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { ProfileModule } from '../profile/profile.module';
import { CustomSectionItemsController, CustomSectionsController } from './custom-sections/custom-sections.controller';
import { CustomSectionsRepository } from './custom-sections/custom-sections.repository';
import { CustomSectionsService } from './custom-sections/custom-sections.service';
import { ResumesController } from './resumes.controller';
import { ResumesRepository } from './resumes.repository';
import { ResumesService } from './resumes.service';
import { kindRoutes, SectionController } from './sections/section-controller.mixin';
import { SectionItemsRepository } from './sections/section-items.repository';
import { SECTION_KINDS } from './sections/section-kinds';
import { SectionsService } from './sections/sections.service';

/** The controller of each section kind, by section name (the MCP section tools name them as their twins). */
export const SECTION_CONTROLLERS = new Map(SECTION_KINDS.map((kind) => [kind.name, SectionController(kindRoutes(kind))]));

/** Resumes and their content: one controller per section kind from the registry, and custom sections (exports: ResumeExportsModule). */
@Module({
  imports: [ProfileModule, EventsModule],
  controllers: [ResumesController, ...SECTION_CONTROLLERS.values(), CustomSectionsController, CustomSectionItemsController],
  providers: [ResumesService, ResumesRepository, SectionsService, SectionItemsRepository, CustomSectionsService, CustomSectionsRepository],
  exports: [ResumesService, ResumesRepository, SectionsService, CustomSectionsService],
})
export class ResumesModule {}
