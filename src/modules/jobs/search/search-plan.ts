import { filterCells, filteredByCellsAlone, filterFacetConditions, indexedFilterConditions, searchCountry, SqlParameters } from './search-filters';
import {
  cellFilters,
  cellWindow,
  estimateStatement,
  inTitle,
  countedText,
  isFiltered,
  isTextual,
  pairsContained,
  postedWindow,
  postedWindowRange,
  SearchContext,
  searchFilters,
  signatureConditions,
  Strategy,
  Stream,
  textConditions,
  Tsqueries,
  titlesTogetherStatement,
  WALK_BOUND,
} from './search-sql';
import type { SearchSession } from './search.repository';
import { adjacentPairs, isPhraseConjunction, lexemes, pairPhrases, requiredWords } from './tsquery-text';

/**
 * A stream whose text matches at most this many listings is read through a GIN bitmap of them: where a bitmap's cost
 * per match and a walk's per entry meet (COST_US; the figures: bench/RESULTS-search.md).
 */
export const WALK_ABOVE_MATCHES = 3_000;
const WALK_ABOVE_TITLE_MATCHES = 1_000;
/**
 * A stream walks at most this many times for a page (each walk passes at most WALK_BOUND listings). A walk is
 * chosen only when it expects a page within these bounds, so reaching them means the estimate was too high.
 */
export const WALK_CHUNKS = 3;
/** PostgreSQL's selectivity for a word missing from a tsvector column's statistics (DEFAULT_TS_MATCH_SEL). */
const UNKNOWN_WORD_SHARE = 0.005;
/**
 * What each step of a strategy costs, in µs (measured at 1M listings: bench/RESULTS-search.md, "The figures behind
 * the code"): an entry of the newest-first index, a search vector read from the table, a match a bitmap heap scan
 * visits, and an entry of a GIN bitmap (built, never visited when another bitmap excludes it).
 */
export const COST_US = { walkEntry: 0.5, vectorRead: 4, match: 8, bitmapEntry: 0.05 };
/** Rows a page reads: the page and one more, which tells whether there is a next page. */
const PAGE_LOOKAHEAD = 21;
/**
 * Filter facets the planner puts at more than this share of the listings are not offered to it: it would not AND so
 * large a bitmap with a text's, and would test the facets on each listing instead (full-time alone is 80%).
 */
const FACETS_AT_MOST = 0.3;

/**
 * A ranked search reads two tiers: listings whose title and company hold the whole query, then those that match
 * through their description. Without a query, one newest-first stream. `counted` is the exact number of matches
 * when it is already known.
 */
