import type { JobSearchDto } from '@src/modules/jobs/dto/job-search.dto';
import { SearchCounter } from '@src/modules/jobs/search/search-count';
import { estimateMatches } from '@src/modules/jobs/search/search-plan';
import type { SearchContext, Statement } from '@src/modules/jobs/search/search-sql';
import type { SearchRepository, SearchSession } from '@src/modules/jobs/search/search.repository';

/** What the fake database answers: the planner's row estimates, and the samples a total is estimated from. */
interface Answers {
  /** the planner's estimate of a statement's rows, by what its SQL holds */
  estimate: (statement: Statement) => number;
  textSample?: { sampled: number; held: number; passed: number };
  /**
   * what each chunk of a newest sample answers, in turn: of the listings it read, how many match and pass, and the
   * place of the last read (see newestSampleStatement); or that it ran past its time limit
   */
  newestChunks?: ({ passed: number; reached: number } | 'overrun')[];
}

const timedOut = () => Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } });

/**
 * A counter on a fake database: the planner's estimates, what each planned statement answers, and whether the
 * listings table fits in PostgreSQL's buffers.
 */
function fakeCounter(estimate: (statement: Statement) => number, planned: (statement: Statement) => unknown[], fits = false): SearchCounter {
  const session = {
    estimate: async (statement: Statement) => estimate(statement),
    fromStatistics: async <Row, T>(_statement: Statement, shape: (rows: Row[]) => T) => shape([{ fits }] as Row[]),
    planned: async (_strategy: string, statement: Statement) => planned(statement),
  } as unknown as SearchSession;
  const repository = { withSession: <T>(work: (session: SearchSession) => Promise<T>) => work(session) } as unknown as SearchRepository;
  return new SearchCounter(repository, 25);
}

/** A counter whose every count runs out of its budget, so that `total` is the estimate. */
function counter(answers: Answers): SearchCounter {
  const chunks = [...(answers.newestChunks ?? [])];
  return fakeCounter(answers.estimate, (statement) => {
    if (statement.sql.includes('AS count FROM')) throw timedOut();
    if (statement.sql.includes('AS held')) return [answers.textSample];
    const chunk = chunks.shift();
    if (chunk === undefined) throw new Error('the sample read more chunks than the test answers');
    if (chunk === 'overrun') throw timedOut();
    return [{ ...chunk, posted: '2026-11-20 00:00:00+00', id: '00000000-0000-0000-0000-000000000000' }];
  });
}

function context(search: Partial<JobSearchDto>, match: string | null = null): SearchContext {
  return { search: { limit: 20, ...search } as JobSearchDto, asOf: new Date('2026-11-25T00:00:00Z'), text: { query: match, match, raw: match }, mode: 'exact' };
}

/** The estimated total of "python kubernetes" from the chunks of its sample, the planner expecting `planned` of a million listings. */
function pairTotal(newestChunks: Answers['newestChunks'], planned = 50_000): Promise<number> {
  return counter({ estimate: ({ sql }) => (sql.includes('WHERE') ? planned : 1_000_000), newestChunks }).begin(context({}, "'python' & 'kubernet'"), planned)
    .total;
}

