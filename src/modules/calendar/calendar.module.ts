import { Module } from '@nestjs/common';
import { TrackerModule } from '../tracker/tracker.module';
import { CalendarController } from './calendar.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarService } from './calendar.service';

/** The account's calendar feed: it reads the tracker's interviews and follow-ups through TrackerService. */
@Module({
  imports: [TrackerModule],
  controllers: [CalendarController],
  providers: [CalendarService, CalendarFeedsRepository],
})
export class CalendarModule {}
