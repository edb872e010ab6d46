/**
 * `npm run bench:tracker` (also the first half of `npm run bench`): authenticated GET /v1/tracker/applications
 * through the real service, beside a bare node:http + pg server doing the same key lookup and queries, in rounds
 * that interleave the two (each round alternates which goes first), reported as min / median / max over rounds:
 *
 * - closed loop: 50 connections as fast as each is answered, requests per second (account of 1,000 applications);
 * - open loop: requests on a fixed schedule at half the rate the bare server reached in the same round, p99 counted
 *   from each request's due time (see `openLoop` in support.ts);
 * - account size: an account of 100,000 applications against one of 100, requests per second at 50 connections
 *   and p50 at one connection.
 *
 * The service runs as `npm start` runs it (built, migrations applied, its V8 flags: SERVICE_NODE_FLAGS), with
 * RATE_LIMIT_SCALE raised so the limiter runs but never refuses. BENCH_ROUNDS (3) and BENCH_SECONDS (5) set the
 * length; the whole run takes about three minutes.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDatabaseIfMissing, dropDatabase } from '../src/database/prepare-database';
import {
  cli,
  cpuMs,
  load,
  LoadResult,
  OpenLoopResult,
  openLoop,
  ROOT,
  seedApplications,
  sequential,
  SERVICE_NODE_FLAGS,
  spread,
  startServer,
  stopServer,
} from './support';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_tracker';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The open loop's rate, as a share of the bare server's closed-loop maximum in the same round. */
const OPEN_LOOP_SHARE = 0.5;
const ACCOUNTS = { standard: 1_000, small: 100, large: 100_000 };
const PORTS = { bare: 3901, service: 3902 };

interface Round {
  bare: LoadResult;
  service: LoadResult;
  openBare: OpenLoopResult;
  openService: OpenLoopResult;
  small: LoadResult;
  large: LoadResult;
  smallAlone: { p50: number };
  largeAlone: { p50: number };
}

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const env = { DATABASE_URL, REDIS_PREFIX: `career-bench:${Date.now()}:`, RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const keys: Record<keyof typeof ACCOUNTS, string> = { standard: '', small: '', large: '' };
  for (const [name, applications] of Object.entries(ACCOUNTS) as [keyof typeof ACCOUNTS, number][]) {
    const account = cli(env, 'account:create', '--email', `bench-${name}-${Date.now()}@bench.example`, '--plan', 'plus');
    keys[name] = cli(env, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'tracker:read').key;
    await seedApplications(DATABASE_URL, account.id, applications);
  }

  const as = (name: keyof typeof ACCOUNTS) => ({ authorization: `Bearer ${keys[name]}` });
  if (process.env.BENCH_MODE === 'compare') {
    await compareBuilds(env, { standard: as('standard'), large: as('large') });
    await dropDatabase(DATABASE_URL);
    return;
  }
  if (process.env.BENCH_MODE === 'gc') {
    await compareGcFlags(env, { authorization: `Bearer ${keys.standard}` });
    await dropDatabase(DATABASE_URL);
    return;
  }
  const bare = await startServer(join(ROOT, 'bench/bare-server.ts'), env, PORTS.bare, ['-r', 'ts-node/register/transpile-only']);
  const service = await startServer(join(ROOT, 'dist/main.js'), env, PORTS.service, SERVICE_NODE_FLAGS);
  const processes = { bare, service };
  const url = (port: number) => `http://127.0.0.1:${port}/v1/tracker/applications`;
  const rounds: Round[] = [];
  try {
    for (let index = 0; index < ROUNDS; index++) {
      // Alternate which server goes first, so that neither always meets a machine warmed (or tired) by the other.
      const order = index % 2 === 0 ? (['bare', 'service'] as const) : (['service', 'bare'] as const);
      const closed: Partial<Record<'bare' | 'service', LoadResult>> = {};
      for (const server of order) closed[server] = await load(server, url(PORTS[server]), as('standard'), CONNECTIONS, SECONDS, processes[server]);
      const rate = Math.round(closed.bare!.requestsPerSecond * OPEN_LOOP_SHARE);
      const open: Partial<Record<'bare' | 'service', OpenLoopResult>> = {};
      for (const server of order) open[server] = await openLoop(server, url(PORTS[server]), as('standard'), rate, SECONDS);
      const serviceUrl = url(PORTS.service);
      const sizes = index % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      const busy: Partial<Record<'small' | 'large', LoadResult>> = {};
      for (const size of sizes) busy[size] = await load(size, serviceUrl, as(size), CONNECTIONS, SECONDS);
      const alone: Partial<Record<'small' | 'large', { p50: number }>> = {};
      for (const size of sizes) alone[size] = await sequential(serviceUrl, as(size), SECONDS);
      rounds.push({
        bare: closed.bare!,
        service: closed.service!,
        openBare: open.bare!,
        openService: open.service!,
        small: busy.small!,
        large: busy.large!,
        smallAlone: alone.small!,
        largeAlone: alone.large!,
      });
      console.error(`round ${index + 1} of ${ROUNDS} done`);
    }
  } finally {
    await stopServer(bare);
    await stopServer(service);
  }
  report(rounds, env.LOG_LEVEL);
  await dropDatabase(DATABASE_URL);
}

