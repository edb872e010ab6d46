import { HttpStatus } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { codedError } from '../errors/api-errors';
import { ErrorBody } from '../errors/error-body.dto';

/** The codes an `Idempotency-Key` (or an MCP call's `idempotencyKey`) answers. */
export enum IdempotencyErrorCode {
  IDEMPOTENCY_KEY_IN_USE = 'IDEMPOTENCY_KEY_IN_USE',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_ANSWER_NOT_KEPT = 'IDEMPOTENCY_ANSWER_NOT_KEPT',
}

const IDEMPOTENCY_ERROR_STATUS: Record<IdempotencyErrorCode, HttpStatus> = {
  [IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE]: HttpStatus.CONFLICT,
  [IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED]: HttpStatus.UNPROCESSABLE_ENTITY,
  [IdempotencyErrorCode.IDEMPOTENCY_ANSWER_NOT_KEPT]: HttpStatus.CONFLICT,
};

export class IdempotencyException extends codedError(IDEMPOTENCY_ERROR_STATUS) {}

/** Seconds a client is told to wait before retrying a key whose first request is still running. */
export const IN_USE_RETRY_AFTER_SECONDS = 1;

export function keyInUse(): IdempotencyException {
  return new IdempotencyException(
    IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE,
    'A request with this Idempotency-Key is still being processed; retry it shortly',
    { retryAfter: IN_USE_RETRY_AFTER_SECONDS },
  );
}

export function keyReused(): IdempotencyException {
  return new IdempotencyException(
    IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED,
    'This Idempotency-Key was already used with a different request (method, path or body)',
  );
}

/** 409: the first request with the key has not answered yet. */
export class IdempotencyKeyInUseBody extends ErrorBody {
  @ApiProperty({ example: 'A request with this Idempotency-Key is still being processed; retry it shortly' })
  declare error: string;

  @ApiProperty({ enum: [IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE], example: IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE })
  code: IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE;

  @ApiProperty({ type: 'integer', description: 'Seconds to wait before retrying (also in `Retry-After`)', example: IN_USE_RETRY_AFTER_SECONDS })
  retryAfter: number;
}

/** 422: the key was first used with another method, path or body. */
export class IdempotencyKeyReusedBody extends ErrorBody {
  @ApiProperty({ example: 'This Idempotency-Key was already used with a different request (method, path or body)' })
  declare error: string;

  @ApiProperty({ enum: [IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED], example: IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED })
  code: IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED;
}
