import { json, NextFunction, Request, Response } from 'express';
import { NUL_MESSAGE } from '../validation/field.decorators';

export const MAX_BODY_BYTES = 1024 * 1024;

const parseJson = json({ limit: MAX_BODY_BYTES, type: () => true });
export const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Parses JSON bodies and answers the spec's errors for bodies it cannot take (decisions.md): 415 for a body that
 * is not JSON, 413 past 1 MiB, 400 for malformed JSON and for bodies it refuses (see `refusal`). Runs before routing, so it answers directly.
 */
export function jsonBodyParser(req: Request, res: Response, next: NextFunction): void {
  if (!METHODS_WITH_BODY.has(req.method) || !hasBody(req)) return next();
  if (!req.is('application/json') && !req.is('+json')) {
    res.status(415).json({ error: 'Content-Type must be application/json' });
    return;
  }
  parseJson(req, res, (error?: { type?: string }) => {
    if (!error) {
      if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
        res.status(400).json({ error: 'Request body must be a JSON object' });
        return;
      }
      const refused = refusal(req.body);
      if (refused) {
        res.status(400).json(refused);
        return;
      }
      return next();
    }
    if (error.type === 'entity.too.large') {
      res.status(413).json({ error: `Request body exceeds ${MAX_BODY_BYTES} bytes` });
    } else if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') {
      res.status(415).json({ error: 'Request body must be UTF-8 JSON' });
    } else if (error.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON body' });
    } else {
      res.status(400).json({ error: 'Unreadable request body' });
    }
  });
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Deeper than any body of ours; every later step that walks a body (validation, jsonb) recurses per level. */
export const MAX_BODY_DEPTH = 32;

/** Text PostgreSQL cannot store, in text or jsonb columns, and what a client is told about it. */
const UNSTORABLE_TEXT: [pattern: RegExp, message: string][] = [
  [/\u0000/, NUL_MESSAGE],
  [/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/, 'must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF alone)'],
];

/**
 * Why a parsed body is refused before anything else reads it, or undefined: a key that names a member of
 * Object.prototype (`__proto__`, `constructor`, `toString`, ...) or `prototype` anywhere — no field of ours has such a
 * name, they are the keys of prototype pollution, and class-transformer would drop them silently instead of refusing
 * them as unknown; nesting past MAX_BODY_DEPTH; or a key or text PostgreSQL cannot store, which would fail in the
 * database as a 500 in any field that does not check for it (free-form JSON, lists). Walks with its own stack, so
 * that a body of thousands of levels cannot overflow the call stack here.
 */
function refusal(body: object): object | undefined {
  const invalid = (path: string, message: string) => ({ error: 'Validation failed', details: { [path]: [message] } });
  const pending: { value: object; path: string; depth: number }[] = [{ value: body, path: '', depth: 1 }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    if (entry.depth > MAX_BODY_DEPTH) return { error: `Request body is nested more than ${MAX_BODY_DEPTH} levels deep` };
    for (const [key, value] of Object.entries(entry.value)) {
      const path = entry.path ? `${entry.path}.${key}` : key;
      if (key in Object.prototype || key === 'prototype') return invalid(path, 'is not allowed');
      const unstorable = UNSTORABLE_TEXT.find(([pattern]) => pattern.test(key) || (typeof value === 'string' && pattern.test(value)));
      if (unstorable) return invalid(path, unstorable[1]);
      if (typeof value === 'object' && value !== null) pending.push({ value, path, depth: entry.depth + 1 });
    }
  }
  return undefined;
}
