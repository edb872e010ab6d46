import { Semaphore } from '@src/common/concurrency/semaphore';

describe('Semaphore', () => {
  it('runs at most `slots` tasks at once, the rest in order, and passes results and errors through', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (index === 3) throw new Error('task 3 failed');
      return index * 10;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((index) => semaphore.run(task(index))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'task 3 failed',
      40,
      50,
    ]);
    expect(await semaphore.run(async () => 'free again')).toBe('free again');
  });
});
