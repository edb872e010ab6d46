import { HttpStatus } from '@nestjs/common';
import { CodedError } from '../../common/errors/api-errors';

/** The codes a caller of tailoring answers (autoPrepare, while the queue cannot take work). */
export enum TailoringErrorCode {
  QUEUE_UNAVAILABLE = 'QUEUE_UNAVAILABLE',
}

const TAILORING_ERROR_STATUS: Record<TailoringErrorCode, HttpStatus> = {
  [TailoringErrorCode.QUEUE_UNAVAILABLE]: HttpStatus.SERVICE_UNAVAILABLE,
};

export class TailoringException extends CodedError<TailoringErrorCode> {
  constructor(code: TailoringErrorCode, error: string, extra: Record<string, unknown> = {}) {
    super(TAILORING_ERROR_STATUS, code, error, extra);
  }
}
