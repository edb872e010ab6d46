import { ChildProcess, execFileSync, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';

export const ROOT = join(__dirname, '..');

/**
 * The V8 flags the service starts with (`npm start`, `npm run start:worker`, docker/Dockerfile): benchmarks start
 * it the same way. BENCH_NODE_FLAGS overrides them to measure others ('' for V8's defaults).
 */
export const SERVICE_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=64').split(' ').filter(Boolean);

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time (user + system) per answered request, when its process was given. */
  cpuMsPerRequest?: number;
}

/** Runs the project's CLI (built) and parses its one JSON line. */
export function cli(env: NodeJS.ProcessEnv, ...args: string[]): any {
  return JSON.parse(execFileSync('node', [join(ROOT, 'dist/cli/main.js'), ...args], { env: { ...process.env, ...env } }).toString());
}

/** Starts a server script as a child process and resolves once it answers HTTP; `stdout` 'pipe' keeps its output readable. */
export async function startServer(
  script: string,
  env: NodeJS.ProcessEnv,
  port: number,
  execArgv: string[] = [],
  stdout: 'ignore' | 'pipe' = 'ignore',
): Promise<ChildProcess> {
  const child = fork(script, [], { env: { ...process.env, ...env, PORT: String(port) }, execArgv, stdio: ['ignore', stdout, 'inherit', 'ipc'] });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Closed loop: `connections` clients, each sending its next request when the last is answered. With `server`, also
 * the server process's CPU time per request, which a machine shared with other work disturbs far less than
 * throughput.
 */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  server?: ChildProcess,
): Promise<LoadResult> {
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, pools, caches
  const cpuBefore = server ? cpuMs(server) : 0;
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const cpu = server ? cpuMs(server) - cpuBefore : undefined;
  return {
    cpuMsPerRequest: cpu === undefined ? undefined : cpu / Math.max(1, result.requests.total),
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** User and system CPU time a process has used, from /proc (Linux); clock ticks of 10 ms. */
export function cpuMs(child: ChildProcess): number {
  return processCpuMs(String(child.pid));
}

/** User and system CPU time of any process by pid, from /proc (Linux); clock ticks of 10 ms. */
export function processCpuMs(pid: string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of every postgres process (the server and its backends) since `before` (a reading of this function),
 * from /proc in clock ticks of 10 ms; a process that ended in between is not counted.
 */
export function databaseCpu(before?: Map<string, number>): { ms: number; reading: Map<string, number> } {
  const reading = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') reading.set(pid, processCpuMs(pid));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let ms = 0;
  for (const [pid, cpu] of reading) ms += cpu - (before?.get(pid) ?? 0);
  return { ms, reading };
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
}

/** p50, p95 and p99 of latencies in ms, each the smallest value at least that share of the calls took. */
export function percentiles(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Sequential requests on one connection for `seconds`: the latency of a server that is not queueing, in fine resolution. */
export async function sequential(url: string, headers: Record<string, string>, seconds: number): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`))));
      })
        .on('error', reject)
        .end();
    });
  const latencies: number[] = [];
  const warmUntil = performance.now() + 1000;
  while (performance.now() < warmUntil) await once();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) latencies.push(await once());
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length / 2)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}

export function printTable(results: LoadResult[]): void {
  console.table(
    results.map((row) => ({ server: row.name, 'req/s': row.requestsPerSecond, 'p50 ms': row.p50, 'p99 ms': row.p99, errors: row.errors, non2xx: row.non2xx })),
  );
}

export interface OpenLoopResult {
  name: string;
  /** Requests per second asked for. */
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  /** Network errors, non-2xx answers and requests still unanswered 10 s after the last was due. */
  failed: number;
}

/**
 * Open loop: requests go out on a fixed schedule (`rate` per second, evenly spaced) whatever the server's pace, on
 * as many keep-alive connections as it takes, and each latency counts from when the request was due, not from when
 * it left: a server (or client) that falls behind shows as latency instead of a slower schedule (no coordinated
 * omission). The client runs in a process of its own (bench/open-loop.ts), after one second at the same rate that
 * is not counted: in the benchmark's process, the garbage of the closed loops just before paused it, and those
 * pauses counted as the server's latency (the bare server's p99 at half its maximum: 25–50 ms there, 7–16 ms apart).
 */
export function openLoop(name: string, url: string, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopResult> {
  const client = fork(join(ROOT, 'bench/open-loop.ts'), [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    client.once('message', (result: OpenLoopResult) => resolve(result));
    client.once('exit', (code) => reject(new Error(`the open-loop client exited with ${code} before answering`)));
    client.send({ name, url, headers, rate, seconds, warmUpSeconds: 1 });
  });
}

/** `run` on every item with `concurrency` calls in flight: each call's item, answer and milliseconds, in the order they ended. */
export async function timedConcurrently<T, R>(items: T[], concurrency: number, run: (item: T) => Promise<R>): Promise<{ item: T; result: R; ms: number }[]> {
  const calls: { item: T; result: R; ms: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++];
        const begin = performance.now();
        const result = await run(item);
        calls.push({ item, result, ms: performance.now() - begin });
      }
    }),
  );
  return calls;
}

/** `min / median / max` of a measure over rounds. */
export function spread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const show = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${show(sorted[0])} / ${show(median(values))} / ${show(sorted[sorted.length - 1])}`;
}

/** The middle of `values` (the lower of the two middles of an even count); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** Adds `applications` applications to an account in one statement, as a long-used tracker would hold them. */
export async function seedApplications(databaseUrl: string, accountId: string, applications: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `INSERT INTO applications (account_id, job_title, company, location, job_url, job_url_key, status, source, created_at, updated_at)
     SELECT $1, 'Engineer ' || n, 'Company ' || (n % 97), 'City ' || (n % 13), 'https://jobs.example/' || n, 'https://jobs.example/' || n,
            (ARRAY['watchlist','applied','screening','rejected'])[1 + n % 4], 'Other',
            now() - n * interval '1 minute', now() - n * interval '1 minute'
       FROM generate_series(1, $2) AS n`,
    [accountId, applications],
  );
  await client.query('ANALYZE applications');
  await client.end();
}
