import type { ApplicationStatus } from '../application-status';

/** The stages of the funnel, in the order an application passes them. */
export const FUNNEL_STAGES = ['applied', 'response', 'interview', 'offer', 'accepted'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * How far along the funnel each status shows an application got (1 = applied … 5 = accepted; 0 = not yet applied).
 * A status implies every stage before it, so an application that skipped a status still reached its stage
 * (watchlist → interview_scheduled was applied and answered). `rejected` and `no_response` imply it was sent;
 * `withdrawn` implies nothing: the stage is whatever the rest of the timeline shows.
 */
export const STAGE_OF_STATUS: Record<ApplicationStatus, number> = {
  watchlist: 0,
  preparing: 0,
  applied: 1,
  response: 2,
  screening: 2,
  interview_scheduled: 3,
  interviewed: 3,
  offer: 4,
  negotiating: 4,
  accepted: 5,
  rejected: 1,
  withdrawn: 0,
  no_response: 1,
};

/** The stage number of the first stage, `applied`; a stage's number is its place in FUNNEL_STAGES plus this. */
export const APPLIED_STAGE = 1;

/**
 * The employer's first answer: the first status at `response` or beyond, or a rejection, which is an answer too
 * (so the `response` stage counts rejections, and a rejected application has a time to first response).
 */
export const ANSWERING_STATUSES = (Object.keys(STAGE_OF_STATUS) as ApplicationStatus[]).filter(
  (status) => STAGE_OF_STATUS[status] > APPLIED_STAGE || status === 'rejected',
);
