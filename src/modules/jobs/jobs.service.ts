import { randomBytes } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import { Semaphore } from '../../common/concurrency/semaphore';
import { NotFoundError } from '../../common/errors/api-errors';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { POOL_SIZE } from '../../database/data-source-options';
import { JobListingView, JobSearchDto, JobSearchResponse } from './dto/job-search.dto';
import { filterConditions, searchCountry, SqlParameters } from './job-search.query';
import { EXACT_TOTAL_LIMIT } from './job-search-values';
import { normalizeTitle } from './listing-enrichment';
import { SearchCursorCodec, searchFingerprint } from './search-cursor';

/** The columns of a listing as the API answers it. */
const VIEW_COLUMNS = `
  l.id, l.title, l.company, l.company_logo AS "companyLogo", l.company_website AS "companyWebsite", l.location,
  l.city, l.state, l.country, l.is_remote AS "isRemote", l.employment_type AS "employmentType",
  l.apply_link AS "applyLink", l.apply_is_direct AS "applyIsDirect", l.publisher, l.description, l.highlights,
  l.benefits, l.salary_min AS "salaryMin", l.salary_max AS "salaryMax", l.salary_period AS "salaryPeriod",
  l.posted_at AS "postedAt", l.first_seen_at AS "firstSeenAt", l.republish_count AS "republishCount", l.source`;

/**
 * How a text query matches: as written (`exact`), then, when that finds nothing, with its last word as a prefix
 * (`prefix`: "senior kubern" finds Kubernetes), then titles that look like the query (`fuzzy`: "developr").
 */
type TextMode = 'exact' | 'prefix' | 'fuzzy';

/** Where the next page starts: the stream (relevance tier) and the last listing's (posted_at, id) within it. */
interface CursorPosition {
  /** stream index */
  t: number;
  /** posted_at (as PostgreSQL wrote it) and id of the last listing returned */
  k: Key;
  /** total of the first page */
  n: number;
  /** asOf: the first page's clock, for relative dates */
  a: string;
  m: TextMode;
}

type Key = [postedAt: string, id: string];

/** One newest-first sequence of matches; a ranked search reads its streams one after the other. */
interface Stream {
  /** Conditions the newest-first index can test alone. */
  filters: (sql: SqlParameters) => string[];
  /**
   * Conditions on the text that a GIN index answers (search or title vector, fuzzy title); `searchVector` is how
   * the statement reaches the search vector (default `l.search_vector`).
   */
  text: (sql: SqlParameters, searchVector?: string) => string[];
  /** The relevance tier's conditions on the title, tested on each match (never through an index). */
  tier: (sql: SqlParameters) => string[];
  /** The one country the search is limited to, if any. */
  country: string | null;
  /** How its matches are found (see `strategy`); `planner`: no text, the planner's own choice. */
  strategy: 'walk' | 'bitmap' | 'combined' | 'planner';
}

/**
 * A stream whose text matches at most this many listings is read through a GIN bitmap of them. Measured at 1M
 * listings: a bitmap costs ~8 µs per match (matches are scattered), a walk ~0.5 µs per index entry plus ~4 µs per
 * listing whose search vector it reads, so they meet near 3,000 matches at ~25 ms.
 */
const WALK_ABOVE_MATCHES = 3_000;
const WALK_ABOVE_TITLE_MATCHES = 1_000;
/**
 * Listings one walk passes at most (~10 ms); a stream walks at most WALK_CHUNKS times for a page. A walk is chosen
 * only when it expects a page within half a walk, so more is needed only when the estimate was too high.
 */
