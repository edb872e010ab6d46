import type { Request } from 'express';

/** The client hung up before its request body arrived: there is no one to answer, and nothing went wrong here. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client disconnected before its request body arrived');
  }
}

/** What a request's stream raises when its client hangs up mid-body: Node's `aborted` (a reset), a premature close. */
const HANG_UP_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Whether `exception` only says that the client left (our body reader's `ClientGoneError`, or a hang-up error of a
 * request that is gone): the filters log it at debug, without a stack, and write nothing to the closed socket.
 */
export function clientLeft(exception: unknown, request: Request): boolean {
  if (exception instanceof ClientGoneError) return true;
  const code = (exception as { code?: unknown } | null)?.code;
  // Not `destroyed`: a request is destroyed once its body has been read whole.
  return (request.readableAborted || request.socket?.destroyed === true) && typeof code === 'string' && HANG_UP_CODES.has(code);
}
