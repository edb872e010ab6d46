import { ApiProperty } from '@nestjs/swagger';
import { SENIORITY_LEVELS, Seniority } from '../job-requirements';
import type { TailoringReport } from '../tailoring-plan';

/** What tailoring found in the job and achieved on the resume copy, shown on the application. */
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

  /** The same after tailoring reordered, hid and selected items; never below `scoreBefore`. */
  scoreAfter: number;

  /** False when no order or hiding raised the score: the copy was left as it was. */
  changed: boolean;

  /** The job's title, for the person to use as this resume's title if they wish: tailoring never replaces theirs. */
  @ApiProperty({ example: 'Senior Data Engineer' })
  suggestedJobTitle: string;
}
