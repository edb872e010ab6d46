import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientLeft } from '../../common/http/client-gone';
import { SignInRequired, signInPath } from './sign-in-required';

const PAGE_MESSAGES: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: 'There is nothing here, or it is not yours to see.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'This page takes ordinary form posts only.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'That form was too large to take.',
};

/**
 * The exceptions filter of the pages: a page answers a page, never JSON. A missing session redirects to sign-in;
 * an HTTP error shows its message; anything else is a 500 page that reveals only the request id.
 */
@Catch()
export class PageErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Pages');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    if (res.headersSent) return;
    if (clientLeft(exception, req)) {
      this.logger.debug({ requestId: String(req.id ?? ''), reason: String((exception as Error).message) }, 'The client disconnected mid-request');
      return;
    }
    if (exception instanceof SignInRequired) {
      res.redirect(HttpStatus.SEE_OTHER, signInPath(exception.next));
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse() as { error?: unknown };
      const message = PAGE_MESSAGES[status] ?? (typeof body?.error === 'string' ? body.error : exception.message);
      res.status(status).render('error', { title: status === HttpStatus.NOT_FOUND ? 'Not found' : 'Something is not right', status, message });
      return;
    }
    const requestId = String(req.id ?? '');
    this.logger.error({ err: exception, requestId }, 'Unhandled error on a page');
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).render('error', {
      title: 'Something went wrong',
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      message: 'Something went wrong on our side. Try again in a moment.',
      requestId,
    });
  }
}
