/** Kinds of interview. */
export const INTERVIEW_TYPES = ['phone', 'video', 'onsite', 'technical', 'behavioral', 'panel', 'take_home', 'final', 'other'] as const;
export type InterviewType = (typeof INTERVIEW_TYPES)[number];
