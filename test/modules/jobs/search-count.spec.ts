import type { JobSearchDto } from '@src/modules/jobs/dto/job-search.dto';
import { sampledTotal, SearchCounter } from '@src/modules/jobs/search/search-count';
import { estimateMatches, planStreams, withFilterCells } from '@src/modules/jobs/search/search-plan';
import { countStatement, sampleCountStatement, scanStatement, type SearchContext, type Statement } from '@src/modules/jobs/search/search-sql';
import { StatementOverrun, type SearchRepository, type SearchSession } from '@src/modules/jobs/search/search.repository';

// The budget is wall-clock time: a busy machine spent it between two statements of the fake database and changed the
// plan. Here the clock stands still (only Date is faked), so a plan depends on the answers alone.
beforeEach(() => {
  jest.useFakeTimers({
    doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'hrtime', 'performance'],
  });
});
afterEach(() => {
  jest.useRealTimers();
});

const timedOut = () => Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } });

/**
 * A counter on a fake database: the planner's estimates, what each planned statement answers, and whether the
 * listings table fits in PostgreSQL's buffers.
 */
function fakeCounter(
  estimate: (statement: Statement) => number,
  planned: (statement: Statement, timeoutMs?: number, runsOn?: boolean) => unknown[] | Promise<unknown[]>,
  fits = false,
): SearchCounter {
  const session = fakeSession(estimate, planned, fits);
  const repository = { withSession: <T>(work: (session: SearchSession) => Promise<T>) => work(session) } as unknown as SearchRepository;
  return new SearchCounter(repository, 25);
}

function fakeSession(
  estimate: (statement: Statement) => number,
  planned: (statement: Statement, timeoutMs?: number, runsOn?: boolean) => unknown[] | Promise<unknown[]>,
  fits = false,
): SearchSession {
  return {
    estimate: async (statement: Statement) => estimate(statement),
    fromStatistics: async <Row, T>(_statement: Statement, shape: (rows: Row[]) => T) => shape([{ fits }] as Row[]),
    planned: async (_strategy: string, statement: Statement, timeoutMs?: number, options?: { runsOn?: boolean }) =>
      planned(statement, timeoutMs, options?.runsOn),
    query: async (statement: Statement) => planned(statement),
  } as unknown as SearchSession;
}

/** A statement that counts a search's matches among the sampled listings; `part`: in the part with its own word index. */
const isSample = ({ kind }: Statement) => kind === 'sample' || kind === 'sample-part';
const isPart = ({ kind }: Statement) => kind === 'sample-part';
/** Whether a statement tests `value` (a tsquery, a country): told by what it binds, not by how its SQL is written. */
const binds = ({ values }: Statement, value: string) => values.includes(value);

/** What the sample answers, in its part and in the whole of it: matches, or that counting them ran past the budget. */
type SampleAnswers = { part?: number | 'overrun'; whole?: number | 'overrun' };

/**
 * What a count answers within its time limit (a number, or that it ran out of budget), and, when that differs, without
 * a limit (`exact`).
 */
type CountAnswers = number | 'overrun' | { limited: 'overrun'; exact: number };

/**
 * A counter on a fake database whose sample answers `sampled` and whose counts answer `counted` (a statement it does not
 * answer fails the test), and the counts it ran: each one 'budget' (with a time limit), 'runs on' (past a time limit
 * that only the page waits for: an overrun's late answer is the count without a limit) or 'no limit'.
 */
