import { HttpStatus } from '@nestjs/common';
import { codedError } from '../../common/errors/api-errors';

/** The codes the resume routes (sections, exports) answer. */
export enum ResumeErrorCode {
  /** A section item call without `cvId` on an account that has no default resume. */
  NO_DEFAULT_RESUME = 'NO_DEFAULT_RESUME',
  /** An autoPrepare job is still tailoring the resume. */
  RESUME_PROCESSING = 'RESUME_PROCESSING',
}

const RESUME_ERROR_STATUS: Record<ResumeErrorCode, HttpStatus> = {
  [ResumeErrorCode.NO_DEFAULT_RESUME]: HttpStatus.NOT_FOUND,
  [ResumeErrorCode.RESUME_PROCESSING]: HttpStatus.CONFLICT,
};

export class ResumeException extends codedError(RESUME_ERROR_STATUS) {}
