import { HttpStatus } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { codedError } from '../../common/errors/api-errors';
import { ErrorBody } from '../../common/errors/error-body.dto';

export enum WebhooksErrorCode {
  /** The account has as many endpoints as it may. */
  ENDPOINT_LIMIT = 'ENDPOINT_LIMIT',
  /** A delivery of a disabled endpoint cannot be resent until the endpoint is enabled again. */
  ENDPOINT_DISABLED = 'ENDPOINT_DISABLED',
}

const WEBHOOKS_ERROR_STATUS: Record<WebhooksErrorCode, HttpStatus> = {
  [WebhooksErrorCode.ENDPOINT_LIMIT]: HttpStatus.CONFLICT,
  [WebhooksErrorCode.ENDPOINT_DISABLED]: HttpStatus.CONFLICT,
};

export class WebhooksException extends codedError(WEBHOOKS_ERROR_STATUS) {}

export class WebhooksConflictBody extends ErrorBody {
  @ApiProperty({ example: 'The endpoint is disabled: enable it before resending its deliveries' })
  declare error: string;

  @ApiProperty({ enum: [WebhooksErrorCode.ENDPOINT_LIMIT, WebhooksErrorCode.ENDPOINT_DISABLED], example: WebhooksErrorCode.ENDPOINT_DISABLED })
  code: WebhooksErrorCode.ENDPOINT_LIMIT | WebhooksErrorCode.ENDPOINT_DISABLED;
}
