import { PlannerStatistics, SearchSession, StatementOverrun, timedOut } from '@src/modules/jobs/search/search.repository';
import type { QueryRunner } from 'typeorm';

/**
 * A connection as PostgreSQL and pg run one: statements in the order sent, one at a time. Its one slow statement
 * (`slow`) answers after `slowMs`, or, when `cancelled`, fails then (its time limit cancelled it late, at the end of a
 * step that cannot be interrupted), which aborts its transaction: any statement but ROLLBACK then fails, until
 * ROLLBACK.
 */
function connection(slowMs: number, cancelled = false) {
  const log: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let aborted = false;
  const run = async (sql: string): Promise<unknown> => {
    const first = sql.split(';')[0];
    if (aborted && first !== 'ROLLBACK') {
      log.push(`${first} refused`);
      throw Object.assign(new Error('current transaction is aborted'), { driverError: { code: '25P02' } });
    }
    if (first === 'ROLLBACK') aborted = false;
    if (sql !== 'slow') {
      log.push(first);
      return sql === 'sample' ? [{ count: 3 }] : [];
    }
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (!cancelled) {
      log.push('slow done');
      return [{ count: 7 }];
    }
    log.push('slow cancelled');
    aborted = true;
    throw Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } });
  };
  const runner = {
    query: (sql: string) => {
      const answer = queue.then(() => run(sql));
      queue = answer.catch(() => undefined);
      return answer;
    },
  } as unknown as QueryRunner;
  return { runner, log };
}

describe('SearchSession', () => {
  it('gives up on a statement past its time limit at once, and stays busy until the statement ends', async () => {
    const { runner, log } = connection(150);
    const session = new SearchSession(runner, new PlannerStatistics());
    const started = Date.now();
    const error = await session.planned('bitmap', { sql: 'slow', values: [] }, 20).catch((failure: unknown) => failure);

    expect(timedOut(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(120);
    expect(log).toEqual(['BEGIN']);
    await session.idle();
    expect(log).toEqual(['BEGIN', 'slow done', 'COMMIT']);
    expect(await (error as StatementOverrun).late).toEqual([{ count: 7 }]);
  });

  it('gives PostgreSQL no time limit for a statement that runs on past it, and gives its answer late', async () => {
    const { runner, log } = connection(150);
    const sent: string[] = [];
    const session = new SearchSession({ query: (sql: string) => (sent.push(sql), runner.query(sql)) } as unknown as QueryRunner, new PlannerStatistics());
    const started = Date.now();
    const error = await session.planned('bitmap', { sql: 'slow', values: [] }, 20, { runsOn: true }).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(StatementOverrun);
    expect(Date.now() - started).toBeLessThan(120);
    expect(await (error as StatementOverrun).late).toEqual([{ count: 7 }]);
    expect(log).toEqual(['BEGIN', 'slow done', 'COMMIT']);
    expect(sent[0]).toContain('SET LOCAL enable_seqscan = off');
    expect(sent[0]).not.toContain('statement_timeout');
    // Without it, PostgreSQL is given the limit too.
    sent.length = 0;
    await session.planned('bitmap', { sql: 'sample', values: [] }, 200);
    expect(sent[0]).toContain('SET LOCAL statement_timeout = 200');
  });

  it('answers a statement that ends within its limit', async () => {
    const { runner } = connection(5);
    const session = new SearchSession(runner, new PlannerStatistics());
    expect(await session.planned('bitmap', { sql: 'slow', values: [] }, 200)).toEqual([{ count: 7 }]);
  });
});

describe('SearchSession after a statement it gave up on', () => {
  it('runs the next statement once that one has ended and its transaction is rolled back', async () => {
    const { runner, log } = connection(80, true);
    const session = new SearchSession(runner, new PlannerStatistics());
    const error = await session.planned('bitmap', { sql: 'slow', values: [] }, 10).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StatementOverrun);
    expect(await session.planned('bitmap', { sql: 'sample', values: [] }, 500)).toEqual([{ count: 3 }]);
    expect(log).toEqual(['BEGIN', 'slow cancelled', 'ROLLBACK', 'BEGIN', 'sample', 'COMMIT']);
  });
});

describe('PlannerStatistics', () => {
  it('asks the planner once for the same statement, and again after a failure', async () => {
    const estimates = new PlannerStatistics();
    const statement = { sql: 'EXPLAIN SELECT 1 FROM job_listings l WHERE l.country = $1', values: ['DE'] };
    let asked = 0;
    const explain = async () => ++asked * 100;

    expect(await estimates.get(statement, explain)).toBe(100);
    expect(await estimates.get({ ...statement }, explain)).toBe(100);
    expect(await estimates.get({ ...statement, values: ['US'] }, explain)).toBe(200);
    expect(asked).toBe(2);

    const other = { sql: statement.sql, values: ['FR'] };
    await expect(estimates.get(other, () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await estimates.get(other, explain)).toBe(300);
  });
});
