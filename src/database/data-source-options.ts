import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client, ClientConfig } from 'pg';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { SnakeNamingStrategy } from 'typeorm-naming-strategies';

const log = new Logger('Database');

/**
 * A pg client that reports a lost connection instead of crashing the process: pg emits `error` on a client whose
 * server went away while it sat checked out between queries, and nothing (pool or TypeORM) listens then. The
 * client is marked unusable by pg, its next query fails (answered 503) and the pool drops it.
 */
class ListenedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error) => log.warn(`A database connection was lost: ${error.message}`));
  }
}

/** Connections per process; the job search sizes its concurrency from it. */
export const POOL_SIZE = 20;

/** One definition of the connection, shared by the app, the CLI, the tests and the TypeORM migration commands. */
export function dataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    uuidExtension: 'pgcrypto',
    url: databaseUrl,
    entities: [join(__dirname, '..', 'modules', '**', '*.entity.{ts,js}')],
    migrations: [join(__dirname, 'migrations', '*.{ts,js}')],
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    // Without a connect timeout, a request waits forever for a database that does not answer.
    extra: { max: POOL_SIZE, connectionTimeoutMillis: 5_000, Client: ListenedClient },
  };
}
