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

/** An error with a machine-readable `code`, e.g. `PLAN_REQUIRED` or `NO_DEFAULT_RESUME`. */
export class CodedError extends ApiError {
  constructor(status: number, code: string, error: string, extra: Record<string, unknown> = {}) {
    super(status, error, { code, ...extra });
  }
}
