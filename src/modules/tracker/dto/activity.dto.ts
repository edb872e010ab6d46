import { ApiProperty } from '@nestjs/swagger';
import { DateTimeField, EnumField, TextField } from '../../../common/validation/field.decorators';
import { UpdateBody } from '../../../common/validation/update-body';
import { ACTIVITY_TYPES, ActivityType } from '../activity-types';
import { APPLICATION_STATUSES, ApplicationStatus } from '../application-status';
import { ACTIVITY_LIMITS } from '../tracker.limits';

export class CreateActivityDto {
  @EnumField(ACTIVITY_TYPES, { description: 'The kind of activity', enumName: 'ActivityType', example: 'call' })
  type: ActivityType;

  @TextField({
    max: ACTIVITY_LIMITS.body,
    description: 'What happened; shown as the timeline entry’s description',
    example: 'Called the recruiter; the team lead interview is next.',
  })
  body: string;

  @DateTimeField({
    optional: true,
    description: 'When it happened, ISO 8601 with a time zone; defaults to now. It does not move the entry in the timeline (see the timeline’s order)',
    example: '2026-11-20T15:00:00Z',
  })
  occurredAt?: string;
}

export class UpdateActivityDto extends UpdateBody(CreateActivityDto) {}

/** An activity recorded on an application's timeline. */
export class ActivityView {
  id: string;
  applicationId: string;
  @ApiProperty({ enum: ACTIVITY_TYPES, enumName: 'ActivityType' })
  type: ActivityType;
  body: string;
  /** When it happened. */
  occurredAt: Date;
  /** The application's status when the activity was recorded. */
  @ApiProperty({ enum: APPLICATION_STATUSES, enumName: 'ApplicationStatus' })
  status: ApplicationStatus;
  /** When it was recorded: its place in the timeline. */
  createdAt: Date;
}
