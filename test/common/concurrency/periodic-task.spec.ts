import { PeriodicTask } from '@src/common/concurrency/periodic-task';

describe('PeriodicTask', () => {
  it('runs at start, joins a run under way instead of starting a second, and stop waits for that run', async () => {
    let runs = 0;
    let finish!: () => void;
    const task = new PeriodicTask(async () => {
      runs += 1;
      await new Promise<void>((resolve) => (finish = resolve));
      return runs;
    });

    task.start(60_000);
    expect(runs).toBe(1);
    const joined = task.run();
    expect(runs).toBe(1);

    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await joined).toBe(1);

    const next = task.run();
    expect(runs).toBe(2);
    finish();
    expect(await next).toBe(2);
  });
});
