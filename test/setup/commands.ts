import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GENERATOR_ARGS } from '../../tools/listing-generator/generator-process';
import { testRunEnvironment } from './test-environment';

const run = promisify(execFile);
export const CLI = join(__dirname, '..', '..', 'dist', 'cli', 'main.js');
/** What `npm run cli` runs: the staleness check, which then runs the CLI in its own process with the arguments after it. */
const NPM_RUN_CLI = [join(__dirname, '..', '..', 'tools', 'build-if-stale.mjs'), CLI];

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Each command is a fresh Node process that loads the service's modules (1 s on a quiet machine, 4–7 s on a busy
 * one): suites that run several in one test give the test this much time per command.
 */
export const COMMAND_TIMEOUT_MS = 15_000;

/** `npm run cli -- ...args`, on this run's database. */
export const cli = (...args: string[]) => runNode([...NPM_RUN_CLI, ...args]);
/** `echo input | npm run cli -- ...args`: `input` is the command's standard input. */
export const cliWithInput = (input: string, ...args: string[]) => runNode([...NPM_RUN_CLI, ...args], input);
/** `npm run cli -- ...args` with `env` over this run's environment. */
export const cliWithEnv = (env: Record<string, string>, ...args: string[]) => runNode([...NPM_RUN_CLI, ...args], undefined, env);
/** `npm run jobs:generate -- ...args`. */
export const generate = (...args: string[]) => runNode([...GENERATOR_ARGS, ...args]);

async function runNode(args: string[], input?: string, overrides: Record<string, string> = {}): Promise<CommandResult> {
  const env = { ...process.env, DATABASE_URL: testRunEnvironment().databaseUrl, ...overrides };
  try {
    const running = run('node', args, { env, maxBuffer: 64 * 1024 * 1024 });
    if (input !== undefined) running.child.stdin?.end(input);
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CommandResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
