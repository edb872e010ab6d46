import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../../common/auth/api-caller';
import type { Scope } from '../../../common/auth/scopes';
import { InsufficientScopeError } from '../../../common/errors/api-errors';
import { ProfileService } from '../../profile/profile.service';
import { CustomSectionsService } from '../custom-sections/custom-sections.service';
import { ResumeErrorCode, ResumeException } from '../resumes.exception';
import { ResumesService } from '../resumes.service';
import { SectionsService } from '../sections/sections.service';
import { JsonObject, JsonResumeDocument, planJsonResumeImport, ResumeImport, toJsonResume } from './json-resume';
import { pdfFilename } from './pdf-filename';
import { PdfRenderPool } from './pdf-render-pool';
import { ResumeTailoringState } from './resume-tailoring-state';

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
    private readonly tailoringState: ResumeTailoringState,
    private readonly resumes: ResumesService,
    private readonly sections: SectionsService,
    private readonly customSections: CustomSectionsService,
    private readonly profiles: ProfileService,
    private readonly renderer: PdfRenderPool,
  ) {}

  /**
   * Exactly the resolved content of GET /v1/resume/{id}, drawn with the resume's template and designSettings, on a
   * render thread (503 PDF_RENDER_TIMEOUT when that takes too long).
   */
  async pdf(caller: ApiCaller, id: string): Promise<PdfExport> {
    const resume = await this.resumes.get(caller, id);
    await this.assertNotProcessing(caller, id);
    const file = await this.renderer.render(resume.content, { template: resume.template, designSettings: resume.designSettings });
    return { filename: pdfFilename(resume.content.identity), file };
  }

  async jsonResume(caller: ApiCaller, id: string): Promise<JsonResumeDocument> {
    return toJsonResume(await this.resumes.resolveContent(caller, id));
  }

  /**
   * A new resume (never the default unless it is the account's only one) holding the document's content: its
   * sections, its summary (selected), basics.label as the CV's job title. Identity is the profile's, shared by every
   * resume, so the document only fills profile fields that are empty, and only for a key that may write the profile.
   * The sections it creates are written as their own routes write them, so the caller needs each one's write scope
   * (403 naming the first it lacks, before anything is written), as resume:write alone grants only the resume.
   */
  async importJsonResume(caller: ApiCaller, document: JsonObject): Promise<JsonResumeImportResult> {
    const plan = planJsonResumeImport(document);
    const missing = scopesWritten(plan).find((scope) => !caller.scopes.includes(scope));
    if (missing) throw new InsufficientScopeError(missing);
    let profileFieldsFilled: string[] = [];
    const id = await this.resumes.createWith(caller, { name: plan.name, jobTitle: plan.jobTitle }, async (manager, resumeId) => {
      for (const { section, items } of plan.sections) await this.sections.insertItems(caller, resumeId, section, bodiesOf(items), manager);
      for (const { items, ...section } of plan.customSections) await this.customSections.insertItems(caller, resumeId, section, bodiesOf(items), manager);
      if (caller.scopes.includes('profile:write')) profileFieldsFilled = await this.profiles.fillEmpty(caller, plan.identity, manager);
      const [summaryId] = plan.summary
        ? await this.sections.insertItems(caller, resumeId, 'summaries', [{ title: IMPORTED_SUMMARY_TITLE, content: plan.summary }], manager)
        : [null];
      await this.sections.assertWithinLimits(resumeId, manager);
      return { selectedSummaryId: summaryId };
    });
    return { id, profileFieldsFilled, ignored: plan.ignored };
  }

  /** An autoPrepare job is still tailoring the resume while an application it is linked to has its tailoring pending. */
  private async assertNotProcessing(caller: ApiCaller, id: string): Promise<void> {
    if (await this.tailoringState.isTailoring(caller.accountId, id)) {
      throw new ResumeException(ResumeErrorCode.RESUME_PROCESSING, 'The resume is still being tailored to its application: try again in a few seconds');
    }
  }
}

/** The write scopes of the sections an import creates items in, in the order the import writes them. */
function scopesWritten(plan: ResumeImport): Scope[] {
  const sections = plan.sections.filter(({ items }) => items.length > 0).map(({ section }) => `${section}:write` as const);
  const custom: Scope[] = plan.customSections.length > 0 ? ['custom-sections:write'] : [];
  const summary: Scope[] = plan.summary ? ['summaries:write'] : [];
  return [...new Set<Scope>([...sections, ...custom, ...summary])];
}

function bodiesOf<T>(items: { body: T }[]): T[] {
  return items.map((item) => item.body);
}
