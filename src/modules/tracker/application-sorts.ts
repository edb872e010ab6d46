/** The keys the application list sorts by: ascending as named, descending with a `-` in front. */
export const APPLICATION_SORT_KEYS = ['updatedAt', 'createdAt', 'appliedDate', 'priority', 'company', 'followUpAt'] as const;
export type ApplicationSortKey = (typeof APPLICATION_SORT_KEYS)[number];

export const APPLICATION_SORTS = APPLICATION_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type ApplicationSort = ApplicationSortKey | `-${ApplicationSortKey}`;

/** Newest first, the list's order before it could be chosen. */
export const DEFAULT_APPLICATION_SORT: ApplicationSort = '-createdAt';
