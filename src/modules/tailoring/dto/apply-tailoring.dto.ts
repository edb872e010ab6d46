import { BooleanField, NestedListField, TextField, TextListField, UuidField } from '../../../common/validation/field.decorators';
import { RESUME_LIMITS, SECTION_TEXT } from '../../resumes/resumes.limits';
import type { ItemRewrite, ResumeRewrite } from '../resume-rewrite';
import { TailoringReportView } from './tailoring-report.dto';

/** Route limits of tailoring, per minute: a call makes a resume, as `POST /v1/resume` does. */
export const TAILORING_RATE_LIMITS = { apply: 10 } as const;

/** The job's texts, bounded as an application's are (tailoring imports nothing of the tracker). */
const JOB_TEXT = { jobTitle: 200, jobDescription: 50_000 } as const;

/** The most items one rewrite may name. */
const MAX_REWRITTEN_ITEMS = 100;

/** An agent's rewrite of one experience or project; a field left out stays as it is. */
export class ItemRewriteDto implements ItemRewrite {
  @UuidField({ message: 'must be the id of an experience or a project of this resume', description: 'The experience or project rewritten' })
  id: string;

  @TextField({ optional: true, max: SECTION_TEXT.long, description: 'The new description' })
  description?: string;

  @TextListField({
    optional: true,
    maxItems: SECTION_TEXT.listItems,
    maxLength: SECTION_TEXT.listItem,
    description: 'The new responsibilities (experiences only), one bullet each',
  })
  responsibilities?: string[];

  @TextListField({
    optional: true,
    maxItems: SECTION_TEXT.listItems,
    maxLength: SECTION_TEXT.listItem,
    description: 'The new achievements (experiences only), one bullet each',
  })
  achievements?: string[];
}

/** The job (an application of yours, or its text) and the agent's rewrite of the resume for it. */
export class ApplyTailoringDto implements ResumeRewrite {
  @UuidField({
    optional: true,
    message: 'must be the id of one of your applications',
    description: 'The application whose job the rewrite is for (or send jobDescription)',
  })
  applicationId?: string;

  @TextField({
    optional: true,
    max: JOB_TEXT.jobDescription,
    description: 'The job’s text, when it is not an application of yours',
    example: 'We are hiring a Data Engineer to build Spark and Kafka pipelines in Python on AWS, with strong SQL.',
  })
  jobDescription?: string;

  @TextField({ optional: true, max: JOB_TEXT.jobTitle, description: 'The job’s title, with jobDescription', example: 'Data Engineer' })
  jobTitle?: string;

  @TextField({ optional: true, max: RESUME_LIMITS.name, description: 'The copy’s name; by default the company and the job title' })
  name?: string;

  @BooleanField({
    optional: true,
    default: true,
    description: 'true: write onto a new copy of this resume; false: onto this resume itself (a copy made earlier; never the default resume)',
  })
  copy?: boolean;

  @TextField({ optional: true, max: SECTION_TEXT.long, description: 'The new text of the summary the resume shows' })
  summary?: string;

  @NestedListField(() => ItemRewriteDto, { optional: true, maxItems: MAX_REWRITTEN_ITEMS, description: 'Rewrites of experiences and projects, by id' })
  items?: ItemRewriteDto[];
}

/** The resume written (the new copy, or this resume) and the report of what was changed, hidden and refused. */
export class AppliedTailoringResponse {
  success: boolean;
  /** The tailored resume's id. */
  id: string;
  report: TailoringReportView;
}
