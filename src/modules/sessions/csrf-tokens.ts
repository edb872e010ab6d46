import { Injectable } from '@nestjs/common';
import { doubleCsrf, DoubleCsrfUtilities } from 'csrf-csrf';
import type { Request, Response } from 'express';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { sessionTokenOf } from './session-cookie';

export const CSRF_COOKIE = 'career_csrf';
/** The form field that carries the token: `{{> csrf}}` writes it. */
export const CSRF_FIELD = '_csrf';

/**
 * Signed double-submit tokens (csrf-csrf): the token sits in an HttpOnly cookie and in every form, signed with
 * CSRF_SECRET over the session cookie's value, so that a token from another session (or from before sign-in) is
 * refused. Another site can neither read the token nor set the cookie.
 */
@Injectable()
export class CsrfTokens {
  private readonly csrf: DoubleCsrfUtilities;

  constructor(@InjectConfig() config: AppConfig) {
    this.csrf = doubleCsrf({
      getSecret: () => config.web.csrfSecret,
      getSessionIdentifier: (req) => sessionTokenOf(req) ?? '',
      cookieName: CSRF_COOKIE,
      cookieOptions: { sameSite: 'lax', path: '/', httpOnly: true },
      getCsrfTokenFromRequest: (req) => {
        const sent: unknown = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
        return typeof sent === 'string' ? sent : undefined;
      },
    });
  }

  /** The token for this request's forms (the cookie's, while it is still good for this session). */
  token(req: Request, res: Response): string {
    return this.csrf.generateCsrfToken(req, res, { cookieOptions: { secure: req.secure } });
  }

  /** Whether a posted form carries the token of its cookie, signed for this session. */
  valid(req: Request): boolean {
    return this.csrf.validateRequest(req);
  }
}
