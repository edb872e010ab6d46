import { HttpException, HttpStatus } from '@nestjs/common';

/** Field name → messages, as in the API's validation failure body (`details`). */
export type ValidationDetails = Record<string, string[]>;

/**
 * Every error the service answers is `{error, ...}`; this exception carries that body as it will be sent,
 * so services can throw the API's error shapes directly.
 */
export class ApiError extends HttpException {
  constructor(status: number, error: string, extra: Record<string, unknown> = {}) {
    super({ error, ...extra }, status);
  }
}

/** A 403 for a scope the caller lacks: a route's, a tool's, or one a request's content needs (what an import writes). */
export class InsufficientScopeError extends ApiError {
  constructor(requiredScope: string | undefined) {
    super(HttpStatus.FORBIDDEN, 'Insufficient scope', { requiredScope });
  }
}

export class NotFoundError extends ApiError {
  constructor() {
    super(HttpStatus.NOT_FOUND, 'Not found');
  }
}

export class ValidationFailedError extends ApiError {
  constructor(details: ValidationDetails) {
    super(HttpStatus.BAD_REQUEST, 'Validation failed', { details });
  }

  static field(field: string, message: string): ValidationFailedError {
    return new ValidationFailedError({ [field]: [message] });
  }
}

/**
 * An error with a machine-readable `code` from a feature's code enum (`TrackerErrorCode`, `ResumeErrorCode`, ...).
 * Each feature's exception class passes its table of code → status, so a code always answers the same status.
 */
export class CodedError<Code extends string> extends ApiError {
  constructor(statuses: Record<Code, HttpStatus>, code: Code, error: string, extra: Record<string, unknown> = {}) {
    super(statuses[code], error, { code, ...extra });
  }
}

/** The base of a feature's exception class, bound to its table: `class TrackerException extends codedError(TRACKER_ERROR_STATUS) {}`. */
export function codedError<Code extends string>(statuses: Record<Code, HttpStatus>) {
  return class extends CodedError<Code> {
    constructor(code: Code, error: string, extra: Record<string, unknown> = {}) {
      super(statuses, code, error, extra);
    }
  };
}
