/**
 * The cluster the drill runs, from Debian's binaries on loopback ports: a PostgreSQL primary and a streaming replica
 * (`pg_basebackup -R`), a Redis master and replica watched by Sentinel, HAProxy in front of two API processes, and a
 * worker. Every part can be killed and started again on the same port.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready` answers true, polling; throws naming `what` after `ms`. */
export async function until(what: string, ready: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await Promise.resolve(ready()).catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} was not ready within ${ms / 1000} s`);
}

/** Runs a PostgreSQL program as `postgres` when the drill runs as root (initdb and postgres refuse root). */
function postgresProgram(name: string, args: string[]): void {
  const version = execFileSync('pg_config', ['--version']).toString().match(/(\d+)/)?.[1];
  const binary = `/usr/lib/postgresql/${version}/bin/${name}`;
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : binary, asRoot ? ['-u', 'postgres', '--', binary, ...args] : args, { stdio: 'ignore' });
}

/** Everything the drill writes (data directories, configurations, logs), removed at the end. */
export class Workspace {
  readonly directory = mkdtempSync(join(tmpdir(), 'career-cluster-'));

  constructor() {
    // PostgreSQL runs as its own user, which must reach its data directories inside.
    chmodSync(this.directory, 0o755);
  }

  path(name: string): string {
    return join(this.directory, name);
  }

  /** A directory `postgres` may own. */
  ownedByPostgres(name: string): string {
    const path = this.path(name);
    mkdirSync(path, { mode: 0o700 });
    if (process.getuid?.() === 0)
      chownSync(path, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    return path;
  }

  remove(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }
}

export class PostgresNode {
  running = false;

  private constructor(
    readonly name: string,
    private readonly directory: string,
    readonly port: number,
  ) {}

  /** A primary that streams its WAL to replicas. */
  static async primary(workspace: Workspace): Promise<PostgresNode> {
    const directory = workspace.ownedByPostgres('pg-primary');
    postgresProgram('initdb', ['-D', directory, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const node = new PostgresNode('postgres primary', directory, await freePort());
    node.start();
    return node;
  }

  /** A hot standby copied from `primary` (pg_basebackup -R writes its standby.signal and primary_conninfo). */
  static async replicaOf(primary: PostgresNode, workspace: Workspace): Promise<PostgresNode> {
    const directory = workspace.ownedByPostgres('pg-replica');
    postgresProgram('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', directory, '-R', '-X', 'stream', '--no-sync']);
    const node = new PostgresNode('postgres replica', directory, await freePort());
    node.start();
    return node;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    const options = [
      `-p ${this.port}`,
      `-k ${this.directory}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c wal_level=replica',
      '-c max_wal_senders=4',
      '-c hot_standby=on',
      '-c max_connections=200',
    ].join(' ');
    postgresProgram('pg_ctl', ['-D', this.directory, '-o', options, '-w', '-l', join(this.directory, 'log'), 'start']);
    this.running = true;
  }

  /** Stops as a crash would (no checkpoint, connections cut). */
  stop(): void {
    postgresProgram('pg_ctl', ['-D', this.directory, '-m', 'immediate', '-w', 'stop']);
    this.running = false;
  }

  remove(): void {
    if (this.running) this.stop();
  }
}

/** A program the drill runs and may kill and start again with the same arguments (Redis, Sentinel, HAProxy, Node). */
export class Program {
  private child?: ChildProcess;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly log: string,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const out = openSync(this.log, 'a');
    this.child = spawn(this.command, this.args, { env: { ...process.env, ...this.env }, stdio: ['ignore', out, out] });
    closeSync(out);
  }

  /** Sends `signal` and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

export async function redisServer(workspace: Workspace, name: string, port: number, replicaOf?: number): Promise<Program> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', workspace.directory];
  const program = new Program(name, 'redis-server', replicaOf ? [...args, '--replicaof', '127.0.0.1', String(replicaOf)] : args, workspace.path(`${name}.log`));
  program.start();
  await until(name, () => redisAnswers(port));
  return program;
}

/** One Sentinel watching `master` (a quorum of one: the drill tests the service, not Sentinel's elections). */
export async function sentinel(workspace: Workspace, port: number, masterName: string, masterPort: number): Promise<Program> {
  const config = workspace.path('sentinel.conf');
  writeFileSync(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${workspace.directory}`,
      `sentinel monitor ${masterName} 127.0.0.1 ${masterPort} 1`,
      `sentinel down-after-milliseconds ${masterName} 1000`,
      `sentinel failover-timeout ${masterName} 10000`,
      '',
    ].join('\n'),
  );
  const program = new Program('sentinel', 'redis-sentinel', [config], workspace.path('sentinel.log'));
  program.start();
  await until('sentinel', () => redisAnswers(port));
  return program;
}

/** The port of the master Sentinel names now. */
export function sentinelMaster(sentinelPort: number, masterName: string): number {
  const answer = execFileSync('redis-cli', ['-p', String(sentinelPort), 'SENTINEL', 'get-master-addr-by-name', masterName])
    .toString()
    .trim()
    .split('\n');
  return Number(answer[1]);
}

export function redisAnswers(port: number): boolean {
  try {
    return (
      execFileSync('redis-cli', ['-p', String(port), 'PING'], { timeout: 1_000 })
        .toString()
        .trim() === 'PONG'
    );
  } catch {
    return false;
  }
}

/** HAProxy with docker/haproxy.cfg itself, its listener and the two API processes moved to loopback ports. */
export function haproxy(workspace: Workspace, port: number, backends: [number, number]): Program {
  const config = readFileSync(join(ROOT, 'docker', 'haproxy.cfg'), 'utf8')
    .replace('bind :8080', `bind 127.0.0.1:${port}`)
    .replace('api1:3000', `127.0.0.1:${backends[0]}`)
    .replace('api2:3000', `127.0.0.1:${backends[1]}`);
  const path = workspace.path('haproxy.cfg');
  writeFileSync(path, config);
  execFileSync('haproxy', ['-c', '-q', '-f', path]);
  const program = new Program('haproxy', 'haproxy', ['-db', '-f', path], workspace.path('haproxy.log'));
  program.start();
  return program;
}

/** A process of the service (`dist/main.js` or `dist/worker.js`) with the cluster's environment. */
export function serviceProcess(workspace: Workspace, name: string, script: string, env: NodeJS.ProcessEnv): Program {
  return new Program(name, process.execPath, ['--max-semi-space-size=64', join(ROOT, 'dist', script)], workspace.path(`${name}.log`), env);
}
