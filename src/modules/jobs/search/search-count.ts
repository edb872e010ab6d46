import { EXACT_TOTAL_LIMIT } from '../job-search-values';
import { SearchRepository, SearchSession, StatementOverrun, timedOut } from './search.repository';
import { filterCells, indexedFilterConditions, SqlParameters } from './search-filters';
import { cellListings, countReads, countStrategy, impliedConditions, tableFitsBuffers, windowListings } from './search-plan';
import {
  cellFilters,
  CountedText,
  countedText,
  countedListingsStatement,
  countStatement,
  isFiltered,
  isTextual,
  LISTING_SAMPLE_EVERY,
  SAMPLE_PART,
  sampleCountStatement,
  SearchContext,
  searchFilters,
  Stream,
  textConditions,
} from './search-sql';

/**
 * Counting stops at 10,001 matches. When few listings hold the text it runs at once, whatever it takes; otherwise the
 * sample estimates the total first (`estimate`), and a count follows when that leaves room for 10,000 matches or
 * fewer: within what is left of the budget (`SEARCH_COUNT_BUDGET_MS`) when it fits, and past it otherwise.
 */
const COUNT_ALWAYS_BELOW = 2_000;
/**
 * An estimate above this is not counted: 391 sampled matches or more, four standard deviations above the 312.5 that
 * 10,000 listings hold.
 */
const COUNT_BELOW_ESTIMATE = 1.25 * EXACT_TOTAL_LIMIT;
/** A count before the page, to catch words that never occur together: it answers zero fast, or gives up fast. */
const COUNT_FIRST_BELOW = 50_000;
/**
 * Newest-first index entries a count of filters alone passes per ms, generously (measured warm: bench/RESULTS-search.md,
 * "The figures behind the code"). A count is skipped when even this pace could not finish it: one that overran would
 * run on to its end all the same, and take that much of a core from the searches beside it.
 */
const FILTER_COUNT_ENTRIES_PER_MS = 2_000;
/**
 * A count over filter cells (job_listings_filter_cells) descends the index once per cell: ms per cell, generously
 * (measured: bench/RESULTS-search.md, "The figures behind the code").
 */
const FILTER_CELL_MS = 0.005;
/**
 * Table pages a count of text and filters reads per ms (see `countReads`), generously: from PostgreSQL's buffers,
 * where a table smaller than them stays, or from the OS cache, where a larger one's pages come from (the figures:
 * bench/RESULTS-search.md). A count that would read more than what is left of the budget at this pace is not tried.
 */
const COUNT_PAGES_PER_MS = { buffered: 750, cached: 250 };
/**
 * A count of text and filters that PostgreSQL expects to read no more table pages than this comes first: a keyword
 * in a city, not in a country (the figures: bench/RESULTS-search.md).
 */
const CHEAP_COUNT_PAGES = 3_000;
/**
 * Matches in the part of the sample (SAMPLE_PART) that stand for the total without the rest of the sample: within
 * ±25% at three standard deviations.
 */
const SAMPLE_PART_MATCHES = 150;
/**
 * Matches in the part of the sample few enough to put the total below 10,000 at four standard deviations (256 × (20 +
 * 4√20) = 9,700): a count follows whatever the rest of the sample says, and tells the total exactly.
 */
const SAMPLE_PART_FEW = 20;
/** A statement given less of the budget than this would not finish: the count or sample is not tried. */
const STATEMENT_MIN_MS = 3;

/** The total the sample tells (see SearchCounter.estimate), and whether no sampled listing matched. */
type Sampled = { total: number; none: boolean };

/** How a count would run (see countStrategy), and how many listings the planner expects to hold its text. */
type CountShape = { stream: Stream; textMatches: number | null };

