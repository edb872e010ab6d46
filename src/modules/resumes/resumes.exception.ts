import { HttpStatus } from '@nestjs/common';
import { codedError } from '../../common/errors/api-errors';

/** The codes the resume routes (sections, exports) answer. */
export enum ResumeErrorCode {
  /** A section item call without `cvId` on an account that has no default resume. */
  NO_DEFAULT_RESUME = 'NO_DEFAULT_RESUME',
  /** An autoPrepare job is still tailoring the resume. */
  RESUME_PROCESSING = 'RESUME_PROCESSING',
  /** A new item would take a section of the resume past RESUME_CONTENT_LIMITS.itemsPerSection. */
  SECTION_ITEM_LIMIT = 'SECTION_ITEM_LIMIT',
  /** A write would take the resume's section text past RESUME_CONTENT_LIMITS.characters. */
  RESUME_CONTENT_LIMIT = 'RESUME_CONTENT_LIMIT',
  /** A PDF export did not get its file within PDF_RENDER_TIMEOUT_MS (waiting for a render thread included). */
  PDF_RENDER_TIMEOUT = 'PDF_RENDER_TIMEOUT',
}

const RESUME_ERROR_STATUS: Record<ResumeErrorCode, HttpStatus> = {
  [ResumeErrorCode.NO_DEFAULT_RESUME]: HttpStatus.NOT_FOUND,
  [ResumeErrorCode.RESUME_PROCESSING]: HttpStatus.CONFLICT,
  [ResumeErrorCode.SECTION_ITEM_LIMIT]: HttpStatus.BAD_REQUEST,
  [ResumeErrorCode.RESUME_CONTENT_LIMIT]: HttpStatus.BAD_REQUEST,
  [ResumeErrorCode.PDF_RENDER_TIMEOUT]: HttpStatus.SERVICE_UNAVAILABLE,
};

export class ResumeException extends codedError(RESUME_ERROR_STATUS) {}
