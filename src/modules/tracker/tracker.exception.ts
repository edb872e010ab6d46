import { HttpStatus } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { codedError } from '../../common/errors/api-errors';
import { ErrorBody } from '../../common/errors/error-body.dto';

/** The codes the tracker answers: autoPrepare's requirements, and a jobUrl that another application has. */
export enum TrackerErrorCode {
  PLAN_REQUIRED = 'PLAN_REQUIRED',
  NO_DEFAULT_RESUME = 'NO_DEFAULT_RESUME',
  JOB_DESCRIPTION_TOO_SHORT = 'JOB_DESCRIPTION_TOO_SHORT',
  DUPLICATE_JOB_URL = 'DUPLICATE_JOB_URL',
}

const TRACKER_ERROR_STATUS: Record<TrackerErrorCode, HttpStatus> = {
  [TrackerErrorCode.PLAN_REQUIRED]: HttpStatus.FORBIDDEN,
  [TrackerErrorCode.NO_DEFAULT_RESUME]: HttpStatus.BAD_REQUEST,
  [TrackerErrorCode.JOB_DESCRIPTION_TOO_SHORT]: HttpStatus.BAD_REQUEST,
  [TrackerErrorCode.DUPLICATE_JOB_URL]: HttpStatus.CONFLICT,
};

export class TrackerException extends codedError(TRACKER_ERROR_STATUS) {}

/** autoPrepare without the Plus plan and its feature: a plan error that also names its code. */
export class PlanRequiredBody extends ErrorBody {
  @ApiProperty({ example: 'autoPrepare requires the Plus plan with the auto-prepare feature' })
  declare error: string;

  @ApiProperty({ enum: [TrackerErrorCode.PLAN_REQUIRED], example: TrackerErrorCode.PLAN_REQUIRED })
  code: TrackerErrorCode.PLAN_REQUIRED;

  @ApiProperty({ description: 'The operation needs the Plus plan', enum: [true], example: true })
  requiresUpgrade: true;
}

/** A PATCH whose jobUrl another of the account's applications has (compared as duplicate detection does). */
export class DuplicateJobUrlBody extends ErrorBody {
  @ApiProperty({ example: 'Another of your applications has this jobUrl' })
  declare error: string;

  @ApiProperty({ enum: [TrackerErrorCode.DUPLICATE_JOB_URL], example: TrackerErrorCode.DUPLICATE_JOB_URL })
  code: TrackerErrorCode.DUPLICATE_JOB_URL;

  @ApiProperty({ description: 'The application that has the URL', example: '0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10' })
  existingId: string;
}
