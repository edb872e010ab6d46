import type { ApplicationStatus } from './application-status';
import type { InterviewType } from './interview-types';

/** What an account's calendar shows of the tracker: its interviews and follow-ups, each with the job it is about. */
export interface CalendarEntries {
  interviews: {
    id: string;
    applicationId: string;
    round: number;
    type: InterviewType;
    date: Date;
    updatedAt: Date;
    jobTitle: string;
    company: string;
    /** The interview's own place, else the job's. */
    location: string | null;
    meetingUrl: string | null;
    durationMinutes: number | null;
    contactName: string | null;
  }[];
  followUps: { applicationId: string; followUpAt: Date; updatedAt: Date; jobTitle: string; company: string; status: ApplicationStatus }[];
}
