import { isUUID } from 'class-validator';

/** Every command prints one JSON object on stdout and exits 0, or an error on stderr and exits non-zero. */
export function printResult(result: unknown): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export function fail(message: string): never {
  throw new CliError(message);
}

export class CliError extends Error {}

export function parseList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Ids are checked here so a typo reads as a usage error, not as PostgreSQL's `invalid input syntax for type uuid`. */
export function parseId(value: string, argument: string): string {
  return isUUID(value, 'all') ? value : fail(`${argument} must be an id (a UUID such as 00000000-0000-4000-8000-000000000000), got "${value}"`);
}

/**
 * The password a command was given on standard input: everything up to its end, less one final line break (from
 * `echo` or a typed line). Refused when empty, so a forgotten pipe does not wait for ever on a terminal.
 */
export async function readPasswordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) fail('--password-stdin reads the password from a pipe: printf %s "$PASSWORD" | npm run -s cli -- ...');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return password.length > 0 ? password : fail('--password-stdin read no password');
}
