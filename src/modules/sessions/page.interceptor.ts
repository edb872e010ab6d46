import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { ApiError } from '../../common/errors/api-errors';
import { CsrfTokens } from './csrf-tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every page: kept out of caches (a page may show a new API key; the security headers every answer gets are
 * `securityHeaders`'), the CSRF check of a posted form (after the body is read, before the handler), and the token
 * for the forms it renders (`res.locals.csrfToken`, written by `{{> csrf}}`).
 */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  constructor(private readonly csrf: CsrfTokens) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('Cache-Control', 'no-store');
    if (!SAFE_METHODS.has(req.method) && !this.csrf.valid(req)) {
      throw new ApiError(HttpStatus.FORBIDDEN, 'This form has expired or did not come from this site. Go back, reload the page and send it again.');
    }
    res.locals.csrfToken = this.csrf.token(req, res);
    return next.handle();
  }
}
