import type { JobSearchDto } from '../dto/job-search.dto';
import { EXACT_TOTAL_LIMIT } from '../job-search-values';
import { filterCellConditions, filterConditions, inFilterCell, PlaceLimits, placeLimits, postedSince, postedSinceTime, SqlParameters } from './search-filters';
import { adjacentPairs, loosened, prefixQuery, requiredWords, runOfWords, singleLexeme } from './tsquery-text';

/**
 * How a text query matches: as written (`exact`), or, when its last word is in no listing but starts words that
 * are, with it as a prefix (`prefix`: "senior kubern" finds Kubernetes). See search-words.ts.
 */
export type TextMode = 'exact' | 'prefix';

/** A listing's place in newest-first order: posted_at (as PostgreSQL wrote it) and id. */
export type Key = [postedAt: string, id: string];

/** How a stream's matches are found (see search-plan.ts); `planner`: no text, the planner's own choice. */
export type Strategy = 'walk' | 'bitmap' | 'combined' | 'planner';

/** One newest-first sequence of matches; a ranked search reads its streams one after the other. */
export interface Stream {
  /** Conditions the newest-first index can test alone. */
  filters: (sql: SqlParameters) => string[];
  /**
   * Conditions on the text that a GIN index answers (search or title vector); `searchVector` is how the statement
   * reaches the search vector (default `l.search_vector`), `tsqueries` what it tests in place of the search's own (an
   * estimate of a phrase puts one of its words there: see `textEstimate` in search-plan.ts).
   */
  text: (sql: SqlParameters, options?: TextOptions) => string[];
  /** The relevance tier's conditions on the title, tested on each match (never through an index). */
  tier: (sql: SqlParameters) => string[];
  /**
   * Conditions on a listing's words signature that every match meets: a walk tests them on the newest-first index,
   * and reads the search vector only of listings that pass.
   */
  words: (sql: SqlParameters) => string[];
  /** The one country the search is limited to, if any. */
  country: string | null;
  /**
   * Conditions the filters imply that an index of their own answers (the filter facets, the posting window), for the
   * planner to AND with the text's bitmap: only in statements of the `combined` strategy, the one that reads such
   * bitmaps.
   */
  implied?: (sql: SqlParameters) => string[];
  strategy: Strategy;
  /**
   * The filter cells of a search without text whose page reads them one at a time (`byCell` in SearchContext): each
   * cell's newest listings up to the page, merged, where the cells hold many pages' worth.
   */
  cells?: number[];
  /** How many listings the stream holds, as far as the planner or a count knows (unknown: read it all). */
  expected?: number;
  /** Known to hold no listing, and so not read. */
  empty?: true;
  /**
   * Of the pairs of adjacent words of a phrase its pairs do not tell exactly (three words or more), the one the
   * planner expects fewest listings to hold (see `rarestPair` in search-plan.ts): what a statement limited to a recent
   * period reads from the pairs index.
   */
  indexPair?: string;
}

/**
 * A span of posting times, for the planner to AND with the text's bitmap (job_listings_posted_at): the listings
 * posted `since` a time (and, on a later page, no later than its position), or those posted `before` it.
 */
export type PostedSpan = { since: Date } | { before: Date };

/** A search's tsqueries (as text): the query alone, and everything text must match (the query, keywords and exclusions). */
export interface Tsqueries {
  query: string | null;
  match: string | null;
}

/** How a statement reaches a listing's search vector, and the tsqueries its text conditions test. */
export interface TextOptions {
  searchVector?: string;
  tsqueries?: Tsqueries;
  /** The pair of a phrase that the pairs index reads, where the phrase is tested besides (default: all its pairs). */
  indexPair?: string;
}

