import type { ColumnType } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

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

/** Column types the driver answers as a Date, and as text (a bigint, which a JSON number would round). */
const DATE_TIME_TYPES = new Set<ColumnType>(['timestamptz', 'timestamp with time zone', 'timestamp', 'timestamp without time zone', Date]);
const BIGINT_TYPES = new Set<ColumnType>(['bigint', 'int8']);

/** A row read as JSON (`to_jsonb`), as the driver and TypeORM would hydrate it from the row itself. */
export function hydrated<T>(columns: ColumnMetadata[], row: Record<string, unknown>): T {
  const entity: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row[column.databaseName] ?? null;
    entity[column.propertyName] =
      value === null ? null : DATE_TIME_TYPES.has(column.type) ? new Date(value as string) : BIGINT_TYPES.has(column.type) ? String(value) : value;
  }
  return entity as T;
}
