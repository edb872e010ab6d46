import { Injectable } from '@nestjs/common';
import { RESUME_LIMITS } from '../resumes/dto/resume.dto';
import { ResumesService } from '../resumes/resumes.service';
import { extractRequirements } from './job-requirements';
import { TailoringApplications } from './tailoring-applications';
import { planTailoring, tailorableResume, TailoredSection, TAILORED_SECTIONS, TailoringPlan } from './tailoring-plan';

/**
 * Tailors the resume copy of an autoPrepare application to its job: reads the job's requirements, plans the order,
 * the hidden items and the summary (tailoring-plan.ts), writes them onto the copy (named for the job) when they
 * raise its score, and ends the application's `preparing`. Only a pending tailoring runs, once: a `preparing` set by hand starts none.
 */
@Injectable()
export class TailoringService {
  constructor(
    private readonly applications: TailoringApplications,
    private readonly resumes: ResumesService,
  ) {}

  async tailor(applicationId: string): Promise<void> {
    const application = await this.applications.pendingTailoring(applicationId);
    if (!application) return;
    if (!application.cvId) throw new Error('the resume copy was deleted');
    const { resume, sections, customSections } = await this.resumes.itemsOf(application.accountId, application.cvId);
    const requirements = extractRequirements(application.jobTitle, application.jobDescription ?? '');
    const plan = planTailoring(tailorableResume(sections, customSections), requirements, application.jobTitle);
    // The copy is named for the job; its header title stays the person's own (the job's is in the report).
    const name = `${application.company} – ${application.jobTitle}`.slice(0, RESUME_LIMITS.name);
    await this.resumes.update(
      application.accountId,
      resume.id,
      plan.report.changed
        ? {
            name,
            itemOrder: { ...resume.itemOrder, ...plan.itemOrder },
            hiddenItems: withPlanHidden(resume.hiddenItems, plan),
            selectedSummaryId: plan.selectedSummaryId ?? resume.selectedSummaryId,
          }
        : { name },
    );
    await this.applications.finishPreparing(applicationId, { report: plan.report });
  }

  /** After the last retry: the application leaves `preparing` all the same, saying why. */
  async giveUp(applicationId: string, reason: string): Promise<void> {
    await this.applications.finishPreparing(applicationId, { failure: reason });
  }
}

/** What the user hid stays hidden; tailoring only adds. */
function withPlanHidden(hidden: Record<string, string[]>, plan: TailoringPlan): Record<string, string[]> {
  const merged = { ...hidden };
  for (const section of TAILORED_SECTIONS as readonly TailoredSection[]) {
    merged[section] = [...new Set([...(hidden[section] ?? []), ...plan.hiddenItems[section]])];
  }
  return merged;
}