function counting(estimate: (statement: Statement) => number, sampled: SampleAnswers, counted: CountAnswers = 'overrun', fits = false) {
  const ran: { statement: Statement; timeoutMs?: number; runsOn?: boolean }[] = [];
  const counter = fakeCounter(
    estimate,
    (statement, timeoutMs, runsOn) => {
      ran.push({ statement, timeoutMs, runsOn });
      const count = typeof counted === 'object' ? (timeoutMs ? counted.limited : counted.exact) : counted;
      const answer = isSample(statement) ? sampled[isPart(statement) ? 'part' : 'whole'] : timeoutMs ? count : count === 'overrun' ? undefined : count;
      if (answer === undefined) throw new Error(`the fake database does not answer ${statement.sql}${timeoutMs ? '' : ' without a time limit'}`);
      if (answer === 'overrun' && runsOn && typeof counted === 'object')
        throw new StatementOverrun(timeoutMs ?? 0, Promise.resolve([{ count: counted.exact }]));
      if (answer === 'overrun') throw timedOut();
      return [isSample(statement) ? { matches: answer } : { count: answer }];
    },
    fits,
  );
  const counts = () =>
    ran.filter(({ statement }) => !isSample(statement)).map(({ timeoutMs, runsOn }) => (timeoutMs ? (runsOn ? 'runs on' : 'budget') : 'no limit'));
  return { counter, counts };
}

function context(search: Partial<JobSearchDto>, match: string | null = null): SearchContext {
  return { search: { limit: 20, ...search } as JobSearchDto, asOf: new Date('2026-11-25T00:00:00Z'), text: { query: match, match, raw: match }, mode: 'exact' };
}

/**
 * A country and a filter beside it: a word's listings in a country alone are counted as they are written (text-total),
 * so the counts these tests are about need one filter more.
 */
const IN_CANADA: Partial<JobSearchDto> = { country: 'CA', visaSponsorship: true };

/** The total of "python kubernetes" (in 50,000 listings each, the planner expecting `planned` together) from what its sample and count answer. */
function pairTotal(sampled: SampleAnswers, counted: CountAnswers = 'overrun', planned = 50_000, fits = true) {
  const { counter, counts } = counting((statement) => (binds(statement, "'python' & 'kubernet'") ? planned : 50_000), sampled, counted, fits);
  return { total: counter.begin(context({}, "'python' & 'kubernet'"), planned).total, counts };
}

describe('the estimated total', () => {
  it('is 256 listings for each match in the part of the sample, when 150 or more match there', async () => {
    expect(await pairTotal({ part: 200 }).total).toBe(51_200);
  });

  it('is 32 listings for each match in the whole sample when fewer match in its part, and for filters alone', async () => {
    expect(await pairTotal({ part: 149, whole: 1_100 }).total).toBe(35_200);
    const filtersAlone = counting(() => 2_000_000, { whole: 400 }).counter.begin(context({ datePosted: 'week', jobLevels: ['senior'] }), 2_000);
    expect(await filtersAlone.total).toBe(12_800);
  });

  it("is the sample's own however few match, and with none, the planner's estimate up to one sampled match's worth", () => {
    expect(sampledTotal(16, 32, 1_133)).toBe(512);
    expect(sampledTotal(1, 256, 10)).toBe(256);
    expect(sampledTotal(0, 32, 50_000)).toBe(32);
    expect(sampledTotal(0, 32, 3)).toBe(3);
  });

  it("keeps what the part of the sample found when the whole runs past the budget; with no sample at all, counts, and takes the planner's estimate only past 10,000", async () => {
    expect(await pairTotal({ part: 60, whole: 'overrun' }).total).toBe(15_360);
    // The planner expects 50,000: no grounds to skip a count that may find fewer than 10,001.
    const fewer = pairTotal({ part: 'overrun' }, { limited: 'overrun', exact: 7_321 });
    expect([await fewer.total, fewer.counts()]).toEqual([7_321, ['no limit']]);
    const more = pairTotal({ part: 'overrun' }, { limited: 'overrun', exact: 10_001 });
    expect(await more.total).toBe(50_000);
  });

  it("asks the sample again, with a budget of its own, when a count found more than 10,000 after the budget ran out: not the planner's guess", async () => {
    // A country and a salary: the count comes first, runs past the budget, and so does the sample after it.
    let samples = 0;
    const counter = fakeCounter(
      () => 11_560,
      (statement, timeoutMs) => {
        if (isSample(statement)) {
          samples++;
          if (samples === 1) throw timedOut();
          return [{ matches: 777 }];
        }
        if (timeoutMs) throw timedOut();
        return [{ count: 10_001 }];
      },
    );
    expect(await counter.begin(context({ country: 'DE', salaryMin: 80_000 }), 11_560).total).toBe(777 * 32);
    expect(samples).toBe(2);
  });

  it('is, for a single word without filters, the listings counted as holding its lexeme: exact, known first, nothing else run', async () => {
    const ran: Statement[] = [];
    const counter = fakeCounter(
      () => 140_000,
      (statement) => {
        ran.push(statement);
        return [{ listings: 138_412 }];
      },
    );
    const single = counter.begin(context({}, "'it''s'"), 140_000);
    expect(single.first).toBe(true);
    expect(await single.count).toBe(10_001);
    expect(await single.total).toBe(138_412);
    expect(ran).toEqual([expect.objectContaining({ values: ["it's"] })]);
    expect(ran[0].sql).toContain('job_listing_lexemes');
  });

  it('is, for a single word in a country and remote work, the listings counted as holding its lexeme there', async () => {
    const ran: Statement[] = [];
    const counter = fakeCounter(
      () => 140_000,
      (statement) => {
        ran.push(statement);
        return [{ listings: 9_178 }];
      },
    );
    const inGermany = counter.begin(context({ location: 'Germany', remote: true }, "'manag'"), 140_000);
    expect(inGermany.first).toBe(true);
    expect([await inGermany.count, await inGermany.total]).toEqual([9_178, 9_178]);
    expect(ran).toEqual([expect.objectContaining({ kind: 'lexeme-listings', values: ['manag', 'DE', true] })]);
  });
});

