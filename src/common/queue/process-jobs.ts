import type { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type Redis from 'ioredis';

/**
 * Runs `handler` for the queue's jobs, `concurrency` at a time. Processors register this way rather than with
 * @nestjs/bull's `@Process()`, which drops the promise `queue.process()` returns: when the app closes while the queue
 * is still connecting (a start that failed, a SIGTERM during start-up), that promise rejects with "Connection is
 * closed." and nothing would handle it. Here the processor's log says the queue stopped.
 */
export function processJobs<T>(queue: Queue<T>, concurrency: number, handler: (job: Job<T>) => Promise<void>, log: Logger): void {
  closeWithoutWaitingForNextJob(queue);
  queue.process(concurrency, handler).catch((error: Error) => log.warn({ err: error }, `The ${queue.name} queue stopped`));
}

/** Bull's connection that waits for the next job, made once the queue processes jobs (not in Bull's typings). */
interface WaitingConnection {
  bclientInitialized?: boolean;
  bclient: Redis;
}

/**
 * Bull closes a processing queue by asking its waiting connection to quit, which queues behind the blocking wait for
 * the next job until Bull gives up after 500 ms: half a second per queue on every shutdown. Ending that connection as
 * the close begins costs nothing (Bull takes its "Connection is closed." as part of closing); jobs in flight still
 * finish first.
 */
function closeWithoutWaitingForNextJob(queue: Queue): void {
  const close = queue.close.bind(queue);
  queue.close = (doNotWaitJobs?: boolean) => {
    const closing = close(doNotWaitJobs);
    const waiting = queue as unknown as WaitingConnection;
    if (waiting.bclientInitialized) waiting.bclient.disconnect();
    return closing;
  };
}
