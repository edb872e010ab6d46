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
