/**
 * `npm run bench`: authenticated GET /v1/tracker/applications (an account with 1,000 applications) through the
 * real service, beside a bare node:http + pg server doing the same key lookup and query, in one run.
 * The service runs as `npm start` would (built, migrations applied), with RATE_LIMIT_SCALE raised so the limiter
 * runs but never refuses.
 */
import { Client } from 'pg';
import { createDatabaseIfMissing, dropDatabase } from '../src/database/prepare-database';
import { cli, load, LoadResult, printTable, ROOT, startServer, stopServer } from './support';
import { join } from 'node:path';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_tracker';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const APPLICATIONS = 1_000;

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const env = { DATABASE_URL, REDIS_PREFIX: `career-bench:${Date.now()}:`, RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const account = cli(env, 'account:create', '--email', `bench-${Date.now()}@bench.example`, '--plan', 'plus');
  const { key } = cli(env, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'tracker:read');
  await seedApplications(account.id);

  const url = (port: number) => `http://127.0.0.1:${port}/v1/tracker/applications`;
  const headers = { authorization: `Bearer ${key}` };
  const results: LoadResult[] = [];

  const bare = await startServer(join(ROOT, 'bench/bare-server.ts'), env, 3901, ['-r', 'ts-node/register/transpile-only']);
  results.push(await load('bare node:http + pg', url(3901), headers, CONNECTIONS, SECONDS));
  await stopServer(bare);

  const service = await startServer(join(ROOT, 'dist/main.js'), env, 3902);
  results.push(await load('career-api (NestJS)', url(3902), headers, CONNECTIONS, SECONDS));
  await stopServer(service);

  printTable(results);
  const [baseline, ours] = results;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS}s each, ${APPLICATIONS} applications, page of 25, LOG_LEVEL=${env.LOG_LEVEL}`);
  console.log(`service / bare requests per second: ${((ours.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}%`);
  console.log(`service p99: ${ours.p99} ms (target < 25 ms); target ratio ≥ 25%`);
  await dropDatabase(DATABASE_URL);
}

async function seedApplications(accountId: string): Promise<void> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(
    `INSERT INTO applications (account_id, job_title, company, location, job_url, job_url_key, status, source, created_at, updated_at)
     SELECT $1, 'Engineer ' || n, 'Company ' || (n % 97), 'City ' || (n % 13), 'https://jobs.example/' || n, 'https://jobs.example/' || n,
            (ARRAY['watchlist','applied','screening','rejected'])[1 + n % 4], 'Other',
            now() - n * interval '1 minute', now() - n * interval '1 minute'
       FROM generate_series(1, $2) AS n`,
    [accountId, APPLICATIONS],
  );
  await client.query('ANALYZE applications');
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
