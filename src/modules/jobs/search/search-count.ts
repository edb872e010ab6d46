import { EXACT_TOTAL_LIMIT } from '../job-search-values';
import { OVERRUN_GRACE_MS, SearchRepository, SearchSession, StatementOverrun, timedOut } from './search.repository';
import { indexedFilterConditions, SqlParameters } from './search-filters';
import { countReads, countStrategy, filterShare, listingCount, tableFitsBuffers, windowListings } from './search-plan';
import {
  countStatement,
  isFiltered,
  isTextual,
  lexemes,
  requiredWords,
  SearchContext,
  searchFilters,
  Strategy,
  Key,
  NEWEST_SAMPLE_MATCHES,
  newestSampleStatement,
  textConditions,
  textSampleStatement,
  wordsEstimateStatement,
} from './search-sql';

/**
 * Counting stops at 10,001 matches. When few listings match the text it always finishes quickly; otherwise it
 * gives up after the budget (`SEARCH_COUNT_BUDGET_MS`), and when the planner expects more than 10,000 it is not
 * tried: `total` is then an estimate (see `estimate`).
 */
const COUNT_ALWAYS_BELOW = 2_000;
const COUNT_BELOW_ESTIMATE = EXACT_TOTAL_LIMIT;
/** A count before the page, to catch words that never occur together: it answers zero fast, or gives up fast. */
const COUNT_FIRST_BELOW = 50_000;
/**
 * The share of the budget for a count of filters alone (it walks the newest-first index over everything they may
 * match), and what any count leaves the sample that estimates the total when the count gives none.
 */
const QUICK_COUNT_SHARE = 0.4;
/**
 * Newest-first index entries a count of filters alone passes per ms, generously: measured warm, ~1,350 (a week of
 * 100k listings, 18,500 entries, in 13.7 ms). A count is skipped only when even this pace could not finish it.
 */
const FILTER_COUNT_ENTRIES_PER_MS = 4_000;
/**
 * Table pages a count of text and filters reads per ms (see `countReads`), generously: from PostgreSQL's buffers,
 * where a table smaller than them stays (1,839 pages in 2.4 ms at 1M listings, ~1.3 µs each), or from the OS
 * cache, where a larger one's pages come from (~6 µs each; 904 MB at 1M against the default 128 MB of buffers). A
 * count that would read more than its budget at this pace is not tried: its budget goes to the sample.
 */
const COUNT_PAGES_PER_MS = { buffered: 750, cached: 250 };
/** Sampled listings that must pass for their share to stand for all (fewer: too rare to tell from a sample). */
const SAMPLE_PASSED_MIN = 20;
/** A sample's chunk is sized to take at most this share of what is left of the budget, at the pace of those before. */
const CHUNK_TIME_SHARE = 0.7;
/** A sample's chunk smaller than this would add too little to the sample to be worth its round trip. */
const SAMPLE_CHUNK_MIN = 500;
/** The chunks a sample of the newest listings reads, in turn: the first answers for matches among one in ten listings. */
const NEWEST_CHUNKS = [1_000, 3_000, 6_000, 10_000];
/** A statement given less of the budget than this would not finish: the count or sample is not tried. */
const STATEMENT_MIN_MS = 3;
/**
 * A text's rarest word in more listings than this is not sampled through its GIN bitmap: building it costs ~0.25 µs
 * an entry (140,000 entries of "senior" took 34 ms at 1M listings, past any budget), and reading the table in order
 * instead reads the search vectors of every listing until 300 hold the word (2,086 of them for "senior": 29 ms).
 */
const WORD_SAMPLE_BELOW = 50_000;

/** What one chunk of a newest sample answers (see newestSampleStatement). */
interface NewestChunk {
  passed: number;
  reached: number;
  posted: string;
  id: string;
}

/**
 * A count under way: `first` when its answer is awaited before the page is read. `count` is exact up to
 * EXACT_TOTAL_LIMIT, more means "more than that", null "not counted"; `total` is the count or, past it, the estimate.
 */
