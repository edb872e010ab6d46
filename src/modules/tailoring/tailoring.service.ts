import { Injectable, Logger } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { ValidationFailedError } from '../../common/errors/api-errors';
import type { SectionName } from '../../common/content-sections';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import type { Owner } from '../../database/owned-repository';
import { tailoredResumeName } from '../resumes/resumes.limits';
import type { CustomSectionWithItems } from '../resumes/custom-sections/custom-sections.service';
import type { Resume } from '../resumes/entities/resume.entity';
import { ResumesService, ResumeTailoring } from '../resumes/resumes.service';
import type { SectionItemView } from '../resumes/sections/section-item-view';
import type { ApplyTailoringDto } from './dto/apply-tailoring.dto';
import { resumeEvidence } from './grounding';
import { extractRequirements, JobRequirements } from './job-requirements';
import { LlmEngine, LlmUnavailableError, RewriteJob } from './llm-engine';
import { groundRewrite, GroundedRewrite, ResumeRewrite, RewritableResume, rewritableResume, REWRITTEN_SECTIONS } from './resume-rewrite';
import { TailoringApplications } from './tailoring-applications';
import { coverageScore, planTailoring, tailorable, tailorableResume, TailoredSection, TAILORED_SECTIONS, TailoringPlan } from './tailoring-plan';
import { hiddenItems, skillEvidence, TailoringEngine, TailoringReport } from './tailoring-report';

type Sections = Record<SectionName, SectionItemView[]>;

/**
 * Tailors a resume to a job. For autoPrepare (the queue's worker): reads the job's requirements, plans the order, the
 * hidden items and the summary (tailoring-plan.ts), with TAILORING_ENGINE=llm has a model rewrite the summary and the
 * bullets of the items kept, writes the grounded result onto the copy and ends the application's `preparing`; a
 * model that fails leaves the rules engine's result, saying why. For an agent (apply_tailoring,
 * `POST /v1/resume/{id}/tailoring`): the same plan and grounding around the agent's own rewrite. Every rewrite,
 * whoever wrote it, is checked sentence by sentence against the resume (grounding.ts). The base resume is never changed.
 */
@Injectable()
export class TailoringService {
  private readonly log = new Logger(TailoringService.name);

