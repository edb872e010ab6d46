/**
 * `npm run bench:cli`: how long a CLI command takes on a built checkout, against the least any command must do. The
 * baseline is a bare Node process that connects to PostgreSQL, reads one account by email and prints it as JSON; the
 * commands are `account:get` and `key:list` started as `node dist/cli/main.js`, and `account:get` through
 * `npm run -s cli --` (which first checks whether dist/ is older than src/), and `account:get` once more with Node's
 * compile cache turned off, to show what the cache the entry points turn on is worth. Each round runs every variant
 * BENCH_CALLS times, the variants interleaved; the summary is min / median / max over rounds of each variant's median
 * call. Target: a command in ≤ 2 s.
 *
 * BENCH_ROUNDS (5), BENCH_CALLS per variant and round (5). A smoke run: BENCH_ROUNDS=1 BENCH_CALLS=1.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createDatabaseIfMissing, dropDatabase, prepareDatabase } from '../src/database/prepare-database';
import { cli, median, ROOT, spread } from './support';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_cli';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const TARGET_MS = 2_000;

/** What every command does at the least: start Node, connect, one query, one JSON line, exit. */
const BARE_COMMAND = `
const { Client } = require('pg');
(async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('SELECT id, email, plan FROM accounts WHERE email = $1', [process.argv[1]]);
  console.log(JSON.stringify(rows[0]));
  await client.end();
})();
`;

interface Variant {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

function timedMs(variant: Variant, env: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  execFileSync(variant.command, variant.args, { cwd: ROOT, env: { ...process.env, ...env, ...variant.env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  await prepareDatabase(DATABASE_URL);
  const env = { DATABASE_URL, LOG_LEVEL: 'warn' };
  const email = `bench-cli-${Date.now()}@bench.example`;
  const account = cli(env, 'account:create', '--email', email, '--plan', 'plus');
  cli(env, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'all');

  const cliMain = join(ROOT, 'dist', 'cli', 'main.js');
  const variants: Variant[] = [
    { name: 'bare node + pg (one query)', command: 'node', args: ['-e', BARE_COMMAND, email] },
    { name: 'node dist/cli/main.js account:get', command: 'node', args: [cliMain, 'account:get', '--email', email] },
    { name: 'node dist/cli/main.js key:list', command: 'node', args: [cliMain, 'key:list', '--account', account.id] },
    { name: 'npm run -s cli -- account:get', command: 'npm', args: ['run', '-s', 'cli', '--', 'account:get', '--email', email] },
    {
      name: 'node dist/cli/main.js account:get, no compile cache',
      command: 'node',
      args: [cliMain, 'account:get', '--email', email],
      env: { NODE_DISABLE_COMPILE_CACHE: '1' },
    },
  ];
  const medians = new Map(variants.map((variant) => [variant.name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const calls = new Map(variants.map((variant) => [variant.name, [] as number[]]));
    // Interleaved call by call, the order turned each round, so that a machine getting busier shows in every variant.
    for (let call = 0; call < CALLS; call += 1) {
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) calls.get(variant.name)!.push(timedMs(variant, env));
    }
    for (const variant of variants) medians.get(variant.name)!.push(median(calls.get(variant.name)!));
    console.log(`round ${round + 1}: ${variants.map((variant) => `${variant.name} ${median(calls.get(variant.name)!).toFixed(0)} ms`).join(', ')}`);
  }

  const bare = medians.get(variants[0].name)!;
  console.log(`\n${ROUNDS} rounds of ${CALLS} calls per variant, ms per call (median of each round): min / median / max\n`);
  console.log('| command | ms per call | × bare | ≤ 2 s |');
  console.log('|---|---|---|---|');
  for (const variant of variants) {
    const times = medians.get(variant.name)!;
    const ratios = times.map((time, round) => time / bare[round]);
    const met = median(times) <= TARGET_MS ? 'yes' : '**no**';
    console.log(`| ${variant.name} | ${spread(times)} | ${spread(ratios, 2)} | ${variant === variants[0] ? '' : met} |`);
  }
  await dropDatabase(DATABASE_URL);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
