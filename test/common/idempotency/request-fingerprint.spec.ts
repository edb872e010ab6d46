import { canonicalJson, idempotencyKeyProblem, requestFingerprint } from '@src/common/idempotency/request-fingerprint';

describe('requestFingerprint', () => {
  it('is the same for the same body with its keys in any order, at any depth', () => {
    const a = requestFingerprint('POST', '/v1/contacts', { firstName: 'Ada', tags: [{ b: 1, a: 2 }], notes: null });
    const b = requestFingerprint('POST', '/v1/contacts', { notes: null, tags: [{ a: 2, b: 1 }], firstName: 'Ada' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  const first = requestFingerprint('POST', '/v1/contacts', { firstName: 'Ada', tags: [1, 2] });
  it.each([
    ['another method', requestFingerprint('PUT', '/v1/contacts', { firstName: 'Ada', tags: [1, 2] })],
    ['another path', requestFingerprint('POST', '/v1/contacts?x=1', { firstName: 'Ada', tags: [1, 2] })],
    ['another value', requestFingerprint('POST', '/v1/contacts', { firstName: 'Ada ', tags: [1, 2] })],
    ['a value of another type', requestFingerprint('POST', '/v1/contacts', { firstName: ['Ada'], tags: [1, 2] })],
    ['an array in another order', requestFingerprint('POST', '/v1/contacts', { firstName: 'Ada', tags: [2, 1] })],
  ])('differs for %s', (_change, other) => {
    expect(other).not.toBe(first);
  });

  it('reads no body as the empty object, and a key left undefined as absent (as JSON would send it)', () => {
    expect(requestFingerprint('POST', '/v1/resume/x/export/pdf', undefined)).toBe(requestFingerprint('POST', '/v1/resume/x/export/pdf', {}));
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });
});

describe('idempotencyKeyProblem', () => {
  it('takes 1 to 255 characters', () => {
    expect(idempotencyKeyProblem('k')).toBeUndefined();
    expect(idempotencyKeyProblem('k'.repeat(255))).toBeUndefined();
    expect(idempotencyKeyProblem('')).toBe('must not be empty');
    expect(idempotencyKeyProblem('k'.repeat(256))).toBe('must be at most 255 characters');
  });
});