describe('the count after the sample', () => {
  it('follows the part of the sample alone when that part puts the total below 10,000 at four standard deviations', async () => {
    // The whole sample is not asked (the fake database would fail the test): the count tells the total.
    const few = pairTotal({ part: 20 }, { limited: 'overrun', exact: 5_321 });
    expect([await few.total, few.counts()]).toEqual([5_321, ['runs on']]);
  });

  it('runs when the estimate leaves room for 10,000 matches or fewer (12,500 at most), and then answers', async () => {
    const counted = pairTotal({ part: 30, whole: 390 }, 9_800);
    expect(await counted.total).toBe(9_800);
    expect(counted.counts()).toHaveLength(1);
    const estimated = pairTotal({ part: 30, whole: 391 }, 9_800);
    expect(await estimated.total).toBe(12_512);
    expect(estimated.counts()).toEqual([]);
  });

  it('runs on past the budget, not cancelled to start again, when it runs past it: a total of 10,000 or fewer is exact on a busy machine', async () => {
    const counted = pairTotal({ part: 30, whole: 200 }, { limited: 'overrun', exact: 6_350 });
    expect(await counted.total).toBe(6_350);
    expect(counted.counts()).toEqual(['runs on']);
  });

  it('is never below 10,001 when it reached that far, nor counted again', async () => {
    const reached = pairTotal({ part: 30, whole: 200 }, 10_001);
    expect(await reached.total).toBe(10_001);
    expect(reached.counts()).toEqual(['runs on']);
    const past = pairTotal({ part: 30, whole: 390 }, { limited: 'overrun', exact: 10_001 });
    expect(await past.total).toBe(12_480);
  });

  it('of text alone runs without a time limit, not within the budget, when the rest of it could not read a table page for each match the sample found', async () => {
    // 9,600 matches: 38 ms at 250 pages a ms (a table larger than PostgreSQL's buffers), 13 ms at 750.
    const large = pairTotal({ part: 30, whole: 300 }, 9_790, 50_000, false);
    expect(await large.total).toBe(9_790);
    expect(large.counts()).toEqual(['no limit']);
    const buffered = pairTotal({ part: 30, whole: 300 }, 9_790, 50_000, true);
    expect(await buffered.total).toBe(9_790);
    expect(buffered.counts()).toEqual(['runs on']);
    // 4,800 matches: 19 ms at 250 a ms.
    const small = pairTotal({ part: 30, whole: 150 }, 4_790, 50_000, false);
    expect(await small.total).toBe(4_790);
    expect(small.counts()).toEqual(['runs on']);
  });

  it("of every listing (neither text nor filters) is exact when PostgreSQL expects 12,500 or fewer, and else PostgreSQL's estimate", async () => {
    const few = counting(() => 350, {}, { limited: 'overrun', exact: 300 });
    expect(await few.counter.begin(context({}), 350).total).toBe(300);
    const many = counting(() => 1_000_000, {}, 'overrun');
    expect(await many.counter.begin(context({}), 1_000_000).total).toBe(1_000_000);
    expect(many.counts()).toEqual([]);
  });

  it('runs at once, without a sample, when few listings hold the text', async () => {
    const { counter, counts } = counting(() => 1_500, {}, 1_234);
    expect(await counter.begin(context(IN_CANADA, "'rust'"), 1_500).total).toBe(1_234);
    expect(counts()).toHaveLength(1);
  });
});