  constructor(
    private readonly applications: TailoringApplications,
    private readonly resumes: ResumesService,
    private readonly llm: LlmEngine,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Only a pending tailoring runs, once: a `preparing` set by hand starts none. */
  async tailor(applicationId: string): Promise<void> {
    const application = await this.applications.pendingTailoring(applicationId);
    if (!application) return;
    if (!application.cvId) throw new Error('the resume copy was deleted');
    const { resume, sections, customSections } = await this.resumes.itemsOf(application.accountId, application.cvId);
    const job = { jobTitle: application.jobTitle, company: application.company, description: application.jobDescription ?? '' };
    const { plan, requirements, rewritable } = this.planFor(resume, sections, customSections, job);
    let engine: TailoringEngine = 'rules';
    let rewrite: ResumeRewrite = {};
    let fallbackReason: string | null = null;
    if (this.config.tailoring.engine === 'llm' && (rewritable.summary || rewritable.items.length > 0)) {
      try {
        rewrite = await this.llm.rewrite(job, rewritable);
        engine = 'llm';
      } catch (error) {
        if (!(error instanceof LlmUnavailableError)) throw error;
        fallbackReason = error.message;
        this.log.warn({ applicationId, reason: fallbackReason }, 'The model failed: the rules engine tailors the resume');
      }
    }
    const { tailoring, report } = composeTailoring({ resume, sections, customSections }, requirements, plan, rewritable, rewrite, engine);
    const withEngine = { ...report, model: engine === 'llm' ? this.llm.model : null, fallbackReason };
    // The copy is named for the job; its header title stays the person's own (the job's is in the report).
    const name = tailoredResumeName(application);
    await this.resumes.tailor(application.accountId, resume.id, { ...tailoring, changes: { ...tailoring.changes, name } });
    await this.applications.finishPreparing(applicationId, { report: withEngine });
  }

  /** After the last retry: the application leaves `preparing` all the same, saying why. */
  async giveUp(applicationId: string, reason: string): Promise<void> {
    await this.applications.finishPreparing(applicationId, { failure: reason });
  }

  /**
   * An agent's rewrite of resume `resumeId` for a job (an application's, or a job text), checked like a model's and
   * written with the rules plan onto a new copy, or onto this resume when `copy` is false (never the default resume).
   * Answers the resume written and the report.
   */
  async applyRewrite(caller: ApiCaller, resumeId: string, body: ApplyTailoringDto): Promise<{ id: string; report: TailoringReport }> {
    const job = await this.jobOf(caller, body);
    const { resume, sections, customSections } = await this.resumes.itemsOf(caller, resumeId);
    const copy = body.copy ?? true;
    if (!copy && resume.isDefault) {
      throw ValidationFailedError.field('copy', 'the default resume is never tailored in place: leave copy out to tailor a copy of it');
    }
    assertNames(sections, body);
    const { plan, requirements, rewritable } = this.planFor(resume, sections, customSections, job);
    if (body.summary !== undefined && !rewritable.summary) throw ValidationFailedError.field('summary', 'the resume shows no summary to rewrite');
    const { tailoring, report } = composeTailoring({ resume, sections, customSections }, requirements, plan, rewritable, body, 'agent');
    const final = { ...report, model: null, fallbackReason: null };
    if (!copy) {
      await this.resumes.tailor(caller, resumeId, tailoring);
      return { id: resumeId, report: final };
    }
    // A job text may name no company: the resume's own name stands in for it.
    const name = body.name ?? tailoredResumeName(job.company ? job : { company: resume.name, jobTitle: job.jobTitle || 'tailored' });
    return { id: await this.resumes.tailoredCopy(caller, resumeId, name, tailoring), report: final };
  }

  private async jobOf(owner: Owner, body: ApplyTailoringDto): Promise<RewriteJob> {
    if (body.applicationId && body.jobDescription !== undefined) {
      throw ValidationFailedError.field('jobDescription', 'give applicationId or jobDescription, not both');
    }
    if (body.applicationId) {
      const application = await this.applications.jobOf(owner, body.applicationId);
      if (!application) throw ValidationFailedError.field('applicationId', 'must be the id of one of your applications');
      return { jobTitle: application.jobTitle, company: application.company, description: application.jobDescription ?? '' };
    }
    if (body.jobDescription === undefined) throw ValidationFailedError.field('jobDescription', 'is required unless applicationId is given');
    return { jobTitle: body.jobTitle ?? '', company: '', description: body.jobDescription };
  }

  /** The rules plan for the job, and what of the resume a rewrite may change: the summary shown and the items kept. */
  private planFor(resume: Resume, sections: Sections, customSections: CustomSectionWithItems[], job: RewriteJob) {
    const requirements = extractRequirements(job.jobTitle, job.description);
    const plan = planTailoring(tailorableResume(sections, customSections), requirements, job.jobTitle);
    const hidden = withPlanHidden(resume.hiddenItems, plan);
    const summaryId = resume.personalOverrides.summary ? null : (plan.selectedSummaryId ?? resume.selectedSummaryId);
    const rewritable = rewritableResume(sections, (section, id) => !hidden[section]?.includes(id), summaryId);
    return { plan, requirements, rewritable };
  }
}

/**
 * The plan and the grounded rewrite as one tailoring to write, and its report. The score after counts the rewritten
 * texts; a rewrite never lowers it (resume-rewrite.ts keeps an item's original when its rewrite loses a job skill).
 */
function composeTailoring(
  { resume, sections, customSections }: { resume: Resume; sections: Sections; customSections: CustomSectionWithItems[] },
  requirements: JobRequirements,
  plan: TailoringPlan,
  rewritable: RewritableResume,
  rewrite: ResumeRewrite,
  engine: TailoringEngine,
): { tailoring: ResumeTailoring; report: Omit<TailoringReport, 'model' | 'fallbackReason'> } {
  const everyItem = [...Object.values(sections).flat(), ...customSections.flatMap((section) => section.items)];
  const evidence = resumeEvidence(everyItem.map((item) => tailorable(item).text));
  const grounded: GroundedRewrite = groundRewrite(rewritable, rewrite, evidence, requirements);
  const rewrittenSections = withTexts(sections, grounded);
  const shown = plan.report.changed ? plan : untailored(sections);
  const scoreAfter = Math.max(plan.report.scoreAfter, coverageScore(tailorableResume(rewrittenSections, customSections), requirements, shown));
  const changes = plan.report.changed
    ? {
        itemOrder: { ...resume.itemOrder, ...plan.itemOrder },
        hiddenItems: withPlanHidden(resume.hiddenItems, plan),
        selectedSummaryId: plan.selectedSummaryId ?? resume.selectedSummaryId,
      }
    : {};
  return {
    tailoring: { changes, rewritten: grounded.writes },
    report: {
      ...plan.report,
      scoreAfter,
      changed: plan.report.changed || grounded.changes.length > 0,
      engine,
      changes: grounded.changes,
      hidden: plan.report.changed ? hiddenItems(sections, plan.hiddenItems) : [],
      evidence: skillEvidence(sections, customSections, requirements, plan.report.matched),
      rejections: grounded.rejections,
    },
  };
}

/** The sections with the rewritten texts in place. */
function withTexts(sections: Sections, grounded: GroundedRewrite): Sections {
  const columns = new Map(grounded.writes.map((write) => [write.id, write.columns]));
  return Object.fromEntries(
    Object.entries(sections).map(([section, items]) => [section, items.map((item) => ({ ...item, ...columns.get(item.id) }))]),
  ) as Sections;
}

/** The resume as it is shown without tailoring: its items in stored order, none hidden. */
function untailored(sections: Sections): Pick<TailoringPlan, 'itemOrder' | 'hiddenItems'> {
  return {
    itemOrder: Object.fromEntries(TAILORED_SECTIONS.map((section) => [section, sections[section].map((item) => item.id)])),
    hiddenItems: Object.fromEntries(TAILORED_SECTIONS.map((section) => [section, []])),
  } as unknown as Pick<TailoringPlan, 'itemOrder' | 'hiddenItems'>;
}

/** What the user hid stays hidden; tailoring only adds. */
function withPlanHidden(hidden: Record<string, string[]>, plan: TailoringPlan): Record<string, string[]> {
  const merged = { ...hidden };
  if (!plan.report.changed) return merged;
  for (const section of TAILORED_SECTIONS as readonly TailoredSection[]) {
    merged[section] = [...new Set([...(hidden[section] ?? []), ...plan.hiddenItems[section]])];
  }
  return merged;
}

/** Each item an agent's rewrite names must be an experience or a project of the resume: a 400 naming the item otherwise. */
function assertNames(sections: Sections, body: ApplyTailoringDto): void {
  const ids = new Set(REWRITTEN_SECTIONS.flatMap((section) => sections[section].map((item) => item.id)));
  const projects = new Set(sections.projects.map((item) => item.id));
  (body.items ?? []).forEach((item, index) => {
    if (!ids.has(item.id)) throw ValidationFailedError.field(`items.${index}.id`, 'must be the id of an experience or a project of this resume');
    if (projects.has(item.id) && (item.responsibilities !== undefined || item.achievements !== undefined)) {
      throw ValidationFailedError.field(`items.${index}`, 'a project has a description only: no responsibilities or achievements');
    }
  });
}
