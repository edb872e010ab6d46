import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { Semaphore } from '../../../common/concurrency/semaphore';
import { InjectConfig } from '../../../config/config.module';
import type { AppConfig } from '../../../config/configuration';
import { SqlRepository } from '../../../database/sql-repository';
import { ReadReplicas } from '../../../database/read-replicas';
import type { Statement, Strategy } from './search-sql';

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';
/** How long a process trusts what the planner's statistics answered, and how many answers it keeps (the longest kept go first). */
const STATISTICS_MS = 60_000;
const STATISTICS_KEPT = 10_000;
/** A time limit's answer takes a round trip to arrive: waited for this long past the limit before giving up on it. */
export const OVERRUN_GRACE_MS = 2;

/**
 * A bitmap's matches are scattered over the table, one page each: asking the kernel for the next pages while reading
 * one (PostgreSQL's prefetch, off by default) halved a rare word's count (bench/RESULTS-search.md).
 */
const BITMAP_SETTINGS = ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'", 'effective_io_concurrency = 128'];
/** The plan shape each strategy forces (see search-plan.ts). */
const STRATEGY_SETTINGS: Record<Strategy, string[]> = {
  walk: ['enable_bitmapscan = off', 'enable_seqscan = off', 'enable_sort = off'],
  bitmap: BITMAP_SETTINGS,
  combined: BITMAP_SETTINGS,
  planner: [],
};
/** A time as `toISOString` writes it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A search is many short statements; compiling any of them just in time would cost more than running it. */
const EVERY_STATEMENT = ['jit = off'];

/**
 * One connection a search holds while it runs its statements in order: the search engine's only way to the
 * database (it never sees a DataSource or a QueryRunner).
 */
export class SearchSession {
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly runner: QueryRunner,
    private readonly statistics: PlannerStatistics,
  ) {}

  /**
   * The rows the planner expects a statement (an EXPLAIN) to answer. Its times are read to the minute: a `datePosted`
   * window starts at a new millisecond with every search, and its estimates, kept for a minute, would never be asked
   * again (planning one took 1–14 ms: bench/RESULTS-search.md).
   */
  estimate(statement: Statement): Promise<number> {
    const values = statement.values.map((value) => (typeof value === 'string' && ISO_TIME.test(value) ? `${value.slice(0, 16)}:00.000Z` : value));
    return this.fromStatistics<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }, number>(
      { ...statement, values },
      ([{ 'QUERY PLAN': plan }]) => plan[0].Plan['Plan Rows'],
    );
  }

  /** What a statement that reads only the planner's statistics answers, read once a minute by the process. */
  fromStatistics<Row, T>(statement: Statement, shape: (rows: Row[]) => T): Promise<T> {
    return this.statistics.get(statement, () => this.query<Row[]>(statement).then(shape));
  }

  /** The session's connection, for a repository that runs a statement of its own on it (`withManager`). */
  get manager(): EntityManager {
    return this.runner.manager;
  }

  query<T>(statement: Statement): Promise<T> {
    return this.running.then(() => this.runner.query(statement.sql, statement.values));
  }

  /**
   * Runs one statement with the plan shape of `strategy` forced (and, if given, a time limit): settings last until
   * the end of its transaction. PostgreSQL checks a time limit only between steps, and building one GIN bitmap is
   * one step: a count given 15 ms answered four times later (bench/RESULTS-search.md). So the search enforces the
   * limit itself: past it (and a little grace for the round trip) the statement counts as timed out at once, and
   * runs on to its end on this connection, which goes back to the pool only then (see `withSession`). A statement
   * given up on still holds its transaction, which ends only with it (rolled back, when its time limit cancelled it
   * late): the next statement waits for that, or it would begin inside an aborted transaction and fail. With
   * `runsOn`, PostgreSQL is given no limit: past it the statement counts as timed out all the same, and runs to its
   * end for its answer (`StatementOverrun.late`), which would otherwise be asked for again, from the start.
   */
  planned<T>(strategy: Strategy, statement: Statement, timeoutMs?: number, { runsOn = false } = {}): Promise<T> {
    const limit = timeoutMs && !runsOn ? [`statement_timeout = ${timeoutMs}`] : [];
    const settings = [...EVERY_STATEMENT, ...STRATEGY_SETTINGS[strategy], ...limit];
    const run = this.running.then(() => this.inTransaction<T>(settings, statement));
    if (!timeoutMs) return run;
    this.running = run.then(
      () => undefined,
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StatementOverrun(timeoutMs, run)), timeoutMs + OVERRUN_GRACE_MS);
    });
    return Promise.race([run, overrun]).finally(() => clearTimeout(timer));
  }

  /** Resolves once the connection runs nothing: a statement that overran its limit may still be running. */
  idle(): Promise<void> {
    return this.running;
  }

  /**
   * The COMMIT stays a message of its own: when a time limit runs out just as its statement ends, PostgreSQL reports
   * it on the connection's next message, which is then this COMMIT (failing as the timeout it is) and not whatever
   * the search sends next (bench/RESULTS-search.md, 2026-11-29).
   */
  private async inTransaction<T>(settings: string[], statement: Statement): Promise<T> {
    // One round trip opens the transaction and sets it up (a statement without parameters may hold several).
    await this.runner.query(['BEGIN', ...settings.map((setting) => `SET LOCAL ${setting}`)].join('; '));
    try {
      const result: T = await this.runner.query(statement.sql, statement.values);
      await this.runner.query('COMMIT');
      return result;
    } catch (error) {
      await this.runner.query('ROLLBACK');
      throw error;
    }
  }
}

