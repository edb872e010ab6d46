import { CommandRunner, Option } from 'nest-commander';
import { fail } from './cli-output';

/** How often a terminal's line is redrawn: often enough to look alive, rarely enough to cost nothing per record. */
const REDRAW_MS = 100;

export const DEFAULT_PROGRESS_EVERY_SECONDS = 5;

/**
 * Progress on stderr, never on stdout (stdout carries the command's JSON): on a terminal one line redrawn in place,
 * with a bar when the total is known; in a pipe or a log file a plain line every `everySeconds`, the first one only
 * once that much time has passed, so quick runs stay quiet.
 */
export class Progress {
  private readonly tty: boolean;
  private readonly intervalMs: number;
  private last = Date.now();
  private drawn = false;

  constructor(
    private readonly describe: () => { share: number | null; text: string },
    everySeconds = DEFAULT_PROGRESS_EVERY_SECONDS,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = stream.isTTY === true;
    this.intervalMs = this.tty ? REDRAW_MS : everySeconds * 1000;
  }

  /** Cheap to call for every record: it draws only when the interval has passed. */
  tick(): void {
    const now = Date.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    const { share, text } = this.describe();
    if (!this.tty) {
      this.stream.write(`${share === null ? '' : `${percent(share)} `}${text}\n`);
      return;
    }
    const bar = share === null ? '' : `[${'#'.repeat(Math.floor(Math.min(1, share) * 30)).padEnd(30, '.')}] ${percent(share).padStart(4)} `;
    this.stream.write(`\r\x1b[2K${bar}${text}`);
    this.drawn = true;
  }

  /** Before any other line on stderr, and when the work is done: a terminal's line is wiped, a log keeps its lines. */
  clear(): void {
    if (!this.drawn) return;
    this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }
}

/** Rounded down, so that 100% means done. */
function percent(share: number): string {
  return `${Math.floor(Math.min(1, share) * 100)}%`;
}

export function parseProgressEvery(value: string): number {
  const seconds = Number(value);
  return value.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds : fail('--progress-every must be a number of seconds (0 or more)');
}

export interface ProgressOptions {
  progressEvery: number;
}

/** Both commands take the same option; a class per command keeps nest-commander's option metadata on each. */
export abstract class ProgressCommand extends CommandRunner {
  @Option({
    flags: '--progress-every <seconds>',
    description: `when stderr is not a terminal, a progress line every so many seconds (default ${DEFAULT_PROGRESS_EVERY_SECONDS})`,
    defaultValue: DEFAULT_PROGRESS_EVERY_SECONDS,
  })
  parseProgressEvery(value: string): number {
    return parseProgressEvery(value);
  }
}
