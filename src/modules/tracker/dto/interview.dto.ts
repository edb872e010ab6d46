import { ApiProperty } from '@nestjs/swagger';
import { DateTimeField, EnumField, IntField, TextField } from '../../../common/validation/field.decorators';
import { INTERVIEW_TYPES, InterviewType } from '../interview-types';
export const INTERVIEW_LIMITS = { round: { min: 1, max: 100 }, notes: 20_000 } as const;

const CONTACT_ID_DESCRIPTION = 'Id of one of your contacts (`/v1/contacts`), e.g. the interviewer';

export class CreateInterviewDto {
  @IntField({ ...INTERVIEW_LIMITS.round, example: 1, description: '1 for the first interview of the application' })
  round: number;

  @EnumField(INTERVIEW_TYPES, { description: 'The kind of interview', enumName: 'InterviewType' })
  type: InterviewType;

  @DateTimeField({ example: '2025-03-01T14:00:00Z', description: 'When it takes place (or, for a take-home, is due)' })
  date: string;

  @TextField({ description: 'Preparation or follow-up notes', optional: true, max: INTERVIEW_LIMITS.notes })
  notes?: string;

  @TextField({ optional: true, description: CONTACT_ID_DESCRIPTION })
  contactId?: string;
}

export class UpdateInterviewDto {
  @IntField({ description: '1 for the first interview of the application', ...INTERVIEW_LIMITS.round, optional: true })
  round?: number;

  @EnumField(INTERVIEW_TYPES, { description: 'The kind of interview', optional: true, enumName: 'InterviewType' })
  type?: InterviewType;

  @DateTimeField({ description: 'When it takes place (or, for a take-home, is due), ISO 8601 with a time zone', optional: true })
  date?: string;

  @TextField({
    description: 'Preparation or follow-up notes; null clears them',
    nullable: true,
    max: INTERVIEW_LIMITS.notes,
    example: 'Bring the system design notes.',
  })
  notes?: string | null;

  @TextField({ nullable: true, description: `${CONTACT_ID_DESCRIPTION}; null unlinks the contact` })
  contactId?: string | null;
}

/** The contact an interview names, as the application's read shows it. */
export class InterviewContact {
  id: string;
  firstName: string;
  lastName: string | null;
  jobTitle: string | null;
}

/** An interview in the application's single read. */
export class InterviewView {
  id: string;
  round: number;
  @ApiProperty({ enum: INTERVIEW_TYPES, enumName: 'InterviewType' })
  type: InterviewType;
  date: Date;
  notes: string | null;
  /** null when none was named, or the contact was deleted. */
  contact: InterviewContact | null;
}