describe('a count of text and filters', () => {
  // The word in 20,000 listings (counted through its bitmap ANDed with the country's), the word and the country in `both`.
  const estimates = (both: number) => (statement: Statement) =>
    binds(statement, 'CA') && binds(statement, "'python'") ? both : binds(statement, "'python'") ? 20_000 : 1_000_000;
  // 200 sampled matches: an estimate of 6,400, which leaves room for a count.
  const sampled = { part: 25, whole: 200 };

  it('is not tried within the budget when it would read more table pages than the budget allows: the page does not wait, the total does', async () => {
    const { counter, counts } = counting(estimates(8_000), sampled, 7_900);
    const search = counter.begin(context(IN_CANADA, "'python'"), 8_000);
    expect(await search.count).toBeNull();
    expect(await search.total).toBe(7_900);
    expect(counts()).toEqual(['no limit']);
  });

  it("is tried when its pages fit its budget at the pace of a table that fits in PostgreSQL's buffers", async () => {
    const { counter, counts } = counting(estimates(6_000), sampled, 5_950, true);
    expect(await counter.begin(context(IN_CANADA, "'python'"), 6_000).total).toBe(5_950);
    expect(counts()).toHaveLength(1);
  });

  it('comes first, and alone, when filters with an index of their own leave few pages to read (a keyword in a city)', async () => {
    const cheap = counting(estimates(800), {}, 0);
    expect(await cheap.counter.begin(context(IN_CANADA, "'python'"), 800).total).toBe(0);
    expect(cheap.counts()).toHaveLength(1);
    // More than 10,000 after all: the sample estimates then.
    const many = counting(estimates(800), { part: 25, whole: 400 }, 10_001);
    expect(await many.counter.begin(context(IN_CANADA, "'python'"), 800).total).toBe(12_800);
  });

  it('is settled as none once the sample finds matches, when it could not fit even the whole budget: the page waits for the sample, not for a count', async () => {
    let answerSample: (rows: unknown[]) => void = () => undefined;
    const sampleAnswer = new Promise<unknown[]>((resolve) => (answerSample = resolve));
    const ran: Statement[] = [];
    const counter = fakeCounter(estimates(8_000), (statement) => (ran.push(statement), isSample(statement) ? sampleAnswer : [{ count: 7_900 }]));
    const counting = counter.begin(context(IN_CANADA, "'python'"), 8_000);
    expect(counting.first).toBe(true);
    let settled = false;
    void counting.count.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answerSample([{ matches: 200 }]);
    // The page waits for this: it must not wait for a count too.
    expect(await counting.count).toBeNull();
    expect(await counting.total).toBe(51_200);
    expect(ran.filter((statement) => !isSample(statement))).toEqual([]);
  });

  it('is waited for to its end when no sampled listing matches: the page then reads nothing, or is planned for the few that match', async () => {
    // It could not fit even the whole budget: counted after the sample, without a limit.
    const none = counting(estimates(8_000), { part: 30, whole: 0 }, 0);
    const search = none.counter.begin(context(IN_CANADA, "'python'"), 8_000);
    expect(await search.count).toBe(0);
    expect(none.counts()).toEqual(['no limit']);
    // It fits the budget (a table in PostgreSQL's buffers), but runs past it: the page waits on.
    const few = counting(estimates(6_000), { part: 0 }, { limited: 'overrun', exact: 17 }, true);
    const page = few.counter.begin(context(IN_CANADA, "'python'"), 6_000);
    expect([await page.count, await page.total]).toEqual([17, 17]);
    expect(few.counts()).toEqual(['runs on']);
    // A sample that finds a match: the page stops waiting at the budget.
    const some = counting(estimates(6_000), { part: 30, whole: 1 }, { limited: 'overrun', exact: 17 }, true);
    const other = some.counter.begin(context(IN_CANADA, "'python'"), 6_000);
    expect([await other.count, await other.total]).toEqual([null, 17]);
  });

  it('is tried, and exact, when its pages fit its budget', async () => {
    const { counter, counts } = counting(estimates(1_500), sampled, 1_480);
    expect(await counter.begin(context(IN_CANADA, "'python'"), 1_500).total).toBe(1_480);
    expect(counts()).toHaveLength(1);
  });
});

