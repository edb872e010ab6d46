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
}

const timedOut = () => Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } });

/** A counter whose every count runs out of its budget, so that `total` is the estimate. */
function counter(answers: Answers): SearchCounter {
  const session = {
    estimate: async (statement: Statement) => answers.estimate(statement),
    planned: async (_strategy: string, statement: Statement) => {
      if (statement.sql.includes('AS count FROM')) throw timedOut();
      if (statement.sql.includes('AS held')) return [answers.textSample];
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

  it("takes a word and a country as the word's listings times the share of a sample of them in the country", async () => {
    const total = counter({
      estimate: ({ sql, values }) => (sql.includes('l.country') ? 1_000 : values[0] === "'kubernet'" ? 20_000 : 1_000_000),
      textSample: { sampled: 500, held: 500, passed: 100 },
    }).begin(context({ country: 'IN' }, "'kubernet'"), 60_000).total;
    expect(await total).toBe(4_000);
  });

  it('samples the newest listings for text whose rarest word most listings hold (its bitmap alone would overrun the budget)', async () => {
    const listings: Record<string, number> = { "'product' <-> 'manag'": 930_000, "'product'": 960_000, "'manag'": 967_000 };
    const total = counter({
      estimate: ({ sql, values }) => (sql.includes('WHERE') ? listings[values[0] as string] : 1_000_000),
      textSample: { sampled: 500, held: 113, passed: 113 },
    }).begin(context({}, "'product' <-> 'manag'"), 930_000).total;
    expect(await total).toBe(226_000);
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