function report(rounds: Round[], logLevel: string): void {
  const of = (measure: (round: Round) => number, digits = 0) => spread(rounds.map(measure), digits);
  const ratio = (round: Round) => (round.service.requestsPerSecond / round.bare.requestsPerSecond) * 100;
  const lines = [
    `${rounds.length} rounds, ${SECONDS} s per measure, ${CONNECTIONS} connections closed loop, LOG_LEVEL=${logLevel}, service flags: ${SERVICE_NODE_FLAGS.join(' ') || '(none)'}`,
    `Figures are min / median / max over rounds.`,
    '',
    '| measure | bare node:http + pg | career-api | target |',
    '|---|---|---|---|',
    `| closed loop req/s (1,000 applications) | ${of((r) => r.bare.requestsPerSecond)} | ${of((r) => r.service.requestsPerSecond)} | |`,
    `| closed loop p99 ms | ${of((r) => r.bare.p99)} | ${of((r) => r.service.p99)} | |`,
    `| service / bare req/s | | ${of(ratio, 1)} % | ≥ 65 % |`,
    `| server CPU ms per request | ${of((r) => r.bare.cpuMsPerRequest!, 3)} | ${of((r) => r.service.cpuMsPerRequest!, 3)} | |`,
    `| open loop rate (50 % of bare max), req/s | ${of((r) => r.openBare.rate)} | same | |`,
    `| open loop p50 ms | ${of((r) => r.openBare.p50, 1)} | ${of((r) => r.openService.p50, 1)} | |`,
    `| open loop p99 ms | ${of((r) => r.openBare.p99, 1)} | ${of((r) => r.openService.p99, 1)} | ≤ 25 ms |`,
    `| open loop max ms | ${of((r) => r.openBare.max, 1)} | ${of((r) => r.openService.max, 1)} | |`,
    `| open loop failed or unanswered | ${of((r) => r.openBare.failed)} | ${of((r) => r.openService.failed)} | 0 |`,
    '',
    '| account size (career-api) | 100 applications | 100,000 applications | 100k / 100 | target |',
    '|---|---|---|---|---|',
    `| req/s, ${CONNECTIONS} connections | ${of((r) => r.small.requestsPerSecond)} | ${of((r) => r.large.requestsPerSecond)} | ${of((r) => r.large.requestsPerSecond / r.small.requestsPerSecond, 2)} | ≥ 0.67 |`,
    `| p50 ms, 1 connection | ${of((r) => r.smallAlone.p50, 2)} | ${of((r) => r.largeAlone.p50, 2)} | ${of((r) => r.largeAlone.p50 / r.smallAlone.p50, 2)} | ≤ 1.5 |`,
    '',
    `Errors or non-2xx in closed loops: ${rounds.reduce((sum, r) => sum + [r.bare, r.service, r.small, r.large].reduce((n, x) => n + x.errors + x.non2xx, 0), 0)}`,
  ];
  console.log(lines.join('\n'));
}

