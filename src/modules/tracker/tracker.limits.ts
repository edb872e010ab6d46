/** The tracker's business rules and field limits, which its DTOs, services, CSV import and MCP tools share. */

/** `salary` is the largest amount the column holds (PostgreSQL's integer), in whole currency units. */
export const APPLICATION_LIMITS = {
  text: 200,
  jobUrl: 2000,
  jobDescription: 50_000,
  notes: 20_000,
  priority: { min: 1, max: 5 },
  salary: 2_147_483_647,
  q: 200,
} as const;
/** The shortest job description autoPrepare can tailor a resume to. */
export const AUTO_PREPARE_MIN_DESCRIPTION = 500;
/** Route limits that differ from their kind's default: the specification gives an application's read 60, not a single read's 30, and an interview's read is held the same. */
export const TRACKER_RATE_LIMITS = { getApplication: 60, getInterview: 60 } as const;

/** A timeline activity's text. */
export const ACTIVITY_LIMITS = { body: 5_000 } as const;

export const INTERVIEW_LIMITS = { round: { min: 1, max: 100 }, notes: 20_000, location: 200, meetingUrl: 500, durationMinutes: { min: 1, max: 1440 } } as const;