/**
 * How a first page's total is found: decided before any of it runs (`SearchCounter.plan`), then carried out
 * (`SearchCounter.carryOut`). `budgetMs` is the time limit of the count a page may wait for.
 * - `text-total`: one word, without filters or limited to a country and remote work, or one phrase of two words
 *   without filters, or of three to five that are among those counted (CountedText): its `listings` were counted as
 *   they were written (job_listing_lexemes, job_listing_lexeme_places, job_listing_pairs, job_listing_phrases).
 * - `count-first`: a count expected to be cheap runs before any estimate (`budgetMs` null: whatever it takes, when
 *   few listings hold the text); the sample estimates only when it gives no total.
 * - `estimate-then-count`: the sample estimates first; a count follows, within what is left of the budget, when the
 *   estimate is COUNT_BELOW_ESTIMATE or less and `countMs(estimate)` fits what is left (past it, the page stops
 *   waiting and the count runs on for the total).
 * - `estimate-only`: no count could fit even the whole budget (`budgetMs` 0): the sample estimates, and the page is
 *   told that it has no count as soon as the sample has answered.
 * Whatever the plan, a total that the budget left uncounted is counted without a limit unless the sample puts it
 * above COUNT_BELOW_ESTIMATE: `total` is an estimate only where the sample says it is above 10,000.
 */
export type CountPlan =
  | { name: 'text-total'; listings: number }
  | { name: 'count-first'; budgetMs: number | null; stream: Stream }
  | { name: 'estimate-then-count'; budgetMs: number; countMs: (estimate: number) => number; stream: Stream }
  | { name: 'estimate-only'; budgetMs: 0; stream: Stream };

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
 * What is left of one search's counting budget, which the sample and the count share, so that a search never waits
 * for its total longer than the budget.
 */
class CountingTime {
  private readonly endsAt: number;

  constructor(budgetMs: number) {
    this.endsAt = Date.now() + budgetMs;
  }

  /** The time limit of the next statement: `ms` or what is left, if less; null when too little is left. */
  limit(ms: number): number | null {
    const left = Math.min(ms, this.endsAt - Date.now());
    return left >= STATEMENT_MIN_MS ? Math.floor(left) : null;
  }
}

/** The exact `total` of a search's first page, within the time budget that config gives counting. */
export class SearchCounter {
  constructor(
    private readonly repository: SearchRepository,
    private readonly budgetMs: number,
  ) {}

  /**
   * Starts counting the matches of a first page, on a connection of its own. Words estimated to occur together often
   * enough to walk for may in fact never do ("sql kubernetes"), nor text and filters ("remote" in a city): the
   * statistics know each, not how they combine. Up to COUNT_FIRST_BELOW expected matches of such a combination, the
   * count comes first and its answer decides (an estimate of none is counted: a count answers zero far sooner than a
   * walk finds nothing, see COUNT_FIRST_BELOW in bench/RESULTS-search.md). Otherwise it runs while the page is
   * read: a search waits for the slower, not both. A single word without filters, or limited to a country and remote
   * work, and a phrase of two words without filters, are not counted: their listings were counted as they were
   * written, and those few rows come first (a phrase of three to five words, when it is among those counted, comes
   * first as any phrase does).
   */
  begin(context: SearchContext, estimate: number): Counting {
    const combination = /[&|<!]/.test(context.text.match ?? '') || isFiltered(context);
    // A counted text (one word, or a phrase of two words): its listings are counted already, and the page is planned
    // with their number. A run of three to five words may not be among those counted: the page waits for it as for
    // any phrase.
    const counted = countedText(context);
    const first = (counted !== null && !('run' in counted)) || (isTextual(context) && combination && estimate <= COUNT_FIRST_BELOW);
    const time = new CountingTime(this.budgetMs);
    let none = false;
    let settle: (count: number | null) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const count = new Promise<number | null>((resolve, reject) => ([settle, fail] = [resolve, reject]));
    // Awaited only before the page; a failure also fails `total`, which is always awaited.
    count.catch(() => undefined);
    const total = this.repository.withSession(async (session) =>
      this.carryOut(session, context, await this.plan(session, context), estimate, time, { settle, onLateAnswer: (late) => (none = late === 0) }),
    );
    total.catch(fail);
    return { count, first, total, foundNone: () => none };
  }

