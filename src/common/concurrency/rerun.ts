/**
 * Work that is asked for again while it runs, by changes it may have read before: it runs once more after the run
 * under way, however many asked meanwhile, and never twice at once. The work may also take the requests itself
 * (`takeRequest`) to carry on within the run, keeping what it holds, and wait a moment for the next one.
 */
export class Rerun {
  private running?: Promise<void>;
  private requested = false;
  /** Ends the wait of a `takeRequest` for a request. */
  private onRequest?: () => void;

  /** `onIdle` is told, in the same turn as the last run ends, that a `run()` from now on starts a new one. */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly onIdle?: () => void,
  ) {}

  /** Runs now, or once more after the run under way; answers when no run is left. */
  run(): Promise<void> {
    if (this.running) {
      this.requested = true;
      this.onRequest?.();
      return this.running;
    }
    this.running = this.loop();
    return this.running;
  }

  /** Answers when no run is left, without asking for one. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /**
   * Whether a run was asked for since the work began or last took the requests, waiting up to `waitMs` for one when
   * none was; takes them.
   */
  async takeRequest(waitMs = 0): Promise<boolean> {
    if (!this.requested && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.onRequest = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.onRequest = undefined;
    }
    const requested = this.requested;
    this.requested = false;
    return requested;
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.requested = false;
        await this.work();
      } while (this.requested);
    } finally {
      // No await between the last look at `requested` and here: a request cannot fall in between and be lost.
      this.running = undefined;
      this.onIdle?.();
    }
  }
}