export interface Counting {
  count: Promise<number | null>;
  first: boolean;
  total: Promise<number>;
  /** Whether a count that ran past its budget (and so gave null) has since found that nothing matches. */
  foundNone: () => boolean;
}

/**
 * What is left of one search's counting budget: the count and, when it gives no total, the sample that estimates
 * one share it, so that a search never waits for its total longer than the budget (they used to have one each).
 */
class CountingTime {
  private readonly endsAt: number;

  constructor(budgetMs: number) {
    this.endsAt = Date.now() + budgetMs;
  }

  /**
   * The time limit of a statement that must leave `reserveMs` of the budget to the next (a count, to the sample that
   * stands in when it gives none): its answer may arrive OVERRUN_GRACE_MS after the limit.
   */
  leaving(reserveMs: number): number | null {
    return this.limit(this.endsAt - Date.now() - reserveMs - OVERRUN_GRACE_MS);
  }

  /** The time limit of the next statement: `ms` or what is left, if less; null when too little is left. */
  limit(ms: number): number | null {
    const left = Math.min(ms, this.endsAt - Date.now());
    return left >= STATEMENT_MIN_MS ? Math.floor(left) : null;
  }
}

/** The exact `total` of a search's first page, within the time budget that config gives counting. */
export class SearchCounter {
  private readonly quickBudgetMs: number;

  constructor(
    private readonly repository: SearchRepository,
    private readonly budgetMs: number,
  ) {
    this.quickBudgetMs = Math.ceil(budgetMs * QUICK_COUNT_SHARE);
  }

  /**
   * Starts counting the matches of a first page. Words estimated to occur together often enough to walk for may in
   * fact never do ("sql kubernetes"), nor text and filters ("remote" in a city): the statistics know each, not how
   * they combine. Up to COUNT_FIRST_BELOW expected matches of such a combination, a count (GIN only, fast) comes
   * first and its answer decides. Otherwise, and for a single word without filters (whose share the statistics
   * know), it runs on a connection of its own while the page is read: a search waits for the slower, not both.
   */
  begin(context: SearchContext, estimate: number): Counting {
    const combination = /[&|<!]/.test(context.text.match ?? '') || isFiltered(context);
    const first = isTextual(context) && combination && estimate <= COUNT_FIRST_BELOW;
    const time = new CountingTime(this.budgetMs);
    // A count before the page has as long as one beside it: "sql kubernetes" takes ~15 ms at 1M listings to answer
    // zero (both words' GIN entries), and the walk it spares would read ~60,000 listings to find nothing.
    let none = false;
    const count = this.count(context, estimate, first ? COUNT_FIRST_BELOW : COUNT_BELOW_ESTIMATE, time, (late) => (none = late === 0));
    const total = count.then(async (counted) =>
      counted !== null && counted <= EXACT_TOTAL_LIMIT ? counted : Math.max(await this.estimate(context, estimate, time), counted ?? 0),
    );
    return { count, first, total, foundNone: () => none };
  }

