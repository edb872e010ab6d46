import type { Key, Statement } from './search-sql';
import type { SearchSession } from './search.repository';

/** A period is sized to hold about this many pages of the stream's matches, so that one read usually finds a page. */
const PERIOD_PAGES = 4;
/** A period covering more than this share of the listings saves too little to be worth a second read when it falls short. */
const PERIOD_SHARE_MAX = 0.5;
/** How long a process trusts the posting-time statistics it read (they change only with ANALYZE). */
const STATISTICS_MS = 60_000;

/** The planner's histogram of posting times: bounds (ms, ascending) between which equal shares of the listings lie. */
const HISTOGRAM: Statement = {
  sql: `SELECT histogram_bounds::text::timestamptz[] AS bounds FROM pg_stats
         WHERE schemaname = current_schema() AND tablename = 'job_listings' AND attname = 'posted_at'`,
  values: [],
};

/**
 * The newest matches of a stream that a GIN bitmap finds (a rare word, a phrase, text with selective filters) are
 * read from the table one by one, every match, only to keep the newest few: ~1,900 random reads for a word in 0.2% of
 * a million listings. A period of recent posting times that should hold a few pages of them, ANDed with the text's
 * bitmap through job_listings_posted_at, reads about that many instead. Its start comes from the planner's
 * histogram of posting times, which a process reads once a minute.
 */
export class SearchPeriods {
  private histogram?: { bounds: number[]; readAt: number };

  /**
   * The recent period to read first for a page of `limit` of a stream expected to hold `expected` matches, after the
   * keyset position `after`; none when the stream is small or the period would cover most listings.
   */
  async recent(session: SearchSession, expected: number | undefined, after: Key | null, limit: number): Promise<{ since: Date } | null> {
    if (expected === undefined) return null;
    const share = (PERIOD_PAGES * limit) / Math.max(expected, 1);
    if (share > PERIOD_SHARE_MAX) return null;
    const since = periodStart(await this.bounds(session), after ? Date.parse(after[0]) : null, share);
    return since === null ? null : { since: new Date(since) };
  }

  private async bounds(session: SearchSession): Promise<number[]> {
    if (!this.histogram || Date.now() - this.histogram.readAt > STATISTICS_MS) {
      const [row] = await session.query<{ bounds: Date[] | null }[]>(HISTOGRAM);
      this.histogram = { bounds: (row?.bounds ?? []).map((bound) => bound.getTime()), readAt: Date.now() };
    }
    return this.histogram.bounds;
  }
}

/**
 * The posting time above which `share` of all listings lie beyond those posted after `after` (ms; null: from the
 * newest), by linear interpolation within the histogram's buckets; null when that reaches the oldest listings, or
 * without a histogram (a table never analyzed).
 */
export function periodStart(bounds: number[], after: number | null, share: number): number | null {
  const buckets = bounds.length - 1;
  if (buckets < 1) return null;
  const fromNewest = (after === null ? 0 : shareAfter(bounds, after)) + share;
  if (fromNewest >= 1) return null;
  const position = buckets * (1 - fromNewest);
  const bucket = Math.min(Math.floor(position), buckets - 1);
  return bounds[bucket] + (position - bucket) * (bounds[bucket + 1] - bounds[bucket]);
}

/** The share of listings posted later than `time`. */
function shareAfter(bounds: number[], time: number): number {
  const buckets = bounds.length - 1;
  if (time >= bounds[buckets]) return 0;
  if (time <= bounds[0]) return 1;
  let bucket = 0;
  while (bounds[bucket + 1] <= time) bucket++;
  const within = bounds[bucket + 1] > bounds[bucket] ? (time - bounds[bucket]) / (bounds[bucket + 1] - bounds[bucket]) : 0;
  return 1 - (bucket + within) / buckets;
}
