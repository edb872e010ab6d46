import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ValidationFailedError } from '../../../common/errors/api-errors';
import type { Key, TextMode } from './search-sql';
import type { SearchRepository } from './search.repository';

const CURSOR_KEY_PURPOSE = 'search-cursor';

/** Where the next page starts: the stream (relevance tier) and the last listing's (posted_at, id) within it. */
export interface CursorPosition {
  /** stream index */
  t: number;
  /** posted_at (as PostgreSQL wrote it) and id of the last listing returned */
  k: Key;
  /** total of the first page */
  n: number;
  /** asOf: the first page's clock, for relative dates */
  a: string;
  m: TextMode;
  /** the query as read, when its words were corrected (search-words.ts) */
  q?: string;
}

/** The codec of search cursors, signed with the deployment's one key so that any instance reads another's cursors. */
export async function loadSearchCursors(repository: SearchRepository): Promise<SearchCursorCodec<CursorPosition>> {
  return new SearchCursorCodec(await repository.signingSecret(CURSOR_KEY_PURPOSE, randomBytes(32)));
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
