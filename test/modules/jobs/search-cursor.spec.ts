import { SearchCursorCodec, searchFingerprint } from '@src/modules/jobs/search/search-cursor';

describe('search cursors', () => {
  const codec = new SearchCursorCodec<{ k: [string, string] }>(Buffer.alloc(32, 7));
  const search = searchFingerprint({ query: 'go', remote: true });
  const position = { k: ['2026-01-01 00:00:00+00', '6f1d3c5e-0000-4000-8000-000000000000'] as [string, string] };

  it('gives back the position it encoded', () => {
    expect(codec.decode(search, codec.encode(search, position))).toEqual(position);
  });

  it('is opaque: URL-safe characters only, no readable position', () => {
    const cursor = codec.encode(search, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('2026');
  });

  it.each([
    [
      'a changed payload',
      (cursor: string) => `${Buffer.from(JSON.stringify({ s: search, p: { k: ['2030-01-01', 'x'] } })).toString('base64url')}.${cursor.split('.')[1]}`,
    ],
    ['a changed signature', (cursor: string) => `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`],
    ['no signature', (cursor: string) => cursor.split('.')[0]],
    ['garbage', () => 'not a cursor'],
    ['extra parts', (cursor: string) => `${cursor}.more`],
  ])('refuses %s with a validation error on `cursor`', (_case, tamper) => {
    const cursor = tamper(codec.encode(search, position));
    expect(() => codec.decode(search, cursor)).toThrow(
      expect.objectContaining({ response: { error: 'Validation failed', details: { cursor: ['is invalid or was tampered with'] } } }),
    );
  });

  it('refuses a cursor signed with another secret', () => {
    const other = new SearchCursorCodec(Buffer.alloc(32, 8));
    expect(() => codec.decode(search, other.encode(search, position))).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses a cursor of a different search', () => {
    const cursor = codec.encode(search, position);
    expect(() => codec.decode(searchFingerprint({ query: 'rust', remote: true }), cursor)).toThrow(
      expect.objectContaining({ response: { error: 'Validation failed', details: { cursor: [expect.stringContaining('different search')] } } }),
    );
  });

  it('fingerprints the filters only: not the page size, the cursor, or the order of fields', () => {
    expect(searchFingerprint({ remote: true, query: 'go', limit: 50, cursor: 'x' })).toBe(search);
    expect(searchFingerprint({ query: 'go', remote: false })).not.toBe(search);
  });
});
