import { DataSource, QueryRunner } from 'typeorm';
import { Semaphore } from '../../../common/concurrency/semaphore';
import { POOL_SIZE } from '../../../database/data-source-options';
import type { Statement, Strategy } from './search-sql';

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** The plan shape each strategy forces (see search-plan.ts). */
const STRATEGY_SETTINGS: Record<Strategy, string[]> = {
  walk: ['enable_bitmapscan = off', 'enable_seqscan = off', 'enable_sort = off'],
  bitmap: ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'"],
  combined: ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'"],
  planner: [],
};

/** The connections of job search: how many searches run at once, and the settings each statement runs under. */
export class SearchConnections {
  /**
   * A search holds a connection and may take a second one for its count. Were every pooled connection held by a
   * search waiting for its second, none would come back (seen under load: 503s after the pool's connect timeout).
   * Fewer searches than half the pool at once leave every waiting search a connection that will be released.
   */
  private readonly searchSlots = new Semaphore(Math.floor((POOL_SIZE - 1) / 2));

  constructor(private readonly dataSource: DataSource) {}

  /** Runs one search when a slot is free. */
  search<T>(work: () => Promise<T>): Promise<T> {
    return this.searchSlots.run(work);
  }

  async withConnection<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
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

  /**
   * Runs one statement with the plan shape of `strategy` forced (and, if given, a time limit): settings last until
   * the end of its transaction.
   */
  async planned<T>(runner: QueryRunner, strategy: Strategy, statement: Statement, timeoutMs?: number): Promise<T> {
    const settings = [...STRATEGY_SETTINGS[strategy], ...(timeoutMs ? [`statement_timeout = ${timeoutMs}`] : [])];
    if (settings.length === 0) return runner.query(statement.sql, statement.values);
    await runner.startTransaction();
    try {
      await runner.query(settings.map((setting) => `SET LOCAL ${setting}`).join('; '));
      const result = await runner.query(statement.sql, statement.values);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  }
}

/** Whether a statement failed because its time limit ran out (rather than for a reason to report). */
export function timedOut(error: unknown): boolean {
  return (error as { driverError?: { code?: string } }).driverError?.code === QUERY_CANCELED;
}
