import { withLiterals } from '@src/modules/jobs/search/search-sql';

describe('withLiterals', () => {
  it('writes each value as a quoted literal, which takes its type from where it stands as a parameter does', () => {
    const statement = {
      sql: 'SELECT 1 WHERE l.posted_at >= $1::timestamptz AND l.salary >= $2 AND l.is_remote = $3 AND l.country = $4 LIMIT $5',
      values: ['2026-11-01T00:00:00.000Z', 99_999.5, true, null, 21],
    };
    expect(withLiterals(statement)).toBe(
      "SELECT 1 WHERE l.posted_at >= '2026-11-01T00:00:00.000Z'::timestamptz AND l.salary >= '99999.5' AND l.is_remote = 'true' AND l.country = NULL LIMIT '21'",
    );
  });

  it("escapes quotes and backslashes in strings, and writes arrays in PostgreSQL's array syntax", () => {
    const statement = { sql: 'SELECT $1::tsquery, $2::text[], $3::int[]', values: ["'engin' & 'o''brien'", ['a"b', 'c\\d', 'e,f', "g'h"], [3, 17]] };
    expect(withLiterals(statement)).toBe(`SELECT '''engin'' & ''o''''brien'''::tsquery,  E'{"a\\\\"b","c\\\\\\\\d","e,f","g''h"}'::text[], '{3,17}'::int[]`);
  });

  it('reads $10 as the tenth value, leaves quoted text alone, and never reads a placeholder inside a value', () => {
    const values = ['$2', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'];
    const statement = { sql: "SELECT $10, '$1 stays', $1, l.id < '08'::uuid", values };
    expect(withLiterals(statement)).toBe("SELECT 'ten', '$1 stays', '$2', l.id < '08'::uuid");
  });

  it('refuses a value it has no literal for rather than guess', () => {
    expect(() => withLiterals({ sql: 'SELECT $1', values: [{ a: 1 }] })).toThrow(TypeError);
    expect(() => withLiterals({ sql: 'SELECT $1', values: [Number.NaN] })).toThrow(TypeError);
  });
});