export interface SearchContext {
  search: JobSearchDto;
  asOf: Date;
  /** The search's tsqueries; `raw` is the query as sent (or as corrected: search-words.ts). */
  text: Tsqueries & { raw: string | null };
  mode: TextMode;
  /**
   * Whether the statements that find and sample the listings of a search without text add the filter cells its
   * filters allow (`cellFilters`): only where the cells are few enough to read (`withFilterCells` in search-plan.ts).
   * Its count names them there too, and wherever else they are cheaper to read than the window (`SearchCounter.plan`).
   */
  cells?: boolean;
  /**
   * Whether the page of a search without text reads its filter cells one at a time, newest first, each up to the page
   * (`withFilterCells`): where it has no other filter (`filteredByCellsAlone`), and the cells hold more listings in the
   * window than their number times a page. Read together, every listing of the cells within the window is sorted for
   * the page (11,396 for a search of the benchmark's "filters only" at 1M: 5–10 ms), where each cell stops at the page
   * (756 at most there: 1 ms).
   */
  byCell?: boolean;
}

export interface Statement {
  sql: string;
  values: unknown[];
  /** What the statement answers, for telling statements apart without reading their SQL (unit tests' fake databases). */
  kind?: StatementKind;
}

/** The statements a search's count plan runs: the planner's estimate, a count, the sample (or its part), a counted text's listings. */
export type StatementKind = 'estimate' | 'count' | 'sample' | 'sample-part' | 'lexeme-listings' | 'pair-listings' | 'phrase-listings';

/** A page's row: the listing and its newest-first key. */
export interface KeyedRow {
  id: string;
  key: string;
}

/** Listings one walk passes at most; see search-plan.ts, and its cost in bench/RESULTS-search.md. */
export const WALK_BOUND = 20_000;
/** Listings that pass the filters whose search vector one walk reads at most (COST_US.vectorRead each). */
export const WALK_READS = 3_000;

/** The columns of the newest-first index (its key and what it includes): a walk reads nothing else. */
const NEWEST_INDEX_COLUMNS = [
  'posted_at',
  'id',
  'is_remote',
  'work_arrangement',
  'employment_type',
  'country',
  'place_keys',
  'job_level',
  'language',
  'visa_sponsorship',
  'security_clearance',
  'apply_is_direct',
  'can_apply',
  'annual_salary_min',
  'annual_salary_max',
  'experience_years',
  'source',
  'republish_count',
  'first_seen_at',
  'title_normalized',
  'company_normalized',
  'benefit_keys',
  'title_vector',
  'words_signature',
]
  .map((column) => `l.${column}`)
  .join(', ');
const NEWEST_FIRST = 'ORDER BY l.posted_at DESC, l.id DESC';
/** The first `limit` entries of the newest-first index that meet `conditions`, read from the index alone. */
function newestEntries(conditions: string[], limit: number): string {
  return `SELECT ${NEWEST_INDEX_COLUMNS} FROM job_listings l ${whereClause(conditions)} ${NEWEST_FIRST} LIMIT ${limit}`;
}
/** A listing's search vector, from a statement that reads the newest-first index alone: a lookup by id. */
const SEARCH_VECTOR_BY_ID = '(SELECT t.search_vector FROM job_listings t WHERE t.id = l.id)';

/**
 * The tsqueries of a search as PostgreSQL's parser and stemmer make them, answered as `query` (the query alone) and
 * `match` (with keywords and exclusions); null for a search of filters alone, which has none to ask for.
 */
export function textQueriesStatement(search: JobSearchDto, raw: string | null, mode: TextMode): Statement | null {
  if (raw === null && !search.includeKeywords?.length && !search.excludeKeywords?.length) return null;
  const sql = new SqlParameters();
  const queryExpression =
    raw === null
      ? "''::tsquery"
      : mode === 'prefix'
        ? `to_tsquery('english', ${sql.bind(prefixQuery(raw))})`
        : `websearch_to_tsquery('english', ${sql.bind(raw)})`;
  const keywords = (search.includeKeywords ?? []).map((keyword) => `phraseto_tsquery('english', ${sql.bind(keyword)})`);
  const excluded = (search.excludeKeywords ?? []).map((keyword) => `phraseto_tsquery('english', ${sql.bind(keyword)})`);
  const match = [queryExpression, ...keywords, ...(excluded.length > 0 ? [`!!(${excluded.join(' || ')})`] : [])].join(' && ');
  return { sql: `SELECT (${queryExpression})::text AS query, (${match})::text AS match`, values: sql.values };
}

