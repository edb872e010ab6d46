import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { API_KEY_CHALLENGE } from '../auth/api-key.guard';
import { clientLeft } from '../http/client-gone';
import { allowedMethods, nearestPath } from '../http/route-table';
import { ApiError } from './api-errors';
import { setRetryAfter } from './retry-after';

const STATUS_MESSAGES: Record<number, string> = {
  [HttpStatus.NOT_FOUND]: 'Not found',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'Method not allowed',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'Request body too large',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Unsupported media type',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests',
};

/**
 * The one place that turns exceptions into responses: our own `ApiError`s carry their body as it is sent, Nest's
 * built-in ones (unknown route, ...) get the API's `{error}` shape, and anything unexpected is a 500 that leaks nothing.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (response.headersSent) return;
    if (clientLeft(exception, request)) {
      this.logger.debug({ requestId: String(request.id ?? ''), reason: String((exception as Error).message) }, 'The client disconnected mid-request');
      return;
    }

    if (exception instanceof ApiError) {
      const body = exception.getResponse() as { retryAfter?: unknown };
      if (typeof body.retryAfter === 'number') setRetryAfter(response, body.retryAfter);
      response.status(exception.getStatus()).json(body);
      return;
    }
    // No route took the request (Nest's own 404 for an unknown method and path).
    if (exception instanceof NotFoundException && !request.route) {
      answerUnrouted(request, response);
      return;
    }
    if (exception instanceof HttpException) {
      // A path Express cannot decode ('%FF') reaches here as Nest's 400; it names no record, so it is a 404 like any
      // malformed id.
      const status = UNDECODABLE_PATH.test(exception.message) ? HttpStatus.NOT_FOUND : exception.getStatus();
      response.status(status).json({ error: STATUS_MESSAGES[status] ?? exception.message });
      return;
    }

    if (accountDeletedMeanwhile(exception)) {
      response.setHeader('WWW-Authenticate', API_KEY_CHALLENGE);
      response.status(HttpStatus.UNAUTHORIZED).json({ error: ACCOUNT_DELETED_MESSAGE });
      return;
    }
    const requestId = String(request.id ?? '');
    if (isDependencyOutage(exception)) {
      this.logger.warn({ err: exception, requestId }, 'A dependency was unavailable');
      setRetryAfter(response, OUTAGE_RETRY_AFTER_SECONDS);
      response.status(HttpStatus.SERVICE_UNAVAILABLE).json({ error: UNAVAILABLE_MESSAGE, requestId });
      return;
    }
    this.logger.error({ err: exception, requestId }, 'Unhandled error');
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ error: 'Internal server error', requestId });
  }
}

/**
 * A path the app serves under other methods answers 405 with the methods it takes in `Allow` (OPTIONS, which asks for
 * them, 204); any other path 404, with a `hint` when the app serves a path it was likely meant to be (`/v1/resumes`).
 */
function answerUnrouted(request: Request, response: Response): void {
  const allowed = allowedMethods(request, request.path);
  if (allowed.length > 0) {
    response.setHeader('Allow', [...allowed, 'OPTIONS'].join(', '));
    if (request.method === 'OPTIONS') response.status(HttpStatus.NO_CONTENT).end();
    else response.status(HttpStatus.METHOD_NOT_ALLOWED).json({ error: STATUS_MESSAGES[HttpStatus.METHOD_NOT_ALLOWED] });
    return;
  }
  const near = nearestPath(request, request.path);
  response.status(HttpStatus.NOT_FOUND).json({ error: STATUS_MESSAGES[HttpStatus.NOT_FOUND], ...(near && { hint: `did you mean ${near}?` }) });
}

/** A dependency (PostgreSQL) was unavailable: the 503 a client may retry. */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable; retry shortly';

/** The `Retry-After` of that 503 (the body names no wait). */
export const OUTAGE_RETRY_AFTER_SECONDS = 1;

const UNDECODABLE_PATH = /^Failed to decode param /;

/** PostgreSQL error classes 08 (connection exception) and 57P (operator intervention), 53300 (too many connections). */
const OUTAGE_CODES = /^(08|57P|53300)/;
const OUTAGE_MESSAGES =
  /terminating connection|Connection terminated|ECONNREFUSED|ECONNRESET|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The database went away under a request: the client may retry (503), unlike a bug (500). A transaction whose
 * connection was killed surfaces in TypeORM as a released query runner: `QueryRunnerAlreadyReleasedError` from the
 * query runner, `QueryRunnerProviderAlreadyReleasedError` from a raw `manager.query` in the transaction.
 */
const RELEASED_RUNNER = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

function isDependencyOutage(exception: unknown): boolean {
  const error = exception as { name?: unknown; code?: unknown; driverError?: { code?: unknown }; message?: unknown };
  const code = String(error?.driverError?.code ?? error?.code ?? '');
  return OUTAGE_CODES.test(code) || OUTAGE_MESSAGES.test(String(error?.message ?? '')) || RELEASED_RUNNER.has(String(error?.name));
}

/** The answer to a request whose account was deleted while it ran: the key that authorized it went with the account. */
export const ACCOUNT_DELETED_MESSAGE = 'Invalid API key';

/**
 * A write that names an account deleted while the request ran: the key was valid when the guard read it, and the
 * insert's foreign key to `accounts` fails once the deletion commits (PostgreSQL's 23503). The next request with that
 * key would get a 401; this one gets the same rather than a 500.
 */
function accountDeletedMeanwhile(exception: unknown): boolean {
  const error = exception as { code?: unknown; detail?: unknown; driverError?: { code?: unknown; detail?: unknown } };
  const code = String(error?.driverError?.code ?? error?.code ?? '');
  const detail = String(error?.driverError?.detail ?? error?.detail ?? '');
  return code === '23503' && /is not present in table "accounts"/.test(detail);
}
