import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ValidationFailedError } from '../../../common/errors/api-errors';
import type { Key, TextMode } from './search-sql';
import type { SearchRepository } from './search.repository';

const CURSOR_KEY_PURPOSE = 'search-cursor';

/** Where the next page starts: the stream (relevance tier) and the last listing returned within it. */
export interface CursorPosition {
  /** The index of the stream the next page continues (search-plan.ts: the title tier is 0). */
  stream: number;
  /** posted_at (as PostgreSQL wrote it) and id of the last listing returned. */
  after: Key;
  /** The total of the first page, which later pages keep. */
  total: number;
  /** The first page's clock (ISO 8601), for relative dates. */
  asOf: string;
  mode: TextMode;
  /** The query as read, when its words were corrected (search-words.ts). */
  query?: string;
}

/** A position as a cursor carries it: one letter a field keeps the token short. */
interface WirePosition {
  t: number;
  k: Key;
  n: number;
  a: string;
  m: TextMode;
  q?: string;
}

/** The codec of search cursors, signed with the deployment's one key so that any instance reads another's cursors. */
export async function loadSearchCursors(repository: SearchRepository): Promise<SearchCursors> {
  return new SearchCursors(new SearchCursorCodec(await repository.signingSecret(CURSOR_KEY_PURPOSE, randomBytes(32))));
}

/** Search positions to and from `nextCursor`, with readable names in code and single letters on the wire. */
export class SearchCursors {
  constructor(private readonly codec: SearchCursorCodec<WirePosition>) {}

  encode(search: string, { stream, after, total, asOf, mode, query }: CursorPosition): string {
    return this.codec.encode(search, { t: stream, k: after, n: total, a: asOf, m: mode, ...(query !== undefined ? { q: query } : {}) });
  }

  /** The position a cursor holds, or a 400 naming `cursor` (see SearchCursorCodec.decode). */
  decode(search: string, cursor: string): CursorPosition {
    const { t, k, n, a, m, q } = this.codec.decode(search, cursor);
    return { stream: t, after: k, total: n, asOf: a, mode: m, ...(q !== undefined ? { query: q } : {}) };
  }
}

/**
 * `nextCursor`: an opaque, signed token. The payload is base64url JSON, followed by a dot and an HMAC-SHA256 of it,
 * so a client can neither forge a position nor replay a cursor against a different search.
 */
export class SearchCursorCodec<T extends object> {
  constructor(private readonly secret: Buffer) {}

  encode(search: string, position: T): string {
    const payload = Buffer.from(JSON.stringify({ s: search, p: position })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The position a cursor holds, or a 400 naming `cursor` when it was altered or belongs to another search. */
  decode(search: string, cursor: string): T {
    const [payload, signature, ...rest] = cursor.split('.');
    if (!payload || !signature || rest.length > 0 || !this.verify(payload, signature)) throw invalidCursor('is invalid or was tampered with');
    const { s, p } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s: string; p: T };
    if (s !== search) throw invalidCursor('belongs to a different search: send the same filters as the first page');
    return p;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** A short fingerprint of the filters of a search (everything but `cursor` and `limit`), with keys in a fixed order. */
export function searchFingerprint(filters: object): string {
  const entries = Object.entries(filters)
    .filter(([key, value]) => key !== 'cursor' && key !== 'limit' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 16);
}

function invalidCursor(message: string): ValidationFailedError {
  return ValidationFailedError.field('cursor', message);
}