/** Whether a search tests text at all (a query, keywords or exclusions), rather than filters alone. */
export function isTextual(context: SearchContext): boolean {
  return context.text.match !== null;
}

export function searchFilters(context: SearchContext): Stream['filters'] {
  return (sql) => filterConditions(context.search, context.asOf, sql);
}

/**
 * The filters of a search without text, with the filter cells they allow (search-filters.ts) where `context.cells`
 * says so: a condition they imply, which lets the planner read job_listings_filter_cells. Only for the statements that
 * find listings: the planner would count the cells' share twice in an estimate.
 */
export function cellFilters(context: SearchContext): Stream['filters'] {
  return (sql) => [...(context.cells ? filterCellConditions(context.search, sql) : []), ...filterConditions(context.search, context.asOf, sql)];
}

/** Whether a search has any filter (besides its text). */
export function isFiltered(context: SearchContext): boolean {
  return searchFilters(context)(new SqlParameters()).length > 0;
}

/**
 * What the text of a listing must satisfy to match: all of it, or, for a title tier, only what a title match
 * does not already imply. `searchVector` is how the statement reaches the listing's search vector.
 */
export function textConditions(context: SearchContext, part: 'match' | 'keywords' = 'match'): Stream['text'] {
  return (sql, { searchVector = 'l.search_vector', tsqueries = context.text, indexPair } = {}) => {
    const { match, query } = tsqueries;
    // A title match implies a search-vector match of the query's words; keywords and exclusions (which the
    // description may hold) remain to test.
    const tested = part === 'match' || match !== query || query?.includes('!') ? match : null;
    return tested ? textMatch(tested, searchVector, sql, indexPair) : [];
  };
}

/**
 * The conditions of `search_vector @@ tested`. Only a listing's whole search vector, TOASTed and compressed, tells a
 * phrase from its words together (~10–100 µs a listing: bench/RESULTS-search.md), so a phrase is found by its pairs
 * of adjacent words (`word_pairs`, see the migration ListingWordPairs), whose index answers without reading a vector:
 * exactly for phrases of two words (`adjacentPairs`), and as the listings to test for longer ones. Those are tested
 * on the title first: the title vector, in the row and in the newest-first index, begins the search vector alike
 * (title, then company), and a title that holds the phrase needs nothing more read. A walk reaches each listing's
 * vector by id (`searchVector`), and tests the phrase there. Text with an exclusion is tested as it is: the title may
 * lack a word the description holds.
 */
function textMatch(tested: string, searchVector: string, sql: SqlParameters, indexPair?: string): string[] {
  const loose = loosened(tested);
  if (loose === null) return [`${searchVector} @@ ${sql.bind(tested)}::tsquery`];
  const inTitleFirst = () => {
    const phrase = sql.bind(tested);
    // CASE, not OR: the planner would read an OR through both text indexes and recheck every listing's vector.
    return `CASE WHEN l.title_vector @@ ${phrase}::tsquery THEN true ELSE ${searchVector} @@ ${phrase}::tsquery END`;
  };
  if (searchVector !== 'l.search_vector') return [inTitleFirst()];
  const { exact, conditions } = pairsHeld(tested, loose, indexPair);
  return exact ? conditions(sql) : [...conditions(sql), inTitleFirst()];
}

/**
 * What a listing (or sampled listing) that matches `tested`, a text with a phrase, holds that an index answers: its
 * pairs of adjacent words (see adjacentPairs) and the words no pair holds, else its words together (`loose`). Not the
 * words of the pairs besides: the planner would AND the pairs' few listings with a bitmap of every listing that holds
 * the words ("lead product manager": 683 listings with both pairs, 233,964 with the three words, 49 of the count's 54 ms).
 */
