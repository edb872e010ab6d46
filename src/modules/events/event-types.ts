/** Every kind of event the service records, named `<resource>.<what happened>`. */
export const EVENT_TYPES = [
  'application.created',
  'application.updated',
  'application.status_changed',
  'application.deleted',
  'application.prepared',
  'application.preparation_failed',
  'application.activity_added',
  'application.activity_updated',
  'application.activity_deleted',
  'application.follow_up_due',
  'interview.scheduled',
  'interview.updated',
  'resume.created',
  'resume.deleted',
  'cover_letter.created',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Events are kept this long, then deleted with their deliveries: `GET /v1/events` reaches back this far. */
export const EVENT_RETENTION_DAYS = 30;
