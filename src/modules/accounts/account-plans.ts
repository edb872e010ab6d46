/** What an account is on: its plan and the optional features it was granted. */
export const PLANS = ['free', 'plus'] as const;
export type Plan = (typeof PLANS)[number];

/** Optional capabilities an account may be granted; `auto-prepare` is the one that exists today. */
export const FEATURES = ['auto-prepare'] as const;
export type Feature = (typeof FEATURES)[number];
