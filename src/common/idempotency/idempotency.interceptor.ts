import { CallHandler, ExecutionContext, HttpStatus, Injectable, Logger, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, of } from 'rxjs';
import { OUTAGE_RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../errors/all-exceptions.filter';
import { ValidationFailedError } from '../errors/api-errors';
import { setRetryAfter } from '../errors/retry-after';
import type { StoredAnswer } from './idempotency.repository';
import { IdempotencyClaim, IdempotencyService } from './idempotency.service';
import { idempotencyKeyProblem, requestFingerprint } from './request-fingerprint';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The headers that are part of an answer and replayed with it. The rest describe the moment (X-Request-Id, the
 * rate-limit window, Date) and are the replay's own.
 */
export const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location', 'cache-control'];

/**
 * `Idempotency-Key` on every POST under /v1 that changes something: `useBodyRoutes` gives it only to those
 * (`@ChangesNothing()` marks the others, a search or an export: running one twice is harmless, so its key is not
 * held or kept). It runs after the guards (401, 403, 429) and the body reader, the last of them (400, 413, 415):
 * none of those answers is kept, and the request it fingerprints is the parsed body. Everything later (validation, the
 * handler, the exception filter's answer) is the request's answer: the handler runs in the key's transaction, and
 * the answer, captured as it is written to the client, is kept in it before the client gets it.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly log = new Logger(IdempotencyInterceptor.name);

  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    // Checked without a promise: most requests take no key.
    if (request.method !== 'POST') return next.handle();
    const key = request.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !request.path.startsWith('/v1/') || !request.caller) return next.handle();
    return this.run(request, context.switchToHttp().getResponse<Response>(), request.caller.accountId, key, next);
  }

  private async run(request: Request, response: Response, accountId: string, key: string, next: CallHandler): Promise<Observable<unknown>> {
    const problem = idempotencyKeyProblem(key);
    if (problem) throw ValidationFailedError.field(IDEMPOTENCY_KEY_HEADER, problem);

    const fingerprint = requestFingerprint(request.method, request.originalUrl, request.body);
    const decision = await this.idempotency.decide(accountId, key, fingerprint);
    if ('replay' in decision) return of(replay(response, decision.replay));
    const claim = decision.run;
    this.keepAnswer(request, response, claim);
    // Subscribed inside the transaction's context, so the handler (called at subscription) and all it awaits run in it.
    return new Observable((subscriber) => claim.transaction.run(() => next.handle().subscribe(subscriber)));
  }

  /**
   * Holds back what is written to the response until it ends, keeps it with what the request wrote (or rolls both
   * back for a 5xx), then sends it: a retry that arrives once the client has its answer finds it kept. When the
   * commit fails, nothing happened, and the client is told so (503) instead.
   */
  private keepAnswer(request: Request, response: Response, claim: IdempotencyClaim): void {
    const chunks: Buffer[] = [];
    const { write } = response;
    const end = response.end as (chunk: Buffer, callback?: () => void) => Response;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    response.write = ((chunk: unknown, encoding?: unknown, callback?: () => void) => {
      collect(chunk, encoding);
      (typeof encoding === 'function' ? (encoding as () => void) : callback)?.();
      return true;
    }) as Response['write'];
    response.end = ((chunk?: unknown, encoding?: unknown, callback?: () => void) => {
      collect(chunk, encoding);
      const done = [chunk, encoding, callback].find((argument) => typeof argument === 'function') as (() => void) | undefined;
      response.write = write;
      response.end = end as Response['end'];
      const body = Buffer.concat(chunks);
      const answer = { status: response.statusCode, headers: replayedHeaders(response), body };
      void this.idempotency.settle(claim, answer).then(
        () => end.call(response, body, done),
        (error: unknown) => {
          this.log.warn({ err: error, requestId: request.id }, 'The answer of an Idempotency-Key request could not be committed; nothing it did was kept');
          const unavailable = Buffer.from(JSON.stringify({ error: UNAVAILABLE_MESSAGE, requestId: String(request.id ?? '') }));
          response.status(HttpStatus.SERVICE_UNAVAILABLE);
          setRetryAfter(response, OUTAGE_RETRY_AFTER_SECONDS);
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.setHeader('Content-Length', unavailable.length);
          response.removeHeader('Location');
          end.call(response, unavailable, done);
        },
      );
      return response;
    }) as Response['end'];
  }
}

function replayedHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** The kept answer, byte for byte, with its status and headers; Nest sends a StreamableFile as it is. */
function replay(response: Response, answer: StoredAnswer): StreamableFile {
  response.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return new StreamableFile(answer.body, { length: answer.body.length });
}
