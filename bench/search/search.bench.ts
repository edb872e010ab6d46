/**
 * `npm run bench:search`: job search through the HTTP API at 100,000 and 1,000,000 generated listings, ten kinds of
 * search at concurrency 1 and 8, three rounds interleaved between the two sizes, side by side with the naive way
 * (ILIKE scans, OFFSET paging) where there is one. Also checks that misspellings find the word meant and that
 * totals keep their rules. Writes bench/RESULTS-search.md.
 *
 * The databases are loaded once (~20 min for both on two cores) and kept; a run then takes ~22 min on a busy
 * two-core machine (three rounds), less on a quiet one; BENCH_ROUNDS=1 and BENCH_NAIVE=0 make a quick check.
 *
 *   BENCH_SIZES       listings per database, comma-separated (default 100000,1000000)
 *   BENCH_ROUNDS      rounds (default 3)
 *   BENCH_NAIVE       naive samples per kind and size (default 1; 0 skips them)
 *   BENCH_KINDS       only these kinds of search, by name, comma-separated (default all; for a quick check)
 *   BENCH_DATABASE_URL  the largest size's database (default postgres://postgres@127.0.0.1:5432/career_bench_search);
 *                     smaller sizes use it with the suffix _<size> (career_bench_search_100k)
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { DataSource, QueryRunner } from 'typeorm';
import { loadConfig } from '../../src/config/configuration';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ReadReplicas } from '../../src/database/read-replicas';
import type { JobSearchDto } from '../../src/modules/jobs/dto/job-search.dto';
import { ListingsRepository } from '../../src/modules/jobs/listings.repository';
import { JobSearchService } from '../../src/modules/jobs/search/job-search.service';
import { filterConditions, SqlParameters } from '../../src/modules/jobs/search/search-filters';
import { SearchRepository } from '../../src/modules/jobs/search/search.repository';
import { SeededRandom } from '../../tools/listing-generator/seeded-random';
import { Latencies, percentiles, SERVICE_NODE_FLAGS, timedConcurrently } from '../support';
import { ensureBenchDatabase, seconds, withClient } from './bench-database';
import { deepPaging, DEEP_PAGE, Scenario, SCENARIOS } from './search-mix';

const ROOT = join(__dirname, '..', '..');
const LARGEST_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_search';
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NAIVE_SAMPLES = Number(process.env.BENCH_NAIVE ?? 1);
const CONCURRENCIES = [1, 8];
/** Requests per kind, round and concurrency. */
const REQUESTS: Record<number, number> = { 1: 100, 8: 200 };
/** Searches followed to page DEEP_PAGE, per round and concurrency (only that page is timed). */
const DEEP_RUNS: Record<number, number> = { 1: 10, 8: 16 };
const TOTAL_CHECKS = 10;
const EXACT_BELOW = 10_000;
const TARGET = { p95: 50, p99: 100, p95Busy: 150, growth: 2, typos: 0.8, estimate: 0.25 };

interface Size {
  listings: number;
  url: string;
  label: string;
  key: string;
  baseUrl: string;
  service: ChildProcess;
  /** latencies per kind and concurrency, one entry per round */
  rounds: Map<string, Latencies[]>;
  typos: { found: number; tried: number; misses: string[] };
  totals: Map<string, TotalCheck[]>;
  naive: Map<string, number>;
}

interface TotalCheck {
  query: string;
  total: number;
  exact: number;
}

type Body = Record<string, unknown>;

const log = (line: string) => process.stderr.write(`${line}\n`);
const ONLY_KINDS = process.env.BENCH_KINDS?.split(',').map((name) => name.trim());
const kinds = [...SCENARIOS, deepPaging].filter((kind) => !ONLY_KINDS || ONLY_KINDS.includes(kind.name));