const WALK_BOUND = 20_000;
/** Listings that pass the filters whose search vector one walk reads at most (~4 µs each). */
const WALK_READS = 3_000;
const WALK_CHUNKS = 3;
/** PostgreSQL's selectivity for a word missing from a tsvector column's statistics (DEFAULT_TS_MATCH_SEL). */
const UNKNOWN_WORD_SHARE = 0.005;
/** Rows a page reads: the page and one more, which tells whether there is a next page. */
const PAGE_LOOKAHEAD = 21;
/**
 * Counting stops at 10,001 matches. When few listings match the text it always finishes quickly; otherwise it
 * gives up after the budget (`SEARCH_COUNT_BUDGET_MS`), and when the planner expects more than 10,000 it is not
 * tried: `total` is then the planner's estimate.
 */
const COUNT_ALWAYS_BELOW = 2_000;
const COUNT_BELOW_ESTIMATE = EXACT_TOTAL_LIMIT;
/** A count before the page, to catch words that never occur together: it answers zero fast, or gives up fast. */
const COUNT_FIRST_BELOW = 50_000;
/** The share of the budget for the quick counts: the count before the page, and a count of filters alone. */
const QUICK_COUNT_SHARE = 0.4;
/** The columns of the newest-first index (its key and what it includes): a walk reads nothing else. */
const NEWEST_INDEX_COLUMNS = [
  'posted_at', 'id', 'is_remote', 'work_arrangement', 'employment_type', 'country', 'place_keys', 'job_level', 'language',
  'visa_sponsorship', 'security_clearance', 'apply_is_direct', 'can_apply', 'annual_salary_min', 'annual_salary_max',
  'experience_years', 'source', 'republish_count', 'first_seen_at', 'title_normalized', 'company_normalized',
  'benefit_keys', 'title_vector',
].map((column) => `l.${column}`).join(', ');
const CURSOR_KEY_PURPOSE = 'search-cursor';
/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

interface SearchContext {
  search: JobSearchDto;
  asOf: Date;
  /** tsqueries (as text): the query alone, and everything text must match (the query, keywords and exclusions); `raw` is the query as sent. */
  text: { query: string | null; match: string | null; raw: string | null };
  mode: TextMode;
}

/**
 * `POST /v1/jobs/search` and `GET /v1/jobs/{id}`. Results are ordered by relevance tier, then newest first:
 * listings whose title and company hold the whole query come before listings that match through their
 * description. Every page is a keyset page over (tier, posted_at, id), so a page costs the same at any depth and
 * concurrent inserts never repeat or skip a listing. How each page is found (walk, bitmap, counts) is decided per
 * search from the planner's estimates: see `strategy`, and bench/RESULTS-search.md for the measurements behind it.
 */
@Injectable()
export class JobsService implements OnModuleInit {
  private cursors: SearchCursorCodec<CursorPosition>;
  /**
   * A search holds a connection and may take a second one for its count. Were every pooled connection held by a
   * search waiting for its second, none would come back (seen under load: 503s after the pool's connect timeout).
   * Fewer searches than half the pool at once leave every waiting search a connection that will be released.
   */
  private readonly searchSlots = new Semaphore(Math.floor((POOL_SIZE - 1) / 2));

