import type { Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CustomSectionItem } from '../custom-sections/custom-section-item.entity';
import { CreateAwardDto, UpdateAwardDto } from './dto/award.dto';
import { CreateCertificateDto, UpdateCertificateDto } from './dto/certificate.dto';
import { CreateEducationDto, educationColumns, UpdateEducationDto } from './dto/education.dto';
import { CreateExperienceDto, UpdateExperienceDto } from './dto/experience.dto';
import { CreateInterestDto, UpdateInterestDto } from './dto/interest.dto';
import { CreateProjectDto, UpdateProjectDto } from './dto/project.dto';
import { CreatePublicationDto, UpdatePublicationDto } from './dto/publication.dto';
import { CreateSkillDto, UpdateSkillDto } from './dto/skill.dto';
import { CreateSummaryDto, UpdateSummaryDto } from './dto/summary.dto';
import { Award } from './entities/award.entity';
import { Certificate } from './entities/certificate.entity';
import { EducationEntry } from './entities/education-entry.entity';
import { Experience } from './entities/experience.entity';
import { Interest } from './entities/interest.entity';
import { Project } from './entities/project.entity';
import { Publication } from './entities/publication.entity';
import { Skill } from './entities/skill.entity';
import { Summary } from './entities/summary.entity';
import { SECTION_NAMES, SectionName } from '../../../common/content-sections';
import type { SectionDates } from './section-dates';
import type { SectionItem } from './section-item.entity';
import { SUMMARY_SELECTION } from './summary-selection';

/** Where a kind of section item is stored, and how a request body becomes its columns. */
export interface SectionStore {
  entity: Type<SectionItem>;
  /** Columns that single out this store's rows of `entity` and that its new rows get (a custom section's id). */
  scope?: Record<string, string>;
  /** The dates its items have, stored with their precision and sorting its items newest first; none: kept in the order added. */
  dates?: SectionDates;
  /** Body → columns, where they differ (aliases, dropped fields); otherwise the body is the columns. */
  toColumns?(body: object): object;
  /** What else a new item changes on its resume, in the create's transaction. */
  afterCreate?(manager: EntityManager, resumeId: string, id: string): Promise<void>;
  /** What else deleting an item changes on its resume, in the delete's transaction, before the item goes. */
  beforeRemove?(manager: EntityManager, resumeId: string, id: string): Promise<void>;
}

/** A kind of section: everything the generic controller and service need to serve it. */
export interface SectionKind extends SectionStore {
  name: SectionName;
  /** One item, in words: "education entry". */
  singular: string;
  createBody: Type<object>;
  updateBody: Type<object>;
  /** What afterCreate and beforeRemove do, in words for the operations' descriptions. */
  effects?: { create: string; remove: string };
}

/**
 * The registry of section kinds. Adding a section: its name in common/content-sections.ts, an entity and a DTO file, an
 * entry here, and a migration; its scopes, routes, Swagger, resume copies and the resolved CV follow.
 */
const KINDS: { [N in SectionName]: Omit<SectionKind, 'name'> } = {
  experiences: { singular: 'experience', entity: Experience, createBody: CreateExperienceDto, updateBody: UpdateExperienceDto, dates: 'period' },
  education: {
    singular: 'education entry',
    entity: EducationEntry,
    createBody: CreateEducationDto,
    updateBody: UpdateEducationDto,
    dates: 'period',
    toColumns: educationColumns,
  },
  skills: { singular: 'skill', entity: Skill, createBody: CreateSkillDto, updateBody: UpdateSkillDto },
  summaries: { singular: 'summary', entity: Summary, createBody: CreateSummaryDto, updateBody: UpdateSummaryDto, ...SUMMARY_SELECTION },
  projects: { singular: 'project', entity: Project, createBody: CreateProjectDto, updateBody: UpdateProjectDto, dates: 'period' },
  certificates: { singular: 'certificate', entity: Certificate, createBody: CreateCertificateDto, updateBody: UpdateCertificateDto, dates: 'date' },
  awards: { singular: 'award', entity: Award, createBody: CreateAwardDto, updateBody: UpdateAwardDto, dates: 'date' },
  publications: { singular: 'publication', entity: Publication, createBody: CreatePublicationDto, updateBody: UpdatePublicationDto, dates: 'date' },
  interests: { singular: 'interest', entity: Interest, createBody: CreateInterestDto, updateBody: UpdateInterestDto },
};

export const SECTION_KINDS: readonly SectionKind[] = SECTION_NAMES.map((name) => ({ name, ...KINDS[name] }));

/** Every table whose rows belong to a resume: what a resume's copy copies. */
export const RESUME_CONTENT_ENTITIES: readonly Type<SectionItem>[] = [...SECTION_KINDS.map((kind) => kind.entity), CustomSectionItem];
