/**
 * A `timestamptz` column selected as the text its Date would serialize to (`2026-11-25T06:01:07.123Z`): ISO 8601 in
 * UTC with the microseconds cut to milliseconds, as node-postgres's parser cuts them, so the answer is the same byte
 * for byte. Rows returned as they are then need no Date per timestamp, neither parsed nor serialized again.
 * Timestamps outside years 0–9999 would differ (Date writes `+010000`); the service writes none.
 */
export function jsonTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A view as it goes out as JSON: its Dates are already their ISO strings (see `jsonTimestamp`). */
export type AsJson<T> = T extends Date ? string : T extends readonly (infer I)[] ? AsJson<I>[] : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T;
