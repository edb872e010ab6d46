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
