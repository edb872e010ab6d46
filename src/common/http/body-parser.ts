import { CallHandler, CanActivate, ExecutionContext, HttpStatus, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { json, Request, Response, text, urlencoded } from 'express';
import type { Observable } from 'rxjs';
import { ApiError } from '../errors/api-errors';
import { ClientGoneError } from './client-gone';
import { NUL_MESSAGE } from '../validation/field.decorators';
import { isPrototypeKey } from '../validation/prototype-keys';

export const MAX_BODY_BYTES = 1024 * 1024;

const parseJson = json({ limit: MAX_BODY_BYTES, type: () => true });
export const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The refusal of a body that does not parse; the OpenAPI examples show it. */
export const MALFORMED_JSON_MESSAGE = 'Malformed JSON body';

/** A route (or controller) that reads a text body of one media type (a CSV import) instead of JSON, up to `maxBytes`. */
export interface TextBody {
  mediaType: string;
  maxBytes: number;
}

const TEXT_ROUTE = 'http:text';

export const AcceptsText = (body: TextBody) => SetMetadata(TEXT_ROUTE, body);

/** HTML forms are small: a few short fields. */
export const MAX_FORM_BYTES = 64 * 1024;
const parseForm = urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 200, type: () => true });

const FORM_ROUTE = 'http:form';

/** A route (or controller) that reads HTML form posts (`application/x-www-form-urlencoded`) instead of JSON: the web pages. */
export const AcceptsForms = () => SetMetadata(FORM_ROUTE, true);

/**
 * Reads a request's body, before anything else of the route's own runs: a JSON body on `/v1` routes (415 for a body
 * that is not JSON, 413 past 1 MiB, 400 for malformed JSON and for bodies it refuses, see `refusal`), a form or a
 * text body where the route says so. Undefined when there is nothing to read (every GET, most exports): no promise.
 */
function readBody(context: ExecutionContext): Promise<void> | undefined {
  const http = context.switchToHttp();
  const request = http.getRequest<Request>();
  const acceptsForms = Reflect.getMetadata(FORM_ROUTE, context.getHandler()) ?? Reflect.getMetadata(FORM_ROUTE, context.getClass());
  if (acceptsForms) return readFormBody(request, http.getResponse<Response>());
  const textBody = Reflect.getMetadata(TEXT_ROUTE, context.getHandler()) as TextBody | undefined;
  if (textBody) return readTextBody(request, http.getResponse<Response>(), textBody);
  if (!METHODS_WITH_BODY.has(request.method) || !hasBody(request)) return undefined;
  return readJsonBody(request, http.getResponse<Response>());
}

/**
 * The body reader of every API route that can carry a body, as its last guard: after the key (401), scope (403) and
 * limit (429) guards, so a request learns about those before anything about its body, and a body is never read for a
 * request that is refused. A guard rather than an interceptor: a route with any interceptor runs through Nest's rxjs
 * chain, whose objects outlive the request into the old generation (~18 KiB a request: bench/RESULTS-pdf-isolation.md),
 * and most body routes need no other (a search, an export).
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // A request without a body (an export, say) passes without a promise.
    const reading = readBody(context);
    return reading ? reading.then(() => true) : true;
  }
}

/**
 * The same reader for the pages, whose CSRF check (an interceptor of theirs) needs the form read first, and which
 * list it among their own interceptors.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    const reading = readBody(context);
    return reading ? reading.then(() => next.handle()) : next.handle();
  }
}

/**
 * JSON-RPC's codes for a body that cannot be read, for the endpoint that speaks JSON-RPC (MCP): -32700 for one
 * that does not parse, -32600 for one that is not a request it can take, -32000 for the transport's own refusals
 * (size, media type), as the MCP SDK's transport answers them.
 */
export const JSON_RPC_BODY_CODES = { parse: -32700, invalidRequest: -32600, transport: -32000 } as const;

/** A body this parser refuses: the `/v1` answer, and the JSON-RPC code the same refusal has on `/mcp`. */
export class BodyRefusedError extends ApiError {
  constructor(
    status: number,
    error: string,
    readonly jsonRpcCode: number,
    extra: Record<string, unknown> = {},
  ) {
    super(status, error, extra);
  }
}

/** A request that has a body (see `hasBody`). */
async function readJsonBody(req: Request, res: Response): Promise<void> {
  if (!req.is('application/json') && !req.is('+json')) {
    throw new BodyRefusedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Content-Type must be application/json', JSON_RPC_BODY_CODES.transport);
  }
  const error = await new Promise<{ type?: string } | undefined>((resolve) => parseJson(req, res, resolve));
  if (error) throw unreadable(req, error);
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw new BodyRefusedError(HttpStatus.BAD_REQUEST, 'Request body must be a JSON object', JSON_RPC_BODY_CODES.invalidRequest);
  }
  const refused = refusal(req.body);
  if (refused) throw refused;
}