  /**
   * How the total is found (CountPlan). A count expected to be cheap comes first: when few listings hold the text
   * (counted whatever it takes), or when filters with an index of their own leave few table pages to read (a keyword
   * in a city). A count that could not fit even the whole budget (`countCost`) is not tried within it. Otherwise the
   * sample estimates first.
   */
  async plan(session: SearchSession, context: SearchContext): Promise<CountPlan> {
    const counted = countedText(context);
    const listings = counted && (await listingsHolding(session, counted));
    if (listings !== null) return { name: 'text-total', listings };
    const matches = everyMatch(context);
    const { strategy, textMatches } = await countStrategy(session, context, matches);
    const stream: Stream = { ...matches, strategy, implied: await impliedConditions(session, context) };
    const few = textMatches !== null && textMatches < COUNT_ALWAYS_BELOW;
    const cost = await this.countCost(session, context, { stream, textMatches });
    // A count of filters alone reads every entry of what it reads: besides where the page names the filter cells
    // (withFilterCells), whose walk stops at a page, it names them wherever they are cheaper to read than the window.
    const counting = isTextual(context) ? stream : { ...stream, filters: cellFilters({ ...context, cells: context.cells || cost.inCells }) };
    // Filters whose cells hold few listings within their window are counted sooner than the sample is.
    const fewInCells = cost.inCells && cost.ms <= this.budgetMs / 2;
    if (few || fewInCells || (strategy === 'combined' && cost.pages <= CHEAP_COUNT_PAGES))
      return { name: 'count-first', budgetMs: few ? null : this.budgetMs, stream: counting };
    if (cost.ms > this.budgetMs) return { name: 'estimate-only', budgetMs: 0, stream: counting };
    return { name: 'estimate-then-count', budgetMs: this.budgetMs, countMs: cost.afterSample, stream: counting };
  }

  /**
   * The total of `plan`: the count up to 10,000, else the estimate, never below 10,001 when the count reached that
   * far. The count (exact up to 10,000; 10,001: more than that; null: not counted) is settled as soon as it is known,
   * so that a page waiting for it waits no longer than it must. When no count fit, or the one tried ran out of
   * budget, the page is told none (it waits no longer), and unless the sample puts the total above
   * COUNT_BELOW_ESTIMATE, the count runs without a limit for the total (the planner's estimate is no grounds to skip
   * it). A count after the sample is that count already (the sample left room for it): past the budget it runs on,
   * and is not cancelled to start again from nothing. When no sampled listing matches, the page waits for the count
   * to its end.
   */
  private async carryOut(
    session: SearchSession,
    context: SearchContext,
    plan: CountPlan,
    planned: number,
    time: CountingTime,
    { settle, onLateAnswer }: { settle: (count: number | null) => void; onLateAnswer: (count: number) => void },
  ): Promise<number> {
    if (plan.name === 'text-total') {
      settle(Math.min(plan.listings, EXACT_TOTAL_LIMIT + 1));
      return plan.listings;
    }
    const sampled = plan.name === 'count-first' ? null : await this.estimate(session, context, planned, time);
    const estimatedWithin = async (within: CountingTime) => (await this.estimate(session, context, planned, within))?.total ?? null;
    let estimate = sampled?.total ?? null;
    // No sampled listing matches: the total is small (in the part of the sample: below ~770 listings, 19 times in 20),
    // though its count need not be cheap (two large bitmaps that share nothing). A page that waits for the count
    // waits for it to its end: it may say that nothing matches, and otherwise the page is planned for the few
    // listings that do, instead of being read beside the count.
    const waitsToTheEnd = sampled?.none === true;
    let count: number | null = null;
    let rest: Promise<number> | undefined;
    if (plan.name === 'count-first') {
      const limitMs = plan.budgetMs === null ? undefined : time.limit(plan.budgetMs);
      if (limitMs !== null) ({ count } = await this.counted(session, plan.stream, limitMs, onLateAnswer));
    } else if (plan.name === 'estimate-then-count') {
      const limitMs = time.limit(plan.budgetMs);
      if (limitMs !== null && estimate !== null && estimate <= COUNT_BELOW_ESTIMATE && plan.countMs(estimate) <= limitMs)
        ({ count, rest } = await this.counted(session, plan.stream, limitMs, onLateAnswer, { runsOn: true }));
    }
    if (!waitsToTheEnd) settle(count);
    if (count === null && rest) count = await rest;
    if (count === null || count > EXACT_TOTAL_LIMIT) {
      if (plan.name === 'count-first') estimate = await estimatedWithin(time);
      // The budget may only leave a total that is plausibly above 10,000 to the estimate (decisions.md); a smaller
      // one is counted, whatever it takes: stopping at 10,001 matches bounds what that reads.
      if (count === null && (estimate === null || estimate <= COUNT_BELOW_ESTIMATE)) {
        ({ count } = await this.counted(session, plan.stream, undefined, onLateAnswer));
        // Too late for a page that did not wait, not for a walk, which stops when it says nothing matches.
        if (count !== null) onLateAnswer(count);
      }
      // Past 10,000 with the budget spent before the sample answered, the total would be the planner's guess (11,560
      // for 24,873: a country and a salary, whose shares it multiplies): the sample gets a budget of its own.
      if (count !== null && count > EXACT_TOTAL_LIMIT && estimate === null) estimate = await estimatedWithin(new CountingTime(this.budgetMs));
    }
    // A page still waiting (settled once: a count settled before stays as it was).
    settle(count);
    return count !== null && count <= EXACT_TOTAL_LIMIT ? count : Math.max(estimate ?? planned, count ?? 0);
  }

