import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The API's error shapes, for the OpenAPI document. */
export class ErrorBody {
  @ApiProperty({ example: 'Not found' })
  error: string;
}

export class UnauthorizedBody extends ErrorBody {
  @ApiProperty({ example: 'Invalid API key' })
  declare error: string;
}

/** No example of `details`: it would name one operation's fields on every operation's 400 (each has its own example). */
export class ValidationErrorBody extends ErrorBody {
  @ApiProperty({ example: 'Validation failed' })
  declare error: string;

  @ApiProperty({
    description: 'Messages per field',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  })
  details: Record<string, string[]>;
}

export class CodedErrorBody extends ErrorBody {
  @ApiProperty({ description: 'Machine-readable: the operation names the codes it answers', example: 'NO_DEFAULT_RESUME' })
  code: string;
}

/** A coded refusal because a record would outgrow a limit: the limit it names. */
export class LimitErrorBody extends CodedErrorBody {
  @ApiProperty({ description: 'The limit the request would have gone past', example: 200 })
  limit: number;

  @ApiPropertyOptional({ description: 'Where the limit applies, when it is one part of the record (a section of a resume)', example: 'experiences' })
  section?: string;
}

/** A coded refusal the client may retry after `retryAfter` seconds (e.g. the tailoring queue is unavailable). */
export class RetryLaterBody extends CodedErrorBody {
  @ApiProperty({ description: 'Seconds to wait before retrying', example: 5 })
  retryAfter: number;
}

export class InsufficientScopeBody extends ErrorBody {
  @ApiProperty({ example: 'Insufficient scope' })
  declare error: string;

  @ApiProperty({ example: 'tracker:write' })
  requiredScope: string;
}

export class TooManyRequestsBody extends ErrorBody {
  @ApiProperty({ example: 'Too many requests' })
  declare error: string;

  @ApiProperty({ description: 'Seconds until one more request is allowed', example: 12 })
  retryAfter: number;
}

export class InternalErrorBody extends ErrorBody {
  @ApiProperty({ example: 'Internal server error' })
  declare error: string;

  @ApiPropertyOptional({ description: 'Quote it when reporting the problem', example: 'b7c1d0e4-…' })
  requestId?: string;
}

export class UpgradeRequiredBody extends ErrorBody {
  @ApiProperty({ example: 'Cover letters need the Plus plan' })
  declare error: string;

  @ApiProperty({ description: 'The operation needs the Plus plan', enum: [true], example: true })
  requiresUpgrade: true;
}
