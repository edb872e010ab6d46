import { HttpStatus } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { codedError } from '../../../common/errors/api-errors';
import { ErrorBody } from '../../../common/errors/error-body.dto';

/**
 * Why a job could not be saved from its page. All are 422: the request was well formed, but the page it names
 * could not be fetched or read (a URL that is refused before anything is fetched is a 400 on `url`).
 */
export enum JobPageErrorCode {
  /** No connection, an HTTP error status, or too many redirects. */
  JOB_PAGE_UNREACHABLE = 'JOB_PAGE_UNREACHABLE',
  /** A redirect to an address that is refused (private, loopback, link-local, metadata, reserved). */
  JOB_PAGE_REDIRECT_REFUSED = 'JOB_PAGE_REDIRECT_REFUSED',
  JOB_PAGE_TOO_LARGE = 'JOB_PAGE_TOO_LARGE',
  JOB_PAGE_TIMEOUT = 'JOB_PAGE_TIMEOUT',
  /** Not HTML, or no job title or no company found in it: `missing` names what. */
  JOB_PAGE_UNREADABLE = 'JOB_PAGE_UNREADABLE',
}

const JOB_PAGE_ERROR_STATUS: Record<JobPageErrorCode, HttpStatus> = {
  [JobPageErrorCode.JOB_PAGE_UNREACHABLE]: HttpStatus.UNPROCESSABLE_ENTITY,
  [JobPageErrorCode.JOB_PAGE_REDIRECT_REFUSED]: HttpStatus.UNPROCESSABLE_ENTITY,
  [JobPageErrorCode.JOB_PAGE_TOO_LARGE]: HttpStatus.UNPROCESSABLE_ENTITY,
  [JobPageErrorCode.JOB_PAGE_TIMEOUT]: HttpStatus.UNPROCESSABLE_ENTITY,
  [JobPageErrorCode.JOB_PAGE_UNREADABLE]: HttpStatus.UNPROCESSABLE_ENTITY,
};

export class JobPageException extends codedError(JOB_PAGE_ERROR_STATUS) {}

export class JobPageErrorBody extends ErrorBody {
  @ApiProperty({ example: 'No company found on the page (no JobPosting hiringOrganization, no og:site_name)' })
  declare error: string;

  @ApiProperty({ enum: JobPageErrorCode, enumName: 'JobPageErrorCode', example: JobPageErrorCode.JOB_PAGE_UNREADABLE })
  code: JobPageErrorCode;

  @ApiPropertyOptional({
    description: `With \`${JobPageErrorCode.JOB_PAGE_UNREADABLE}\`: the application fields the page did not give`,
    type: [String],
    example: ['company'],
  })
  missing?: string[];
}
