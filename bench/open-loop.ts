/**
 * The open-loop client of `openLoop` (support.ts), in a process of its own: it is sent one run, answers its result
 * and exits.
 */
import { Agent, request } from 'node:http';
import type { OpenLoopResult } from './support';

interface OpenLoopRun {
  name: string;
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  /** Sent at the same rate first, and not counted: connections opened, code compiled. */
  warmUpSeconds: number;
}

process.once('message', (run: OpenLoopRun) => {
  void (async () => {
    if (run.warmUpSeconds > 0) await schedule(run.name, run.url, run.headers, run.rate, run.warmUpSeconds);
    const result = await schedule(run.name, run.url, run.headers, run.rate, run.seconds);
    process.send?.(result, () => process.exit(0));
  })();
});

async function schedule(name: string, url: string, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total).fill(Number.POSITIVE_INFINITY);
  let failed = 0;
  let pending = 0;
  let next = 0;
  const started = performance.now();
  const interval = 1000 / rate;
  const send = (index: number, due: number) => {
    pending++;
    const done = (ok: boolean) => {
      pending--;
      if (ok) latencies[index] = performance.now() - due;
      else failed++;
    };
    request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode !== undefined && res.statusCode < 300));
    })
      .on('error', () => done(false))
      .end();
  };
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * interval <= now) {
        send(next, started + next * interval);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, started + next * interval - performance.now())));
      else resolve();
    };
    tick();
  });
  const deadline = performance.now() + 10_000;
  while (pending > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  agent.destroy();
  const answered = Array.from(latencies.filter(Number.isFinite)).sort((a, b) => a - b);
  const unanswered = total - answered.length - failed;
  const at = (q: number) => (answered.length ? round(answered[Math.min(answered.length - 1, Math.floor(q * answered.length))]) : NaN);
  return { name, rate, sent: total, p50: at(0.5), p99: at(0.99), max: at(1), failed: failed + unanswered };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
