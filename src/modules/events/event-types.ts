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

/**
 * The event `POST /v1/webhooks/{id}/ping` sends to that one endpoint, to test it. No account change: endpoints do not
 * subscribe to it and `GET /v1/events` does not list it.
 */
export const PING_EVENT = 'ping';

/** What a webhook delivery can carry: the account's events, and a ping. */
export const DELIVERED_EVENT_TYPES = [...EVENT_TYPES, PING_EVENT] as const;

export type DeliveredEventType = (typeof DELIVERED_EVENT_TYPES)[number];

/** Events are kept this long, then deleted with their deliveries: `GET /v1/events` reaches back this far. */
export const EVENT_RETENTION_DAYS = 30;
