import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '@src/database/prepare-database';
import { eventually } from './eventually';
import { freePort } from './free-port';

/** `pg_ctl` and `initdb` of the installed PostgreSQL. */
function postgresBinary(name: string): string {
  const version = execFileSync('pg_config', ['--version']).toString().match(/(\d+)/)?.[1];
  return `/usr/lib/postgresql/${version}/bin/${name}`;
}

/** Runs a PostgreSQL program as the `postgres` user when the tests run as root (initdb refuses root). */
function asPostgres(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'ignore' });
}

/**
 * A PostgreSQL cluster of a test's own (initdb on a spare port), for faults that stop or kill the database or the
 * service under it: no other test shares what breaks.
 */
export class OwnPostgres {
  private running = false;

  private constructor(
    private readonly directory: string,
    readonly port: number,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const directory = mkdtempSync(join(tmpdir(), 'career-pg-'));
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', directory]);
    asPostgres(postgresBinary('initdb'), ['-D', directory, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const cluster = new OwnPostgres(directory, await freePort());
    cluster.resume();
    return cluster;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the stopped cluster again, on the same port and data. */
  resume(): void {
    const options = `-p ${this.port} -k ${this.directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
    asPostgres(postgresBinary('pg_ctl'), ['-D', this.directory, '-o', options, '-w', '-l', join(this.directory, 'log'), 'start']);
    this.running = true;
  }

  /** Stops at once, as a crash would: no checkpoint, connections cut. */
  stop(): void {
    asPostgres(postgresBinary('pg_ctl'), ['-D', this.directory, '-m', 'immediate', '-w', 'stop']);
    this.running = false;
  }

  remove(): void {
    try {
      if (this.running) this.stop();
    } finally {
      rmSync(this.directory, { recursive: true, force: true });
    }
  }
}

/** Sends `signal` to a process the test started, and waits until it has exited (at once when it already has). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
}

function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A Redis server of a test's own, without persistence, which it may stop and start again on the same port. */
export class OwnRedis {
  private server: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    this.server = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await eventually(() => redisAnswers(this.port));
  }

  /** Killed, as a crash would: what it held is gone. */
  async stop(): Promise<void> {
    if (this.server) await stopProcess(this.server, 'SIGKILL');
    this.server = undefined;
  }
}

/**
 * A suite on a PostgreSQL cluster and a Redis server of its own, for crash tests: the env of the service under test
 * (DATABASE_URL of a prepared database, REDIS_URL, REDIS_PREFIX), filled before `around.start` runs; both go after `around.stop`.
 */
export function useOwnServices(around: { start(): Promise<void>; stop(): Promise<void> }): Record<string, string> {
  const env: Record<string, string> = {};
  let postgres: OwnPostgres | undefined;
  let redis: OwnRedis | undefined;
  beforeAll(async () => {
    // One after the other, so that whatever started is stopped below even when the other fails to start.
    redis = await OwnRedis.start();
    postgres = await OwnPostgres.start();
    // The prefix too: the test run's own would otherwise reach only the processes started in the test's.
    Object.assign(env, { DATABASE_URL: postgres.url('career'), REDIS_URL: redis.url, REDIS_PREFIX: 'career:' });
    await prepareDatabase(env.DATABASE_URL);
    await around.start();
  });
  afterAll(async () => {
    try {
      await around.stop();
    } finally {
      await redis?.stop();
      postgres?.remove();
    }
  });
  return env;
}
