import { Injectable } from '@nestjs/common';
import { RESUME_LIMITS } from '../resumes/dto/resume.dto';
import { ResumesService } from '../resumes/resumes.service';
import type { SectionItemView } from '../resumes/sections/section-item-view';
import { extractRequirements } from './job-requirements';
import { TailoringApplications } from './tailoring-applications';
import { planTailoring, TailorableItem, TailoredSection, TAILORED_SECTIONS, TailoringPlan } from './tailoring-plan';

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
    const { resume, sections } = await this.resumes.itemsOf(application.accountId, application.cvId);
    const requirements = extractRequirements(application.jobTitle, application.jobDescription ?? '');
    const plan = planTailoring(
      {
        experiences: sections.experiences.map(tailorable),
        projects: sections.projects.map(tailorable),
        skills: sections.skills.map(tailorable),
        summaries: sections.summaries.map(tailorable),
        others: READ_ONLY_SECTIONS.flatMap((section) => sections[section].map(tailorable)),
      },
      requirements,
      application.jobTitle,
    );
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

/** Sections tailoring leaves as they are, but reads for the skills they show. */
const READ_ONLY_SECTIONS = ['education', 'certificates', 'awards', 'publications', 'interests'] as const;

/** Every text of an item (title, company, description, bullet points, ...) is what it says about its owner. */
function tailorable(item: SectionItemView): TailorableItem {
  const text = Object.entries(item)
    .filter(([key]) => key !== 'id')
    .flatMap(([, value]) => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : []))
    .join('\n');
  return {
    id: item.id,
    text,
    startDate: item.startDate as string | null | undefined,
    endDate: item.endDate as string | null | undefined,
    isCurrent: item.isCurrent as boolean | null | undefined,
  };
}

/** What the user hid stays hidden; tailoring only adds. */
function withPlanHidden(hidden: Record<string, string[]>, plan: TailoringPlan): Record<string, string[]> {
  const merged = { ...hidden };
  for (const section of TAILORED_SECTIONS as readonly TailoredSection[]) {
    merged[section] = [...new Set([...(hidden[section] ?? []), ...plan.hiddenItems[section]])];
  }
  return merged;
}