function pairsHeld(tested: string, loose: string, indexPair?: string): { exact: boolean; conditions: (sql: SqlParameters) => string[] } {
  const { words, exact, ...all } = adjacentPairs(tested);
  if (all.pairs.length === 0) return { exact, conditions: (sql) => [`l.search_vector @@ ${sql.bind(loose)}::tsquery`] };
  // Only where the phrase is tested besides may one pair stand for all of them.
  const pairs = !exact && indexPair && all.pairs.includes(indexPair) ? [indexPair] : all.pairs;
  return {
    exact,
    conditions: (sql) => [...(words.length > 0 ? [`l.search_vector @@ ${sql.bind(words.join(' & '))}::tsquery`] : []), pairsContained(pairs, sql)],
  };
}

/** The condition that a listing holds every one of `pairs` of adjacent words, which the pairs index answers. */
export function pairsContained(pairs: string[], sql: SqlParameters): string {
  return `l.word_pairs @> ARRAY[${pairs.map((pair) => `hashtextextended(${sql.bind(pair)}::text, 0)`).join(', ')}]`;
}

/**
 * What a listing's words signature (see the migration ListingWordsSignature) must hold for its text to match: the
 * bits of every word the text requires. A listing without them cannot match; one with them may (the bits of other
 * words can stand in), so its search vector is read to tell.
 */
export function signatureConditions(context: SearchContext): Stream['words'] {
  const words = requiredWords(context.text.match ?? '');
  return (sql) => {
    if (words.length === 0) return [];
    const signature = `listing_words_signature(${sql.bind(words)}::text[])`;
    return [`l.words_signature & ${signature} = ${signature}`];
  };
}

/** The condition of the title tier: the title vector holds the whole query. */
export function inTitle(query: string | null): (sql: SqlParameters) => string {
  return (sql) => `l.title_vector @@ ${sql.bind(query)}::tsquery`;
}