/**
 * What the planner's statistics answer, kept by the process for STATISTICS_MS: its estimates (a search asks ten or
 * more: each word, the filters alone and with the text, the table's size; each EXPLAIN of a text condition takes
 * long to plan, the search vector's statistics are large: bench/RESULTS-search.md) and the histogram of posting times
 * (search-period.ts). They change only when ANALYZE runs, and nothing the search promises rests on them being
 * current: they choose plans and size periods, and stand in for a total only where it is plausibly above 10,000.
 */
export class PlannerStatistics {
  private readonly answers = new Map<string, { answer: Promise<unknown>; readAt: number }>();

  get<T>(statement: Statement, read: () => Promise<T>): Promise<T> {
    const key = JSON.stringify(statement);
    const kept = this.answers.get(key);
    if (kept && Date.now() - kept.readAt < STATISTICS_MS) return kept.answer as Promise<T>;
    const answer = read();
    // A failed read is not kept: the next search asks again.
    answer.catch(() => {
      if (this.answers.get(key)?.answer === answer) this.answers.delete(key);
    });
    this.answers.delete(key);
    if (this.answers.size >= STATISTICS_KEPT) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, { answer, readAt: Date.now() });
    return answer;
  }
}

/**
 * A statement still running when its time limit (plus OVERRUN_GRACE_MS) had passed; it is left to finish alone, and
 * `late` is its answer (or its failure) when it does.
 */
export class StatementOverrun extends Error {
  constructor(
    limitMs: number,
    readonly late: Promise<unknown>,
  ) {
    super(`The statement ran past its ${limitMs} ms`);
  }
}

/**
 * The connections of job search: how many searches run at once, the session each runs its statements on, and the
 * deployment's cursor-signing secret.
 */
@Injectable()
export class SearchRepository extends SqlRepository {
  /**
   * Searches that run at once (SEARCH_CONCURRENCY, at most SEARCH_CONCURRENCY_LIMIT). A search is CPU work for the
   * service and PostgreSQL: more at once than the cores can run only share them, so that each takes longer, and the
   * slowest longest (measured: bench/RESULTS-search.md, "The figures behind the code").
   */
  private readonly searchSlots: Semaphore;
  private readonly statistics = new PlannerStatistics();

  constructor(
    @InjectEntityManager() manager: EntityManager,
    @InjectConfig() config: AppConfig,
    private readonly replicas: ReadReplicas,
  ) {
    super(manager);
    this.searchSlots = new Semaphore(config.search.concurrency);
  }

  /** The statements a running search gave up on that may still be running (see `search`). */
  private readonly givenUp = new AsyncLocalStorage<Promise<void>[]>();

  /**
   * Runs one search when a slot is free. Its answer goes out as soon as it has one, but its slot is held until the
   * statements it gave up on (past their time limit) have ended too: they still hold connections and cores.
   */
  search<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void this.searchSlots.run(async () => {
        const givenUp: Promise<void>[] = [];
        await this.givenUp.run(givenUp, work).then(resolve, reject);
        await Promise.all(givenUp);
      });
    });
  }

  /**
   * Runs `work` on a connection of its own (a read replica's when one is fit, see read-replicas.ts), which returns to
   * the pool once no statement of `work` runs on it.
   */
  withSession<T>(work: (session: SearchSession) => Promise<T>): Promise<T> {
    return this.replicas.read((connection) => this.sessionOn(connection, work));
  }

  private async sessionOn<T>(connection: DataSource, work: (session: SearchSession) => Promise<T>): Promise<T> {
    const runner = connection.createQueryRunner();
    const session = new SearchSession(runner, this.statistics);
    try {
      return await work(session);
    } finally {
      const idle = session.idle();
      this.givenUp.getStore()?.push(idle);
      void idle.then(() => runner.release().catch(() => undefined));
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
  return error instanceof StatementOverrun || (error as { driverError?: { code?: string } }).driverError?.code === QUERY_CANCELED;
}
