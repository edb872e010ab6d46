import type { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';

/**
 * Runs `handler` for the queue's jobs, `concurrency` at a time. Processors register this way rather than with
 * @nestjs/bull's `@Process()`, which drops the promise `queue.process()` returns: when the app closes while the queue
 * is still connecting (a start that failed, a SIGTERM during start-up), that promise rejects with "Connection is
 * closed." and nothing would handle it. Here the processor's log says the queue stopped.
 */
export function processJobs<T>(queue: Queue<T>, concurrency: number, handler: (job: Job<T>) => Promise<void>, log: Logger): void {
  queue.process(concurrency, handler).catch((error: Error) => log.warn({ err: error }, `The ${queue.name} queue stopped`));
}