/** A form post, or no body; its values are strings or arrays of strings on a prototype-less object. */
async function readFormBody(req: Request, res: Response): Promise<void> {
  req.body = {};
  if (!METHODS_WITH_BODY.has(req.method) || !hasBody(req)) return;
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Content-Type must be application/x-www-form-urlencoded');
  }
  const error = await new Promise<{ type?: string } | undefined>((resolve) => parseForm(req, res, resolve));
  if (error) throw unreadable(req, error);
}

/** A text body (or none: the empty text) as a string, in its declared charset (UTF-8 when none is declared). */
async function readTextBody(req: Request, res: Response, { mediaType, maxBytes }: TextBody): Promise<void> {
  req.body = '';
  if (!hasBody(req)) return;
  if (!req.is(mediaType)) throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, `Content-Type must be ${mediaType}`);
  const parse = text({ limit: maxBytes, type: () => true, defaultCharset: 'utf-8' });
  const error = await new Promise<{ type?: string } | undefined>((resolve) => parse(req, res, resolve));
  if (error) throw unreadable(req, error, { maxBytes, kind: mediaType });
}

/** Why a body could not be read: a refusal to answer, or the client's hanging up, which has no one to answer. */
export function unreadable(
  req: Request,
  error: { type?: string },
  { maxBytes, kind } = { maxBytes: MAX_BODY_BYTES, kind: 'JSON' },
): BodyRefusedError | ClientGoneError {
  if (error.type === 'request.aborted' || req.readableAborted) return new ClientGoneError();
  switch (error.type) {
    case 'entity.too.large':
      return new BodyRefusedError(HttpStatus.PAYLOAD_TOO_LARGE, `Request body exceeds ${maxBytes} bytes`, JSON_RPC_BODY_CODES.transport);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new BodyRefusedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, `Request body must be UTF-8 ${kind}`, JSON_RPC_BODY_CODES.transport);
    case 'entity.parse.failed':
      return new BodyRefusedError(HttpStatus.BAD_REQUEST, MALFORMED_JSON_MESSAGE, JSON_RPC_BODY_CODES.parse);
    default:
      return new BodyRefusedError(HttpStatus.BAD_REQUEST, 'Unreadable request body', JSON_RPC_BODY_CODES.parse);
  }
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Deeper than any body of ours; every later step that walks a body (validation, jsonb) recurses per level. */
export const MAX_BODY_DEPTH = 32;

/** Text PostgreSQL cannot store, in text or jsonb columns, and what a client is told about it. */
const UNSTORABLE_TEXT: [pattern: RegExp, message: string][] = [
  [/\u0000/, NUL_MESSAGE],
  [/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/, 'must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF alone)'],
];

/**
 * Why a parsed body is refused before anything else reads it, or undefined: a prototype key (`isPrototypeKey`)
 * anywhere; nesting past MAX_BODY_DEPTH; or a key or text PostgreSQL cannot store, which would fail in the
 * database as a 500 in any field that does not check for it (free-form JSON, lists). Walks with its own stack, so
 * that a body of thousands of levels cannot overflow the call stack here.
 */
export function refusal(body: object): BodyRefusedError | undefined {
  const invalid = (path: string, message: string) =>
    new BodyRefusedError(HttpStatus.BAD_REQUEST, 'Validation failed', JSON_RPC_BODY_CODES.invalidRequest, { details: { [path]: [message] } });
  const pending: { value: object; path: string; depth: number }[] = [{ value: body, path: '', depth: 1 }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    if (entry.depth > MAX_BODY_DEPTH)
      return new BodyRefusedError(HttpStatus.BAD_REQUEST, `Request body is nested more than ${MAX_BODY_DEPTH} levels deep`, JSON_RPC_BODY_CODES.invalidRequest);
    for (const [key, value] of Object.entries(entry.value)) {
      const path = entry.path ? `${entry.path}.${key}` : key;
      if (isPrototypeKey(key)) return invalid(path, 'is not allowed');
      const unstorable = UNSTORABLE_TEXT.find(([pattern]) => pattern.test(key) || (typeof value === 'string' && pattern.test(value)));
      if (unstorable) return invalid(path, unstorable[1]);
      if (typeof value === 'object' && value !== null) pending.push({ value, path, depth: entry.depth + 1 });
    }
  }
  return undefined;
}