export async function planStreams(session: SearchSession, context: SearchContext, counted: number | null): Promise<Stream[]> {
  const { query } = context.text;
  const filters = searchFilters(context);
  const none = () => [];
  const country = searchCountry(context.search);
  if (!isTextual(context)) {
    const cells = context.byCell ? filterCells(context.search) : null;
    // Read one at a time, each cell is named by its own statement, not by the filters.
    const stream = cells ? { filters, cells } : { filters: cellFilters(context) };
    return [{ ...stream, text: none, tier: none, words: none, country, strategy: 'planner' }];
  }
  const implied = await impliedConditions(session, context);
  const title = inTitle(query);
  // A walk of the title tier tests titles on the index already; only the other tier's walk reads search vectors, and
  // first tests the words its text requires on the words signature.
  const words = signatureConditions(context);
  const streams: Omit<Stream, 'strategy'>[] = query
    ? [
        {
          filters,
          text: (sql, options) => [...textConditions(context, 'keywords')(sql, options), inTitle((options?.tsqueries ?? context.text).query)(sql)],
          tier: none,
          words: none,
          country,
          implied,
        },
        { filters, text: textConditions(context), tier: (sql) => [`NOT ${title(sql)}`], words, country, implied },
      ]
    : [{ filters, text: textConditions(context), tier: none, words, country, implied }];
  const planned: Stream[] = [];
  // One statement at a time: a connection runs them in order.
  // Few matches, counted: every stream is a bitmap of them (by the text index when no filter narrows it). A word's
  // listings counted in a country or in remote work say nothing of how many the word's bitmap holds: the planner's
  // estimates choose then.
  const filtered = isFiltered(context);
  const few = counted !== null && counted <= WALK_ABOVE_MATCHES && !(filtered && countedText(context) !== null);
  // No title holds two of the words together: the title tier holds nothing, and is not read (its index would AND
  // their entries to tell, slowly for common words: the figures in bench/RESULTS-search.md). Few titles do ("junior
  // pharmacist": the words are common, titles that hold both are not): a bitmap of the title index finds them.
  const titles = query === null ? null : await titlesTogether(session, requiredWords(query));
  const phrased = query !== null && adjacentPairs(query).pairs.length > 0;
  const indexPair = await rarestPair(session, context.text.match);
  for (const [index, stream] of streams.entries()) {
    if (index === 0 && titles === 0) planned.push({ ...stream, strategy: 'bitmap', empty: true });
    else if (index === 0 && titles !== null && titles <= WALK_ABOVE_TITLE_MATCHES) planned.push({ ...stream, strategy: 'bitmap', expected: titles });
    else {
      const chosen = few
        ? { strategy: filtered ? ('combined' as const) : ('bitmap' as const), expected: counted }
        : await chooseStrategy(session, context, stream);
      // The title tier's titles are tested on each listing, not found through the title index, where its listings
      // come another way: walked newest first, and tested on the index's entries before they count against
      // WALK_READS; or, for a phrase, from its pairs index, when its matches are few and counted. "junior software
      // engineer" (1,948 matches) found 6 in each walk's 3,000 entries tested after, then its title index took 16–19
      // ms to AND three words' titles. A word's titles stay with the title index: one word's entries, and fewer than
      // its matches, all of which a rare word's title tier read when it tested each (~1,900, twice the time).
      const byPairs = few && phrased;
      const titleTested =
        query && index === 0 && (byPairs || chosen.strategy === 'walk')
          ? { text: textConditions(context, byPairs ? 'match' : 'keywords'), tier: (sql: SqlParameters) => [title(sql)] }
          : {};
      planned.push({ ...stream, ...chosen, ...titleTested, ...(indexPair ? { indexPair } : {}) });
    }
  }
  return planned;
}

/**
 * Of the pairs of adjacent words of a text whose pairs do not tell its matches exactly (a phrase of three words or
 * more), the one the planner expects fewest listings to hold, as it estimates the phrase (`textEstimate`); none for
 * other text. The planner knows each pair's share (the column's statistics) and nothing of how pairs go together.
 */
async function rarestPair(session: SearchSession, match: string | null): Promise<string | undefined> {
  const { pairs, exact } = adjacentPairs(match ?? '');
  if (exact || pairs.length < 2) return undefined;
  let rarest: { pair: string; listings: number } | undefined;
  for (const pair of pairs) {
    const sql = new SqlParameters();
    const listings = await session.estimate(estimateStatement([pairsContained([pair], sql)], sql.values));
    if (!rarest || listings < rarest.listings) rarest = { pair, listings };
  }
  return rarest?.pair;
}

/**
 * How to find a stream's newest matches: the cheapest by the planner's estimates of the text, the filters, and the
 * two together (enforced, because with a LIMIT the planner may walk the whole index for a word it wrongly thinks
 * common: a title word that is in no title).
 * - `bitmap`: a GIN bitmap of the text's matches, then the filters on each (COST_US.match: they are scattered over
 *   the table); always for text the statistics expect in few listings, or do not know.
 * - `walk`: walk the newest-first index (COST_US.walkEntry a listing, filters and title tested on the index alone)
 *   and test the text on what passes the filters (COST_US.vectorRead), until a page is found: cheap when matches are
 *   frequent.
 * - `combined`: the planner ANDs the text's bitmap with the bitmaps of filters that have an index of their own
 *   (places, country, companies, title words) and of what the filters imply (`impliedConditions`), and tests the rest on what
 *   both hold: cheap when those filters are selective, whatever the text matches.
 */
