import { createHash } from 'node:crypto';

/** The most characters an idempotency key may have (Stripe's limit). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Why a key is refused, or undefined: empty, or longer than MAX_IDEMPOTENCY_KEY_LENGTH. */
export function idempotencyKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'must not be empty';
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) return `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
  return undefined;
}

/**
 * What identifies a request for its key: the method (or the MCP tool), the path, and the body as canonical JSON (keys
 * sorted at every level), so that a retry whose serializer orders the fields differently is still the same request.
 * A missing body is the empty object: a client that sends `{}` on one try and nothing on the next sent the same thing.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? {})}`)
    .digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