  /**
   * `total` when the count gave none. The planner multiplies shares as if they were independent: of words
   * ("registered nurse" was estimated at 129 listings of 11,681), of words and filters (a skill and a country), of
   * filters (a level and a salary). So filters alone, and text that requires words (`requiredWords`), are estimated
   * from the newest listings of their `datePosted` window (or of all): the share of them that match and pass (read
   * through their words signatures until NEWEST_SAMPLE_MATCHES do), times the listings of the window; a window
   * that the sample reads whole, short of them, is counted exactly. Text that requires no word (alternatives only),
   * and text with `excludeGhostJobs` (the newest listings are seldom ghosts), are estimated from the rarest word,
   * whose share the statistics know: its listings (all listings, when most hold it), times the share of a sample of them that match
   * the whole text and pass the filters (when enough do and no filter is on dates; else the share that match, times
   * the planner's share of listings the filters let through). A single word without filters, text that excludes
   * words, and a sample that overruns the budget keep the planner's estimate.
   */
  private async estimate(context: SearchContext, planned: number, time: CountingTime): Promise<number> {
    const text = context.text.match;
    const filtered = isFiltered(context);
    if (!text) return filtered ? this.newestEstimate(context, planned, time) : planned;
    if (text.includes('!') || (!/[&|<]/.test(text) && !filtered)) return planned;
    if (!context.search.excludeGhostJobs && requiredWords(text).length > 0) return this.newestEstimate(context, planned, time);
    return this.sampled(planned, time, async (session, limitMs) => {
      const words = lexemes(text);
      // One after another: a session is one connection, which runs one query at a time anyway (pg 9 refuses overlap).
      let fewest = Infinity;
      let rarest = words[0];
      for (const word of words) {
        const listings = await session.estimate(wordsEstimateStatement(word));
        if (listings < fewest) [fewest, rarest] = [listings, word];
      }
      // The GIN bitmap of a word most listings hold takes longer to build than the budget: the newest listings are
      // the sample then, a share of every listing.
      const newest = fewest > WORD_SAMPLE_BELOW;
      const [{ sampled, held, passed }] = await session.planned<{ sampled: number; held: number; passed: number }[]>(
        newest ? 'walk' : 'bitmap',
        textSampleStatement(newest ? null : rarest, text, context),
        limitMs,
      );
      if (sampled === 0) return planned;
      // A word's sample is its first listings in the table, the oldest, and the newest are all recent: neither says
      // what share of all passes a filter on dates.
      const dated = (context.search.datePosted && context.search.datePosted !== 'all') || context.search.excludeGhostJobs;
      return (
        (newest ? await listingCount(session) : fewest) *
        (passed >= SAMPLE_PASSED_MIN && !dated ? passed / sampled : (held / sampled) * (await filterShare(session, context)))
      );
    });
  }

  /**
   * The listings of the window times the share of its newest that match and pass (see `estimate`), read newest first
   * in chunks (NEWEST_CHUNKS) while the budget lasts, until NEWEST_SAMPLE_MATCHES match and pass; a window read whole
   * short of them is counted exactly. Each chunk after the first is sized to end within what is left of the budget at
   * the pace of the one before; one that overruns anyway ends the sample with what the chunks before it found (it
   * used to be one statement, which lost everything, and the planner's estimate answered).
   */
  private newestEstimate(context: SearchContext, planned: number, time: CountingTime): Promise<number> {
    return this.sampled(planned, time, async (session) => {
      let passed = 0;
      let reached = 0;
      let after: Key | null = null;
      let last = { entries: 0, ms: 0 };
      for (const size of NEWEST_CHUNKS) {
        const limitMs = time.limit(this.budgetMs);
        // At the pace of the chunk before, per listing asked for (one that stops at its matches early costs its round trip all the same).
        const expectedMs = (last.ms * size) / Math.max(last.entries, 1);
        const entries = limitMs === null ? 0 : Math.floor(size * Math.min(1, (CHUNK_TIME_SHARE * limitMs) / expectedMs));
        if (limitMs === null || entries < SAMPLE_CHUNK_MIN) break;
        const matches = NEWEST_SAMPLE_MATCHES - passed;
        const started = performance.now();
        let read: NewestChunk;
        try {
          [read] = await session.planned<NewestChunk[]>('walk', newestSampleStatement(context, { after, entries, matches }), limitMs);
        } catch (error) {
          if (!timedOut(error)) throw error;
          break;
        }
        last = { entries, ms: performance.now() - started };
        passed += read.passed;
        reached += read.reached;
        // Stopped at its last match: (k - 1) / (n - 1) is the share that sampling until k matches does not overstate.
        if (read.passed === matches) return (await windowListings(session, context)) * ((passed - 1) / (reached - 1));
        // Short of its matches and its listings, the chunk read the rest of the window: the count is exact.
        if (read.reached < entries) return passed;
        after = [read.posted, read.id];
      }
      if (reached === 0) return planned;
      const window = await windowListings(session, context);
      return window * sampledShare(passed, reached, planned / Math.max(window, 1));
    });
  }

