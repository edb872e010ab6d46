import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { ApiError } from '../../common/errors/api-errors';
import { CsrfTokens } from './csrf-tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Pages load nothing from elsewhere, run only our own script, and are never framed. No `form-action`: Chrome
 * applies it to the redirects after a post, and OAuth's consent post redirects to the app.
 */
const CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Every page: headers that keep it out of caches and frames, the CSRF check of a posted form (after the body is read,
 * before the handler), and the token for the forms it renders (`res.locals.csrfToken`, written by `{{> csrf}}`).
 */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  constructor(private readonly csrf: CsrfTokens) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    if (!SAFE_METHODS.has(req.method) && !this.csrf.valid(req)) {
      throw new ApiError(HttpStatus.FORBIDDEN, 'This form has expired or did not come from this site. Go back, reload the page and send it again.');
    }
    res.locals.csrfToken = this.csrf.token(req, res);
    return next.handle();
  }
}