/**
 * `BENCH_MODE=compare BENCH_COMPARE_WITH=<another build's dist/main.js> [BENCH_COMPARE_FLAGS=…]`: this build (with
 * its flags) against another one (a checkout of an earlier commit, built; with its own flags, none by default) on
 * the same database, interleaved: requests per second at 50 connections (1,000 applications); over BENCH_GC_REQUESTS
 * more, the bytes allocated, the time paused in garbage collection and the CPU time per request (see `traced`); and
 * p50 at one connection for an account of 100,000.
 */
async function compareBuilds(env: NodeJS.ProcessEnv, headers: { standard: Record<string, string>; large: Record<string, string> }): Promise<void> {
  const other = process.env.BENCH_COMPARE_WITH;
  if (!other) throw new Error('BENCH_COMPARE_WITH must name the other build: path/to/dist/main.js');
  const builds = {
    other: await startTraced(other, env, PORTS.bare, (process.env.BENCH_COMPARE_FLAGS ?? '').split(' ').filter(Boolean)),
    this: await startTraced(join(ROOT, 'dist/main.js'), env, PORTS.service, SERVICE_NODE_FLAGS),
  };
  const ports = { other: PORTS.bare, this: PORTS.service };
  const rows: Record<'other' | 'this', { rps: number[]; allocatedKb: number[]; gcMs: number[]; cpu: number[]; p50: number[] }> = {
    other: { rps: [], allocatedKb: [], gcMs: [], cpu: [], p50: [] },
    this: { rps: [], allocatedKb: [], gcMs: [], cpu: [], p50: [] },
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['other', 'this'] as const) : (['this', 'other'] as const);
      for (const build of order) {
        const url = `http://127.0.0.1:${ports[build]}/v1/tracker/applications`;
        rows[build].rps.push((await load(build, url, headers.standard, CONNECTIONS, SECONDS)).requestsPerSecond);
        const work = await traced(builds[build], url, headers.standard);
        rows[build].allocatedKb.push(work.allocatedBytes / 1024 / GC_REQUESTS);
        rows[build].gcMs.push((sum(work.scavengeMs) + sum(work.markCompactMs)) / (GC_REQUESTS / 1000));
        rows[build].cpu.push(work.cpuMs / GC_REQUESTS);
        rows[build].p50.push((await sequential(url, headers.large, SECONDS)).p50);
      }
      console.error(`round ${round + 1} of ${ROUNDS} done`);
    }
  } finally {
    await stopServer(builds.other.process);
    await stopServer(builds.this.process);
  }
  console.log(`${ROUNDS} rounds, ${SECONDS} s each, ${GC_REQUESTS.toLocaleString('en-US')} traced requests (min / median / max); other: ${other}\n`);
  console.log(
    '| build | req/s, 50 connections | KB allocated per request | GC pause ms per 1,000 requests | CPU ms per request | p50 ms, 1 connection, 100,000 applications |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const build of ['other', 'this'] as const) {
    const row = rows[build];
    console.log(`| ${build} | ${spread(row.rps)} | ${spread(row.allocatedKb, 1)} | ${spread(row.gcMs, 1)} | ${spread(row.cpu, 3)} | ${spread(row.p50, 2)} |`);
  }
}

/** V8 flag sets compared by `BENCH_MODE=gc`, separated by `;`. */
const GC_FLAG_SETS = (process.env.BENCH_GC_FLAG_SETS ?? ';--max-semi-space-size=16;--max-semi-space-size=32;--max-semi-space-size=64').split(';');
const GC_REQUESTS = Number(process.env.BENCH_GC_REQUESTS ?? 5_000);

