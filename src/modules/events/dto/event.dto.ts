import { ApiProperty } from '@nestjs/swagger';
import { PAGE_SIZE } from '../../../common/http/paging';
import { EnumField, QueryIntField, SequenceNumberField } from '../../../common/validation/field.decorators';
import { EVENT_TYPES, EventType } from '../event-types';

export class ListEventsQuery {
  @QueryIntField({ min: 1, max: PAGE_SIZE.max, default: PAGE_SIZE.default, description: 'Page size' })
  limit: number = PAGE_SIZE.default;

  @SequenceNumberField({
    optional: true,
    default: '0',
    example: '1042',
    message: 'must be an event id (a string of digits)',
    description: 'Only events after this id: the last id a client has seen (`0` for all)',
  })
  after: string = '0';

  @EnumField(EVENT_TYPES, { optional: true, enumName: 'EventType', description: 'Only events of this type' })
  type?: EventType;
}

/** An event as `GET /v1/events` lists it and as a webhook delivers it (the body of the POST). */
export class EventView {
  @ApiProperty({
    type: String,
    pattern: '^[1-9]\\d*$',
    description:
      'A string of digits, like every id; its number increases with every event of the account, in the order the changes were committed. ' +
      'Send it back as `after`',
    example: '1042',
  })
  id: string;

  @ApiProperty({ enum: EVENT_TYPES, enumName: 'EventType', example: 'application.status_changed' })
  type: EventType;

  @ApiProperty({ example: '2026-11-25T06:00:00.000Z' })
  createdAt: Date;

  @ApiProperty({ format: 'uuid', example: '6f1c1c2e-8a51-4b55-9a55-0e0f6d4f1a11' })
  accountId: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'What changed, as the API shows it: the application, interview, resume or cover letter view; `{id}` for a deletion; ' +
      '`{from, to, application}` for `application.status_changed`, `{reason, application}` for `application.preparation_failed`, ' +
      '`{followUpAt, application}` for `application.follow_up_due`',
    example: { from: 'applied', to: 'interviewing', application: { id: 'a3d1c0de-2b9f-4c55-9f52-0d7c7e2b9a10', status: 'interviewing' } },
  })
  data: Record<string, unknown>;
}

/** A page of events: `after` the last id of this page gives the next. */
export class EventsPage {
  data: EventView[];

  @ApiProperty({ description: 'Whether more events follow this page', example: false })
  hasMore: boolean;

  @ApiProperty({ example: PAGE_SIZE.default })
  limit: number;
}
