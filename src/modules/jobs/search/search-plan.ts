import type { QueryRunner } from 'typeorm';
import { filterConditions, searchCountry, SqlParameters } from './search-filters';
import {
  estimateStatement,
  inTitle,
  isTextual,
  queryWords,
  SearchContext,
  searchFilters,
  Statement,
  Strategy,
  Stream,
  textConditions,
  WALK_BOUND,
  wordEstimateStatement,
} from './search-sql';

/**
 * A stream whose text matches at most this many listings is read through a GIN bitmap of them. Measured at 1M
 * listings: a bitmap costs ~8 µs per match (matches are scattered), a walk ~0.5 µs per index entry plus ~4 µs per
 * listing whose search vector it reads, so they meet near 3,000 matches at ~25 ms.
 */
export const WALK_ABOVE_MATCHES = 3_000;
const WALK_ABOVE_TITLE_MATCHES = 1_000;
/**
 * A stream walks at most this many times for a page (each walk passes at most WALK_BOUND listings). A walk is
 * chosen only when it expects a page within half a walk, so more is needed only when the estimate was too high.
 */
export const WALK_CHUNKS = 3;
/** PostgreSQL's selectivity for a word missing from a tsvector column's statistics (DEFAULT_TS_MATCH_SEL). */
const UNKNOWN_WORD_SHARE = 0.005;
/** Rows a page reads: the page and one more, which tells whether there is a next page. */
const PAGE_LOOKAHEAD = 21;

/**
 * A ranked search reads two tiers: listings whose title and company hold the whole query, then those that match
 * through their description. Without a query, one newest-first stream. `counted` is the exact number of matches
 * when it is already known.
 */
export async function planStreams(runner: QueryRunner, context: SearchContext, counted: number | null): Promise<Stream[]> {
  const { query } = context.text;
  const filters = searchFilters(context);
  const none = () => [];
  const country = searchCountry(context.search);
  if (!isTextual(context)) return [{ filters, text: none, tier: none, country, strategy: 'planner' }];
  const title = inTitle(query);
  const streams: Omit<Stream, 'strategy'>[] = query
    ? [
        { filters, text: (sql, searchVector) => [...textConditions(context, 'keywords')(sql, searchVector), title(sql)], tier: none, country },
        { filters, text: textConditions(context), tier: (sql) => [`NOT ${title(sql)}`], country },
      ]
    : [{ filters, text: textConditions(context), tier: none, country }];
  const planned: Stream[] = [];
  // One statement at a time: a connection runs them in order.
  // Few matches, counted: every stream is a bitmap of them (by the text index when no filter narrows it).
  const few = counted !== null && counted <= WALK_ABOVE_MATCHES;
  const filtered = filterConditions(context.search, context.asOf, new SqlParameters()).length > 0;
  for (const stream of streams) {
    planned.push({ ...stream, strategy: few ? (filtered ? 'combined' : 'bitmap') : await chooseStrategy(runner, context, stream) });
  }
  return planned;
}

/**
 * How to find a stream's newest matches, from the planner's estimates (and enforced, because with a LIMIT the
 * planner may walk the whole index for a word it wrongly thinks common: a title word that is in no title).
 * - `bitmap`: few listings match the text: a GIN bitmap of them, then the filters on each (~8 µs per match, they
 *   are scattered over the table).
 * - `walk`: the text is frequent and the filters let enough through: walk the newest-first index (~0.5 µs per
 *   listing, filters and title tested on the index alone) and test the text on what passes (~4 µs).
 * - `combined`: the text is frequent but a filter with an index of its own (companies, titles) is so selective
 *   that a walk would pass too many listings: the planner combines the GIN bitmap with that index.
 */
async function chooseStrategy(runner: QueryRunner, context: SearchContext, stream: Omit<Stream, 'strategy'>): Promise<Strategy> {
  const textSql = new SqlParameters();
  const textMatches = await estimate(runner, estimateStatement(stream.text(textSql), textSql.values));
  const listings = await listingCount(runner);
  // A word the statistics do not know is estimated at exactly 0.5% of the listings: rare, as far as anyone knows.
  const unknownWord = Math.abs(textMatches - UNKNOWN_WORD_SHARE * listings) < 1;
  // A walk that tests only titles reads the index alone and is cheaper: it pays off for rarer text.
  const readsTable = stream.text(new SqlParameters()).some((condition) => condition.includes('search_vector'));
  if (textMatches <= (readsTable ? WALK_ABOVE_MATCHES : WALK_ABOVE_TITLE_MATCHES) || unknownWord) return 'bitmap';
  // Without a filter that has an index of its own, the bitmap would hold every text match: walking is cheaper.
  if (!context.search.includeCompanies?.length && !context.search.includeTitles?.length) return 'walk';
  const sql = new SqlParameters();
  const matches = await estimate(runner, estimateStatement([...stream.filters(sql), ...stream.text(sql), ...stream.tier(sql)], sql.values));
  return (PAGE_LOOKAHEAD * listings) / Math.max(matches, 1) <= WALK_BOUND / 2 ? 'walk' : 'combined';
}

/** The strategy of a count of every match (one stream, no tiers): a bitmap of few text matches, else combined. */
export async function countStrategy(runner: QueryRunner, stream: Omit<Stream, 'strategy'>): Promise<{ strategy: Strategy; textMatches: number | null }> {
  const sql = new SqlParameters();
  const text = stream.text(sql);
  const textMatches = text.length > 0 ? await estimate(runner, estimateStatement(text, sql.values)) : null;
  const strategy = textMatches === null ? 'planner' : textMatches <= WALK_ABOVE_MATCHES ? 'bitmap' : 'combined';
  return { strategy, textMatches };
}

/** What the planner expects the whole search to match. */
export function estimateMatches(runner: QueryRunner, context: SearchContext): Promise<number> {
  const sql = new SqlParameters();
  return estimate(runner, estimateStatement([...searchFilters(context)(sql), ...textConditions(context)(sql)], sql.values));
}

/**
 * Whether the query's last word may be unfinished: the statistics do not know it as a frequent word. (A prefix
 * search of a word that is complete finds what the word found, at the cost of a range of the GIN index.)
 */
export async function mayBePartial(runner: QueryRunner, query: string): Promise<boolean> {
  const last = queryWords(query).pop();
  if (!last) return false;
  const matches = await estimate(runner, wordEstimateStatement(last));
  return matches <= UNKNOWN_WORD_SHARE * (await listingCount(runner)) + 1;
}

async function estimate(runner: QueryRunner, statement: Statement): Promise<number> {
  const [{ 'QUERY PLAN': plan }] = await runner.query(statement.sql, statement.values);
  return plan[0].Plan['Plan Rows'];
}

/** Listings in the table, as the planner counts them (the base its other estimates are shares of; no scan). */
function listingCount(runner: QueryRunner): Promise<number> {
  return estimate(runner, estimateStatement([], []));
}
