import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ApiCaller } from '../../../common/auth/api-caller';
import { ResumeErrorCode, ResumeException } from '../resumes.exception';
import { CareerProfile } from '../../profile/entities/career-profile.entity';
import { Application } from '../../tracker/entities/application.entity';
import { CustomSectionsService } from '../custom-sections/custom-sections.service';
import { ResumesService } from '../resumes.service';
import { SectionsService } from '../sections/sections.service';
import { ImportedIdentity, JsonObject, JsonResumeDocument, planJsonResumeImport, toJsonResume } from './json-resume';
import { pdfFilename } from './pdf-filename';
import { renderResumePdf } from './pdf-renderer';

export interface PdfExport {
  filename: string;
  file: Buffer;
}

export interface JsonResumeImportResult {
  id: string;
  /** Profile fields that were empty and now hold the document's values. */
  profileFieldsFilled: string[];
  /** Paths of document fields that have no place in a resume. */
  ignored: string[];
}

const IMPORTED_SUMMARY_TITLE = 'From JSON Resume';

/** A resume leaving the service (PDF, JSON Resume) or arriving in it (JSON Resume). */
@Injectable()
export class ResumeExportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly resumes: ResumesService,
    private readonly sections: SectionsService,
    private readonly customSections: CustomSectionsService,
  ) {}

  /** Exactly the resolved content of GET /v1/resume/{id}, drawn with the resume's template and designSettings. */
  async pdf(accountId: string, id: string): Promise<PdfExport> {
    const resume = await this.resumes.get(accountId, id);
    await this.assertNotProcessing(accountId, id);
    const file = await renderResumePdf(resume.content, { template: resume.template, designSettings: resume.designSettings });
    return { filename: pdfFilename(resume.content.identity), file };
  }

  async jsonResume(accountId: string, id: string): Promise<JsonResumeDocument> {
    return toJsonResume(await this.resumes.resolveContent(accountId, id));
  }

  /**
   * A new resume (never the default unless it is the account's only one) holding the document's content: its
   * sections, its summary (selected), basics.label as the CV's job title. Identity is the profile's, shared by every
   * resume, so the document only fills profile fields that are empty, and only for a key that may write the profile.
   */
  async importJsonResume(caller: ApiCaller, document: JsonObject): Promise<JsonResumeImportResult> {
    const plan = planJsonResumeImport(document);
    let profileFieldsFilled: string[] = [];
    const id = await this.resumes.createWith(caller.accountId, { name: plan.name, jobTitle: plan.jobTitle }, async (manager, resumeId) => {
      for (const { section, items } of plan.sections) {
        await this.sections.insertItems(
          manager,
          caller.accountId,
          resumeId,
          section,
          items.map((item) => item.body),
        );
      }
      for (const { items, ...section } of plan.customSections) {
        await this.customSections.insertItems(
          manager,
          caller.accountId,
          resumeId,
          section,
          items.map((item) => item.body),
        );
      }
      if (caller.scopes.includes('profile:write')) profileFieldsFilled = await fillEmptyProfileFields(manager, caller.accountId, plan.identity);
      const [summaryId] = plan.summary
        ? await this.sections.insertItems(manager, caller.accountId, resumeId, 'summaries', [{ title: IMPORTED_SUMMARY_TITLE, content: plan.summary }])
        : [null];
      return { selectedSummaryId: summaryId };
    });
    return { id, profileFieldsFilled, ignored: plan.ignored };
  }

  /** An autoPrepare job is still tailoring the resume while an application it is linked to has its tailoring pending. */
  private async assertNotProcessing(accountId: string, id: string): Promise<void> {
    const processing = await this.dataSource.getRepository(Application).existsBy({ accountId, cvId: id, tailoringPending: true });
    if (processing) {
      throw new ResumeException(ResumeErrorCode.RESUME_PROCESSING, 'The resume is still being tailored to its application: try again in a few seconds');
    }
  }
}

/** Sets the profile fields that are empty (null, or no links) to the document's values; answers which it set. */
async function fillEmptyProfileFields(manager: EntityManager, accountId: string, identity: ImportedIdentity): Promise<string[]> {
  const profile = await manager.findOne(CareerProfile, { where: { accountId }, lock: { mode: 'pessimistic_write' } });
  if (!profile) return [];
  const changes: Partial<CareerProfile> = {};
  for (const field of ['fullName', 'email', 'phone', 'address', 'photoUrl'] as const) {
    if (profile[field] === null && identity[field] !== undefined) changes[field] = identity[field];
  }
  if (profile.links.length === 0 && identity.links.length > 0) changes.links = identity.links;
  if (Object.keys(changes).length > 0) await manager.update(CareerProfile, { id: profile.id }, changes);
  return Object.keys(changes);
}