/** The planner's estimate of the listings that meet `conditions`: the plan's row count (nothing is read). */
export function estimateStatement(conditions: string[], values: unknown[]): Statement {
  return { kind: 'estimate', sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM job_listings l ${whereClause(conditions)}`, values };
}

/** Counts a stream's matches up to one more than EXACT_TOTAL_LIMIT. */
export function countStatement(stream: Stream): Statement {
  const sql = new SqlParameters();
  return {
    kind: 'count',
    sql: `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${matching(stream, sql)} LIMIT ${EXACT_TOTAL_LIMIT + 1}) matches`,
    values: sql.values,
  };
}

/**
 * A search whose text's listings were counted as they were written: one word (its lexeme, and the country and remote
 * work it is limited to), or, without filters, one phrase of two words (its pair of adjacent words) or of three to
 * five (its run of words, counted only when chosen: see the migration ListingPhraseCounts).
 */
export type CountedText = { lexeme: string; limits: PlaceLimits } | { pair: string } | { run: string };

/** The counted text of a search (see CountedText); else null. */
export function countedText(context: SearchContext): CountedText | null {
  const lexeme = singleLexeme(context.text.match);
  if (lexeme !== null) {
    const limits = placeLimits(context.search, context.asOf);
    return limits !== null ? { lexeme, limits } : null;
  }
  if (isFiltered(context)) return null;
  const { pairs, words, exact } = adjacentPairs(context.text.match ?? '');
  if (exact && pairs.length === 1 && words.length === 0) return { pair: pairs[0] };
  const run = runOfWords(context.text.match);
  return run !== null ? { run } : null;
}

/**
 * How many listings hold a counted text (see CountedText), exactly: `listings`, null for a run of words that is not
 * counted.
 */
export function countedListingsStatement(counted: CountedText): Statement {
  if ('lexeme' in counted) return lexemeListingsStatement(counted.lexeme, counted.limits);
  if ('run' in counted)
    return {
      kind: 'phrase-listings',
      sql: 'SELECT (SELECT c.listings FROM job_listing_phrases c WHERE c.phrase = hashtextextended($1::text, 0)) AS listings',
      values: [counted.run],
    };
  return {
    kind: 'pair-listings',
    sql: 'SELECT coalesce((SELECT c.listings FROM job_listing_pairs c WHERE c.pair = hashtextextended($1::text, 0)), 0) AS listings',
    values: [counted.pair],
  };
}

/**
 * How many listings within `limits` hold `lexeme`, exactly: job_listing_lexemes for all listings, job_listing_lexeme_places
 * by country and remote flag (kept by triggers: see their migrations, ListingWordCounts and ListingLexemePlaces).
 */
function lexemeListingsStatement(lexeme: string, { country, remote }: PlaceLimits): Statement {
  if (country === null && remote === null) {
    return {
      kind: 'lexeme-listings',
      sql: 'SELECT coalesce((SELECT c.listings FROM job_listing_lexemes c WHERE c.lexeme = $1), 0) AS listings',
      values: [lexeme],
    };
  }
  return {
    kind: 'lexeme-listings',
    sql: `SELECT coalesce(sum(c.listings), 0)::int AS listings FROM job_listing_lexeme_places c
           WHERE c.lexeme = $1 AND ($2::text IS NULL OR c.country = $2) AND ($3::boolean IS NULL OR c.is_remote = $3)`,
    values: [lexeme, country, remote],
  };
}

/**
 * How many listings' title vectors hold the least held two of `words` (lexemes) together (job_listing_title_pairs,
 * kept by triggers: see its migration, ListingWordCounts): no title holds them all more often, and none when it is 0.
 */
export function titlesTogetherStatement(words: string[]): Statement {
  return {
    // A lookup by key per pair: a join would read the whole table.
    sql: `SELECT coalesce(min(coalesce((SELECT t.listings FROM job_listing_title_pairs t WHERE t.first = a AND t.second = b), 0)), 0)::int AS titles
            FROM unnest($1::text[]) AS a, unnest($1::text[]) AS b WHERE a COLLATE "C" < b COLLATE "C"`,
    values: [words],
  };
}

/** One listing in this many is in job_listing_sample (see its migration, ListingSample): each sampled match stands for this many. */
export const LISTING_SAMPLE_EVERY = 32;
/**
 * The part of the sample whose ids start below `below` (an eighth of it: one listing in `every`), a partition of its
 * own, for text that many sampled listings hold (see ListingSample).
 */
export const SAMPLE_PART = { below: '20000000-0000-0000-0000-000000000000', every: 256 };
/** Sampled listings holding a phrase's words whose own words are read, to tell which hold the phrase (each is slow to read: bench/RESULTS-search.md). */
const PHRASE_READS = 200;

/**
 * How many of the sampled listings (job_listing_sample, which has every column a search tests), or of its `part`
 * (SAMPLE_PART), match a search's text and pass its filters (`matches`). A phrase of two words is counted by its
 * pair of adjacent words, as the search finds it. A longer phrase, or words further apart, only a listing's whole
 * TOASTed search vector tells from its words together, and reading it for every sampled listing that holds two common
 * words is far too slow (bench/RESULTS-search.md): such text counts the sampled listings that hold its words together
 * and its pairs (the GIN indexes alone answer that), and reads PHRASE_READS of them, by id (a random order), for the
 * share that hold the phrase.
 */
export function sampleCountStatement(context: SearchContext, part = false): Statement {
  const sql = new SqlParameters();
  // A constant, not a parameter: the planner reads the part's partition alone only when it can read the bound in the query.
  // Filters alone with the cells they allow, which the sample's cells index answers (migration ListingSampleFilterCells).
  const filters = [...(part ? [`l.id < '${SAMPLE_PART.below}'::uuid`] : []), ...(isTextual(context) ? searchFilters(context) : cellFilters(context))(sql)];
  const kind = part ? 'sample-part' : 'sample';
  const text = context.text.match;
  const loose = text && loosened(text);
  const held = loose ? pairsHeld(text, loose) : null;
  // A phrase its pairs of words tell exactly is counted as any text is: the sample holds the pairs and their index.
  if (!held || held.exact)
    return {
      kind,
      sql: `SELECT count(*)::float AS matches FROM job_listing_sample l ${whereClause([...filters, ...textConditions(context)(sql)])}`,
      values: sql.values,
    };
  const holding = whereClause([...filters, ...held.conditions(sql)]);
  return {
    kind,
    sql: `SELECT coalesce(max(l.holding) * count(*) FILTER (WHERE l.search_vector @@ ${sql.bind(text)}::tsquery)::float / greatest(count(*), 1), 0) AS matches
            FROM (SELECT l.search_vector, count(*) OVER () AS holding FROM job_listing_sample l ${holding} ORDER BY l.id LIMIT ${PHRASE_READS}) l`,
    values: sql.values,
  };
}

/** The `datePosted` window of a search alone, for the planner to estimate (null: every listing). */
export function postedWindow(context: SearchContext): Statement | null {
  const sql = new SqlParameters();
  const since = postedSince(context.search, context.asOf, sql);
  return since ? estimateStatement([since], sql.values) : null;
}

/** The listings of the search's filter cells within its `datePosted` window, for the planner to estimate (null: no cells). */
export function cellWindow(context: SearchContext): Statement | null {
  const sql = new SqlParameters();
  const cells = filterCellConditions(context.search, sql);
  const since = postedSince(context.search, context.asOf, sql);
  return cells.length > 0 ? estimateStatement([...cells, ...(since ? [since] : [])], sql.values) : null;
}

/** Up to `limit` of a stream's listings after `after` (within `period`), newest first, by the plan its strategy forces. */
export function scanStatement(stream: Stream, after: Key | null, limit: number, period?: PostedSpan): Statement {
  const sql = new SqlParameters();
  if (stream.cells && !period) return byCellStatement(stream.cells, [...stream.filters(sql), ...(after ? [keysetCondition(after, sql)] : [])], limit, sql);
  const from = matching(stream, sql, after ? [keysetCondition(after, sql)] : [], period ? periodConditions(period, after, sql) : []);
  return { sql: `SELECT l.id, l.posted_at::text AS key FROM ${from} ${NEWEST_FIRST} LIMIT ${limit}`, values: sql.values };
}

/**
 * Up to `limit` listings of the cells that meet `conditions`, newest first: each cell's newest `limit` from its own
 * range of job_listings_filter_cells (which is ordered newest first within a cell), then the newest of those.
 */
function byCellStatement(cells: number[], conditions: string[], limit: number, sql: SqlParameters): Statement {
  const newest = `SELECT l.id, l.posted_at FROM job_listings l ${whereClause([inFilterCell('c.cell'), ...conditions])} ${NEWEST_FIRST} LIMIT ${limit}`;
  return {
    sql: `SELECT l.id, l.posted_at::text AS key FROM unnest(${sql.bind(cells)}::int[]) AS c (cell) CROSS JOIN LATERAL (${newest}) l ${NEWEST_FIRST} LIMIT ${limit}`,
    values: sql.values,
  };
}

/** A listing's posting time as job_listings_posted_at holds it (see its migration, ListingsPostedAt). */
const LISTING_AGE = (time: string) => `(${time} - timestamptz '2000-01-01 00:00:00+00')`;

/**
 * The `datePosted` window as a range of job_listings_posted_at (none without one): a condition the filter implies,
 * whose bitmap the planner can AND with a text's from that small index rather than from the newest-first one, which
 * includes every filtered column and is ten times slower to read for it (2 ms against 20 for a day at 1M).
 */
export function postedWindowRange(context: SearchContext, sql: SqlParameters): string[] {
  const since = postedSinceTime(context.search, context.asOf);
  return since ? [`${LISTING_AGE('l.posted_at')} >= ${LISTING_AGE(`${sql.bind(since.toISOString())}::timestamptz`)}`] : [];
}

function periodConditions(period: PostedSpan, after: Key | null, sql: SqlParameters): string[] {
  const age = LISTING_AGE('l.posted_at');
  if ('before' in period) return [`${age} < ${LISTING_AGE(`${sql.bind(period.before.toISOString())}::timestamptz`)}`];
  // The keyset's own bound, as a range the index answers too (a row comparison it cannot).
  const until = after ? [`${age} <= ${LISTING_AGE(`${sql.bind(after[0])}::timestamptz`)}`] : [];
  return [`${age} >= ${LISTING_AGE(`${sql.bind(period.since.toISOString())}::timestamptz`)}`, ...until];
}

/**
 * The statements of one walk (see `streamPage` and `walkBoundary` in job-search.service.ts): `rows` finds up to `limit` matches among at most
 * WALK_BOUND index entries after `after`; when it falls short, `lastRead` answers its WALK_READS-th listing that
 * passed the filters, and else `lastEntry` its WALK_BOUND-th entry: where the next walk starts.
 */
export function walkStatements(stream: Stream, after: Key | null, limit: number): Record<'rows' | 'lastRead' | 'lastEntry', Statement> {
  const country = stream.country;
  // A search limited to one country walks that country's listings only (job_listings_country_newest).
  const scope = (sql: SqlParameters) => [...(country ? [`l.country = ${sql.bind(country)}`] : []), ...(after ? [keysetCondition(after, sql)] : [])];
  // The same statement prefix serves the walk and, when it falls short, finding where it stopped.
  const candidates = (sql: SqlParameters) => {
    return `SELECT * FROM (${newestEntries(scope(sql), WALK_BOUND)}) l ${whereClause([...stream.filters(sql), ...stream.tier(sql), ...stream.words(sql)])}`;
  };
  const rowsSql = new SqlParameters();
  const passed = `${candidates(rowsSql)} LIMIT ${WALK_READS}`;
  const text = stream.text(rowsSql, { searchVector: SEARCH_VECTOR_BY_ID });
  const readsSql = new SqlParameters();
  const entriesSql = new SqlParameters();
  const keysetOnly = whereClause(scope(entriesSql));
  return {
    rows: { sql: `SELECT l.id, l.posted_at::text AS key FROM (${passed}) l ${whereClause(text)} LIMIT ${limit}`, values: rowsSql.values },
    lastRead: {
      sql: `SELECT l.posted_at::text AS key, l.id FROM (${candidates(readsSql)} LIMIT ${WALK_READS}) l OFFSET ${WALK_READS - 1}`,
      values: readsSql.values,
    },
    lastEntry: {
      sql: `SELECT l.posted_at::text AS key, l.id FROM job_listings l ${keysetOnly} ${NEWEST_FIRST} OFFSET ${WALK_BOUND - 1} LIMIT 1`,
      values: entriesSql.values,
    },
  };
}

/**
 * The listings of a stream, as the FROM of a statement. A `bitmap` finds them through the text's GIN index alone
 * (and the posting times of `period`, when given): OFFSET 0 keeps the other conditions out of the index scan,
 * where the planner would otherwise AND in bitmaps of frequent values that cost more to build than testing the few
 * text matches. Other strategies let the planner use every index (under the settings search.repository.ts forces).
 */
function matching(stream: Stream, sql: SqlParameters, extra: string[] = [], period: string[] = []): string {
  // Limited to a period, a phrase's listings are read through one pair, the rarest: the planner multiplies the shares of
  // several as if they were apart ("senior account" 4,861 listings, "account execut" 18,779, both 2,871: expected 92),
  // and, expecting few, read all 2,871 rather than AND them with the period's posting times: 2,835 table pages against
  // 150, 7.4 ms against 3.6 with them in PostgreSQL's buffers, 24 against 5.9 from the OS cache.
  const text = [...stream.text(sql, period.length > 0 && stream.indexPair ? { indexPair: stream.indexPair } : undefined), ...period];
  const rest = [...stream.filters(sql), ...stream.tier(sql), ...extra];
  if (stream.strategy === 'bitmap') return `(SELECT * FROM job_listings l ${whereClause(text)} OFFSET 0) l ${whereClause(rest)}`;
  const implied = stream.strategy === 'combined' && stream.implied ? stream.implied(sql) : [];
  return `job_listings l ${whereClause([...text, ...implied, ...rest])}`;
}

function keysetCondition([postedAt, id]: Key, sql: SqlParameters): string {
  return `(l.posted_at, l.id) < (${sql.bind(postedAt)}::timestamptz, ${sql.bind(id)}::uuid)`;
}

export function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}
