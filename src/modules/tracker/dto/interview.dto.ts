import { ApiProperty } from '@nestjs/swagger';
import { PagingQuery } from '../../../common/http/paging';
import { DateTimeField, EnumField, IntField, TextField, UrlField } from '../../../common/validation/field.decorators';
import { INTERVIEW_TYPES, InterviewType } from '../interview-types';
import { INTERVIEW_LIMITS } from '../tracker.limits';

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

  @TextField({ optional: true, max: INTERVIEW_LIMITS.location, description: 'Where it takes place', example: 'Acme HQ, Room 4.12' })
  location?: string;

  @UrlField({
    optional: true,
    max: INTERVIEW_LIMITS.meetingUrl,
    description: 'The link to join a video or phone call',
    example: 'https://meet.example.com/abc-defg',
  })
  meetingUrl?: string;

  @IntField({ optional: true, ...INTERVIEW_LIMITS.durationMinutes, description: 'How long it is planned to last, in minutes', example: 45 })
  durationMinutes?: number;
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

  @TextField({ nullable: true, max: INTERVIEW_LIMITS.location, description: 'Where it takes place; null clears it' })
  location?: string | null;

  @UrlField({ nullable: true, max: INTERVIEW_LIMITS.meetingUrl, description: 'The link to join a video or phone call; null clears it' })
  meetingUrl?: string | null;

  @IntField({ nullable: true, ...INTERVIEW_LIMITS.durationMinutes, description: 'How long it is planned to last, in minutes; null clears it' })
  durationMinutes?: number | null;
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

/** An interview as its own read and the interview lists show it: every field, with the application it belongs to. */
export class InterviewDetail extends InterviewView {
  applicationId: string;
  location: string | null;
  meetingUrl: string | null;
  durationMinutes: number | null;
}

export class InterviewDetailResponse {
  data: InterviewDetail;
}

/** The application an interview belongs to, as the account-wide interview list names it. */
export class InterviewApplication {
  id: string;
  jobTitle: string;
  company: string;
}

/** An interview in the account-wide list, with its application. */
export class ScheduledInterview extends InterviewDetail {
  application: InterviewApplication;
}

export class ListScheduledInterviewsQuery extends PagingQuery {
  @DateTimeField({ optional: true, description: 'Interviews at or after this instant; defaults to now', example: '2026-11-01T00:00:00Z' })
  from?: string;

  @DateTimeField({ optional: true, description: 'Interviews before this instant (none by default); after `from`', example: '2027-02-01T00:00:00Z' })
  to?: string;
}
