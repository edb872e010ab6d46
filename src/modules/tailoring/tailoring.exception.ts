import { HttpStatus } from '@nestjs/common';
import { codedError } from '../../common/errors/api-errors';

/** The codes a caller of tailoring answers (autoPrepare, while the queue cannot take work). */
export enum TailoringErrorCode {
  QUEUE_UNAVAILABLE = 'QUEUE_UNAVAILABLE',
}

const TAILORING_ERROR_STATUS: Record<TailoringErrorCode, HttpStatus> = {
  [TailoringErrorCode.QUEUE_UNAVAILABLE]: HttpStatus.SERVICE_UNAVAILABLE,
};

export class TailoringException extends codedError(TAILORING_ERROR_STATUS) {}
