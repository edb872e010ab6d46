import type { JobSearchDto } from '@src/modules/jobs/dto/job-search.dto';
import { SearchCounter } from '@src/modules/jobs/search/search-count';
import { estimateMatches } from '@src/modules/jobs/search/search-plan';
import type { SearchContext, Statement } from '@src/modules/jobs/search/search-sql';
import type { SearchRepository, SearchSession } from '@src/modules/jobs/search/search.repository';

/** What the fake database answers: the planner's row estimates, and the samples a total is estimated from. */
interface Answers {
  /** the planner's estimate of a statement's rows, by what its SQL holds */
  estimate: (statement: Statement) => number;
  filterSample?: { sampled: number; passed: number };
  textSample?: { sampled: number; held: number; passed: number };
  /** the newest listings that match and pass, with their places (see signatureSampleStatement) */
  signatureSample?: { n: number; passes: boolean }[];
}

const timedOut = () => Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } });

/** A counter whose every count runs out of its budget, so that `total` is the estimate. */
function counter(answers: Answers): SearchCounter {
  const session = {
    estimate: async (statement: Statement) => answers.estimate(statement),
    planned: async (_strategy: string, statement: Statement) => {
      if (statement.sql.includes('AS count FROM')) throw timedOut();
      if (statement.sql.includes('AS held')) return [answers.textSample];
      if (statement.sql.includes('AS passes')) return answers.signatureSample;
      return [answers.filterSample];
    },
  } as unknown as SearchSession;
  const repository = { withSession: <T>(work: (session: SearchSession) => Promise<T>) => work(session) } as unknown as SearchRepository;
  return new SearchCounter(repository, 25);
}

function context(search: Partial<JobSearchDto>, match: string | null = null): SearchContext {
  return { search: { limit: 20, ...search } as JobSearchDto, asOf: new Date('2026-11-25T00:00:00Z'), text: { query: match, match, raw: match }, mode: 'exact' };
}

describe('the estimated total, when counting runs out of budget', () => {
  it('takes filters alone as the listings of their date window times the share of its newest they let through', async () => {
    const total = counter({
      estimate: ({ sql }) => (sql.includes('WHERE l.posted_at >=') && !sql.includes('AND') ? 78_000 : 2_000),
      filterSample: { sampled: 5_000, passed: 250 },
    }).begin(context({ datePosted: 'week', jobLevels: ['senior'] }), 2_000).total;
    expect(await total).toBe(3_900);
  });

  it('answers the exact count of filters alone when their date window is smaller than the sample', async () => {
    const total = counter({ estimate: () => 2_000, filterSample: { sampled: 1_200, passed: 317 } }).begin(
      context({ datePosted: 'today', jobLevels: ['senior'] }),
      2_000,
    ).total;
    expect(await total).toBe(317);
  });

  /** `matches` places that pass, then, if given, the listing at place `last`, which does not. */
  const places = (matches: number[], last?: number) => [...matches.map((n) => ({ n, passes: true })), ...(last ? [{ n: last, passes: false }] : [])];

  it('takes text and filters as the share of the newest listings that match and pass, up to the sampled matches', async () => {
    // The 100th match at place 4,951: a share of 99 in 4,950.
    const matches = Array.from({ length: 100 }, (_, index) => (index === 99 ? 4_951 : index * 40 + 1));
    const total = counter({
      estimate: ({ sql }) => (sql.includes('WHERE') ? 5_000 : 1_000_000),
      signatureSample: places(matches),
    }).begin(context({ country: 'IN' }, "'kubernet'"), 60_000).total;
    expect(await total).toBe(20_000);
  });

  it('takes the share of all the sampled listings when fewer of them match', async () => {
    const total = counter({
      estimate: ({ sql }) => (sql.includes('WHERE') ? 50_000 : 1_000_000),
      signatureSample: places([3, 700, 9_000], 20_000),
    }).begin(context({}, "'python' & 'kubernet'"), 50_000).total;
    expect(await total).toBe(150);
  });

  it('answers the matches of a sample that read every listing', async () => {
    const total = counter({
      estimate: () => 40_000,
      signatureSample: places([2, 5, 8, 13]),
    }).begin(context({}, "'product' <-> 'manag'"), 40_000).total;
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

  it('leaves date filters to the planner: the sampled listings are the oldest that hold the word', async () => {
    const total = counter({
      estimate: ({ sql, values }) => (sql.includes('posted_at') ? 100_000 : values[0] === "'kubernet'" ? 20_000 : 1_000_000),
      textSample: { sampled: 500, held: 500, passed: 400 },
    }).begin(context({ datePosted: 'week' }, "'kubernet'"), 60_000).total;
    expect(await total).toBe(2_000);
  });
});

describe('the estimate of a phrase', () => {
  it('is its rarest word alone, never fewer than its matches, where the planner multiplies its words as if apart', async () => {
    const listings: Record<string, number> = { "'regist' <-> 'nurs'": 13, "'regist'": 11_800, "'nurs'": 12_400 };
    const session = { estimate: async ({ values }: Statement) => listings[values[0] as string] } as unknown as SearchSession;
    expect(await estimateMatches(session, context({}, "'regist' <-> 'nurs'"))).toBe(11_800);
  });
});
