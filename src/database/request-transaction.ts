import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * One transaction that a whole request runs in: what it writes, and the answer it is given, commit together or not
 * at all. The idempotency of a POST rests on it (a retry after any crash finds either the kept answer or nothing
 * written). Every repository's statements join it while it is open (`SqlRepository`), and effects outside the
 * database wait for its commit (`afterCommit`).
 */
export class RequestTransaction {
  private open = true;
  private readonly committed: (() => Promise<unknown>)[] = [];

  constructor(private readonly runner: QueryRunner) {}

  /** The transaction's manager while it is open; after its end, statements go back to the pool. */
  get manager(): EntityManager | undefined {
    return this.open ? this.runner.manager : undefined;
  }

  /** Runs `work` with every repository statement it makes inside this transaction. */
  run<T>(work: () => T): T {
    return current.run(this, work);
  }

  /**
   * Commits, then runs the effects that waited for the commit (each logs its own failure: the request's answer
   * stands). A failed commit rolls back and throws: nothing the request did happened.
   */
  async commit(): Promise<void> {
    try {
      await this.runner.commitTransaction();
    } catch (error) {
      await this.rollback();
      throw error;
    }
    this.end();
    for (const effect of this.committed.splice(0)) await effect();
  }

  /** Nothing the request wrote is kept. Never throws: a connection that is gone has rolled back already. */
  async rollback(): Promise<void> {
    if (this.runner.isTransactionActive) await this.runner.rollbackTransaction().catch(() => undefined);
    this.committed.length = 0;
    this.end();
  }

  /** `effect` runs once the transaction commits, and never if it rolls back. */
  onCommit(effect: () => Promise<unknown>): void {
    this.committed.push(effect);
  }

  private end(): void {
    this.open = false;
    if (!this.runner.isReleased) void this.runner.release();
  }

  /** Opens a transaction on a connection of its own. */
  static async begin(manager: EntityManager): Promise<RequestTransaction> {
    const runner = manager.connection.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction();
    } catch (error) {
      await runner.release();
      throw error;
    }
    return new RequestTransaction(runner);
  }
}

const current = new AsyncLocalStorage<RequestTransaction>();

/** The manager of the request transaction this code runs in, while it is open. */
export function requestTransactionManager(): EntityManager | undefined {
  return current.getStore()?.manager;
}

/**
 * Runs `effect` (an enqueue, a message to another system) once what the caller wrote is committed: at the request
 * transaction's commit when there is one, at once otherwise (the caller's own transaction has ended).
 */
export async function afterCommit(effect: () => Promise<unknown>): Promise<void> {
  const transaction = current.getStore();
  if (transaction?.manager) transaction.onCommit(effect);
  else await effect();
}
