import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, prepareDatabase } from '../../src/database/prepare-database';
import { GENERATOR_ARGS } from '../../tools/listing-generator/generator-process';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
/** Parallel generate | import pipelines: one per core keeps both the importers and PostgreSQL busy. */
const PIPELINES = 2;

export async function withClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The benchmark's database, made once and reused: `count` generated listings loaded through the real
 * `jobs:generate | jobs:import` pipeline. While loading, the secondary indexes are dropped and rebuilt afterwards
 * from their own definitions (a bulk build is several times faster than maintaining them row by row).
 */
export async function ensureBenchDatabase(databaseUrl: string, count: number, log: (line: string) => void): Promise<void> {
  // A database left by an older schema cannot migrate forward: it is loaded again.
  const loaded = await prepareDatabase(databaseUrl).then(
    () => withClient(databaseUrl, async (client) => Number((await client.query('SELECT count(*) FROM job_listings')).rows[0].count)),
    () => 0,
  );
  if (loaded === count) {
    log(`Reusing ${count.toLocaleString('en')} listings in ${new URL(databaseUrl).pathname.slice(1)}`);
    // A database loaded before the phrase counts existed has none chosen yet.
    const phrases = await withClient(databaseUrl, async (client) => Number((await client.query('SELECT count(*) FROM job_listing_phrases')).rows[0].count));
    if (phrases === 0) await countPhrases(databaseUrl, log);
    return;
  }
  log(`Loading ${count.toLocaleString('en')} listings (${loaded} present; starting over) ...`);
  await dropDatabase(databaseUrl);
  await prepareDatabase(databaseUrl);

  const started = Date.now();
  const indexes = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE tablename = 'job_listings' AND indexname <> 'job_listings_source_external_id'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'job_listings'::regclass)`,
    );
    for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
    return rows;
  });

  const asOf = new Date().toISOString().slice(0, 10);
  const share = Math.ceil(count / PIPELINES);
  await Promise.all(
    Array.from({ length: PIPELINES }, (_unused, pipeline) => importPipeline(databaseUrl, Math.min(share, count - pipeline * share), `bench-${pipeline}`, asOf)),
  );
  log(`  imported in ${seconds(started)}; building ${indexes.length} indexes ...`);

  const indexed = Date.now();
  await withClient(databaseUrl, async (client) => {
    await client.query(`SET maintenance_work_mem = '1GB'`);
    for (const index of indexes) await client.query(index.definition);
    log(`  indexes built in ${seconds(indexed)}; vacuum analyze ...`);
    await client.query('VACUUM (ANALYZE) job_listings, job_listing_sample');
  });
  await countPhrases(databaseUrl, log);
  log(`  ready in ${seconds(started)}`);
}

/** `jobs:count-phrases` as an operator runs it after loading listings (docs/operations.md). */
async function countPhrases(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const output = await new Promise<string>((resolve, reject) => {
    const command = spawn('node', [CLI, 'jobs:count-phrases'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    command.stdout.on('data', (chunk) => (printed += chunk));
    command.on('exit', (code) => (code === 0 ? resolve(printed) : reject(new Error(`jobs:count-phrases exited with ${code}`))));
  });
  log(`  ${JSON.parse(output).phrases} phrases of three to five words counted in ${seconds(started)}`);
}

/** `jobs:generate --count N --seed S | jobs:import -`, exactly as a user would load a file. */
function importPipeline(databaseUrl: string, count: number, seed: string, asOf: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const generator = spawn('node', [...GENERATOR_ARGS, '--count', String(count), '--seed', seed, '--as-of', asOf], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const importer = spawn('node', [CLI, 'jobs:import', '-'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    generator.stdout.pipe(importer.stdin);
    let summary = '';
    importer.stdout.on('data', (chunk) => (summary += chunk));
    importer.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`jobs:import exited with ${code}`));
      const counts = JSON.parse(summary);
      if (counts.imported !== count) return reject(new Error(`expected ${count} imported listings, got ${summary}`));
      resolve();
    });
  });
}

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