  /** An estimate from a sample, or `planned` when what is left of the budget is too short for it or it overruns. */
  private async sampled(planned: number, time: CountingTime, sample: (session: SearchSession, limitMs: number) => Promise<number>): Promise<number> {
    const limitMs = time.limit(this.budgetMs);
    if (limitMs === null) return planned;
    return this.repository.withSession(async (session) => {
      try {
        return await sample(session, limitMs);
      } catch (error) {
        if (!timedOut(error)) throw error;
        return planned;
      }
    });
  }

  /**
   * The time limit of a count (undefined: none, when few listings match its text), or null when it is not tried. A
   * count of text and filters is not tried when it would read more table pages than COUNT_PAGES_PER_MS allows in
   * its budget (text alone always is: it may find that its words never occur together). A count of filters alone
   * walks the newest-first index over every listing of the search's `datePosted` window (all listings, without
   * one), unless a filter has an index of its own: it gets the short budget, and is not tried
   * when even FILTER_COUNT_ENTRIES_PER_MS could not read the window in it (it would only take its budget's worth of
   * a core from the searches beside it).
   */
  private async countBudget(
    session: SearchSession,
    context: SearchContext,
    { strategy, textMatches }: { strategy: Strategy; textMatches: number | null },
    time: CountingTime,
  ): Promise<number | null | undefined> {
    if (textMatches !== null) {
      if (textMatches < COUNT_ALWAYS_BELOW) return undefined;
      const budget = time.leaving(this.quickBudgetMs);
      // Without filters a count is a test of whether words occur together at all: the bitmaps' AND answers it fast.
      if (budget === null || !isFiltered(context)) return budget;
      const pace = (await tableFitsBuffers(session)) ? COUNT_PAGES_PER_MS.buffered : COUNT_PAGES_PER_MS.cached;
      return (await countReads(session, context, strategy, textMatches)) <= budget * pace ? budget : null;
    }
    const budget = time.limit(this.quickBudgetMs);
    if (budget === null || indexedFilterConditions(context.search, new SqlParameters()).length > 0) return budget;
    return (await windowListings(session, context)) <= budget * FILTER_COUNT_ENTRIES_PER_MS ? budget : null;
  }

  /**
   * The number of matches, counted exactly up to 10,000 when the planner expects no more than `countBelow` and
   * counting fits the time budget (always, when few listings match the text); null otherwise (the estimate then
   * stands in).
   */
  private async count(
    context: SearchContext,
    estimate: number,
    countBelow: number,
    time: CountingTime,
    onLateAnswer: (count: number) => void,
  ): Promise<number | null> {
    if (estimate > countBelow) return null;
    return this.repository.withSession(async (session) => {
      const matches = { filters: searchFilters(context), text: textConditions(context), tier: () => [], words: () => [], country: null };
      const { strategy, textMatches } = await countStrategy(session, matches);
      const budget = await this.countBudget(session, context, { strategy, textMatches }, time);
      if (budget === null) return null;
      try {
        const [{ count }] = await session.planned<{ count: number }[]>(strategy, countStatement({ ...matches, strategy }), budget);
        return count > EXACT_TOTAL_LIMIT ? null : count;
      } catch (error) {
        if (!timedOut(error)) throw error;
        // Too late for the total, not for the page: a walk for words that never occur together can stop at its answer.
        if (error instanceof StatementOverrun)
          void error.late.then(
            (rows) => onLateAnswer((rows as { count: number }[])[0].count),
            () => undefined,
          );
        return null;
      }
    });
  }
}

/**
 * The share of a window that matches, from `passed` of `reached` sampled listings short of NEWEST_SAMPLE_MATCHES:
 * their share when SAMPLE_PASSED_MIN or more passed; with fewer (too rare to tell from the sample alone), the
 * planner's share, held within what the sample allows (about two standard deviations of a Poisson count either side:
 * none of 10,000 allows at most 3).
 */
export function sampledShare(passed: number, reached: number, plannedShare: number): number {
  if (passed >= SAMPLE_PASSED_MIN) return passed / reached;
  const least = Math.max(passed - 2 * Math.sqrt(passed), 0) / reached;
  const most = (passed + 2 * Math.sqrt(passed + 1) + 1) / reached;
  return Math.min(Math.max(plannedShare, least), most);
}