async function chooseStrategy(
  session: SearchSession,
  context: SearchContext,
  stream: Omit<Stream, 'strategy'>,
): Promise<{ strategy: Strategy; expected?: number }> {
  const rows = (conditions: (sql: SqlParameters) => string[]) => {
    const sql = new SqlParameters();
    return session.estimate(estimateStatement(conditions(sql), sql.values));
  };
  const textMatches = await textEstimate(session, context.text, (sql, tsqueries) => stream.text(sql, { tsqueries }));
  const listings = await listingCount(session);
  const filtered = isFiltered(context);
  // What the whole stream is expected to hold (it sizes the period a bitmap reads first: search-period.ts).
  const streamMatches = async () =>
    Math.max(filtered ? await rows((sql) => [...stream.filters(sql), ...stream.text(sql), ...stream.tier(sql)]) : textMatches, 1);
  // A word the statistics do not know is estimated at exactly 0.5% of the listings: rare, as far as anyone knows.
  const unknownWord = Math.abs(textMatches - UNKNOWN_WORD_SHARE * listings) < 1;
  // A walk that tests only titles reads the index alone and is cheaper: it pays off for rarer text.
  const readsTable = stream.text(new SqlParameters()).some((condition) => /search_vector|word_pairs/.test(condition));
  if (textMatches <= (readsTable ? WALK_ABOVE_MATCHES : WALK_ABOVE_TITLE_MATCHES) || unknownWord) {
    return { strategy: 'bitmap', expected: unknownWord ? undefined : await streamMatches() };
  }
  if (!filtered) return { strategy: 'walk' };

  // A walk passes the listings of its scope (one country's, or all) newest first until it has found a page.
  const scope = stream.country ? await rows((sql) => [`l.country = ${sql.bind(stream.country)}`]) : listings;
  const matches = await streamMatches();
  const passing = (await rows((sql) => stream.filters(sql))) / Math.max(scope, 1);
  const walked = Math.min((PAGE_LOOKAHEAD * scope) / matches, scope);
  const cost: Record<'walk' | 'bitmap' | 'combined', number> = {
    // A walk expected to pass more than its bounds allow would end in a bitmap anyway.
    walk: walked > WALK_CHUNKS * WALK_BOUND ? Infinity : walked * (COST_US.walkEntry + (readsTable ? passing * COST_US.vectorRead : 0)),
    bitmap: textMatches * (COST_US.bitmapEntry + COST_US.match),
    combined: Infinity,
  };
  const indexed = indexedConditions(context, stream.implied);
  if (indexed(new SqlParameters()).length > 0) {
    const narrowed = await rows((sql) => [...indexed(sql), ...stream.text(sql)]);
    // The implied conditions' bitmap is built whole before the AND (a place's or a country's is small).
    const facetEntries = stream.implied ? await rows(stream.implied) : 0;
    cost.combined = (textMatches + facetEntries) * COST_US.bitmapEntry + narrowed * COST_US.match;
  }
  const strategy = (Object.keys(cost) as (keyof typeof cost)[]).reduce((best, strategy) => (cost[strategy] < cost[best] ? strategy : best));
  return { strategy, expected: matches };
}

/**
 * How many titles hold the least held two of `words` together: no more than that hold them all (null: fewer than two
 * words, nothing to tell).
 */
async function titlesTogether(session: SearchSession, words: string[]): Promise<number | null> {
  if (words.length < 2) return null;
  const [{ titles }] = await session.query<{ titles: number }[]>(titlesTogetherStatement(words));
  return titles;
}

