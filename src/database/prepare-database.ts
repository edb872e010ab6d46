import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** Arbitrary constant naming the advisory lock that serializes migrations between processes started together. */
const MIGRATION_LOCK = 727_001;

/** Creates the database when it does not exist yet, then applies pending migrations. */
export async function prepareDatabase(databaseUrl: string): Promise<void> {
  await createDatabaseIfMissing(databaseUrl);
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

export async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  await withMaintenanceClient(databaseUrl, async (admin, name) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount !== 0) return;
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`).catch((error: { code?: string }) => {
      // Another process created it between our check and our create.
      if (error.code !== '42P04') throw error;
    });
  });
}

/**
 * Creates the database as a copy of `templateUrl`'s, migrations table included, so that `prepareDatabase` finds
 * nothing left to do. PostgreSQL copies in a fraction of a second what migrating takes seconds to build; the template
 * must have no open connection while it is copied.
 */
export async function cloneDatabase(templateUrl: string, databaseUrl: string): Promise<void> {
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  await withMaintenanceClient(databaseUrl, (admin, name) => admin.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`));
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await withMaintenanceClient(databaseUrl, (admin, name) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));
}

/** Runs `work` on a connection to the server's `postgres` database, which exists even when ours does not. */
async function withMaintenanceClient<T>(databaseUrl: string, work: (admin: Client, name: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect().catch((error: Error) => {
    throw new Error(`cannot connect to PostgreSQL at ${withoutPassword(databaseUrl)} (DATABASE_URL): ${error.message}`, { cause: error });
  });
  try {
    return await work(admin, name);
  } finally {
    await admin.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The URL as a person may see it in a message: its password, if any, masked. */
function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
