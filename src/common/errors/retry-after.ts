import type { Response } from 'express';

/**
 * The one place `Retry-After` is set. The exceptions filter calls it for every error whose body has `retryAfter`
 * (so a thrown 429, 409 or 503 sends the same number in both) and for its own 503; the few answers no exception
 * makes (the sign-in pages, OAuth's own error shape, a 503 written after the handler ran) call it with their wait.
 */
export function setRetryAfter(response: Response, seconds: number): void {
  response.setHeader('Retry-After', seconds);
}
