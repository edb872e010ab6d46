import { PlannerStatistics, SearchSession, StatementOverrun, timedOut } from '@src/modules/jobs/search/search.repository';
import type { QueryRunner } from 'typeorm';

/** A connection whose one slow statement (`slow`) answers after `slowMs`; everything else at once. */
function connection(slowMs: number) {
  const log: string[] = [];
  const runner = {
    query: async (sql: string) => {
      if (sql !== 'slow') {
        log.push(sql.split(';')[0]);
        return [];
      }
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      log.push('slow done');
      return [{ count: 7 }];
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
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(await (error as StatementOverrun).late).toEqual([{ count: 7 }]);
  });

  it('answers a statement that ends within its limit', async () => {
    const { runner } = connection(5);
    const session = new SearchSession(runner, new PlannerStatistics());
    expect(await session.planned('bitmap', { sql: 'slow', values: [] }, 200)).toEqual([{ count: 7 }]);
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
