import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';

/**
 * A cold start of `node dist/main.js` under three test workers on a slow two-core machine took more than ten seconds
 * once: the wait is generous, and a start that fails says why.
 */
const START_TIMEOUT_MS = 60_000;
/** What a hook that starts the service needs: the start's own wait, and room beside it. */
export const START_HOOK_TIMEOUT_MS = 90_000;

/** The service as `npm start` runs it, in a process of its own that a test can signal or kill. */
export interface ServiceProcess {
  process: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts `node dist/main.js` with `env` over this process's environment (on `port`, or a free one), and answers once
 * it answers `/health/live`; a process that exits first, or never answers, fails the start with what it wrote.
 */
export async function startServiceProcess(env: Record<string, string>, port?: number): Promise<ServiceProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn('node', [join(__dirname, '..', '..', 'dist', 'main.js')], {
    env: { ...process.env, ...env, PORT: String(listenOn) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const service: ServiceProcess = { process: child, port: listenOn, baseUrl: `http://127.0.0.1:${listenOn}`, output: () => output };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the service exited before it answered (${child.exitCode ?? child.signalCode}):\n${output}`);
    const live = await fetch(`${service.baseUrl}/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (live) return service;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not answer /health/live within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await sleep(100);
  }
}
