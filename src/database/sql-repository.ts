import type { Pool, QueryResultRow } from 'pg';
import { EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { requestTransactionManager } from './request-transaction';

/**
 * The SQL of one feature, bound to an EntityManager: the data source's, or a transaction's. A service composes
 * several repositories in one transaction by binding each to that transaction's manager (`withManager`).
 */
export abstract class SqlRepository {
  constructor(private readonly dataSourceManager: EntityManager) {}

  /**
   * Where this repository's statements run: the transaction it was bound to (`withManager`), else the request
   * transaction the code runs in (see request-transaction.ts), else the data source.
   */
  protected get manager(): EntityManager {
    return requestTransactionManager() ?? this.dataSourceManager;
  }

  /**
   * One statement on a hot path (a key's lookup, the tracker's list, an application's create, which is a transaction
   * by itself): outside a transaction it goes straight to the driver's pool, without the query runner, events and
   * result wrapping TypeORM adds to each query (measured at about 0.02 ms of CPU a query), and with `name` as a
   * prepared statement, which each connection parses and plans once rather than on every call; inside one it runs in
   * the transaction. Errors are the driver's own, which the exceptions filter reads as it reads TypeORM's (a lost
   * connection is a 503).
   */
  protected async statement<T>(sql: string, parameters: unknown[], name?: string): Promise<T[]> {
    if (this.manager.queryRunner) return this.manager.query<T[]>(sql, parameters);
    const pool = (this.manager.connection.driver as PostgresDriver).master as Pool;
    return (await pool.query<T & QueryResultRow>({ name, text: sql, values: parameters })).rows;
  }

  /** This repository working inside `manager`'s transaction. */
  withManager(manager: EntityManager): this {
    return Object.create(this, { manager: { value: manager } }) as this;
  }

  /**
   * Runs `work` in a transaction: a new one (at `isolation`, by default the database's READ COMMITTED), or the one
   * this repository is already bound to. Inside a request transaction it is a savepoint, so that a refusal rolls
   * back only its own part and the request can still keep its answer (the isolation is then the request's).
   */
  transaction<T>(work: (repository: this, manager: EntityManager) => Promise<T>, isolation?: IsolationLevel): Promise<T> {
    if (Object.hasOwn(this, 'manager') && this.manager.queryRunner?.isTransactionActive) return work(this, this.manager);
    const run = (manager: EntityManager) => work(this.withManager(manager), manager);
    return isolation && !requestTransactionManager() ? this.manager.transaction(isolation, run) : this.manager.transaction(run);
  }
}