async function main(): Promise<void> {
  const started = Date.now();
  const sizes: Size[] = [];
  try {
    for (const [index, listings] of SIZES.entries()) {
      const url = listings === Math.max(...SIZES) ? LARGEST_URL : `${LARGEST_URL}_${label(listings).toLowerCase()}`;
      await ensureBenchDatabase(url, listings, log);
      const port = 8000 + Math.floor(Math.random() * 900) + index * 1000;
      sizes.push({
        listings,
        url,
        label: label(listings),
        key: createKey(url),
        baseUrl: `http://127.0.0.1:${port}`,
        service: startService(url, port),
        rounds: new Map(),
        typos: { found: 0, tried: 0, misses: [] },
        totals: new Map(),
        naive: new Map(),
      });
    }
    for (const size of sizes) await waitForHealth(size.baseUrl);
    const random = new SeededRandom('bench-mix');
    log('Warming up ...');
    for (const size of sizes) for (const kind of kinds) for (let index = 0; index < 10; index++) await search(size, request(kind.body(random)));

    for (let round = 1; round <= ROUNDS; round++) {
      for (const size of sizes) {
        for (const kind of kinds) {
          for (const concurrency of CONCURRENCIES) {
            log(`Round ${round}/${ROUNDS}, ${size.label}: ${kind.name} at concurrency ${concurrency}`);
            const latencies = kind === deepPaging ? await measureDeep(size, random, concurrency) : await measure(size, kind, random, concurrency);
            const key = `${kind.name}@${concurrency}`;
            size.rounds.set(key, [...(size.rounds.get(key) ?? []), latencies]);
          }
        }
      }
    }
    for (const size of sizes) {
      log(`Checking totals, ${size.label} ...`);
      await checkTotals(size, random);
      if (NAIVE_SAMPLES > 0) {
        log(`Naive twins, ${size.label} ...`);
        for (const kind of kinds) if (kind.naive) size.naive.set(kind.name, await naiveMedian(size.url, kind, random));
      }
    }
    log('Capturing query plans ...');
    const plans = await capturePlans(sizes[sizes.length - 1].url, random);
    const report = formatReport(sizes, plans, seconds(started));
    writeFileSync(join(ROOT, 'bench', 'RESULTS-search.md'), report);
    process.stdout.write(report.split('\n## Query plans')[0]);
    log(`\nWrote bench/RESULTS-search.md (${seconds(started)} in all)`);
  } finally {
    for (const size of sizes) size.service.kill();
  }
}

/** `requests` searches of one kind with `concurrency` in flight; misspellings are checked against the word meant. */
async function measure(size: Size, kind: Scenario, random: SeededRandom, concurrency: number): Promise<Latencies> {
  const bodies = Array.from({ length: REQUESTS[concurrency] }, () => kind.body(random));
  const calls = await timedConcurrently(bodies, concurrency, (body) => search(size, request(body)));
  if (kind.intended) for (const { item: body, result: answer } of calls) await checkTypo(size, String(body.query), kind.intended(body), answer);
  return percentiles(calls.map((call) => call.ms));
}

const intendedPages = new Map<string, string[]>();

/** A misspelling finds the word meant when its first page is the word's own first page. */
async function checkTypo(size: Size, typo: string, word: string, answer: SearchAnswer): Promise<void> {
  const key = `${size.label}:${word}`;
  if (!intendedPages.has(key)) intendedPages.set(key, ids(await search(size, { query: word })));
  const want = intendedPages.get(key) as string[];
  size.typos.tried++;
  if (want.length > 0 && JSON.stringify(ids(answer)) === JSON.stringify(want)) size.typos.found++;
  else if (size.typos.misses.length < 20) size.typos.misses.push(`${typo} (${word})`);
}

/** Page DEEP_PAGE of common words through the cursor, `concurrency` searches paging at once; only that page is timed. */
async function measureDeep(size: Size, random: SeededRandom, concurrency: number): Promise<Latencies> {
  const timings: number[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started++ < DEEP_RUNS[concurrency]) {
        const body = deepPaging.body(random);
        let cursor: string | null = null;
        for (let page = 1; page <= DEEP_PAGE; page++) {
          const begin = performance.now();
          const answer: SearchAnswer = await search(size, cursor ? { ...body, cursor } : body);
          if (page === DEEP_PAGE) timings.push(performance.now() - begin);
          cursor = answer.nextCursor;
          if (!cursor && page < DEEP_PAGE) throw new Error(`"${String(body.query)}" ran out of pages at page ${page}`);
        }
      }
    }),
  );
  return percentiles(timings);
}

