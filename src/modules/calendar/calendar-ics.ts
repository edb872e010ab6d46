import ical from 'ical-generator';
import type { CalendarEntries } from '../tracker/calendar-entries';

/** An interview without a `durationMinutes` of its own is shown as an hour. */
const INTERVIEW_MINUTES = 60;
/** A follow-up is a reminder to act, shown as a short event at its time. */
const FOLLOW_UP_MS = 15 * 60 * 1000;

/**
 * The account's interviews and follow-ups as iCalendar (RFC 5545). Every time is given as a UTC instant, which
 * ical-generator writes as `...Z`, so each calendar shows it in its own zone; no `timezone` is set, since with one
 * ical-generator writes a Date's UTC clock time as that zone's local time. UIDs name the record, so an event keeps
 * its identity from one fetch to the next (and moves, rather than doubles, when its date changes); DTSTAMP is when
 * the record last changed.
 */
export function calendarIcs(entries: CalendarEntries, host: string): string {
  const calendar = ical({ name: 'Job applications', prodId: { company: 'Career API', product: 'Tracker calendar', language: 'EN' } });
  for (const interview of entries.interviews) {
    const withWhom = interview.contactName ? ` with ${interview.contactName}` : '';
    calendar.createEvent({
      id: `interview-${interview.id}@${host}`,
      start: interview.date,
      end: new Date(interview.date.getTime() + (interview.durationMinutes ?? INTERVIEW_MINUTES) * 60_000),
      stamp: interview.updatedAt,
      summary: `Interview: ${interview.jobTitle} at ${interview.company}`,
      description: `Round ${interview.round}, ${interview.type.replace('_', ' ')}${withWhom}`,
      location: interview.location,
      url: interview.meetingUrl,
    });
  }
  for (const followUp of entries.followUps) {
    calendar.createEvent({
      id: `follow-up-${followUp.applicationId}@${host}`,
      start: followUp.followUpAt,
      end: new Date(followUp.followUpAt.getTime() + FOLLOW_UP_MS),
      stamp: followUp.updatedAt,
      summary: `Follow up: ${followUp.jobTitle} at ${followUp.company}`,
      description: `Application status: ${followUp.status}`,
    });
  }
  return calendar.toString();
}