describe('the estimated total, when counting runs out of budget', () => {
  it('takes filters alone as the listings of their date window times the share of its newest that pass, up to the sampled matches', async () => {
    // The 100th listing that passes at place 2,001, in the second chunk: a share of 99 in 2,000.
    const total = counter({
      estimate: ({ sql }) => (sql.includes('WHERE l.posted_at >=') && !sql.includes('AND') ? 78_000 : 2_000),
      newestChunks: [
        { passed: 40, reached: 1_000 },
        { passed: 60, reached: 1_001 },
      ],
    }).begin(context({ datePosted: 'week', jobLevels: ['senior'] }), 2_000).total;
    expect(await total).toBe(3_861);
  });

  it('answers the exact count of filters alone when their date window is smaller than the sample', async () => {
    const total = counter({
      estimate: () => 2_000,
      newestChunks: [
        { passed: 30, reached: 1_000 },
        { passed: 7, reached: 190 },
      ],
    }).begin(context({ datePosted: 'today', jobLevels: ['senior'] }), 2_000).total;
    expect(await total).toBe(37);
  });

  it('takes text and filters as all listings times the share of the newest that match and pass, up to the sampled matches', async () => {
    const total = counter({
      estimate: ({ sql }) => (sql.includes('WHERE') ? 5_000 : 1_000_000),
      newestChunks: [
        { passed: 20, reached: 1_000 },
        { passed: 80, reached: 3_951 },
      ],
    }).begin(context({ country: 'IN' }, "'kubernet'"), 60_000).total;
    expect(await total).toBe(20_000);
  });

  it('takes the share of every sampled listing when enough of them match short of the sampled matches', async () => {
    const total = pairTotal([
      { passed: 2, reached: 1_000 },
      { passed: 5, reached: 3_000 },
      { passed: 8, reached: 6_000 },
      { passed: 15, reached: 10_000 },
    ]);
    expect(await total).toBe(1_500);
  });

  it("holds the planner's share within what the sample allows when too few match to tell", async () => {
    const chunks = [
      { passed: 0, reached: 1_000 },
      { passed: 1, reached: 3_000 },
      { passed: 1, reached: 6_000 },
      { passed: 1, reached: 10_000 },
    ];
    // 3 in 20,000 allows from 0 (3 - 2√3 < 0) to 8 (3 + 2√4 + 1) in 20,000: 400 at most of a million.
    expect(await pairTotal(chunks, 50_000)).toBe(400);
    expect(await pairTotal(chunks, 250)).toBe(250);
  });

  it('keeps what the chunks before it found when a chunk runs past the budget', async () => {
    expect(await pairTotal([{ passed: 25, reached: 1_000 }, 'overrun'])).toBe(25_000);
  });

  it("takes the planner's estimate when not even the first chunk answers in time", async () => {
    expect(await pairTotal(['overrun'])).toBe(50_000);
  });

  it('answers the matches of a sample that read every listing', async () => {
    const total = counter({ estimate: () => 1_000_000, newestChunks: [{ passed: 4, reached: 13 }] }).begin(context({}, "'product' <-> 'manag'"), 15_000).total;
    expect(await total).toBe(4);
  });

  it('samples the newest listings for alternatives whose rarest word most listings hold (its bitmap alone would overrun the budget)', async () => {
    const listings: Record<string, number> = { "'product' | 'manag'": 990_000, "'product'": 960_000, "'manag'": 967_000 };
    const total = counter({
      estimate: ({ sql, values }) => (sql.includes('WHERE') ? listings[values[0] as string] : 1_000_000),
      textSample: { sampled: 500, held: 470, passed: 470 },
    }).begin(context({}, "'product' | 'manag'"), 990_000).total;
    expect(await total).toBe(940_000);
  });

  it('leaves the ghost-job filter to the planner: the newest listings are seldom ghosts, and a word sample is its oldest', async () => {
    const total = counter({
      estimate: ({ sql, values }) => (sql.includes('first_seen_at') ? 100_000 : values[0] === "'kubernet'" ? 20_000 : 1_000_000),
      textSample: { sampled: 500, held: 500, passed: 400 },
    }).begin(context({ excludeGhostJobs: true }, "'kubernet'"), 60_000).total;
    expect(await total).toBe(2_000);
  });
});

describe('a count of text and filters', () => {
  /** A counter whose counts answer `counted` (the table in PostgreSQL's buffers or not), and the statements it ran. */
  const counting = (estimate: (statement: Statement) => number, counted: number, fits = false) => {
    const ran: string[] = [];
    const counter = fakeCounter(
      estimate,
      ({ sql }) => {
        ran.push(sql);
        return sql.includes('AS count FROM')
          ? [{ count: counted }]
          : [{ passed: 100, reached: 991, posted: '2026-11-20 00:00:00+00', id: '00000000-0000-0000-0000-000000000000' }];
      },
      fits,
    );
    return { counter, ran };
  };
  // The word in 20,000 listings (counted through its bitmap ANDed with the country's), the word and the country in `both`.
  const estimates = (both: number) => (statement: Statement) =>
    statement.sql.includes('l.country') && statement.sql.includes('search_vector') ? both : statement.sql.includes('search_vector') ? 20_000 : 1_000_000;

  it('is not tried when it would read more table pages than its budget allows: the sample answers at once', async () => {
    const { counter, ran } = counting(estimates(8_000), 7_900);
    const total = await counter.begin(context({ country: 'CA' }, "'python'"), 8_000).total;
    expect(ran.filter((sql) => sql.includes('AS count FROM'))).toEqual([]);
    // The sample's 100th match at place 991: a share of 99 in 990 of a million listings.
    expect(total).toBe(100_000);
  });

  it("is tried when its pages fit its budget at the pace of a table that fits in PostgreSQL's buffers", async () => {
    const { counter, ran } = counting(estimates(6_000), 5_950, true);
    const total = await counter.begin(context({ country: 'CA' }, "'python'"), 6_000).total;
    expect(ran.filter((sql) => sql.includes('AS count FROM'))).toHaveLength(1);
    expect(total).toBe(5_950);
  });

  it('is tried, and exact, when its pages fit its budget', async () => {
    const { counter, ran } = counting(estimates(1_500), 1_480);
    const total = await counter.begin(context({ country: 'CA' }, "'python'"), 1_500).total;
    expect(ran.filter((sql) => sql.includes('AS count FROM'))).toHaveLength(1);
    expect(total).toBe(1_480);
  });
});

describe('the estimate of a phrase', () => {
  it('is its rarest word alone, never fewer than its matches, where the planner multiplies its words as if apart', async () => {
    const listings: Record<string, number> = { "'regist' <-> 'nurs'": 13, "'regist'": 11_800, "'nurs'": 12_400 };
    const session = { estimate: async ({ values }: Statement) => listings[values[0] as string] } as unknown as SearchSession;
    expect(await estimateMatches(session, context({}, "'regist' <-> 'nurs'"))).toBe(11_800);
  });
});