describe('the estimate of a phrase', () => {
  it('is its rarest word or pair of adjacent words alone, never fewer than its matches, where the planner multiplies its words as if apart', async () => {
    // The pair's estimate binds the pair ('regist nurs') for the pairs index; the words bind themselves.
    const listings: Record<string, number> = { "'regist' <-> 'nurs'": 13, "'regist'": 11_800, "'nurs'": 12_400, 'regist nurs': 12_000 };
    const session = { estimate: async ({ values }: Statement) => listings[values[0] as string] } as unknown as SearchSession;
    expect(await estimateMatches(session, context({}, "'regist' <-> 'nurs'"))).toBe(11_800);
    // A pair the statistics do not count among the most common is estimated below them all.
    listings['regist nurs'] = 4_803;
    expect(await estimateMatches(session, context({}, "'regist' <-> 'nurs'"))).toBe(4_803);
  });
});

describe('the count plan, decided before anything is counted', () => {
  /**
   * The plan's name and the time limit a page may wait for a count, on a fake database of planner estimates whose
   * counted texts hold 500 listings each, and a run of words `runListings` (null: not among those counted).
   */
  async function planOf(
    estimate: (statement: Statement) => number,
    search: Partial<JobSearchDto>,
    match: string | null,
    fits = false,
    runListings: number | null = 500,
  ) {
    const counted = (statement: Statement) => (statement.kind === 'phrase-listings' ? [{ listings: runListings }] : [{ listings: 500 }]);
    const counter = fakeCounter(estimate, counted);
    const plan = await counter.plan(fakeSession(estimate, counted, fits), context(search, match));
    return [plan.name, 'budgetMs' in plan ? plan.budgetMs : undefined];
  }
  // The word in 20,000 listings, with the country in `both`; every listing: a million.
  const inCountry = (both: number) => (statement: Statement) =>
    binds(statement, 'CA') && binds(statement, "'python'") ? both : binds(statement, "'python'") ? 20_000 : 1_000_000;

  it('is text-total for one word without filters: its listings were counted as they were written', async () => {
    expect(await planOf(() => 140_000, {}, "'nurs'")).toEqual(['text-total', undefined]);
  });

  it('is text-total for a phrase of two words without filters: its pair of adjacent words was counted as it was written', async () => {
    expect(await planOf(() => 12_000, {}, "'regist' <-> 'nurs'")).toEqual(['text-total', undefined]);
    expect((await planOf(() => 12_000, { remote: true }, "'regist' <-> 'nurs'"))[0]).not.toBe('text-total');
    expect((await planOf(() => 12_000, {}, "'regist' <-> 'nurs' & 'icu'"))[0]).not.toBe('text-total');
  });

  it('is text-total for a phrase of three to five words without filters when its run of words is among those counted, and not otherwise', async () => {
    for (const phrase of ["'senior' <-> 'regist' <-> 'nurs'", "'entri' <-> 'level' <-> 'regist' <-> 'nurs'", "'a' <-> 'b' <-> 'c' <-> 'd' <-> 'e'"])
      expect(await planOf(() => 12_000, {}, phrase)).toEqual(['text-total', undefined]);
    expect((await planOf(() => 12_000, {}, "'senior' <-> 'regist' <-> 'nurs'", false, null))[0]).not.toBe('text-total');
    expect((await planOf(() => 12_000, { remote: true }, "'senior' <-> 'regist' <-> 'nurs'"))[0]).not.toBe('text-total');
    for (const phrase of ["'a' <-> 'b' <-> 'c' <-> 'd' <-> 'e' <-> 'f'", "'head' <2> 'sale' <-> 'lead'", "'senior' <-> 'regist' <-> 'nurs' & 'icu'"])
      expect((await planOf(() => 12_000, {}, phrase))[0]).not.toBe('text-total');
  });

  it("answers a counted run of words' listings as the total, exact to 10,000 and past it; the page waits for it as for any phrase", async () => {
    // The planner's estimate decides whether the page waits (COUNT_FIRST_BELOW), as for a phrase that is not counted.
    for (const [listings, estimate, first] of [
      [5_245, 12_000, true],
      [23_000, 12_000, true],
      [60_000, 80_000, false],
    ] as const) {
      const ran: Statement[] = [];
      const counter = fakeCounter(
        () => estimate,
        (statement) => {
          ran.push(statement);
          return [{ listings }];
        },
      );
      const counting = counter.begin(context({}, "'senior' <-> 'softwar' <-> 'engin'"), estimate);
      expect([counting.first, await counting.count, await counting.total]).toEqual([first, Math.min(listings, 10_001), listings]);
      expect(ran).toEqual([expect.objectContaining({ kind: 'phrase-listings', values: ['senior softwar engin'] })]);
    }
  });

  it('is text-total for one word in a country, in remote work, or both, however the search says so, and not in a city', async () => {
    for (const search of [{ country: 'CA' }, { remote: true }, { location: 'Germany', remote: true }, { location: 'Remote, Canada' }, { remote: false }])
      expect(await planOf(() => 140_000, search, "'nurs'")).toEqual(['text-total', undefined]);
    for (const search of [
      { location: 'Toronto, ON' },
      { country: 'CA', location: 'Germany' },
      { remote: false, location: 'Remote' },
      { country: 'CA', visaSponsorship: true },
    ])
      expect((await planOf(() => 140_000, search, "'nurs'"))[0]).not.toBe('text-total');
  });

  it('is count-first, without a time limit, when few listings hold the text', async () => {
    expect(await planOf(() => 1_500, IN_CANADA, "'rust'")).toEqual(['count-first', null]);
  });

  it('is count-first, within the budget, when a filter with an index of its own leaves few table pages to read', async () => {
    expect(await planOf(inCountry(800), IN_CANADA, "'python'")).toEqual(['count-first', 25]);
  });

  it('is estimate-only when the table pages a count would read could not fit even the whole budget', async () => {
    expect(await planOf(inCountry(8_000), IN_CANADA, "'python'")).toEqual(['estimate-only', 0]);
  });

  it('is estimate-then-count for common words that may or may not occur together', async () => {
    expect(await planOf(() => 50_000, {}, "'python' & 'kubernet'", true)).toEqual(['estimate-then-count', 25]);
  });
});

