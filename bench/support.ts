import { ChildProcess, execFileSync, fork } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const ROOT = join(__dirname, '..');

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs the project's CLI (built) and parses its one JSON line. */
export function cli(env: NodeJS.ProcessEnv, ...args: string[]): any {
  return JSON.parse(execFileSync('node', [join(ROOT, 'dist/cli/main.js'), ...args], { env: { ...process.env, ...env } }).toString());
}

/** Starts a server script as a child process and resolves once it answers HTTP. */
export async function startServer(script: string, env: NodeJS.ProcessEnv, port: number, execArgv: string[] = []): Promise<ChildProcess> {
  const child = fork(script, [], { env: { ...process.env, ...env, PORT: String(port) }, execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
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

export async function load(name: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, pools, caches
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(results: LoadResult[]): void {
  console.table(
    results.map((row) => ({ server: row.name, 'req/s': row.requestsPerSecond, 'p50 ms': row.p50, 'p99 ms': row.p99, errors: row.errors, non2xx: row.non2xx })),
  );
}