  /**
   * The matches of `stream` (up to 10,001) within `budget` ms (undefined: no limit); null when it runs out. With
   * `runsOn`, the count goes on past the budget (see SearchSession.planned), and `rest` is its answer.
   */
  private async counted(
    session: SearchSession,
    stream: Stream,
    budget: number | undefined,
    onLateAnswer: (count: number) => void,
    { runsOn = false } = {},
  ): Promise<{ count: number | null; rest?: Promise<number> }> {
    try {
      const [{ count }] = await session.planned<{ count: number }[]>(stream.strategy, countStatement(stream), budget, { runsOn });
      return { count };
    } catch (error) {
      if (!timedOut(error)) throw error;
      if (!(error instanceof StatementOverrun)) return { count: null };
      const late = error.late.then((rows) => (rows as { count: number }[])[0].count);
      // Too late for the total, not for the page: a walk for words that never occur together can stop at its answer.
      void late.then(onLateAnswer, () => undefined);
      return { count: null, ...(runsOn ? { rest: late } : {}) };
    }
  }

  /**
   * The total as the sampled listings (job_listing_sample, one in LISTING_SAMPLE_EVERY) tell it, see `sampledTotal`;
   * null when the budget ran out first. The planner multiplies shares as if they were independent: of words (a
   * phrase's), of words and filters (a skill and a country), of filters (a level and a salary); the sample holds whole
   * listings and needs no such guess. Text is counted in the part of the sample that is a partition of its own first
   * (SAMPLE_PART), and in the whole sample only when that part holds fewer than SAMPLE_PART_MATCHES, and more than
   * SAMPLE_PART_FEW: common words hold many sampled listings, slow to count (the figures: bench/RESULTS-search.md);
   * so are filters alone, when the planner expects many listings to pass them. A search with neither text nor
   * filters keeps the planner's estimate (every listing). `none`: not one sampled listing matches.
   */
  private async estimate(session: SearchSession, context: SearchContext, planned: number, time: CountingTime): Promise<Sampled | null> {
    const text = context.text.match;
    if (!isFiltered(context) && text === null) return { total: planned, none: false };
    let found: { matches: number; every: number } | null = null;
    // Filters alone are counted in the part first only when the planner expects the part to hold enough of them: a
    // scan of the whole sample (~10 ms at 1M) was a third of the database's time in the mix of searches.
    const partFirst = isTextual(context) || planned >= SAMPLE_PART_MATCHES * SAMPLE_PART.every;
    for (const part of partFirst ? [true, false] : [false]) {
      const limitMs = time.limit(this.budgetMs);
      if (limitMs === null) break;
      try {
        // Text through the sample's GIN indexes: a scan would read every sampled listing's words.
        const statement = sampleCountStatement(context, part);
        const [{ matches }] = await session.planned<{ matches: number }[]>(isTextual(context) ? 'bitmap' : 'planner', statement, limitMs);
        found = { matches, every: part ? SAMPLE_PART.every : LISTING_SAMPLE_EVERY };
        if (matches >= SAMPLE_PART_MATCHES || (part && matches <= SAMPLE_PART_FEW)) break;
      } catch (error) {
        if (!timedOut(error)) throw error;
        break;
      }
    }
    return found && { total: sampledTotal(found.matches, found.every, planned), none: found.matches === 0 };
  }

