import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from './periodic-task';

/**
 * Work a process repeats at start and every interval while it runs (deleting what expired, picking up what was
 * lost), never two runs at once: a failed run is logged and the next interval tries again, since nothing that is
 * correct waits for it. A feature's sweep gives only its interval, what it is called in the log, and one run.
 */
export abstract class Sweep implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly log = new Logger(this.constructor.name);
  private readonly task = new PeriodicTask(() => this.runLogged());

  /** `name` says what runs, in the warning of a failed run ("OAuth sweep"). */
  protected constructor(private readonly name: string) {}

  /** How long between runs. */
  protected abstract get intervalMs(): number;

  /** One run: answers how many records it handled. */
  protected abstract runOnce(): Promise<number>;

  onApplicationBootstrap(): void {
    this.task.start(this.intervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Runs now, or joins the run under way; answers how many records it handled (none when it failed). */
  sweep(): Promise<number> {
    return this.task.run();
  }

  private async runLogged(): Promise<number> {
    try {
      return await this.runOnce();
    } catch (error) {
      this.log.warn({ err: error }, `${this.name} failed; it runs again at the next interval`);
      return 0;
    }
  }
}

/** Runs `batch` (one statement handling up to `size` records) until a run handles fewer; answers how many in all. */
export async function inBatches(size: number, batch: (size: number) => Promise<number>): Promise<number> {
  let handled = 0;
  let last: number;
  do {
    last = await batch(size);
    handled += last;
  } while (last === size);
  return handled;
}
