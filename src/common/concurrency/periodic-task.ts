/**
 * Runs `work` at start and then every interval, never two runs at once; the timer does not keep the process alive,
 * and stopping waits for the run under way so that shutdown does not close what it still uses.
 */
export class PeriodicTask<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  constructor(private readonly work: () => Promise<T>) {}

  start(intervalMs: number): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Joins the run under way, if any, rather than starting a second. */
  run(): Promise<T> {
    this.running ??= this.work().finally(() => (this.running = undefined));
    return this.running;
  }
}
