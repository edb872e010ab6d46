import { PlannerStatistics, SearchSession, StatementOverrun, timedOut } from '@src/modules/jobs/search/search.repository';
import type { QueryRunner } from 'typeorm';

/**
 * A connection as PostgreSQL and pg run one: messages in the order sent, one at a time, each a search's settings and
 * its statement. Its one slow statement (`slow`) answers after `slowMs`, or, when `cancelled`, fails then (its time
 * limit cancelled it late, at the end of a step that cannot be interrupted).
 */
function connection(slowMs: number, cancelled = false) {
  const log: string[] = [];
  const messages: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (message: string): Promise<unknown> => {
    messages.push(message);
    const parts = message.split('; ');
    const statement = parts[parts.length - 1];
    const answer = (rows: unknown[]) => [...parts.slice(0, -1).map(() => ({ rows: [] })), { rows }];
    if (statement !== 'slow') {
      log.push(statement);
      return answer(statement === 'sample' ? [{ count: 3 }] : []);
    }
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (!cancelled) {
      log.push('slow done');
      return answer([{ count: 7 }]);
    }
    log.push('slow cancelled');
    throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  };
  const client = {
    query: (message: string) => {
      const answer = queue.then(() => run(message));
      queue = answer.catch(() => undefined);
      return answer;
    },
  };
  const runner = { connect: async () => client } as unknown as QueryRunner;
  return { runner, log, messages };
}

describe('SearchSession', () => {
  it('sends a statement with its plan settings and time limit in one message', async () => {
    const { runner, messages } = connection(5);
    const session = new SearchSession(runner, new PlannerStatistics());
    await session.planned('walk', { sql: 'sample', values: [] }, 40);
    expect(messages).toEqual([
      'SET LOCAL jit = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL statement_timeout = 40; sample',
    ]);
  });

  it('gives up on a statement past its time limit at once, and stays busy until the statement ends', async () => {
    const { runner, log } = connection(150);
    const session = new SearchSession(runner, new PlannerStatistics());
    const started = Date.now();
    const error = await session.planned('bitmap', { sql: 'slow', values: [] }, 20).catch((failure: unknown) => failure);

    expect(timedOut(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(120);
    expect(log).toEqual([]);
    await session.idle();
    expect(log).toEqual(['slow done']);
    expect(await (error as StatementOverrun).late).toEqual([{ count: 7 }]);
  });

  it('answers a statement that ends within its limit', async () => {
    const { runner } = connection(5);
    const session = new SearchSession(runner, new PlannerStatistics());
    expect(await session.planned('bitmap', { sql: 'slow', values: [] }, 200)).toEqual([{ count: 7 }]);
  });

  it('reports a statement its time limit cancelled in time as timed out', async () => {
    const { runner } = connection(5, true);
    const session = new SearchSession(runner, new PlannerStatistics());
    const error = await session.planned('bitmap', { sql: 'slow', values: [] }, 200).catch((failure: unknown) => failure);
    expect(timedOut(error)).toBe(true);
  });
});

describe('SearchSession after a statement it gave up on', () => {
  it('runs the next statement once that one has ended', async () => {
    const { runner, log } = connection(80, true);
    const session = new SearchSession(runner, new PlannerStatistics());
    const error = await session.planned('bitmap', { sql: 'slow', values: [] }, 10).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StatementOverrun);
    expect(await session.planned('bitmap', { sql: 'sample', values: [] }, 500)).toEqual([{ count: 3 }]);
    expect(log).toEqual(['slow cancelled', 'sample']);
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
