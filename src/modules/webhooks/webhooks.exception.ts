import { HttpStatus } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CodedError } from '../../common/errors/api-errors';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';

export enum WebhooksErrorCode {
  /** The URL is not one the service delivers to: not https, or an address that is private, reserved or its own. */
  TARGET_REFUSED = 'TARGET_REFUSED',
  /** The account has as many endpoints as it may. */
  ENDPOINT_LIMIT = 'ENDPOINT_LIMIT',
  /** A delivery of a disabled endpoint cannot be resent until the endpoint is enabled again. */
  ENDPOINT_DISABLED = 'ENDPOINT_DISABLED',
}

const WEBHOOKS_ERROR_STATUS: Record<WebhooksErrorCode, HttpStatus> = {
  [WebhooksErrorCode.TARGET_REFUSED]: HttpStatus.BAD_REQUEST,
  [WebhooksErrorCode.ENDPOINT_LIMIT]: HttpStatus.CONFLICT,
  [WebhooksErrorCode.ENDPOINT_DISABLED]: HttpStatus.CONFLICT,
};

export class WebhooksException extends CodedError<WebhooksErrorCode> {
  constructor(code: WebhooksErrorCode, error: string, extra: Record<string, unknown> = {}) {
    super(WEBHOOKS_ERROR_STATUS, code, error, extra);
  }

  /** A refused URL also names the field, as every validation failure does. */
  static targetRefused(reason: string): WebhooksException {
    return new WebhooksException(WebhooksErrorCode.TARGET_REFUSED, `url ${reason}`, { details: { url: [reason] } });
  }
}

/** A validation failure; when the URL is the problem because of where it points, also `code: TARGET_REFUSED`. */
export class TargetRefusedBody extends ValidationErrorBody {
  @ApiProperty({ example: 'url 10.0.0.7 is in a private or reserved network range; webhooks go to public addresses' })
  declare error: string;

  @ApiPropertyOptional({
    enum: [WebhooksErrorCode.TARGET_REFUSED],
    description: 'Present when the URL is refused for where it points (not https, a private or reserved address, the service itself)',
    example: WebhooksErrorCode.TARGET_REFUSED,
  })
  code?: WebhooksErrorCode.TARGET_REFUSED;
}

export class WebhooksConflictBody extends ErrorBody {
  @ApiProperty({ example: 'The endpoint is disabled: enable it before resending its deliveries' })
  declare error: string;

  @ApiProperty({ enum: [WebhooksErrorCode.ENDPOINT_LIMIT, WebhooksErrorCode.ENDPOINT_DISABLED], example: WebhooksErrorCode.ENDPOINT_DISABLED })
  code: WebhooksErrorCode.ENDPOINT_LIMIT | WebhooksErrorCode.ENDPOINT_DISABLED;
}
