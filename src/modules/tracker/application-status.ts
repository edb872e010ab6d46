/** The 13 application statuses, in pipeline order, and the archived group. */
export const APPLICATION_STATUSES = [
  'watchlist',
  'preparing',
  'applied',
  'response',
  'screening',
  'interview_scheduled',
  'interviewed',
  'offer',
  'negotiating',
  'accepted',
  'rejected',
  'withdrawn',
  'no_response',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const ARCHIVED_STATUSES: readonly ApplicationStatus[] = ['accepted', 'rejected', 'withdrawn', 'no_response'];
export const ACTIVE_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter((status) => !ARCHIVED_STATUSES.includes(status));

export function isArchivedStatus(status: ApplicationStatus): boolean {
  return ARCHIVED_STATUSES.includes(status);
}

/** Where an application was found. `LinkedIn` stands for the professional network. */
export const APPLICATION_SOURCES = ['LinkedIn', 'CompanyWebsite', 'JobWebsite', 'Referral', 'Agency', 'Other'] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];
