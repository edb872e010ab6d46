import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager, QueryRunner } from 'typeorm';
import { Semaphore } from '../../../common/concurrency/semaphore';
import { POOL_SIZE } from '../../../database/data-source-options';
import { SqlRepository } from '../../../database/owned-repository';
import type { Statement, Strategy } from './search-sql';

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * A bitmap's matches are scattered over the table, one page each: asking the kernel for the next pages while reading
 * one (PostgreSQL's prefetch, off by default) halved a rare word's count at 1M listings (~1,900 pages: 43–57 ms
 * to 26–31 ms, pages not in shared buffers).
 */
const BITMAP_SETTINGS = ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'", 'effective_io_concurrency = 128'];
/** The plan shape each strategy forces (see search-plan.ts). */
const STRATEGY_SETTINGS: Record<Strategy, string[]> = {
  walk: ['enable_bitmapscan = off', 'enable_seqscan = off', 'enable_sort = off'],
  bitmap: BITMAP_SETTINGS,
  combined: BITMAP_SETTINGS,
  planner: [],
};
/** A search is many short statements; compiling any of them just in time would cost more than running it. */
const EVERY_STATEMENT = ['jit = off'];

/**
 * One connection a search holds while it runs its statements in order: the search engine's only way to the
 * database (it never sees a DataSource or a QueryRunner).
 */
export class SearchSession {
  private readonly estimates = new Map<string, Promise<number>>();

  constructor(private readonly runner: QueryRunner) {}

  /**
   * The rows the planner expects a statement (an EXPLAIN) to answer; asked once per session, since a search asks
   * the same (the table's size, its filters alone) for each of its streams.
   */
  estimate(statement: Statement): Promise<number> {
    const key = JSON.stringify(statement);
    let rows = this.estimates.get(key);
    if (!rows) {
      rows = this.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[]>(statement).then(([{ 'QUERY PLAN': plan }]) => plan[0].Plan['Plan Rows']);
      this.estimates.set(key, rows);
    }
    return rows;
  }

  /** The session's connection, for a repository that runs a statement of its own on it (`withManager`). */
  get manager(): EntityManager {
    return this.runner.manager;
  }

  query<T>(statement: Statement): Promise<T> {
    return this.runner.query(statement.sql, statement.values);
  }

  /**
   * Runs one statement with the plan shape of `strategy` forced (and, if given, a time limit): settings last until
   * the end of its transaction.
   */
  async planned<T>(strategy: Strategy, statement: Statement, timeoutMs?: number): Promise<T> {
    const settings = [...EVERY_STATEMENT, ...STRATEGY_SETTINGS[strategy], ...(timeoutMs ? [`statement_timeout = ${timeoutMs}`] : [])];
    // One round trip opens the transaction and sets it up (a statement without parameters may hold several).
    await this.runner.query(['BEGIN', ...settings.map((setting) => `SET LOCAL ${setting}`)].join('; '));
    try {
      const result = await this.query<T>(statement);
      await this.runner.query('COMMIT');
      return result;
    } catch (error) {
      await this.runner.query('ROLLBACK');
      throw error;
    }
  }
}

/**
 * The connections of job search: how many searches run at once, the session each runs its statements on, and the
 * deployment's cursor-signing secret.
 */
@Injectable()
export class SearchRepository extends SqlRepository {
  /**
   * A search holds a connection and may take a second one for its count. Were every pooled connection held by a
   * search waiting for its second, none would come back (seen under load: 503s after the pool's connect timeout).
   * Fewer searches than half the pool at once leave every waiting search a connection that will be released.
   */
  private readonly searchSlots = new Semaphore(Math.floor((POOL_SIZE - 1) / 2));

  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** Runs one search when a slot is free. */
  search<T>(work: () => Promise<T>): Promise<T> {
    return this.searchSlots.run(work);
  }

  async withSession<T>(work: (session: SearchSession) => Promise<T>): Promise<T> {
    const runner = this.manager.connection.createQueryRunner();
    try {
      return await work(new SearchSession(runner));
    } finally {
      await runner.release();
    }
  }

  /** The deployment's secret for `purpose`: the first instance to start creates it, every instance reads the one that won. */
  async signingSecret(purpose: string, candidate: Buffer): Promise<Buffer> {
    await this.manager.query('INSERT INTO signing_keys (purpose, secret) VALUES ($1, $2) ON CONFLICT (purpose) DO NOTHING', [purpose, candidate]);
    const [{ secret }] = await this.manager.query('SELECT secret FROM signing_keys WHERE purpose = $1', [purpose]);
    return secret;
  }
}

/** Whether a statement failed because its time limit ran out (rather than for a reason to report). */
export function timedOut(error: unknown): boolean {
  return (error as { driverError?: { code?: string } }).driverError?.code === QUERY_CANCELED;
}
