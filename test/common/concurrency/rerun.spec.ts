import { Rerun } from '@src/common/concurrency/rerun';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Rerun', () => {
  it('runs once more after the run under way, however many asked meanwhile, never two at once', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    const rerun = new Rerun(async () => {
      runs += 1;
      most = Math.max(most, ++running);
      await tick();
      running -= 1;
    });
    const first = rerun.run();
    void rerun.run();
    void rerun.run();
    await first;
    expect([runs, most]).toEqual([2, 1]);
    await rerun.run();
    expect(runs).toBe(3);
  });

  it('lets the work take a request itself, waiting for one up to a limit, so that no extra run follows', async () => {
    const taken: boolean[] = [];
    let runs = 0;
    const rerun: Rerun = new Rerun(async () => {
      runs += 1;
      taken.push(await rerun.takeRequest(5_000));
      taken.push(await rerun.takeRequest(20));
    });
    const run = rerun.run();
    await tick();
    const asked = Date.now();
    void rerun.run();
    await run;
    expect(taken).toEqual([true, false]);
    expect(runs).toBe(1);
    expect(Date.now() - asked).toBeLessThan(2_000);
  });

  it('tells when it is idle, in the turn its last run ends, and runs anew when asked after', async () => {
    const events: string[] = [];
    const rerun = new Rerun(
      async () => {
        events.push('run');
        await tick();
      },
      () => events.push('idle'),
    );
    await rerun.run();
    await rerun.idle();
    await rerun.run();
    expect(events).toEqual(['run', 'idle', 'run', 'idle']);
  });
});