/**
 * `total` against a count of every match (in SQL, with the service's own filter conditions): exact up to 10,000
 * matches, an estimate within ±25% above.
 */
async function checkTotals(size: Size, random: SeededRandom): Promise<void> {
  await withClient(size.url, async (client) => {
    for (const kind of kinds) {
      if (kind.intended || kind === deepPaging) continue;
      const checks: TotalCheck[] = [];
      for (let index = 0; index < TOTAL_CHECKS; index++) {
        const body = kind.body(random);
        const answer = await search(size, request(body));
        const sql = new SqlParameters();
        const where = filterConditions(body as unknown as JobSearchDto, new Date(), sql);
        if (body.query) where.push(`l.search_vector @@ websearch_to_tsquery('english', ${sql.bind(body.query)})`);
        const { rows } = await client.query(
          `SELECT count(*)::int AS count FROM job_listings l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
          sql.values,
        );
        checks.push({ query: JSON.stringify(body), total: answer.total, exact: rows[0].count });
      }
      size.totals.set(kind.name, checks);
    }
  });
}

async function naiveMedian(url: string, kind: Scenario, random: SeededRandom): Promise<number> {
  return withClient(url, async (client) => {
    const timings: number[] = [];
    for (let index = 0; index < NAIVE_SAMPLES; index++) {
      const { sql, params } = (kind.naive as NonNullable<Scenario['naive']>)(kind.body(random));
      const begin = performance.now();
      await client.query(sql, params);
      timings.push(performance.now() - begin);
    }
    return percentiles(timings).p50;
  });
}

interface CapturedPlan {
  scenario: string;
  body: Body;
  statements: { sql: string; plan: string }[];
}

/**
 * The plans of every statement one search of each kind runs: the service itself runs in this process on a
 * connection that EXPLAIN ANALYZEs each statement before running it.
 */
async function capturePlans(url: string, random: SeededRandom): Promise<CapturedPlan[]> {
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  try {
    let current: CapturedPlan | null = null;
    const captured: CapturedPlan[] = [];
    const createRunner = dataSource.createQueryRunner.bind(dataSource);
    dataSource.createQueryRunner = (...args: Parameters<DataSource['createQueryRunner']>): QueryRunner => {
      const runner = createRunner(...args);
      const query = runner.query.bind(runner);
      runner.query = (async (sql: string, parameters?: unknown[]) => {
        if (current && /^\s*(SELECT|WITH)/i.test(sql)) {
          const rows: { 'QUERY PLAN': string }[] = await query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, parameters);
          current.statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
        }
        return query(sql, parameters);
      }) as QueryRunner['query'];
      return runner;
    };
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const repository = new SearchRepository(dataSource.manager, config, new ReadReplicas(dataSource.manager, config));
    const service = new JobSearchService(repository, new ListingsRepository(dataSource.manager, new ReadReplicas(dataSource.manager, config)), config);
    await service.onModuleInit();
    for (const kind of kinds) {
      const body = request(kind.body(random));
      let cursor: string | undefined;
      if (kind === deepPaging) {
        for (let page = 1; page < DEEP_PAGE; page++) cursor = (await service.search({ ...body, cursor, limit: 20 })).nextCursor ?? undefined;
      }
      current = { scenario: kind.name, body, statements: [] };
      await service.search({ ...body, cursor, limit: 20 });
      captured.push(current);
      current = null;
    }
    return captured;
  } finally {
    await dataSource.destroy();
  }
}

function formatReport(sizes: Size[], plans: CapturedPlan[], elapsed: string): string {
  const ms = (value: number) => value.toFixed(1);
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${ms(sorted[0])} / **${ms(sorted[Math.floor((sorted.length - 1) / 2)])}** / ${ms(sorted[sorted.length - 1])}`;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const latencyTables = sizes.map((size) => {
    const rows = kinds.map((kind) => {
      const one = size.rounds.get(`${kind.name}@1`) as Latencies[];
      const eight = size.rounds.get(`${kind.name}@8`) as Latencies[];
      const naive = size.naive.get(kind.name);
      const met =
        median(one.map((l) => l.p95)) <= TARGET.p95 && median(one.map((l) => l.p99)) <= TARGET.p99 && median(eight.map((l) => l.p95)) <= TARGET.p95Busy;
      return `| ${kind.name} | ${spread(one.map((l) => l.p50))} | ${spread(one.map((l) => l.p95))} | ${spread(one.map((l) => l.p99))} | ${spread(eight.map((l) => l.p50))} | ${spread(eight.map((l) => l.p95))} | ${naive === undefined ? '' : `${(naive / 1000).toFixed(2)} s`} | ${met ? 'yes' : '**no**'} |`;
    });
    return `### ${size.listings.toLocaleString('en')} listings

| search | c=1 p50 | c=1 p95 | c=1 p99 | c=8 p50 | c=8 p95 | naive | targets met |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  });
  const smallest = sizes[0];
  const largest = sizes[sizes.length - 1];
  const growth = kinds.map((kind) => {
    const ratio = (concurrency: number, pick: (l: Latencies) => number) =>
      median((largest.rounds.get(`${kind.name}@${concurrency}`) as Latencies[]).map(pick)) /
      median((smallest.rounds.get(`${kind.name}@${concurrency}`) as Latencies[]).map(pick));
    const ratios = [ratio(1, (l) => l.p50), ratio(1, (l) => l.p95), ratio(8, (l) => l.p95)];
    return `| ${kind.name} | ${ratios.map((value) => value.toFixed(2)).join(' | ')} | ${Math.max(...ratios) <= TARGET.growth ? 'yes' : '**no**'} |`;
  });
  const typoLines = sizes.map(
    (size) =>
      `- ${size.label}: ${size.typos.found} of ${size.typos.tried} (${((100 * size.typos.found) / Math.max(size.typos.tried, 1)).toFixed(0)}%) found the first page of the word meant` +
      (size.typos.misses.length ? `; missed, e.g.: ${size.typos.misses.slice(0, 10).join(', ')}` : ''),
  );
  const totalRows = sizes.flatMap((size) =>
    [...size.totals.entries()].map(([name, checks]) => {
      const below = checks.filter((check) => check.exact <= EXACT_BELOW);
      const above = checks.filter((check) => check.exact > EXACT_BELOW);
      const exactBelow = below.filter((check) => check.total === check.exact).length;
      const within = above.filter((check) => Math.abs(check.total - check.exact) <= TARGET.estimate * check.exact).length;
      const error = (check: TotalCheck) => Math.abs(check.total - check.exact) / Math.max(check.exact, 1);
      const worst = checks.reduce((worse, check) => (error(check) > error(worse) ? check : worse));
      // The search itself, when it missed: a total off by more than the target says little without it.
      const named = error(worst) > TARGET.estimate ? ` (${worst.total} for ${worst.exact}: \`${worst.query}\`)` : '';
      return `| ${size.label} | ${name} | ${exactBelow} of ${below.length} | ${within} of ${above.length} | ${(100 * error(worst)).toFixed(0)}%${named} |`;
    }),
  );
  const planSections = plans.map(
    (plan) =>
      `### ${plan.scenario}\n\nBody: \`${JSON.stringify(plan.body)}\`\n\n` +
      plan.statements.map((statement) => `\`\`\`sql\n${statement.sql}\n\`\`\`\n\`\`\`\n${statement.plan}\n\`\`\``).join('\n\n'),
  );
  return `# Job search benchmark

Command: \`npm run bench:search\` (${sizes.map((size) => `${size.listings.toLocaleString('en')} generated listings in \`${new URL(size.url).pathname.slice(1)}\``).join(', ')}).
Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, PostgreSQL with default settings.
Run at ${new Date().toISOString()}, ${elapsed} in all.

Milliseconds through HTTP, the service started as \`npm start\` starts it (\`node ${SERVICE_NODE_FLAGS.join(' ')}\`), the rate
limiter on (scaled up). Each cell is min / **median** / max over ${ROUNDS} rounds, the
rounds interleaved between the sizes; a round sends ${REQUESTS[1]} requests of a kind one at a time (c=1) and ${REQUESTS[8]} with 8 in
flight (c=8), random terms per request; the cursor row times page ${DEEP_PAGE} of ${DEEP_RUNS[1]} (c=1) and ${DEEP_RUNS[8]} (c=8) searches per round.
Naive: the same search written the obvious way (\`ILIKE '%word%'\` on title and description, \`count(*)\`, \`OFFSET\`
paging), run directly in SQL, median of ${NAIVE_SAMPLES}. Targets: at c=1 p95 ≤ ${TARGET.p95} ms and p99 ≤ ${TARGET.p99} ms, at c=8 p95 ≤ ${TARGET.p95Busy} ms
(medians of the rounds).

${latencyTables.join('\n\n')}

### ${largest.label} against ${smallest.label} (median of rounds; target ≤ ${TARGET.growth}x)

| search | c=1 p50 | c=1 p95 | c=8 p95 | within |
|---|---|---|---|---|
${growth.join('\n')}

### Misspellings (target ≥ ${TARGET.typos * 100}%)

${typoLines.join('\n')}

### Totals (${TOTAL_CHECKS} searches per kind against \`count(*)\`; exact up to ${EXACT_BELOW.toLocaleString('en')} unless the budget runs out, else within ±${TARGET.estimate * 100}%)

| size | search | exact (≤ 10,000 matches) | within ±25% (more) | worst error |
|---|---|---|---|---|
${totalRows.join('\n')}

The kinds:
${kinds.map((kind) => `- **${kind.name}**: ${kind.describe}`).join('\n')}

## How search stays fast

- **Newest first through one covering index.** \`job_listings_newest\` is (posted_at DESC, id DESC) and includes every
  column a filter tests and the title vector, so filters and title matches are read from the index alone, in order;
  a page is a keyset page, \`(posted_at, id) < cursor\`, so page 50 costs what page 1 does. A search limited to one
  country walks \`job_listings_country_newest\` (country, posted_at, id, including what the other filters test).
- **Words tested on the index first.** The newest-first index also holds each listing's words signature: 1,024
  bits, three set for each of its words by hashes that PostgreSQL keeps stable across versions. Reading a listing's
  search vector costs ~15 µs (a lookup by id, then its TOASTed value), so a walk first tests the words its text
  requires on the signature, and reads the vectors only of listings whose signature holds them all: for pairs of
  common words, about the 21 a page needs, where it read up to 3,000 per walk before.
- **Relevance in two tiers.** Listings whose title and company hold the whole query, then listings that match
  through the description; newest first within each.
- **Walk, bitmap or combined, by cost.** From the planner's estimates of the text, of the filters and of both: a walk
  of the newest-first index (~0.5 µs an entry, ~4 µs more for each that passes the filters), a GIN bitmap of the
  text's matches (~8 µs a match), or the text's bitmap ANDed with the indexes of selective filters (places through
  the GIN index \`job_listings_place_keys\`, country, companies, title words). The plan is forced with \`SET LOCAL\`.
- **A recent period first.** A bitmap of many matches would fetch every one from the table to keep the newest 21.
  A stream expected to hold more than a few pages first reads the period of posting times that should hold four
  pages of it (its start from the planner's histogram of \`posted_at\`), the text's bitmap ANDed with that period's
  through \`job_listings_posted_at\`, and reads what was posted before only when that falls short. A phrase of three
  words or more is read there through its rarest pair of adjacent words alone (the phrase tested on each), which
  the planner estimates right, and so ANDs with the period. Bitmap reads
  prefetch their pages (\`effective_io_concurrency\`).
- **Words that match nothing** are told apart from words whose matches the filters exclude by the dictionary of
  words the listings hold (\`job_search_words\`, kept by the import): only a word no listing holds is read as a
  prefix (the last word) or corrected to the nearest word the listings hold (trigram neighbours, then one edit; two
  for words of 8 letters or more). A search whose filters exclude every match costs what any search costs.
- **Counting is bounded, and estimated first.** A search estimates its total from a uniform sample of the listings,
  one in 32 by the last byte of their id (\`job_listing_sample\`, kept in the same transaction as the listings by a
  trigger, with its own GIN indexes: text is counted in an eighth of it first, a partition of its own, times 256,
  when 150 or more match there; a phrase reads 200 of the sampled listings that hold its words for the share that
  hold the phrase). It counts (up to 10,001) only when the estimate leaves room for 10,000 or fewer (12,500 at
  most), and only within what is left of \`SEARCH_COUNT_BUDGET_MS\`; a count expected to be cheaper than the sample
  (few listings hold the text, or a place leaves at most 3,000 table pages to read) comes first instead. The
  service holds to the budget itself: PostgreSQL cannot stop a GIN bitmap midway (a count given 15 ms answered
  after 62 ms), so a statement past its limit is given up on and finishes alone, its search's slot held until it
  does. A count of filters alone is not tried when their date window holds more listings than it could read in
  what is left, nor a count of text and filters that would read more table pages than it could (pages come from
  the OS cache at ~6 µs each when the table outgrows PostgreSQL's shared buffers, as at 1M listings), nor a count
  of text alone whose matches, as the sample estimates them, are more pages than that ("senior aws", 9,797 listings
  at 1M, ran into its limit every time, and the page waited for it). Before, the estimate sampled the newest
  listings, which lean towards whatever was posted last, and the planner's estimate, which takes words and filters
  as independent, stood in whenever the count had used up the budget.
- **A single word's total is kept, not counted.** \`job_listing_lexemes\` holds how many listings hold each word's
  stem, kept by statement triggers in the transaction of every change to the listings. A search for one word
  without filters reads its exact total from one row; counting read a table page per match (~20 ms for a rare
  word's ~1,900 listings at 1M, when the table outgrows PostgreSQL's buffers), and the page is planned knowing it.
  Likewise \`job_listing_title_pairs\` counts the titles that hold each pair of stems: when no title holds two of a
  query's words together, the title tier is known empty and not read (ANDing the title index's entries to find
  none took 15–20 ms for "engineer developer" at 1M). Inserting 2,000 listings took 1.6–2.1 s with or without
  these triggers.
- **So is a phrase's.** \`job_listing_pairs\` counts every pair of adjacent words, a quoted phrase of two words'
  exact total; \`job_listing_phrases\` counts the runs of three to five words that \`jobs:count-phrases\` chose (those
  the sample finds in 1,000 listings or more: 8,694 at 1M, counted in 148 s), so that "senior software engineer"
  (5,245 listings) needs no read of each. Imports take 1.25 times as long while runs are chosen
  (\`npm run bench:phrase-writes\`).
- **As many searches at once as the cores can run.** \`SEARCH_CONCURRENCY\` (two per core by default): a search is
  CPU work for the service and PostgreSQL, and more of them at once only share the cores, the slowest taking
  longest. Two words at c=8 on two cores, p95: 144, 149 and 163 ms with nine at once, 103, 127 and 152 ms with four
  (single rounds at 1M, 2026-11-26, interleaved, before the run below and before the title pairs).
- **The planner's estimates are kept for a minute.** A search asks ten or more (each word, the filters alone and
  with the text); each EXPLAIN of text costs 0.2–1 ms of planning. They change only with ANALYZE. (The benchmark's
  words come from short lists, so it finds them kept more often than a long tail of real queries would.)

## The figures behind the code

Measured by hand while the search was built (1M generated listings unless said, two cores); the code names the
constant and cites this list instead of repeating the figure.

| constant or choice (file) | figure |
|---|---|
| \`WALK_ABOVE_MATCHES\` 3,000, \`COST_US\` (search-plan.ts) | a bitmap ~8 µs per match (matches are scattered); a walk ~0.5 µs per index entry, ~4 µs more per listing whose search vector it reads; they meet near 3,000 matches at ~25 ms |
| \`WALK_BOUND\`, \`WALK_READS\` (search-sql.ts) | one walk of 20,000 index entries ~10 ms; a search vector read ~4 µs |
| phrase estimated as its rarest word (\`textEstimate\`, search-plan.ts) | the planner put "registered nurse" at 13 listings of 1,156 at 100k, and at 129 of 11,681 |
| title tier skipped when no title holds two of its words (\`titlesTogether\`, search-plan.ts) | ANDing the title index's entries to find none: ~15–20 ms for "engineer developer" ("engineer" in 424,249 titles, "developer" in 147,501) |
| \`COUNT_FIRST_BELOW\` (search-count.ts) | "sql kubernetes": a count answers zero in ~15 ms; the walk it spares would read ~60,000 listings to find nothing |
| \`FILTER_COUNT_ENTRIES_PER_MS\` 2,000 (search-count.ts) | measured warm ~1,350: a week of 100k listings, 18,500 entries, in 13.7 ms |
| \`COUNT_PAGES_PER_MS\` (search-count.ts) | from PostgreSQL's buffers 1,839 pages in 2.4 ms (~1.3 µs each); from the OS cache ~6 µs each (the table is 904 MB against the default 128 MB of buffers) |
| \`CHEAP_COUNT_PAGES\` 3,000 (search-count.ts) | "engineer" in Austin: ~1,600 pages expected, answered in ~2 ms; in a country 35,000 pages or more |
| sample part first (\`SAMPLE_PART\`, search-count.ts and search-sql.ts) | two common words: ~30,000 sampled listings, ~12 ms to count on a slow machine; in the part's own partition, 3,800 for "product" and "manager", where an index over the whole sample scattered them over every page (~17 ms) |
| \`PHRASE_READS\` 200 (search-sql.ts) | reading the ~30,000 sampled listings that hold "product" and "manager" to tell the phrase took 145 ms; one listing's words ~10–100 µs |
| text alone not counted past the sample (\`countCost\`, search-count.ts) | "senior aws", 9,797 listings, ran into its limit (~23 ms) every time, and the page waited for it |
| \`job_listing_lexemes\` (search-count.ts) | counting a word's matches read a table page per match: ~20 ms for a word in ~2,000 listings when the table outgrows PostgreSQL's buffers |
| \`BITMAP_SETTINGS\` prefetch (search.repository.ts) | \`effective_io_concurrency\` halved a rare word's count (~1,900 pages): 43–57 ms to 26–31 ms, pages not in shared buffers |
| the service's own time limit (\`SearchSession.planned\`, search.repository.ts) | a count given 15 ms answered after 62 ms, four times later: building one GIN bitmap of a common word's 584,542 entries is one step |
| \`PlannerStatistics\` (search.repository.ts) | each EXPLAIN of a text condition costs 0.2–1 ms of planning; a search asks ten or more |
| estimates' times read to the minute (\`SearchSession.estimate\`, search.repository.ts) | an EXPLAIN of a \`datePosted\` window took 1–14 ms to plan on a busy machine, asked anew by every search while its start moved by the millisecond |
| \`job_listings_filter_cells\`, \`FILTER_CELL_MS\` (search-count.ts) | one descent of the index per cell: 2,689 cells of a 1M-row table in 24 ms on a busy machine (~9 µs each); 196 cells and 2,398 listings in 2.8 ms; a week of one employment type and a salary band counted in 4–16 ms, where the newest-first index passed the week's ~200,000 listings |
| title pairs looked up per pair (\`titlesTogetherStatement\`, search-sql.ts) | a join of the words' pairs with \`job_listing_title_pairs\` read the whole table: 107 ms at 1M; a lookup per pair 1.5 ms |
| \`SEARCH_CONCURRENCY\` (search.repository.ts) | eight two-word searches in flight on two cores, p95 in single rounds: 103, 127 and 152 ms with four at once; 144, 149 and 163 ms with nine; 139 with two |
| sampled-total bounds (\`sampledTotal\`, search-count.ts) | holding the planner's estimate within the sample's bounds kept its error: "design" in Germany, remote, at 100k, was 848 for 513 |
| phrase estimated as its rarest pair too (\`textEstimate\` with \`pairs\`, search-plan.ts) | "lead product manager": 683 listings; its rarest word 59,000; a pair outside the 1,000 most common estimated at 4,803 |
| a phrase's words not asked of their bitmap beside its pairs (\`pairsHeld\`, search-sql.ts) | "lead product manager" counted in 54 ms, 49 of them ANDing the 233,964 listings that hold its three words with the 683 that hold both pairs |
| no period where every match is read for less (\`periodShare\`, search-period.ts) | 683 matches of a million: 8.7 ms with a period, 6.4 of them its 122,428 posting times; the count read all 683 in 3 ms |
| \`job_listing_pairs\` (search-count.ts) | counting "registered nurse" (11,936 listings) to 10,001: 12 ms with its pages in memory, ~50 ms without |
| \`job_listing_phrases\`, \`jobs:count-phrases\` at 1,000 listings (phrase-counts.repository.ts, jobs.commands.ts) | "senior software engineer" (5,245 listings, each holding both its pairs): counted in 22.5 ms from the OS cache, 2.9 ms median over 60 three-word phrases from PostgreSQL's buffers, 12.4 from the OS cache; fewer than 1,000 read in ~4 ms at most |
| a period read through a long phrase's rarest pair (\`indexPair\`, search-sql.ts) | "senior account executive": with both pairs the planner expected 92 listings (2,871 held) and read all their 2,835 pages, 24 ms from the OS cache; through the rarest pair it ANDed the period and read 150, 5.9 ms |
| a page of filters alone read one filter cell at a time (\`byCell\`, search-plan.ts; \`filteredByCellsAlone\`, search-filters.ts) | a "filters only" search at 1M (36 cells, a week): read together, 11,396 entries sorted for 21, ~5 ms warm and 9.7 from the OS cache; each cell up to the page, 756 entries at most, 0.9–1.0 ms; with a country beside (336 cells of lead jobs in DE) each cell was read far for the country's few: 48 ms, so only searches with no other filter |

## Query plans

EXPLAIN (ANALYZE, BUFFERS) of every statement one search of each kind runs at ${largest.label} (the service's own SQL,
captured by running it in the benchmark process). \`SET LOCAL\` statements that force a plan shape are not shown.

${planSections.join('\n\n')}
`;
}

interface SearchAnswer {
  total: number;
  nextCursor: string | null;
  data: { id: string }[];
}

/** The request of a body: everything but what the benchmark notes for itself (the word a misspelling means). */
function request(body: Body): Body {
  const { intended: _intended, ...rest } = body;
  return rest;
}

function ids(answer: SearchAnswer): string[] {
  return answer.data.map((listing) => listing.id);
}

async function search(size: Size, body: Body): Promise<SearchAnswer> {
  const response = await fetch(`${size.baseUrl}/v1/jobs/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${size.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as SearchAnswer;
  if (response.status !== 200) throw new Error(`search ${JSON.stringify(body)} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

function label(listings: number): string {
  return listings >= 1_000_000 ? `${listings / 1_000_000}M` : `${listings / 1000}k`;
}

function cli(url: string, ...args: string[]): string {
  return execFileSync('node', [join(ROOT, 'dist', 'cli', 'main.js'), ...args], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
}

function createKey(url: string): string {
  const account = JSON.parse(cli(url, 'account:create', '--email', `bench-${Date.now()}@bench.example`, '--plan', 'plus'));
  return JSON.parse(cli(url, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'jobs:search')).key;
}

/** The service as `npm start` starts it, with its V8 flags. */
function startService(url: string, port: number): ChildProcess {
  return spawn('node', [...SERVICE_NODE_FLAGS, join(ROOT, 'dist', 'main.js')], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), RATE_LIMIT_SCALE: '10000', LOG_LEVEL: 'warn', REDIS_PREFIX: `bench-search-${port}:` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const healthy = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The service did not become healthy');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
