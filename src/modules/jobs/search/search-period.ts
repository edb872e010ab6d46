import type { Key, Statement } from './search-sql';
import { COST_US, listingCount } from './search-plan';
import type { SearchSession } from './search.repository';

/** A period is sized to hold about this many pages of the stream's matches, so that one read usually finds a page. */
const PERIOD_PAGES = 4;
/** A period covering more than this share of the listings saves too little to be worth a second read when it falls short. */
const PERIOD_SHARE_MAX = 0.5;

/**
 * The planner's statistics of posting times: the most common times with their shares, and the histogram of the rest
 * (bounds between which equal parts of it lie). Recent hours are often among the most common, and then not in the
 * histogram at all.
 */
const STATISTICS: Statement = {
  sql: `SELECT most_common_vals::text::timestamptz[] AS common, most_common_freqs AS shares, histogram_bounds::text::timestamptz[] AS bounds
          FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'job_listings' AND attname = 'posted_at'`,
  values: [],
};

/** Posting times as the planner knows them (ms): common times and their shares, the histogram's bounds and share. */
export interface PostingTimes {
  common: { time: number; share: number }[];
  bounds: number[];
  histogramShare: number;
}

/**
 * The newest matches of a stream that a GIN bitmap finds (a rare word, a phrase, text with selective filters) are
 * read from the table one by one, every match, only to keep the newest few: ~1,900 random reads for a word in 0.2% of
 * a million listings. A period of recent posting times that should hold a few pages of them, ANDed with the text's
 * bitmap through job_listings_posted_at, reads about that many instead. Its start comes from the planner's
 * histogram of posting times, which a process reads once a minute.
 *
 * This is the period to read first for a page of `limit` of a stream expected to hold `expected` matches, after the
 * keyset position `after`; none when the stream is small or the period would cover most listings.
 */
export async function recentPeriod(session: SearchSession, expected: number | undefined, after: Key | null, limit: number): Promise<{ since: Date } | null> {
  if (expected === undefined) return null;
  const share = periodShare(expected, limit, await listingCount(session));
  const since = share === null ? null : periodStart(await session.fromStatistics(STATISTICS, postingTimes), after ? Date.parse(after[0]) : null, share);
  return since === null ? null : { since: new Date(since) };
}

/**
 * The share of the `listings` that the period of a stream expected to hold `expected` matches covers, for a page of
 * `limit`; null when it would cover most listings, or when reading every match costs less than ANDing the period's
 * posting times (COST_US.bitmapEntry each) and reading the matches within it: "lead product manager", 683 matches of a
 * million, took 8.7 ms with a period, 6.4 of them the period's 122,428 posting times, and its count read all 683 in 3.
 */
export function periodShare(expected: number, limit: number, listings: number): number | null {
  const share = (PERIOD_PAGES * limit) / Math.max(expected, 1);
  if (share > PERIOD_SHARE_MAX) return null;
  const withPeriod = share * listings * COST_US.bitmapEntry + share * expected * COST_US.match;
  return withPeriod < expected * COST_US.match ? share : null;
}

function postingTimes([row]: { common: Date[] | null; shares: number[] | null; bounds: Date[] | null }[]): PostingTimes {
  const common = (row?.common ?? []).map((time, index) => ({ time: time.getTime(), share: row.shares?.[index] ?? 0 }));
  const commonShare = common.reduce((sum, { share }) => sum + share, 0);
  return { common, bounds: (row?.bounds ?? []).map((bound) => bound.getTime()), histogramShare: Math.max(1 - commonShare, 0) };
}

/**
 * The latest posting time at or after which `share` of the listings lie beyond those posted after `after` (ms; null:
 * from the newest), interpolating linearly within the histogram's buckets; null when that reaches the oldest
 * listings, or without statistics (a table never analyzed).
 */
export function periodStart(times: PostingTimes, after: number | null, share: number): number | null {
  const known = [...times.bounds, ...times.common.map(({ time }) => time)];
  if (known.length === 0 || (times.common.length === 0 && times.bounds.length < 2)) return null;
  const target = (after === null ? 0 : shareAfter(times, after)) + share;
  let [low, high] = [Math.min(...known), Math.max(...known)];
  if (shareAfter(times, low) < target) return null;
  // shareAfter falls as the time grows: halve the span until it is well under a millisecond.
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (shareAfter(times, middle) >= target) low = middle;
    else high = middle;
  }
  return low;
}

/** The share of listings posted at or after `time`. */
function shareAfter(times: PostingTimes, time: number): number {
  const common = times.common.reduce((sum, { time: at, share }) => (at >= time ? sum + share : sum), 0);
  return common + times.histogramShare * histogramShareAfter(times.bounds, time);
}

/** The share of the histogram's listings posted later than `time`. */
function histogramShareAfter(bounds: number[], time: number): number {
  const buckets = bounds.length - 1;
  if (buckets < 1) return 0;
  if (time >= bounds[buckets]) return 0;
  if (time <= bounds[0]) return 1;
  let bucket = 0;
  while (bounds[bucket + 1] <= time) bucket++;
  const within = bounds[bucket + 1] > bounds[bucket] ? (time - bounds[bucket]) / (bounds[bucket + 1] - bounds[bucket]) : 0;
  return 1 - (bucket + within) / buckets;
}
