import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { PagingQuery } from '../../../common/http/paging';
import { SuccessWithIdResponse } from '../../../common/http/responses.dto';
import { BooleanField, EnumArrayField, IntField, UrlField } from '../../../common/validation/field.decorators';
import { DELIVERED_EVENT_TYPES, DeliveredEventType, EVENT_TYPES, EventType } from '../../events/event-types';
import { DELIVERY_STATUSES, DeliveryStatus } from '../entities/webhook-delivery.entity';

export const WEBHOOK_LIMITS = { url: 2000, endpointsPerAccount: 10 } as const;

/** How long a rotated-out secret keeps signing beside the new one, in seconds: a day unless the rotation says, a week at most. */
export const SECRET_OVERLAP = { defaultSeconds: 86_400, maxSeconds: 604_800 } as const;

const EXAMPLE_URL = 'https://hooks.example.com/career';

const urlField = (optional: boolean) =>
  UrlField({
    optional,
    max: WEBHOOK_LIMITS.url,
    // The SSRF guard judges the host by the addresses it resolves to: `localhost` is loopback like 127.0.0.1.
    singleLabelHost: true,
    example: EXAMPLE_URL,
    description: 'Where events are POSTed: https, to a public address (private network ranges are refused)',
  });

const eventTypesField = (optional: boolean) =>
  applyDecorators(
    EnumArrayField(EVENT_TYPES, {
      optional,
      description: 'The event types the endpoint receives (at least one)',
      example: ['application.created', 'application.prepared'],
    }),
    ArrayNotEmpty({ message: 'must name at least one event type' }),
  );

export class CreateWebhookDto {
  @urlField(false)
  url: string;

  @eventTypesField(false)
  eventTypes: EventType[];

  @BooleanField({ optional: true, default: true, description: 'A disabled endpoint receives nothing' })
  enabled?: boolean;
}

export class UpdateWebhookDto {
  @urlField(true)
  url?: string;

  @eventTypesField(true)
  eventTypes?: EventType[];

  @BooleanField({ optional: true, description: 'Enabling an endpoint the service disabled resumes its pending deliveries, oldest first' })
  enabled?: boolean;
}

/** An endpoint as reads answer it: never its secret. */
export class WebhookView {
  @ApiProperty({ example: '0c7d1f0e-4a8b-4f5e-9f1a-6b2c3d4e5f60' })
  id: string;

  @ApiProperty({
    example: EXAMPLE_URL,
    description: 'The URL as given, but for a password in it (`https://user:pass@…`), shown as `***`: to change the password, send the whole URL again',
  })
  url: string;

  @ApiProperty({ enum: EVENT_TYPES, enumName: 'EventType', isArray: true, example: ['application.created', 'application.prepared'] })
  eventTypes: EventType[];

  @ApiProperty({ example: true })
  enabled: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the service disabled the endpoint (its deliveries kept failing); null otherwise',
    example: null,
  })
  disabledReason: string | null;

  createdAt: Date;
  updatedAt: Date;
}

export class WebhookResponse {
  data: WebhookView;
}

/** The answer of a create and of a secret rotation: the only time the secret is shown. */
export class WebhookSecretResponse extends SuccessWithIdResponse {
  @ApiProperty({
    description: 'Signs every delivery (Standard Webhooks). Shown this once: store it now; rotate it to get a new one',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  secret: string;
}

export class RotateSecretDto {
  @IntField({
    optional: true,
    min: 0,
    max: SECRET_OVERLAP.maxSeconds,
    default: SECRET_OVERLAP.defaultSeconds,
    description:
      'How long the old secret keeps signing deliveries beside the new one, in seconds (every delivery carries both signatures ' +
      'meanwhile): a day unless given, a week at most; 0 retires it at once',
    example: 3600,
  })
  oldSecretExpiresInSeconds?: number;
}

/** The answer of a rotation: the new secret, and until when the old one still signs. */
export class RotatedSecretResponse extends WebhookSecretResponse {
  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'Until when deliveries are also signed with the old secret; null when it was retired at once',
    example: '2026-11-26T06:00:00.000Z',
  })
  oldSecretExpiresAt: Date | null;
}

export class ListDeliveriesQuery extends PagingQuery {}

export class DeliveryAttemptView {
  @ApiProperty({ example: '2026-11-25T06:00:01.000Z' })
  attemptedAt: Date;

  @ApiProperty({ type: Number, nullable: true, description: "The receiver's HTTP status; null when there was no answer", example: 500 })
  statusCode: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the attempt failed; null when it delivered', example: 'HTTP 500' })
  error: string | null;

  @ApiProperty({ example: 84 })
  durationMs: number;
}

export class DeliveryView {
  @ApiProperty({ example: '5b8f3a9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' })
  id: string;

  @ApiProperty({ type: String, description: 'The id of the event delivered (see GET /v1/events, which lists every event but pings)', example: '1042' })
  eventId: string;

  @ApiProperty({
    enum: DELIVERED_EVENT_TYPES,
    enumName: 'DeliveredEventType',
    description: "An account's event type, or `ping`",
    example: 'application.created',
  })
  eventType: DeliveredEventType;

  @ApiProperty({ enum: DELIVERY_STATUSES, enumName: 'DeliveryStatus', example: 'delivered' })
  status: DeliveryStatus;

  @ApiProperty({ description: 'When the next attempt is due, while pending', example: '2026-11-25T06:00:00.000Z' })
  nextAttemptAt: Date;

  @ApiProperty({ type: Date, nullable: true, example: '2026-11-25T06:00:01.000Z' })
  deliveredAt: Date | null;

  createdAt: Date;

  @ApiProperty({ type: [DeliveryAttemptView], description: 'Every attempt, oldest first' })
  attempts: DeliveryAttemptView[];
}

export class DeliveryResponse {
  data: DeliveryView;
}
