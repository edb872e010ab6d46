import { ApiProperty } from '@nestjs/swagger';
import { GROUNDING_VIOLATIONS, GroundingViolation } from '../grounding';
import { SENIORITY_LEVELS, Seniority } from '../job-requirements';
import { REWRITTEN_FIELDS, RewriteChange, RewriteRejection, RewrittenField, RewrittenSection } from '../resume-rewrite';
import { HiddenItem, ReportedItem, SkillEvidence, TAILORING_ENGINES, TailoringEngine, TailoringReport } from '../tailoring-report';

const REWRITTEN_SECTION_NAMES: RewrittenSection[] = ['summaries', 'experiences', 'projects'];

/** An item of the resume, named for a person. */
export class ReportedItemView implements ReportedItem {
  @ApiProperty({ description: 'The section: its name (experiences, certificates, ...), or `customSection:<definition id>`', example: 'experiences' })
  section: string;
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'Data Engineer at Streamly' })
  label: string;
}

export class HiddenItemView extends ReportedItemView implements HiddenItem {
  @ApiProperty({ example: 'shows none of the skills the job asks for and little of its wording' })
  reason: string;
}

export class SkillEvidenceView implements SkillEvidence {
  @ApiProperty({ example: 'Kafka' })
  skill: string;
  /** The items that show the skill, in any section (certificates, education and custom sections included). */
  foundIn: ReportedItemView[];
}

const TEXT_OR_BULLETS = { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };

/** Which text of the resume a change or a rejection is about: the item (or summary) and its field. */
class RewrittenTextView {
  @ApiProperty({ enum: REWRITTEN_SECTION_NAMES, example: 'experiences' })
  section: RewrittenSection;
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'Data Engineer at Streamly' })
  label: string;
  @ApiProperty({ enum: REWRITTEN_FIELDS, example: 'responsibilities' })
  field: RewrittenField;
}

/** One text the rewrite changed: a summary's content, an item's description, or its list of bullets. */
export class RewriteChangeView extends RewrittenTextView implements RewriteChange {
  /** null where the item had no such text (a project without a description). */
  @ApiProperty({
    oneOf: [
      { type: 'string', nullable: true },
      { type: 'array', items: { type: 'string' } },
    ],
    example: ['Built Spark pipelines.'],
  })
  before: string | string[] | null;
  @ApiProperty({ ...TEXT_OR_BULLETS, example: ['Built batch and streaming Spark pipelines in Python.'] })
  after: string | string[];
}

/** A sentence of a rewrite that the server dropped, and why: the text it was meant to replace stays. */
export class RewriteRejectionView extends RewrittenTextView implements RewriteRejection {
  @ApiProperty({ example: 'Cut pipeline costs by 40%.' })
  sentence: string;
  /** The kinds of fact the sentence adds; empty when the rewrite was refused for dropping a skill the job asks for. */
  @ApiProperty({ enum: GROUNDING_VIOLATIONS, isArray: true, example: ['number'] })
  violations: GroundingViolation[];
  @ApiProperty({ example: 'adds a number “40%” the resume does not show' })
  reason: string;
}

/** What tailoring found in the job and did to the resume copy, for the person to review. The base resume is never changed. */
export class TailoringReportView implements TailoringReport {
  /** Skills the job asks for that the resume shows. */
  @ApiProperty({ example: ['TypeScript', 'PostgreSQL', 'Kafka'] })
  matched: string[];

  /** Skills the job asks for that the resume does not mention anywhere. */
  @ApiProperty({ example: ['Kubernetes'] })
  missing: string[];

  @ApiProperty({ enum: SENIORITY_LEVELS, nullable: true })
  seniority: Seniority | null;

  /** The fewest years of experience the description asks for. */
  minYears: number | null;

  /** Share of the job's skills the resume covers prominently (0–100), before tailoring. */
  scoreBefore: number;

  /** The same after tailoring reordered, hid, selected and rewrote; never below `scoreBefore`. */
  scoreAfter: number;

  /** False when nothing raised the score or was rewritten: the copy was left as it was. */
  changed: boolean;

  /** The job's title, for the person to use as this resume's title if they wish: tailoring never replaces theirs. */
  @ApiProperty({ example: 'Senior Data Engineer' })
  suggestedJobTitle: string;

  /** Which engine produced the copy: `rules` (embedded), `llm` (TAILORING_ENGINE=llm) or `agent` (a rewrite sent over MCP or `POST /v1/resume/{id}/tailoring`). */
  @ApiProperty({ enum: TAILORING_ENGINES, example: 'llm' })
  engine: TailoringEngine;

  /** The model that rewrote the texts, when the engine is `llm`. */
  @ApiProperty({ nullable: true, example: 'gpt-4o-mini' })
  model: string | null;

  /** Why the rules engine produced the copy although the `llm` engine was configured (the model failed); null otherwise. */
  @ApiProperty({ nullable: true, example: null })
  fallbackReason: string | null;

  /** Each text rewritten, before and after. */
  changes: RewriteChangeView[];

  /** Items tailoring hid on the copy, and why. */
  hidden: HiddenItemView[];

  /** Where each matched skill was found on the resume. */
  evidence: SkillEvidenceView[];

  /** Sentences of the rewrite dropped by the grounding check, and why. */
  rejections: RewriteRejectionView[];
}
