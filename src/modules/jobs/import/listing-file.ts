import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { SourceRecord } from './listing-import.service';

/**
 * The records of an import file: a JSON array (read whole) or NDJSON (streamed line by line, so files of any size
 * import in constant memory). The first non-blank character tells which: `[` is an array.
 */
export async function* readListingFile(input: Readable): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  let seenContent = false;
  let arrayText: string[] | null = null;
  for await (const line of lines) {
    lineNumber++;
    if (arrayText) {
      arrayText.push(line);
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (!seenContent && trimmed.startsWith('[')) {
      arrayText = [line];
      continue;
    }
    seenContent = true;
    yield parseLine(trimmed, `line ${lineNumber}`);
  }
  if (arrayText) yield* arrayRecords(arrayText.join('\n'));
}

function parseLine(text: string, position: string): SourceRecord {
  try {
    return { position, value: JSON.parse(text) };
  } catch (error) {
    return { position, value: null, parseError: `invalid JSON (${(error as Error).message})` };
  }
}

function* arrayRecords(text: string): Generator<SourceRecord> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`The file starts like a JSON array but is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(parsed)) throw new Error('The file must be a JSON array or NDJSON');
  for (let index = 0; index < parsed.length; index++) yield { position: `record ${index + 1}`, value: parsed[index] };
}

export function openListingFile(path: string): Readable {
  return path === '-' ? process.stdin : createReadStream(path);
}
