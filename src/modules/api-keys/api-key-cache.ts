import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { ChannelListener } from '../../database/channel-listener';
import type { KeyRow } from './api-keys.repository';

/** Notified with an account's id by the triggers of migration CredentialNotifications, whoever changes its keys or plan. */
export const CREDENTIALS_CHANNEL = 'credentials_changed';
/** Keys kept at most; past that the longest-kept goes (a process serves few keys at a time). */
const MAX_KEYS = 10_000;
/**
 * A kept key is looked up again after this long. Notifications are exact while the connection lives; this bounds
 * what a connection that died without a word (no error yet) could leave stale.
 */
const MAX_AGE_MS = 10_000;
const RECONNECT_MS = 1_000;

/**
 * The keys this process has looked up, so that a request's key costs no query: every request of a client sends the
 * same key. Kept only while the process listens on CREDENTIALS_CHANNEL, so that a change made anywhere (another
 * process, the CLI, SQL by hand) drops the account's keys within moments; a change made in this process drops them
 * at once (`forget`). While the connection is down, nothing is kept and every lookup goes to the database.
 * Misses are not kept: a key created a moment ago must work at once.
 */
@Injectable()
export class ApiKeyCache implements OnApplicationShutdown {
  private readonly keys = new Map<string, { row: KeyRow; keptAt: number }>();
  private readonly listener: ChannelListener;
  private listening = false;
  private started = false;
  /** Bumped by each change: a lookup that began before one does not keep what it read. */
  private generation = 0;

  constructor(@InjectConfig() config: AppConfig) {
    this.listener = new ChannelListener({
      databaseUrl: config.database.url,
      channel: CREDENTIALS_CHANNEL,
      retryMs: RECONNECT_MS,
      log: new Logger(ApiKeyCache.name),
      onNotification: (accountId) => this.forget(accountId || undefined),
      onListening: () => {
        this.forget();
        this.listening = true;
      },
      onLost: () => {
        this.listening = false;
        this.forget();
      },
    });
  }

  /** The key whose hash is `hash`: kept, or read by `load` (and kept while listening). */
  async lookup(hash: Buffer, load: () => Promise<KeyRow | undefined>): Promise<KeyRow | undefined> {
    // Started by the first lookup, so that processes that never authenticate (the CLI, the worker) hold no connection.
    if (!this.started) {
      this.started = true;
      void this.listener.start();
    }
    const id = hash.toString('base64');
    const kept = this.keys.get(id);
    if (kept && this.listening && Date.now() - kept.keptAt < MAX_AGE_MS) return kept.row;
    const generation = this.generation;
    const row = await load();
    if (row && this.listening && generation === this.generation) this.keep(id, row);
    return row;
  }

  /** Drops an account's keys (every key without one): its keys or plan just changed. */
  forget(accountId?: string): void {
    this.generation++;
    if (accountId === undefined) return this.keys.clear();
    for (const [id, { row }] of this.keys) if (row.accountId === accountId) this.keys.delete(id);
  }

  async onApplicationShutdown(): Promise<void> {
    this.listening = false;
    await this.listener.stop();
  }

  private keep(id: string, row: KeyRow): void {
    this.keys.delete(id);
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value as string);
    this.keys.set(id, { row, keptAt: Date.now() });
  }
}
