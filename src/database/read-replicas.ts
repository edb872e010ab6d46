import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../common/errors/api-errors';
import { InjectConfig } from '../config/config.module';
import type { AppConfig } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';

/** How often each replica's replay position is compared with the primary's. */
const CHECK_INTERVAL_MS = 1_000;
/** A check that takes longer counts the replica as down. */
const CHECK_TIMEOUT_MS = 1_000;

/** One replica as the last check saw it. */
export interface ReplicaReport {
  status: 'up' | 'down';
  /** How far behind the primary it was (0 when it had replayed everything the primary had written). */
  lagMs?: number;
  /** Why it is not read from. */
  message?: string;
}

class Replica {
  readonly dataSource: DataSource;
  report: ReplicaReport = { status: 'down', message: 'not checked yet' };

  constructor(
    readonly name: string,
    url: string,
  ) {
    // No entities: a replica answers raw SQL only (search and listing views), and TypeORM must not try to install
    // extensions on a server that refuses writes.
    this.dataSource = new DataSource({ ...dataSourceOptions(url), entities: [], migrations: [], installExtensions: false });
  }

  get connected(): boolean {
    return this.dataSource.isInitialized;
  }

  /** Bytes of WAL the replica has replayed, connecting first if it never did (a replica down at start is tried again). */
  async replayed(): Promise<bigint> {
    if (!this.dataSource.isInitialized) await this.dataSource.initialize();
    const [row] = await this.dataSource.query(`SELECT pg_last_wal_replay_lsn() - '0/0'::pg_lsn AS replayed`);
    if (row.replayed === null) throw new Error('not a replica (pg_last_wal_replay_lsn() is null)');
    return BigInt(row.replayed);
  }
}

/**
 * The read replicas of DATABASE_REPLICA_URLS, for reads that tolerate a little lag (job search, listing reads):
 * whatever a caller writes is read back from the primary, so read-your-writes holds everywhere else. Every second
 * the primary's WAL position is noted, and each replica's replay position is placed among those notes: a replica
 * lags by how long ago the primary had written the first change it has not replayed (no clock of the replica is
 * trusted). A replica that is down, or further behind than REPLICA_MAX_LAG_MS, is skipped until a check finds it
 * fit again; with none fit, reads go to the primary.
 */
@Injectable()
export class ReadReplicas implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(ReadReplicas.name);
  private readonly replicas: Replica[];
  private readonly maxLagMs: number;
  /** The primary's WAL position at each recent check, oldest first. */
  private readonly primaryPositions: { written: bigint; at: number }[] = [];
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private turn = 0;

  constructor(
    @InjectEntityManager() private readonly primary: EntityManager,
    @InjectConfig() config: AppConfig,
  ) {
    this.replicas = config.database.replicaUrls.map((url) => new Replica(replicaName(url), url));
    this.maxLagMs = config.database.replicaMaxLagMs;
  }

  onApplicationBootstrap(): void {
    if (this.replicas.length === 0) return;
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS).unref();
    void this.check();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all(this.replicas.filter((replica) => replica.connected).map((replica) => replica.dataSource.destroy().catch(() => undefined)));
  }

  /**
   * Runs a read on a fit replica (in turn), else on the primary. A read that fails on a replica (for any reason but
   * an answer of the API's own) marks it down and runs again on the primary: a replica that stopped or was restarted
   * costs a retry, never an error.
   */
  async read<T>(work: (connection: DataSource) => Promise<T>): Promise<T> {
    const replica = this.pick();
    if (replica) {
      try {
        return await work(replica.dataSource);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        replica.report = { status: 'down', message: (error as Error).message };
        this.log.warn(`Reading from ${replica.name} failed, reading from the primary: ${(error as Error).message}`);
      }
    }
    return work(this.primary.connection);
  }

  /** Each replica as the last check saw it, by name (`replica <host>:<port>/<database>`). */
  reports(): Record<string, ReplicaReport> {
    return Object.fromEntries(this.replicas.map((replica) => [replica.name, replica.report]));
  }

  private pick(): Replica | undefined {
    const fit = this.replicas.filter((replica) => replica.report.status === 'up');
    if (fit.length === 0) return undefined;
    this.turn = (this.turn + 1) % fit.length;
    return fit[this.turn];
  }

  private check(): Promise<void> {
    this.checking ??= this.compare().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async compare(): Promise<void> {
    const now = Date.now();
    try {
      const [row] = await this.primary.query(`SELECT pg_current_wal_lsn() - '0/0'::pg_lsn AS written`);
      this.primaryPositions.push({ written: BigInt(row.written), at: now });
    } catch {
      // Without the primary's position a replica's lag is unknown; the last reports stand until the primary answers.
      return;
    }
    // Positions older than the largest lag worth measuring say nothing more.
    while (this.primaryPositions.length > 1 && now - this.primaryPositions[0].at > this.maxLagMs + 10 * CHECK_INTERVAL_MS) this.primaryPositions.shift();
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica, now)));
  }

  private async checkReplica(replica: Replica, now: number): Promise<void> {
    try {
      const replayed = await withTimeout(replica.replayed(), CHECK_TIMEOUT_MS);
      const firstMissing = this.primaryPositions.find((position) => position.written > replayed);
      const lagMs = firstMissing ? now - firstMissing.at : 0;
      const fit = lagMs <= this.maxLagMs;
      if (fit && replica.report.status === 'down') this.log.log(`${replica.name} is read from (${lagMs} ms behind)`);
      if (!fit && replica.report.status === 'up') this.log.warn(`${replica.name} is skipped: ${lagMs} ms behind the primary`);
      replica.report = fit
        ? { status: 'up', lagMs }
        : { status: 'down', lagMs, message: `${lagMs} ms behind the primary (REPLICA_MAX_LAG_MS ${this.maxLagMs})` };
    } catch (error) {
      if (replica.report.status === 'up') this.log.warn(`${replica.name} is skipped: ${(error as Error).message}`);
      replica.report = { status: 'down', message: (error as Error).message };
    }
  }
}

/** A replica's name in logs and health: its address and database, never its credentials. */
function replicaName(url: string): string {
  const parsed = new URL(url);
  return `replica ${parsed.host}${parsed.pathname}`;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
