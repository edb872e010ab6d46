import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Public, Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { CalendarService } from './calendar.service';
import { CalendarFeedView } from './dto/calendar.dto';

const ICS_EXAMPLE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:interview-5f0c6a52-3c1e-4d2a-9a55-6b1f0c9e2d11@careers.example.com',
  'DTSTART:20261201T080000Z',
  'DTEND:20261201T090000Z',
  'SUMMARY:Interview: Backend Engineer at Acme',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

@ApiTag('Calendar', "The account's interviews and follow-ups as an iCalendar feed at a secret address, for calendar apps to subscribe to.")
@Controller('v1/calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({
    operationId: 'getCalendarFeed',
    summary: 'Show the calendar feed',
    description:
      'Makes the feed when the account has none and answers its secret address, once: only a hash of its token is kept, so later ' +
      'calls answer `url: null` with when it was made. Rotate to get a new address.',
  })
  @ApiOkResponse({ type: CalendarFeedView })
  show(@Caller() caller: ApiCaller, @Req() request: Request): Promise<CalendarFeedView> {
    return this.calendar.show(caller, request);
  }

  @Post('rotate')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'rotateCalendarFeed',
    summary: "Replace the calendar feed's address",
    description: 'Answers a new secret address, shown only here; the old one answers 404 at once. Makes the feed when there is none.',
  })
  @ApiOkResponse({ type: CalendarFeedView })
  rotate(@Caller() caller: ApiCaller, @Req() request: Request): Promise<CalendarFeedView> {
    return this.calendar.rotate(caller, request);
  }

  @Get(':token.ics')
  @Public()
  @RateLimit(DEFAULT_LIMITS.read, 'client address')
  @ApiOperation({
    operationId: 'getCalendarIcs',
    summary: 'The calendar feed (iCalendar)',
    description:
      'No key: the token in the address is the credential, so give the address only to your calendar app. Interviews (an hour each) and ' +
      'follow-ups (at `followUpAt`), times in UTC, each with a UID that stays the same from one fetch to the next. ' +
      'An unknown or rotated token answers 404.',
  })
  @ApiParam({
    name: 'token',
    description: 'The secret token of the address `GET /v1/calendar` answered',
    example: '8Jx3lq0Zt2c9bQ1yV4oN7mR5sK6pW0eA3dF8hG2jL1k',
  })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'The feed (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' }, example: ICS_EXAMPLE } } })
  @ApiNotFoundResponse({ type: ErrorBody })
  async feed(@Param('token') token: string, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    const ics = await this.calendar.ics(token, request);
    // Set here rather than by @Header, which would also label a 404's JSON as a calendar.
    response.set({ 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store' });
    return ics;
  }
}
