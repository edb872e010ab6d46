import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse, PagingQuery } from '../../common/http/paging';
import { deleted, item, saved } from '../../common/http/responses';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import {
  CreateWebhookDto,
  DeliveryResponse,
  DeliveryView,
  ListDeliveriesQuery,
  RotatedSecretResponse,
  RotateSecretDto,
  SECRET_OVERLAP,
  UpdateWebhookDto,
  WEBHOOK_LIMITS,
  WebhookResponse,
  WebhookSecretResponse,
  WebhookView,
} from './dto/webhook.dto';
import { WebhooksConflictBody, WebhooksErrorCode } from './webhooks.exception';
import { WebhooksService } from './webhooks.service';

const SIGNING =
  'Each delivery is a POST of the event as JSON (`{id, type, createdAt, accountId, data}`, as `GET /v1/events` lists it) with the ' +
  'headers `Webhook-Id` (the event id), `Webhook-Timestamp` (Unix seconds) and `Webhook-Signature` (`v1,` and the base64 ' +
  'HMAC-SHA256 of `id.timestamp.body` keyed with the secret; after a rotation, for a while, a second `v1,` signature, space-separated, ' +
  'with the old secret), as Standard Webhooks specifies: its libraries verify it.';

/** An answer that shows a secret is kept by no cache, the browser's or a proxy's. */
const SHOWS_A_SECRET = 'no-store';

@ApiTag('Webhooks', `Endpoints the service POSTs the account's events to, signed, retried for about a day, in order. ${SIGNING}`)
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Scopes('webhooks:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @Header('Cache-Control', SHOWS_A_SECRET)
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint',
    description:
      'Answers the signing secret, shown only here. The URL must be https and resolve to public addresses only (a 400 on `url` ' +
      `otherwise). At most ${WEBHOOK_LIMITS.endpointsPerAccount} endpoints per account (\`${WebhooksErrorCode.ENDPOINT_LIMIT}\`). ` +
      'The endpoint receives the events of its types recorded from now on.',
  })
  @ApiCreatedResponse({ type: WebhookSecretResponse })
  @ApiBadRequestResponse({ description: 'Invalid fields, or a URL refused for where it points (`details.url` says why)', type: ValidationErrorBody })
  @ApiConflictResponse({ description: `\`${WebhooksErrorCode.ENDPOINT_LIMIT}\``, type: WebhooksConflictBody })
  async create(@Caller() caller: ApiCaller, @Body() body: CreateWebhookDto): Promise<WebhookSecretResponse> {
    const { id, secret } = await this.webhooks.create(caller, body);
    return { ...saved(id), secret };
  }

  @Get()
  @Scopes('webhooks:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({ operationId: 'listWebhooks', summary: 'List webhook endpoints', description: 'Oldest first; secrets are never shown.' })
  @ApiListResponse(WebhookView)
  @ApiBadRequestResponse({ description: 'Invalid paging', type: ValidationErrorBody })
  list(@Caller() caller: ApiCaller, @Query() query: PagingQuery) {
    return this.webhooks.list(caller, query);
  }

  @Get(':id')
  @Scopes('webhooks:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({ operationId: 'getWebhook', summary: 'Read a webhook endpoint', description: '`disabledReason` says why the service disabled it.' })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<WebhookResponse> {
    return item(await this.webhooks.get(caller, id));
  }

  @Patch(':id')
  @Scopes('webhooks:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateWebhook',
    summary: 'Update a webhook endpoint',
    description:
      'Only the fields sent change. Enabling a disabled endpoint resumes its pending deliveries; events recorded while it was disabled are not delivered (read them at `GET /v1/events`).',
  })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  @ApiBadRequestResponse({ description: 'Invalid fields, or a URL refused for where it points (`details.url` says why)', type: ValidationErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  async update(@Caller() caller: ApiCaller, @IdParam() id: string, @Body(RequireAnyFieldPipe) body: UpdateWebhookDto): Promise<SuccessWithIdResponse> {
    await this.webhooks.update(caller, id, body);
    return saved(id);
  }

  @Delete(':id')
  @Scopes('webhooks:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint',
    description: 'Permanent, with its deliveries; nothing more is sent to it.',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<SuccessResponse> {
    await this.webhooks.remove(caller, id);
    return deleted();
  }

  @Post(':id/rotate-secret')
  @Scopes('webhooks:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @Header('Cache-Control', SHOWS_A_SECRET)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: "Replace a webhook endpoint's signing secret",
    description:
      'Answers the new secret, shown only here. Deliveries from now on are signed with it and, until `oldSecretExpiresAt` ' +
      `(${SECRET_OVERLAP.defaultSeconds / 3600} hours unless \`oldSecretExpiresInSeconds\` says otherwise), with the old one too: ` +
      'a receiver verifying with either accepts them, so it can switch to the new secret without missing any. ' +
      'Rotating again during the overlap retires the secret before the current one at once.',
  })
  @ApiOkResponse({ type: RotatedSecretResponse })
  @ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  async rotateSecret(@Caller() caller: ApiCaller, @IdParam() id: string, @Body() body: RotateSecretDto): Promise<RotatedSecretResponse> {
    return { ...saved(id), ...(await this.webhooks.rotateSecret(caller, id, body)) };
  }

  @Post(':id/ping')
  @Scopes('webhooks:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    operationId: 'pingWebhook',
    summary: 'Send a ping to a webhook endpoint',
    description:
      'Tests the endpoint: queues a delivery of a `ping` event (`data.webhook` is the endpoint as it reads) to it alone, ' +
      "signed and retried like any other, behind the endpoint's pending deliveries. Answers the delivery; follow it in the deliveries list. " +
      'Pings are not account events: `GET /v1/events` does not list them and endpoints do not subscribe to them. ' +
      `A disabled endpoint answers \`${WebhooksErrorCode.ENDPOINT_DISABLED}\`.`,
  })
  @ApiAcceptedResponse({ type: DeliveryResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ description: `\`${WebhooksErrorCode.ENDPOINT_DISABLED}\``, type: WebhooksConflictBody })
  async ping(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<DeliveryResponse> {
    return item(await this.webhooks.ping(caller, id));
  }

  @Get(':id/deliveries')
  @Scopes('webhooks:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: "List a webhook endpoint's deliveries",
    description: 'Newest event first, each with every attempt: when, the status code the receiver answered, and why it failed.',
  })
  @ApiListResponse(DeliveryView)
  @ApiBadRequestResponse({ description: 'Invalid paging', type: ValidationErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  deliveries(@Caller() caller: ApiCaller, @IdParam() id: string, @Query() query: ListDeliveriesQuery) {
    return this.webhooks.deliveries(caller, id, query);
  }

  @Post(':id/deliveries/:deliveryId/retry')
  @Scopes('webhooks:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    operationId: 'retryWebhookDelivery',
    summary: 'Resend a delivery',
    description:
      "Sends the event again shortly, delivered or not, with a new retry schedule; it goes before the endpoint's later pending events. " +
      `A disabled endpoint answers \`${WebhooksErrorCode.ENDPOINT_DISABLED}\`.`,
  })
  @ApiAcceptedResponse({ type: SuccessWithIdResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ description: `\`${WebhooksErrorCode.ENDPOINT_DISABLED}\``, type: WebhooksConflictBody })
  async retry(@Caller() caller: ApiCaller, @IdParam() id: string, @IdParam('deliveryId') deliveryId: string): Promise<SuccessWithIdResponse> {
    await this.webhooks.retry(caller, id, deliveryId);
    return saved(deliveryId);
  }
}
