import type { CookieOptions, Request, Response } from 'express';

export const SESSION_COOKIE = 'career_session';

/**
 * HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site posts), and Secure whenever the request came
 * over HTTPS (directly, or through a proxy that TRUST_PROXY trusts), so that it is never sent back in clear.
 */
export function sessionCookieOptions(req: Request, maxAgeMs?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }) };
}

export function sessionTokenOf(req: Request): string | undefined {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof token === 'string' ? token : undefined;
}

export function setSessionCookie(req: Request, res: Response, token: string, maxAgeMs: number): void {
  res.cookie(SESSION_COOKIE, token, sessionCookieOptions(req, maxAgeMs));
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(req));
}