/** The strategy of a count of every match (one stream, no tiers): a bitmap of few text matches, else combined. */
export async function countStrategy(
  session: SearchSession,
  context: SearchContext,
  stream: Omit<Stream, 'strategy'>,
): Promise<{ strategy: Strategy; textMatches: number | null }> {
  const textMatches =
    stream.text(new SqlParameters()).length > 0 ? await textEstimate(session, context.text, (sql, tsqueries) => stream.text(sql, { tsqueries })) : null;
  const strategy = textMatches === null ? 'planner' : textMatches <= WALK_ABOVE_MATCHES ? 'bitmap' : 'combined';
  return { strategy, textMatches };
}

/**
 * The table pages a count of text and filters reads: one for each listing of the text's bitmap, ANDed, when it is
 * combined, with the bitmaps of the filters that have an index of their own (the others are tested on each page).
 */
export async function countReads(session: SearchSession, context: SearchContext, stream: Stream, textMatches: number): Promise<number> {
  const indexed = indexedConditions(context, stream.implied);
  if (stream.strategy !== 'combined' || indexed(new SqlParameters()).length === 0) return textMatches;
  return textEstimate(session, context.text, (sql, tsqueries) => [...indexed(sql), ...textConditions(context)(sql, { tsqueries })]);
}

/** The conditions of a text search that an index of their own answers: the filters' (places, country, …) and the facets. */
function indexedConditions(context: SearchContext, implied: Stream['implied']): (sql: SqlParameters) => string[] {
  return (sql) => [...indexedFilterConditions(context.search, sql), ...(implied?.(sql) ?? [])];
}

/**
 * What a text search's filters imply that an index of their own answers (Stream.implied): the posting window, and the
 * filter facets' conditions (filterFacetConditions) when the planner puts the listings that meet them all at
 * FACETS_AT_MOST or fewer. Offered all together, not each on its own: "senior" at mid level paying 120,000 or more
 * holds no listing, yet its salary alone would leave ~30,000 of "senior"'s to read. A common word with filters it
 * rarely meets is then counted and found by reading only the listings in every bitmap, not every listing that holds
 * the word.
 */
export async function impliedConditions(session: SearchSession, context: SearchContext): Promise<Stream['implied']> {
  if (!isTextual(context)) return undefined;
  const facets = (sql: SqlParameters) => filterFacetConditions(context.search, sql);
  let selective = false;
  if (facets(new SqlParameters()).length > 0) {
    const sql = new SqlParameters();
    selective = (await session.estimate(estimateStatement(facets(sql), sql.values))) <= FACETS_AT_MOST * (await listingCount(session));
  }
  const window = (sql: SqlParameters) => postedWindowRange(context, sql);
  if (!selective && window(new SqlParameters()).length === 0) return undefined;
  return (sql) => [...(selective ? facets(sql) : []), ...window(sql)];
}

/** Whether the listings table fits in PostgreSQL's shared buffers (its pages are then read from memory it owns). */
export function tableFitsBuffers(session: SearchSession): Promise<boolean> {
  return session.fromStatistics<{ fits: boolean }, boolean>(
    { sql: "SELECT pg_relation_size('job_listings') <= pg_size_bytes(current_setting('shared_buffers')) AS fits", values: [] },
    ([row]) => row.fits,
  );
}

/**
 * What the planner expects the conditions `where` builds for `tsqueries` to match. A phrase (one of the tsqueries
 * that is a plain phrase: isPhraseConjunction) is estimated as its rarest word alone, put in the phrase's place: its
 * words occur together (people quote names: "registered nurse"), yet the planner multiplies their shares as if they
 * never did (see bench/RESULTS-search.md, "The figures behind the code"), and a search that
 * believed it would count and sort every match, unbounded. The rarest word is never fewer than the phrase's matches.
 * With `pairs`, the rarest of its pairs of adjacent words too, each a phrase its pairs index answers (and the
 * planner's statistics of that column know): "lead product manager" is in 683 listings, "lead" in 59,000, and no
 * pair of it among the 1,000 most common, so 4,803 at most. Not where `where` tests a title: a title's phrase is
 * estimated from its words, multiplied. A phrase that `where` does not test leaves its conditions as they are.
 */