/**
 * `BENCH_MODE=gc`: the same number of list requests to the service started with each flag set, counting its garbage
 * collections and their pauses, and its CPU time per request (see `traced`). Counts of work, unlike throughput,
 * hardly move when other work shares the machine; the flag sets go round ROUNDS times, interleaved.
 */
async function compareGcFlags(env: NodeJS.ProcessEnv, headers: Record<string, string>): Promise<void> {
  const rows: Record<string, { scavenges: number[]; scavengeMs: number[]; markCompacts: number[]; markCompactMs: number[]; cpu: number[] }> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const flags of GC_FLAG_SETS) {
      const service = await startTraced(join(ROOT, 'dist/main.js'), env, PORTS.service, flags.split(' ').filter(Boolean));
      const work = await traced(service, `http://127.0.0.1:${PORTS.service}/v1/tracker/applications`, headers);
      await stopServer(service.process);
      const row = (rows[flags || '(V8 defaults)'] ??= { scavenges: [], scavengeMs: [], markCompacts: [], markCompactMs: [], cpu: [] });
      row.scavenges.push(work.scavengeMs.length);
      row.scavengeMs.push(sum(work.scavengeMs));
      row.markCompacts.push(work.markCompactMs.length);
      row.markCompactMs.push(sum(work.markCompactMs));
      row.cpu.push(work.cpuMs / GC_REQUESTS);
    }
    console.error(`round ${round + 1} of ${ROUNDS} done`);
  }
  console.log(`${GC_REQUESTS.toLocaleString('en-US')} list requests per flag set, ${CONNECTIONS} connections, ${ROUNDS} rounds (min / median / max)\n`);
  console.log('| service flags | scavenges | scavenge ms | mark-compacts | mark-compact ms | CPU ms per request |');
  console.log('|---|---|---|---|---|---|');
  for (const [flags, row] of Object.entries(rows)) {
    console.log(
      `| ${flags} | ${spread(row.scavenges)} | ${spread(row.scavengeMs)} | ${spread(row.markCompacts)} | ${spread(row.markCompactMs)} | ${spread(row.cpu, 3)} |`,
    );
  }
}

/**
 * GC_REQUESTS list requests at CONNECTIONS to a traced server, after 1,000 not counted: its collections' pauses by kind, the bytes it allocated (V8's `allocated`, summed over the
 * collections in between) and its CPU time.
 */
async function traced(server: TracedServer, url: string, headers: Record<string, string>) {
  await autocannon({ url, headers, connections: CONNECTIONS, amount: 1_000 });
  const from = server.trace.length;
  const cpuBefore = cpuMs(server.process);
  await autocannon({ url, headers, connections: CONNECTIONS, amount: GC_REQUESTS });
  const cpu = cpuMs(server.process) - cpuBefore;
  const lines = server.trace
    .slice(from)
    .split('\n')
    .filter((line) => line.includes(' pause='));
  const field = (line: string, name: string) => Number(new RegExp(` ${name}=([\\d.]+)`).exec(line)?.[1] ?? 0);
  const pauses = (kind: string) => lines.filter((line) => line.includes(` gc=${kind} `)).map((line) => field(line, 'pause'));
  return { scavengeMs: pauses('s'), markCompactMs: pauses('mc'), allocatedBytes: sum(lines.map((line) => field(line, 'allocated'))), cpuMs: cpu };
}

/** A server started with `--trace-gc-nvp`, its output read as it comes (a pipe left unread would block it). */
interface TracedServer {
  process: ChildProcess;
  trace: string;
}

async function startTraced(script: string, env: NodeJS.ProcessEnv, port: number, flags: string[]): Promise<TracedServer> {
  const server: TracedServer = { process: await startServer(script, env, port, ['--trace-gc-nvp', ...flags], 'pipe'), trace: '' };
  server.process.stdout!.on('data', (chunk: Buffer) => (server.trace += chunk.toString()));
  return server;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