describe('the filter cells of a search without text', () => {
  /** A fake database whose planner puts `inCells` listings in the search's cells, and 100,000 in its window. */
  const cellsOf = (inCells: number) =>
    ({ estimate: async ({ sql }: Statement) => (sql.includes('listing_filter_cell') ? inCells : 100_000) }) as unknown as SearchSession;
  const namesCells = (context: SearchContext) => sampleCountStatement(context).sql.includes('listing_filter_cell');
  const partTime: Partial<JobSearchDto> = { employmentTypes: ['PARTTIME'], datePosted: 'week' };

  it('are read where they hold a quarter of the window or less', async () => {
    const few = await withFilterCells(cellsOf(25_000), context(partTime));
    expect([few.cells, namesCells(few)]).toEqual([true, true]);
  });

  it('are not named where they hold more: the newest-first index finds a page as soon, and the planner would weigh every cell', async () => {
    const many = await withFilterCells(cellsOf(25_001), context(partTime));
    expect([many.cells, namesCells(many)]).toEqual([false, false]);
  });

  it('are counted wherever they hold fewer listings than the window, even where the page does not name them: a count reads every entry', async () => {
    // A salary floor of 200,000 allows 840 cells: read at 2,000 entries per ms and 0.005 ms a cell, against the window's 100,000 entries.
    const countNames = async (inCells: number) => {
      const search = { salaryMin: 200_000, visaSponsorship: true };
      const plan = await fakeCounter(
        () => 0,
        () => [],
      ).plan(cellsOf(inCells), context(search));
      return 'stream' in plan && countStatement(plan.stream).sql.includes('listing_filter_cell');
    };
    expect(await countNames(50_000)).toBe(true);
    expect(await countNames(99_000)).toBe(false);
  });

  it('are read one at a time by the page where they hold more listings than their number times a page', async () => {
    // Part-time work allows 392 cells (4 arrangements, 7 levels and 14 salary bands, each with "none"): 8,232 listings of pages of 21.
    const pageOf = async (inCells: number, search = partTime) => {
      const searched = await withFilterCells(cellsOf(inCells), context(search));
      const [stream] = await planStreams(cellsOf(inCells), searched, null);
      return { cells: searched.cells, byCell: searched.byCell, read: stream.cells?.length, page: scanStatement(stream, null, 21).sql };
    };
    const apart = await pageOf(8_300);
    expect(apart).toMatchObject({ cells: true, byCell: true, read: 392 });
    // Each cell's own range, its newest first, and no list of every cell tested on each listing.
    expect(apart.page).toMatch(
      /FROM unnest\(\$\d+::int\[\]\) AS c \(cell\) CROSS JOIN LATERAL \(SELECT .* = c\.cell AND .* ORDER BY l\.posted_at DESC, l\.id DESC LIMIT 21\) l ORDER BY/,
    );
    expect(apart.page).not.toContain('= ANY($1::int[])');
    const together = await pageOf(8_000);
    expect(together).toMatchObject({ cells: true, byCell: false, read: undefined });
    expect(together.page).toContain('listing_filter_cell');
    expect(together.page).not.toContain('LATERAL');
    // A filter the cells do not hold may keep few of a cell's listings, each cell then read through: together.
    for (const other of [{ country: 'DE' }, { visaSponsorship: true }, { requireSalary: true }])
      expect(await pageOf(8_300, { ...partTime, ...other })).toMatchObject({ cells: true, byCell: false, read: undefined });
    expect(await pageOf(8_300, { ...partTime, salaryMin: 90_000 })).toMatchObject({ byCell: true });
  });

  it('are none for filters that allow no cells, and text is never sampled by them', async () => {
    expect((await withFilterCells(cellsOf(1), context({ remote: true }))).cells).toBe(false);
    const text = await withFilterCells(cellsOf(1), context(partTime, "'python'"));
    expect([text.cells, namesCells(text)]).toEqual([undefined, false]);
  });
});
