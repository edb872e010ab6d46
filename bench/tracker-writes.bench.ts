/**
 * `npm run bench:writes`: POST /v1/tracker/applications through the real service, beside a bare node:http + pg
 * server doing the same durable work (bench/bare-writes-server.ts), in rounds that interleave the two (each round
 * alternates which goes first), reported as min / median / max over rounds:
 *
 * - spread: CONNECTIONS (16) connections over 8 accounts, two per account, requests per second;
 * - one account: all 16 connections creating in one account (an import, or an agent filling a tracker);
 * - account size: creates in an account of 100,000 applications against one of 100 (service only).
 *
 * Every request creates a new application (a fresh jobUrl); bodies carry what a client typically sends (title,
 * company, location, URL, source, notes). The service runs as `npm start` runs it, with RATE_LIMIT_SCALE raised so
 * the limiter runs but never refuses. BENCH_ROUNDS (3) and BENCH_SECONDS (8) set the length.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDatabaseIfMissing, dropDatabase } from '../src/database/prepare-database';
import { cli, cpuMs, ROOT, seedApplications, SERVICE_NODE_FLAGS, spread, startServer, stopServer } from './support';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_writes';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SPREAD_ACCOUNTS = 8;
const PORTS = { bare: 3911, service: 3912 };

interface Creates {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

type Server = 'bare' | 'service';

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const env = { DATABASE_URL, REDIS_PREFIX: `career-bench:${Date.now()}:`, RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const keyOf = async (name: string, applications = 0) => {
    const account = cli(env, 'account:create', '--email', `bench-${name}-${Date.now()}@bench.example`, '--plan', 'plus');
    if (applications > 0) await seedApplications(DATABASE_URL, account.id, applications);
    return cli(env, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'tracker:write').key as string;
  };
  const spreadKeys: string[] = [];
  for (let index = 0; index < SPREAD_ACCOUNTS; index++) spreadKeys.push(await keyOf(`spread-${index}`, 100));
  const oneKey = await keyOf('one', 100);
  const sizes = { small: await keyOf('small', 100), large: await keyOf('large', 100_000) };

  const bare = await startServer(join(ROOT, 'bench/bare-writes-server.ts'), env, PORTS.bare, ['-r', 'ts-node/register/transpile-only']);
  const service = await startServer(join(ROOT, 'dist/main.js'), env, PORTS.service, SERVICE_NODE_FLAGS);
  const processes: Record<Server, ChildProcess> = { bare, service };
  const rows = {
    spread: { bare: [] as Creates[], service: [] as Creates[] },
    one: { bare: [] as Creates[], service: [] as Creates[] },
    small: [] as Creates[],
    large: [] as Creates[],
  };
  try {
    for (const server of ['bare', 'service'] as const) await creates(PORTS[server], spreadKeys, 2, processes[server]); // warm-up: JIT, pools
    for (let index = 0; index < ROUNDS; index++) {
      // Alternate which goes first, so that neither always meets a machine warmed (or tired) by the other.
      const order: Server[] = index % 2 === 0 ? ['bare', 'service'] : ['service', 'bare'];
      for (const server of order) rows.spread[server].push(await creates(PORTS[server], spreadKeys, SECONDS, processes[server]));
      for (const server of order) rows.one[server].push(await creates(PORTS[server], [oneKey], SECONDS, processes[server]));
      const bySize = index % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const size of bySize) rows[size].push(await creates(PORTS.service, [sizes[size]], SECONDS, service));
      console.error(`round ${index + 1} of ${ROUNDS} done`);
    }
  } finally {
    await stopServer(bare);
    await stopServer(service);
  }
  const of = (values: Creates[], measure: (row: Creates) => number, digits = 0) => spread(values.map(measure), digits);
  const ratio = (service: Creates[], bare: Creates[]) =>
    service.map((row, round) => ({ ...row, requestsPerSecond: (row.requestsPerSecond / bare[round].requestsPerSecond) * 100 }));
  const rps = (row: Creates) => row.requestsPerSecond;
  console.log(
    [
      `${ROUNDS} rounds, ${SECONDS} s per measure, ${CONNECTIONS} connections closed loop, LOG_LEVEL=${env.LOG_LEVEL}, service flags: ${SERVICE_NODE_FLAGS.join(' ') || '(none)'}`,
      'Figures are min / median / max over rounds.',
      '',
      '| creates | bare node:http + pg | career-api | career-api / bare | target |',
      '|---|---|---|---|---|',
      `| req/s, ${SPREAD_ACCOUNTS} accounts | ${of(rows.spread.bare, rps)} | ${of(rows.spread.service, rps)} | ${of(ratio(rows.spread.service, rows.spread.bare), rps, 1)} % | ≥ 50 % |`,
      `| req/s, one account | ${of(rows.one.bare, rps)} | ${of(rows.one.service, rps)} | ${of(ratio(rows.one.service, rows.one.bare), rps, 1)} % | ≥ 30 % |`,
      `| p50 / p99 ms, ${SPREAD_ACCOUNTS} accounts | ${of(rows.spread.bare, (r) => r.p50)} / ${of(rows.spread.bare, (r) => r.p99)} | ${of(rows.spread.service, (r) => r.p50)} / ${of(rows.spread.service, (r) => r.p99)} | | |`,
      `| server CPU ms per create, ${SPREAD_ACCOUNTS} accounts | ${of(rows.spread.bare, (r) => r.cpuMsPerRequest, 2)} | ${of(rows.spread.service, (r) => r.cpuMsPerRequest, 2)} | | |`,
      '',
      '| account size (career-api) | 100 applications | 100,000 applications | 100 / 100k | target |',
      '|---|---|---|---|---|',
      `| req/s, ${CONNECTIONS} connections, one account | ${of(rows.small, rps)} | ${of(rows.large, rps)} | ${spread(
        rows.small.map((row, round) => row.requestsPerSecond / rows.large[round].requestsPerSecond),
        2,
      )} | ≤ 1.5 |`,
    ].join('\n'),
  );
  await dropDatabase(DATABASE_URL);
}

/** A closed loop of creates over the accounts of `keys` (connections spread evenly), each with a jobUrl of its own. */
async function creates(port: number, keys: string[], seconds: number, server: ChildProcess): Promise<Creates> {
  const run = randomUUID().slice(0, 8);
  let clients = 0;
  let sent = 0;
  const cpuBefore = cpuMs(server);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/v1/tracker/applications`,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${keys[clients++ % keys.length]}`, 'content-type': 'application/json' }),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = sent++;
          request.body = JSON.stringify({
            jobTitle: `Senior Platform Engineer ${n}`,
            company: `Company ${n % 997}`,
            location: 'Berlin, Germany',
            jobUrl: `https://jobs.example.com/${run}/${n}`,
            source: 'LinkedIn',
            notes: 'Referred by a former colleague; follow up after the first week.',
          });
          return request;
        },
      },
    ],
  });
  const cpu = cpuMs(server) - cpuBefore;
  if (result.non2xx > 0 || result.errors + result.timeouts > 0)
    throw new Error(`creates on :${port}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
