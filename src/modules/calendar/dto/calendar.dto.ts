import { ApiProperty } from '@nestjs/swagger';

export class CalendarFeedView {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The secret address of the feed, shown once: when the feed is made and at each rotation (only a hash of its token is kept). ' +
      'null when the feed existed already: rotate for a new address if it was lost',
    example: 'https://careers.example.com/v1/calendar/8Jx3lq0Zt2c9bQ1yV4oN7mR5sK6pW0eA3dF8hG2jL1k.ics',
  })
  url: string | null;

  @ApiProperty({ description: 'When the present address was made', example: '2026-11-27T09:00:00.000Z' })
  createdAt: Date;
}
