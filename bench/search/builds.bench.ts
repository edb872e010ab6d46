/**
 * `npm run bench:search:builds`: the same searches against two builds of the service on one database, interleaved:
 * an earlier build (BENCH_BASE_DIST, a copy of an earlier `dist/`) and the current `dist/`. Per kind of search and
 * round, each build answers the same request bodies in turn at concurrency 8; reported are the current build's
 * latency and CPU per search (the service's, and PostgreSQL's: every postgres process on the machine) as ratios to
 * the earlier build's, min / median / max over the rounds. For telling what a change to search did, on a machine
 * whose speed drifts between runs of `bench:search`.
 *
 *   BENCH_BASE_DIST     the earlier build (required), e.g. made by: git stash -u && npm run build && cp -r dist
 *                       bench/.cache/dist-base && git stash pop && npm run build (inside the checkout, so that its
 *                       requires find node_modules)
 *   BENCH_DATABASE_URL  the database (default postgres://postgres@127.0.0.1:5432/career_bench_search_100k; loaded
 *                       by `npm run bench:search` when missing)
 *   BENCH_LISTINGS      the listings it holds (default 100000)
 *   BENCH_ROUNDS        rounds (default 3)
 *   BENCH_REQUESTS      searches per kind, build and round (default 320)
 *   BENCH_KINDS         only these kinds of search, by name, comma-separated (default all but deep paging)
 */
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { SeededRandom } from '../../tools/listing-generator/seeded-random';
import { cli, cpuMs, databaseCpu, median, percentiles, ROOT, SERVICE_NODE_FLAGS, spread, startServer, stopServer, timedConcurrently } from '../support';
import { ensureBenchDatabase } from './bench-database';
import { SCENARIOS } from './search-mix';

const BASE_DIST = process.env.BENCH_BASE_DIST;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_search_100k';
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY_KINDS = process.env.BENCH_KINDS?.split(',').map((name) => name.trim());
const kinds = SCENARIOS.filter((kind) => !ONLY_KINDS || ONLY_KINDS.includes(kind.name));
const CONCURRENCY = 8;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 320);

type Body = Record<string, unknown>;

interface Build {
  name: string;
  dist: string;
  baseUrl: string;
  service?: ChildProcess;
}

interface Measured {
  p50: number;
  p95: number;
  serviceCpuMs: number;
  databaseCpuMs: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  if (!BASE_DIST) throw new Error('BENCH_BASE_DIST names the earlier build to compare with (see the header of this file)');
  await ensureBenchDatabase(DATABASE_URL, LISTINGS, log);
  const key = createKey();
  const builds: Build[] = [
    { name: 'earlier', dist: resolve(BASE_DIST), baseUrl: 'http://127.0.0.1:8601' },
    { name: 'current', dist: join(ROOT, 'dist'), baseUrl: 'http://127.0.0.1:8602' },
  ];
  try {
    for (const build of builds) {
      const port = Number(new URL(build.baseUrl).port);
      const env = { DATABASE_URL, RATE_LIMIT_SCALE: '10000', LOG_LEVEL: 'warn', REDIS_PREFIX: `bench-builds-${port}:` };
      build.service = await startServer(join(build.dist, 'main.js'), env, port, SERVICE_NODE_FLAGS);
    }
    const random = new SeededRandom('bench-builds');
    log('Warming up ...');
    for (const kind of kinds) {
      const bodies = Array.from({ length: 10 }, () => kind.body(random));
      for (const build of builds) for (const body of bodies) await search(build, key, body);
    }
    const figures = new Map<string, { earlier: Measured; current: Measured }[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const kind of kinds) {
        log(`Round ${round}/${ROUNDS}: ${kind.name}`);
        const bodies = Array.from({ length: REQUESTS }, () => kind.body(random));
        // Which build goes first alternates, so that neither always runs on a cache the other warmed.
        const order = round % 2 === 1 ? builds : [...builds].reverse();
        const measured = new Map<string, Measured>();
        for (const build of order) measured.set(build.name, await measure(build, key, bodies));
        const [earlier, current] = builds.map((build) => measured.get(build.name) as Measured);
        figures.set(kind.name, [...(figures.get(kind.name) ?? []), { earlier, current }]);
      }
    }
    const lines = [
      `${LISTINGS.toLocaleString('en')} listings, concurrency ${CONCURRENCY}, ${REQUESTS} searches per kind, build and round, ${ROUNDS} rounds.`,
      'Current build as a share of the earlier one (min / median / max over rounds), then the medians of each build (earlier → current).',
      '',
      '| kind | p50 | p95 | service CPU | PostgreSQL CPU | p95 ms | service CPU ms / search | PostgreSQL CPU ms / search |',
      '|---|---|---|---|---|---|---|---|',
      ...kinds.map((kind) => {
        const rounds = figures.get(kind.name) ?? [];
        const ratio = (field: keyof Measured) =>
          spread(
            rounds.map(({ earlier, current }) => current[field] / earlier[field]),
            2,
          );
        const medians = (field: keyof Measured) =>
          (['earlier', 'current'] as const).map((build) => median(rounds.map((round) => round[build][field])).toFixed(1)).join(' → ');
        return `| ${kind.name} | ${ratio('p50')} | ${ratio('p95')} | ${ratio('serviceCpuMs')} | ${ratio('databaseCpuMs')} | ${medians('p95')} | ${medians('serviceCpuMs')} | ${medians('databaseCpuMs')} |`;
      }),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    for (const build of builds) if (build.service) await stopServer(build.service);
  }
}

/** The bodies through one build at concurrency 8: latencies, and CPU per search of the service and of PostgreSQL. */
async function measure(build: Build, key: string, bodies: Body[]): Promise<Measured> {
  const service = build.service as ChildProcess;
  const [serviceBefore, databaseBefore] = [cpuMs(service), databaseCpu().reading];
  const calls = await timedConcurrently(bodies, CONCURRENCY, (body) => search(build, key, body));
  const { p50, p95 } = percentiles(calls.map((call) => call.ms));
  return {
    p50,
    p95,
    serviceCpuMs: (cpuMs(service) - serviceBefore) / bodies.length,
    databaseCpuMs: databaseCpu(databaseBefore).ms / bodies.length,
  };
}

async function search(build: Build, key: string, body: Body): Promise<void> {
  const { intended: _intended, ...request } = body;
  const response = await fetch(`${build.baseUrl}/v1/jobs/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const answer = await response.text();
  if (response.status !== 200) throw new Error(`${build.name}: search ${JSON.stringify(request)} answered ${response.status}: ${answer}`);
}

function createKey(): string {
  const account = cli({ DATABASE_URL }, 'account:create', '--email', `bench-builds-${Date.now()}@bench.example`, '--plan', 'plus');
  return cli({ DATABASE_URL }, 'key:create', '--account', account.id, '--name', 'bench-builds', '--scopes', 'jobs:search').key;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
