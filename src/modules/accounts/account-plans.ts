/** What an account is on: its plan and the optional features it was granted. */
export const PLANS = ['free', 'plus'] as const;
export type Plan = (typeof PLANS)[number];

/** Optional capabilities an account may be granted; `auto-prepare` is the one that exists today. */
export const FEATURES = ['auto-prepare'] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * What an account's plan and features open to it, in one place: the rules that refuse a request read it, and
 * `GET /v1/me` shows it, so that a client can know before trying.
 */
export function planAllows(account: { plan: Plan; features: readonly string[] }) {
  const plus = account.plan === 'plus';
  return {
    /** Creating and updating cover letters (reading, listing and deleting them is open to every plan). */
    coverLetters: plus,
    /** `autoPrepare` on a new application: Plus with the `auto-prepare` feature. */
    autoPrepare: plus && account.features.includes('auto-prepare'),
    /** Creating an API key (a key keeps working after a move to free). */
    apiKeys: plus,
    /** Approving an OAuth app, and that app's access. */
    connectedApps: plus,
  };
}

export type PlanAllows = ReturnType<typeof planAllows>;