  private readonly countBudgetMs: number;
  private readonly quickCountBudgetMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectConfig() config: AppConfig,
  ) {
    this.countBudgetMs = config.search.countBudgetMs;
    this.quickCountBudgetMs = Math.ceil(config.search.countBudgetMs * QUICK_COUNT_SHARE);
  }

  async onModuleInit(): Promise<void> {
    // The first instance to start creates the key; every instance reads the one that won.
    await this.dataSource.query('INSERT INTO signing_keys (purpose, secret) VALUES ($1, $2) ON CONFLICT (purpose) DO NOTHING', [
      CURSOR_KEY_PURPOSE,
      randomBytes(32),
    ]);
    const [{ secret }] = await this.dataSource.query('SELECT secret FROM signing_keys WHERE purpose = $1', [CURSOR_KEY_PURPOSE]);
    this.cursors = new SearchCursorCodec(secret);
  }

  async get(id: string): Promise<JobListingView> {
    const [listing] = await this.dataSource.query(`SELECT ${VIEW_COLUMNS} FROM job_listings l WHERE l.id = $1`, [id]);
    if (!listing) throw new NotFoundError();
    return listing;
  }

  async search(search: JobSearchDto): Promise<JobSearchResponse> {
    const fingerprint = searchFingerprint(search);
    const position = search.cursor ? this.cursors.decode(fingerprint, search.cursor) : null;
    return this.searchSlots.run(() => this.searchOn(search, fingerprint, position));
  }

  private searchOn(search: JobSearchDto, fingerprint: string, position: CursorPosition | null): Promise<JobSearchResponse> {
    return this.withConnection(async (runner) => {
      // Words that match nothing as written are tried with the last as a prefix, then as a fuzzy title; a cursor
      // keeps the mode of its first page.
      const modes: TextMode[] = position ? [position.m] : search.query?.trim() ? ['exact', 'prefix', 'fuzzy'] : ['exact'];
      let answer: JobSearchResponse = { data: [], count: 0, total: 0, hasMore: false, nextCursor: null };
      for (const mode of modes) {
        if (mode === 'prefix' && !(await this.mayBePartial(runner, search.query as string))) continue;
        answer = await this.searchAs(runner, search, fingerprint, position, mode);
        if (answer.count > 0) break;
      }
      return answer;
    });
  }

  private async searchAs(
    runner: QueryRunner,
    search: JobSearchDto,
    fingerprint: string,
    position: CursorPosition | null,
    mode: TextMode,
  ): Promise<JobSearchResponse> {
    const context = await this.resolveText(runner, search, position, mode);
    const estimate = position ? position.n : await this.estimateMatches(runner, context);
    // The count runs on a connection of its own while the page is read: a search waits for the slower, not both.
    const textual = context.text.match !== null || context.mode === 'fuzzy';
    // Words estimated to occur together often enough to walk for may in fact never do ("sql kubernetes"): the
    // statistics know each word, not how they combine. Up to COUNT_FIRST_BELOW expected matches, a count (GIN only,
    // fast) comes first and its answer decides. Otherwise it runs on a connection of its own while the page is read.
    const countFirst = !position && textual && estimate <= COUNT_FIRST_BELOW;
    const counting = position
      ? Promise.resolve(position.n)
      : countFirst
        ? this.count(context, estimate, COUNT_FIRST_BELOW, this.quickCountBudgetMs)
        : this.count(context, estimate, COUNT_BELOW_ESTIMATE, this.countBudgetMs);
    const known = countFirst ? await counting : null;
    if (known === 0) return { data: [], count: 0, total: 0, hasMore: false, nextCursor: null };
    const rows: { id: string; key: string; stream: number }[] = [];
    try {
      const streams = await this.streams(runner, context, known);
      for (let index = position?.t ?? 0; index < streams.length && rows.length <= search.limit; index++) {
        const after = position && index === position.t ? position.k : null;
        const found = await this.streamPage(runner, streams[index], after, search.limit + 1 - rows.length);
        rows.push(...found.map((row) => ({ ...row, stream: index })));
      }
    } finally {
      // Settled before the connection goes back to the pool, even when reading the page failed.
      await counting.catch(() => undefined);
    }
    const counted = await counting;
    const page = rows.slice(0, search.limit);
    const hasMore = rows.length > search.limit;
    // A first page that holds every match knows the total; otherwise the count, or the estimate when uncounted.
    const total = !position && !hasMore ? rows.length : (counted ?? Math.max(Math.round(estimate), rows.length));
    const last = page[page.length - 1];
    const nextCursor = hasMore
      ? this.cursors.encode(fingerprint, { t: last.stream, k: [last.key, last.id], n: total, a: context.asOf.toISOString(), m: context.mode })
      : null;
    const data = await this.listings(runner, page.map((row) => row.id));
    return { data, count: data.length, total, hasMore, nextCursor };
  }

  /**
   * The tsqueries of the search, computed once by PostgreSQL (its parser and stemmer) and then passed as
   * constants, so that the planner can estimate how many listings they match.
   */
  private async resolveText(
    runner: QueryRunner,
    search: JobSearchDto,
    position: CursorPosition | null,
    mode: TextMode,
  ): Promise<SearchContext> {
    const asOf = position ? new Date(position.a) : new Date();
    const raw = search.query?.trim() || null;
    const sql = new SqlParameters();
    const queryExpression =
      raw === null || mode === 'fuzzy'
        ? "''::tsquery"
        : mode === 'prefix'
          ? `to_tsquery('english', ${sql.bind(prefixQuery(raw))})`
          : `websearch_to_tsquery('english', ${sql.bind(raw)})`;
    const keywords = (search.includeKeywords ?? []).map((keyword) => `phraseto_tsquery('english', ${sql.bind(keyword)})`);
    const excluded = (search.excludeKeywords ?? []).map((keyword) => `phraseto_tsquery('english', ${sql.bind(keyword)})`);
    const match = [queryExpression, ...keywords, ...(excluded.length > 0 ? [`!!(${excluded.join(' || ')})`] : [])].join(' && ');
    const [resolved] = await runner.query(
      `SELECT (${queryExpression})::text AS query, (${match})::text AS match`,
      sql.values,
    );
    return {
      search,
      asOf,
      text: { query: resolved.query || null, match: resolved.match || null, raw },
      mode,
    };
  }

  private filters(context: SearchContext): Stream['filters'] {
    return (sql) => filterConditions(context.search, context.asOf, sql);
  }

  /**
   * What the text of a listing must satisfy to match: all of it, or, for a title tier, only what a title match
   * does not already imply. `searchVector` is how the statement reaches the listing's search vector.
   */
  private text(context: SearchContext, part: 'match' | 'keywords' = 'match'): Stream['text'] {
    const { match, query, raw } = context.text;
    // A title match implies a search-vector match of the query's words; keywords and exclusions (which the
    // description may hold) remain to test.
    const tested = part === 'match' || match !== query || query?.includes('!') ? match : null;
    return (sql, searchVector = 'l.search_vector') => [
      ...(tested ? [`${searchVector} @@ ${sql.bind(tested)}::tsquery`] : []),
      ...(context.mode === 'fuzzy' && raw ? [`${sql.bind(normalizeTitle(raw))} <% l.title_normalized`] : []),
    ];
  }

  /**
   * A ranked search reads two tiers: listings whose title and company hold the whole query, then those that match
   * through their description. Without a query, one newest-first stream.
   */
  private async streams(runner: QueryRunner, context: SearchContext, counted: number | null): Promise<Stream[]> {
    const { query } = context.text;
    const filters = this.filters(context);
    const none = () => [];
    const textual = context.text.match !== null || context.mode === 'fuzzy';
    const country = searchCountry(context.search);
    if (!textual) return [{ filters, text: none, tier: none, country, strategy: 'planner' }];
    const inTitle = (sql: SqlParameters) => `l.title_vector @@ ${sql.bind(query)}::tsquery`;
    const streams: Omit<Stream, 'strategy'>[] = query
      ? [
          { filters, text: (sql, searchVector) => [...this.text(context, 'keywords')(sql, searchVector), inTitle(sql)], tier: none, country },
          { filters, text: this.text(context), tier: (sql) => [`NOT ${inTitle(sql)}`], country },
        ]
      : [{ filters, text: this.text(context), tier: none, country }];
    const planned: Stream[] = [];
    // One statement at a time: a connection runs them in order.
    // Few matches, counted: every stream is a bitmap of them (by the text index when no filter narrows it).
    const few = counted !== null && counted <= WALK_ABOVE_MATCHES;
    const filtered = filterConditions(context.search, context.asOf, new SqlParameters()).length > 0;
    for (const stream of streams) {
      planned.push({ ...stream, strategy: few ? (filtered ? 'combined' : 'bitmap') : await this.strategy(runner, context, stream) });
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
  private async strategy(runner: QueryRunner, context: SearchContext, stream: Omit<Stream, 'strategy'>): Promise<Stream['strategy']> {
    const textSql = new SqlParameters();
    const textMatches = await this.estimate(runner, whereClause(stream.text(textSql)), textSql.values);
    const listings = await this.listingCount(runner);
    // A word the statistics do not know is estimated at exactly 0.5% of the listings: rare, as far as anyone knows.
    const unknownWord = Math.abs(textMatches - UNKNOWN_WORD_SHARE * listings) < 1;
    // A walk that tests only titles reads the index alone and is cheaper: it pays off for rarer text.
    const readsTable = stream.text(new SqlParameters()).some((condition) => condition.includes('search_vector'));
    if (textMatches <= (readsTable ? WALK_ABOVE_MATCHES : WALK_ABOVE_TITLE_MATCHES) || unknownWord) return 'bitmap';
    // Without a filter that has an index of its own, the bitmap would hold every text match: walking is cheaper.
    if (!context.search.includeCompanies?.length && !context.search.includeTitles?.length) return 'walk';
    const sql = new SqlParameters();
    const matches = await this.estimate(runner, whereClause([...stream.filters(sql), ...stream.text(sql), ...stream.tier(sql)]), sql.values);
    return (PAGE_LOOKAHEAD * listings) / Math.max(matches, 1) <= WALK_BOUND / 2 ? 'walk' : 'combined';
  }

  private async estimate(runner: QueryRunner, where: string, values: unknown[]): Promise<number> {
    const [{ 'QUERY PLAN': plan }] = await runner.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM job_listings l ${where}`, values);
    return plan[0].Plan['Plan Rows'];
  }

  /** Listings in the table, as the planner counts them (the base its other estimates are shares of; no scan). */
  private listingCount(runner: QueryRunner): Promise<number> {
    return this.estimate(runner, '', []);
  }

  /**
   * Whether the query's last word may be unfinished: the statistics do not know it as a frequent word. (A prefix
   * search of a word that is complete finds what the word found, at the cost of a range of the GIN index.)
   */
  private async mayBePartial(runner: QueryRunner, query: string): Promise<boolean> {
    const last = queryWords(query).pop();
    if (!last) return false;
    const sql = new SqlParameters();
    const estimate = await this.estimate(runner, `WHERE l.search_vector @@ to_tsquery('english', ${sql.bind(last)})`, sql.values);
    return estimate <= UNKNOWN_WORD_SHARE * (await this.listingCount(runner)) + 1;
  }

  /** What the planner expects the whole search to match. */
  private async estimateMatches(runner: QueryRunner, context: SearchContext): Promise<number> {
    const sql = new SqlParameters();
    return this.estimate(runner, whereClause([...this.filters(context)(sql), ...this.text(context)(sql)]), sql.values);
  }

  /**
   * The number of matches, counted exactly up to 10,000 when the planner expects no more and counting fits the
   * time budget (always, when few listings match the text); null otherwise (the estimate then stands in).
   */
  private async count(context: SearchContext, estimate: number, countBelow: number, budgetMs: number): Promise<number | null> {
    if (estimate > countBelow) return null;
    return this.withConnection(async (runner) => {
      const stream: Stream = { filters: this.filters(context), text: this.text(context), tier: () => [], country: null, strategy: 'planner' };
      const textSql = new SqlParameters();
      const text = stream.text(textSql);
      const textMatches = text.length > 0 ? await this.estimate(runner, whereClause(text), textSql.values) : null;
      stream.strategy = textMatches === null ? 'planner' : textMatches <= WALK_ABOVE_MATCHES ? 'bitmap' : 'combined';
      const sql = new SqlParameters();
      // A count of filters alone walks the newest-first index over everything they may match: it gets the short budget.
      const budget = textMatches === null ? this.quickCountBudgetMs : textMatches < COUNT_ALWAYS_BELOW ? undefined : budgetMs;
      try {
        const [{ count }] = await this.planned(runner, stream.strategy, budget, () =>
          runner.query(`SELECT count(*)::int AS count FROM (SELECT 1 FROM ${matching(stream, sql)} LIMIT ${EXACT_TOTAL_LIMIT + 1}) matches`, sql.values),
        );
        return count > EXACT_TOTAL_LIMIT ? null : count;
      } catch (error) {
        if ((error as { driverError?: { code?: string } }).driverError?.code !== QUERY_CANCELED) throw error;
        return null;
      }
    });
  }

  /** Up to `limit` listings of a stream after the keyset position `after`, newest first. */
  private async streamPage(runner: QueryRunner, stream: Stream, after: Key | null, limit: number): Promise<{ id: string; key: string }[]> {
    if (stream.strategy !== 'walk') return this.scan(runner, stream, after, limit);
    const rows: { id: string; key: string }[] = [];
    let from = after;
    for (let chunk = 0; chunk < WALK_CHUNKS; chunk++) {
      const walked = await this.walk(runner, stream, from, limit - rows.length);
      rows.push(...walked.rows);
      if (rows.length === limit || walked.boundary === null) return rows;
      from = walked.boundary;
    }
    // Still short of a page after several walks: the rest is much rarer than expected, and indexes find it sooner.
    return [...rows, ...(await this.scan(runner, { ...stream, strategy: 'combined' }, from, limit - rows.length))];
  }

  /** A stream's listings by the plan its strategy forces. */
  private async scan(runner: QueryRunner, stream: Stream, after: Key | null, limit: number): Promise<{ id: string; key: string }[]> {
    const sql = new SqlParameters();
    const from = matching(stream, sql, after ? [keysetCondition(after, sql)] : []);
    return this.planned(runner, stream.strategy, undefined, () =>
      runner.query(`SELECT l.id, l.posted_at::text AS key FROM ${from} ORDER BY l.posted_at DESC, l.id DESC LIMIT ${limit}`, sql.values),
    );
  }

  /**
   * Walks at most WALK_BOUND listings of the newest-first index, reading only the index: filters and title tests
   * run on its entries, and only listings that pass them (WALK_READS at most) have their search vector read from
   * the table. Answers what it found and, when it stopped at a bound, the key of the last listing it passed.
   */
  private async walk(runner: QueryRunner, stream: Stream, after: Key | null, limit: number): Promise<{ rows: { id: string; key: string }[]; boundary: Key | null }> {
    // The same statement prefix serves the walk and, when it falls short, finding where it stopped.
    const country = stream.country;
    // A search limited to one country walks that country's listings only (job_listings_country_newest).
    const scope = (sql: SqlParameters) => [...(country ? [`l.country = ${sql.bind(country)}`] : []), ...(after ? [keysetCondition(after, sql)] : [])];
    const candidates = (sql: SqlParameters) => {
      const keyset = whereClause(scope(sql));
      const entries = `SELECT ${NEWEST_INDEX_COLUMNS} FROM job_listings l ${keyset} ORDER BY l.posted_at DESC, l.id DESC LIMIT ${WALK_BOUND}`;
      return `SELECT * FROM (${entries}) l ${whereClause([...stream.filters(sql), ...stream.tier(sql)])}`;
    };
    const sql = new SqlParameters();
    const passed = `${candidates(sql)} LIMIT ${WALK_READS}`;
    const text = stream.text(sql, '(SELECT t.search_vector FROM job_listings t WHERE t.id = l.id)');
    const rows: { id: string; key: string }[] = await this.planned(runner, 'walk', undefined, () =>
      runner.query(`SELECT l.id, l.posted_at::text AS key FROM (${passed}) l ${whereClause(text)} LIMIT ${limit}`, sql.values),
    );
    if (rows.length === limit) return { rows, boundary: null };
    // Where the walk stopped: at its WALK_READS-th passing listing, or else at its WALK_BOUND-th entry.
    const readsSql = new SqlParameters();
    const entriesSql = new SqlParameters();
    const keysetOnly = whereClause(scope(entriesSql));
    const [last] =
      (await this.planned(runner, 'walk', undefined, () =>
        runner.query(`SELECT l.posted_at::text AS key, l.id FROM (${candidates(readsSql)} LIMIT ${WALK_READS}) l OFFSET ${WALK_READS - 1}`, readsSql.values),
      )) as { key: string; id: string }[];
    if (last) return { rows, boundary: [last.key, last.id] };
    const [end] = await this.planned(runner, 'walk', undefined, () =>
      runner.query(
        `SELECT l.posted_at::text AS key, l.id FROM job_listings l ${keysetOnly} ORDER BY l.posted_at DESC, l.id DESC OFFSET ${WALK_BOUND - 1} LIMIT 1`,
        entriesSql.values,
      ),
    );
    return { rows, boundary: end ? [end.key, end.id] : null };
  }

  private async listings(runner: QueryRunner, ids: string[]): Promise<JobListingView[]> {
    if (ids.length === 0) return [];
    const rows: JobListingView[] = await runner.query(`SELECT ${VIEW_COLUMNS} FROM job_listings l WHERE l.id = ANY($1::uuid[])`, [ids]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is JobListingView => row !== undefined);
  }

  /**
   * Runs one statement with the plan shape forced (and, if given, a time limit): settings last until the end of
   * its transaction.
   */
  private async planned<T>(runner: QueryRunner, strategy: Stream['strategy'], timeoutMs: number | undefined, work: () => Promise<T>): Promise<T> {
    const settings = [
      ...(strategy === 'walk' ? ['enable_bitmapscan = off', 'enable_seqscan = off', 'enable_sort = off'] : []),
      ...(strategy === 'bitmap' || strategy === 'combined'
        ? ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'"]
        : []),
      ...(timeoutMs ? [`statement_timeout = ${timeoutMs}`] : []),
    ];
    if (settings.length === 0) return work();
    await runner.startTransaction();
    try {
      await runner.query(settings.map((setting) => `SET LOCAL ${setting}`).join('; '));
      const result = await work();
      await runner.commitTransaction();
      return result;
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  }

  private async withConnection<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      // A search is many short statements; compiling any of them just in time would cost more than running it.
      await runner.query('SET jit = off');
      return await work(runner);
    } finally {
      await runner.query('RESET jit').catch(() => undefined);
      await runner.release();
    }
  }
}

/**
 * The listings of a stream, as the FROM of a statement. A `bitmap` finds them through the text's GIN index alone:
 * OFFSET 0 keeps the other conditions out of the index scan, where the planner would otherwise AND in bitmaps of
 * frequent values that cost more to build than testing the few text matches. Other strategies let the planner
 * use every index (under the settings `planned` forces).
 */
function matching(stream: Stream, sql: SqlParameters, extra: string[] = []): string {
  const text = stream.text(sql);
  const rest = [...stream.filters(sql), ...stream.tier(sql), ...extra];
  if (stream.strategy === 'bitmap') return `(SELECT * FROM job_listings l ${whereClause(text)} OFFSET 0) l ${whereClause(rest)}`;
  return `job_listings l ${whereClause([...text, ...rest])}`;
}

function keysetCondition([postedAt, id]: Key, sql: SqlParameters): string {
  return `(l.posted_at, l.id) < (${sql.bind(postedAt)}::timestamptz, ${sql.bind(id)}::uuid)`;
}

function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** "senior kubern" → "senior & kubern:*": the last word as a prefix, as someone still typing it means. */
function prefixQuery(text: string): string {
  const words = queryWords(text);
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** The words a query asks for, without those it excludes (`-word`) and without tsquery syntax characters. */
function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => !token.startsWith('-'))
    .flatMap((token) => token.match(/[\p{L}\p{N}]+/gu) ?? []);
}