async function textEstimate(
  session: SearchSession,
  tsqueries: Tsqueries,
  where: (sql: SqlParameters, tsqueries: Tsqueries) => string[],
  { pairs = false } = {},
): Promise<number> {
  const estimate = (tested: Tsqueries) => {
    const sql = new SqlParameters();
    return session.estimate(estimateStatement(where(sql, tested), sql.values));
  };
  const phrases = [...new Set([tsqueries.query, tsqueries.match])].filter((text): text is string => text !== null && isPhraseConjunction(text));
  if (phrases.length === 0) return estimate(tsqueries);
  // The word stands for the phrase wherever the phrase is tested (the query and the match may be one text).
  const wordFor = (phrase: string, word: string, text: string | null) => (text === phrase ? word : text);
  // One after another: a session is one connection, which runs one query at a time anyway (pg 9 refuses overlap).
  let rarest = Infinity;
  for (const phrase of phrases) {
    const standIns = [...lexemes(phrase), ...(pairs ? pairPhrases(phrase) : [])];
    for (const word of standIns)
      rarest = Math.min(rarest, await estimate({ query: wordFor(phrase, word, tsqueries.query), match: wordFor(phrase, word, tsqueries.match) }));
  }
  return rarest;
}

/**
 * What the planner expects the whole search to match (a phrase as its rarest word, see textEstimate): whether to
 * count, and the total when neither a count nor a sample answers.
 */
export function estimateMatches(session: SearchSession, context: SearchContext): Promise<number> {
  return textEstimate(session, context.text, (sql, tsqueries) => [...searchFilters(context)(sql), ...textConditions(context)(sql, { tsqueries })], {
    pairs: true,
  });
}

/** Listings within the search's `datePosted` window (all listings without one), as the planner estimates them. */
export async function windowListings(session: SearchSession, context: SearchContext): Promise<number> {
  const window = postedWindow(context);
  return window ? session.estimate(window) : listingCount(session);
}

/**
 * A search without text reads its filter cells only when the planner puts them at this share of its window's listings
 * or less. Past it the planner walks the newest-first index all the same, and the cells only cost planning time, which
 * grows with their number: a salary floor alone allows 1,512, 3–5 ms to plan each statement that names them (twice in
 * the sample's two partitions) where reading the page took 0.2 ms (bench/RESULTS-search.md). The planner over-counts
 * cells two to three times (many are empty): a quarter by its estimate is about a tenth of the listings.
 */
const CELLS_AT_MOST = 0.25;

/**
 * `context` with `cells` set: whether its statements read the filter cells its filters allow (see CELLS_AT_MOST); and
 * `byCell`: whether its page reads them one at a time, each up to the page (a page and the next search's cursor).
 */
export async function withFilterCells(session: SearchSession, context: SearchContext): Promise<SearchContext> {
  if (isTextual(context)) return context;
  const inCells = await cellListings(session, context);
  const cells = inCells !== null && inCells <= CELLS_AT_MOST * (await windowListings(session, context));
  const byCell =
    cells && filteredByCellsAlone(context.search, context.asOf) && (filterCells(context.search)?.length ?? 0) * (context.search.limit + 1) < (inCells ?? 0);
  return { ...context, cells, byCell };
}

/** Listings of the search's filter cells within its `datePosted` window, as the planner estimates them (null: no cells). */
export async function cellListings(session: SearchSession, context: SearchContext): Promise<number | null> {
  const window = cellWindow(context);
  return window ? session.estimate(window) : null;
}

/** Listings in the table, as the planner counts them (the base its other estimates are shares of; no scan). */
export function listingCount(session: SearchSession): Promise<number> {
  return session.estimate(estimateStatement([], []));
}