  /**
   * What a count costs: the table pages it reads (text and filters: one for each listing of the text's bitmap, ANDed
   * with an indexed filter's; text alone: one for each match, up to 10,001), and the ms it needs at the generous
   * paces above (0: always worth trying), before the sample and after it (`afterSample`, given its estimate). Before
   * the sample, a count of text alone is always worth trying: it may find that its words never occur together, and
   * the bitmaps' AND answers that fast. After it, words the sample found together in more listings than the budget
   * could read are not counted: such a count ran into its limit every time, and the page waited for it (the
   * figures: bench/RESULTS-search.md). A count of filters alone walks the newest-first index over every listing of the
   * search's `datePosted` window (all listings, without one), or the window's ranges of the filter cells its filters
   * allow (job_listings_filter_cells, one descent each), whichever is cheaper (`inCells`), unless a filter has an
   * index of its own.
   */
  private async countCost(
    session: SearchSession,
    context: SearchContext,
    { stream, textMatches }: CountShape,
  ): Promise<{ pages: number; ms: number; afterSample: (sampled: number) => number; inCells: boolean }> {
    if (textMatches !== null) {
      const pace = (await tableFitsBuffers(session)) ? COUNT_PAGES_PER_MS.buffered : COUNT_PAGES_PER_MS.cached;
      if (!isFiltered(context)) return { pages: textMatches, ms: 0, afterSample: (sampled) => Math.min(sampled, EXACT_TOTAL_LIMIT + 1) / pace, inCells: false };
      const pages = await countReads(session, context, stream, textMatches);
      return { pages, ms: pages / pace, afterSample: () => pages / pace, inCells: false };
    }
    if (indexedFilterConditions(context.search, new SqlParameters()).length > 0) return { pages: 0, ms: 0, afterSample: () => 0, inCells: false };
    // The newest-first index over the window, or the ranges of the filter cells within it, whichever is cheaper.
    const cellEntries = await cellListings(session, context);
    const cellsMs = cellEntries === null ? Infinity : cellEntries / FILTER_COUNT_ENTRIES_PER_MS + (filterCells(context.search)?.length ?? 0) * FILTER_CELL_MS;
    const windowMs = (await windowListings(session, context)) / FILTER_COUNT_ENTRIES_PER_MS;
    const ms = Math.min(windowMs, cellsMs);
    return { pages: 0, ms, afterSample: () => ms, inCells: cellsMs < windowMs };
  }
}

/**
 * The total that `matches` among sampled listings, one in `every`, stand for: `every` times as many (100 matches:
 * within about ±20% at two standard deviations; 16: ±50%). With none matching, the planner's estimate, at most one
 * sampled match's worth. (Holding the planner's estimate within the sample's bounds, as the estimate once did below
 * 20 matches, kept its error when it was far off: bench/RESULTS-search.md.)
 */
export function sampledTotal(matches: number, every: number, planned: number): number {
  return matches > 0 ? matches * every : Math.min(planned, every);
}

/**
 * The exact total of a counted text: the listings that hold it, as counted when they were written; null for a phrase
 * that is not among those counted.
 */
async function listingsHolding(session: SearchSession, counted: CountedText): Promise<number | null> {
  const [{ listings }] = await session.query<{ listings: number | null }[]>(countedListingsStatement(counted));
  return listings;
}

/** Every match of a search, as one stream without tiers: what a count counts. */
function everyMatch(context: SearchContext): Omit<Stream, 'strategy'> {
  const filters = isTextual(context) ? searchFilters(context) : cellFilters(context);
  return { filters, text: textConditions(context), tier: () => [], words: () => [], country: null };
}
