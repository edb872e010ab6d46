import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiCaller } from '../../common/auth/api-caller';
import { hashSecret } from '../../common/auth/secret-format';
import { NotFoundError } from '../../common/errors/api-errors';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { TrackerService } from '../tracker/tracker.service';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { calendarIcs } from './calendar-ics';
import { CALENDAR_TOKEN } from './calendar-token';
import { CalendarFeedView } from './dto/calendar.dto';

/** The account's calendar feed: its secret address, made and replaced here, and the iCalendar it serves. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly tracker: TrackerService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Makes the account's feed when it has none (answering its address, the one time it can); else tells when it was made. */
  async show(caller: ApiCaller, request: Request): Promise<CalendarFeedView> {
    const { value: token, hash } = CALENDAR_TOKEN.generate();
    const createdAt = await this.feeds.createUnlessExists(caller.accountId, hash);
    if (createdAt) return { url: this.feedUrl(request, token), createdAt };
    return { url: null, createdAt: await this.feeds.createdAt(caller.accountId) };
  }

  /** A new address for the feed; the old one answers 404 from the commit on. */
  async rotate(caller: ApiCaller, request: Request): Promise<CalendarFeedView> {
    const { value: token, hash } = CALENDAR_TOKEN.generate();
    const createdAt = await this.feeds.replaceToken(caller.accountId, hash);
    return { url: this.feedUrl(request, token), createdAt };
  }

  /** The feed whose token this is, as iCalendar; an unknown, rotated or malformed token is a 404 alike. */
  async ics(token: string, request: Request): Promise<string> {
    const accountId = CALENDAR_TOKEN.isWellFormed(token) ? await this.feeds.accountOf(hashSecret(token)) : undefined;
    if (!accountId) throw new NotFoundError();
    return calendarIcs(await this.tracker.calendarEntries(accountId), new URL(this.origin(request)).hostname);
  }

  private feedUrl(request: Request, token: string): string {
    return `${this.origin(request)}/v1/calendar/${token}.ics`;
  }

  /** `PUBLIC_URL` when set; otherwise the address the caller reached the service at, which is the caller's own to give. */
  private origin(request: Request): string {
    return this.config.app.publicUrl ?? `${request.protocol}://${request.get('host')}`;
  }
}
