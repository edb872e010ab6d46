/** Kinds of activity a person records on an application's timeline (beside the status changes the service records). */
export const ACTIVITY_TYPES = ['note', 'email', 'call', 'message', 'follow_up', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
