import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { afterCommit } from '../../database/request-transaction';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { CreateWebhookDto, DeliveryView, UpdateWebhookDto, WEBHOOK_LIMITS, WebhookView } from './dto/webhook.dto';
import { newSigningSecret } from './webhook-signature';
import { resolveTarget, TargetPolicy, TargetRefused } from './webhook-target';
import { WebhooksErrorCode, WebhooksException } from './webhooks.exception';
import { WebhooksQueue } from './webhooks-queue';
import { WebhooksRepository } from './webhooks.repository';

/** The account's webhook endpoints: their URLs (checked against SSRF), subscriptions, secrets and deliveries. */
@Injectable()
export class WebhooksService {
  private readonly policy: TargetPolicy;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly queue: WebhooksQueue,
    @InjectConfig() config: AppConfig,
  ) {
    this.policy = targetPolicy(config);
  }

  /** Answers the new endpoint's id and its secret, which is shown this once. */
  async create(caller: ApiCaller, input: CreateWebhookDto): Promise<{ id: string; secret: string }> {
    await this.checkTarget(input.url);
    const secret = newSigningSecret();
    const id = await this.webhooks.transaction(async (webhooks) => {
      await webhooks.lockAccount(caller);
      if ((await webhooks.countOf(caller)) >= WEBHOOK_LIMITS.endpointsPerAccount) {
        throw new WebhooksException(WebhooksErrorCode.ENDPOINT_LIMIT, `An account has at most ${WEBHOOK_LIMITS.endpointsPerAccount} webhook endpoints`);
      }
      return webhooks.create(caller, { url: input.url, eventTypes: [...new Set(input.eventTypes)], enabled: input.enabled ?? true, secret });
    });
    return { id, secret };
  }

  list(caller: ApiCaller, paging: PagingQuery): Promise<ListEnvelope<WebhookView>> {
    return this.webhooks.list(caller, paging, { createdAt: 'ASC', id: 'ASC' });
  }

  get(caller: ApiCaller, id: string): Promise<WebhookView> {
    return this.webhooks.get(caller, id);
  }

  /** Enabling an endpoint (again) clears the reason it was disabled and sends what it still has pending. */
  async update(caller: ApiCaller, id: string, changes: UpdateWebhookDto): Promise<void> {
    if (changes.url !== undefined) await this.checkTarget(changes.url);
    const { eventTypes, ...rest } = changes;
    await this.webhooks.update(caller, id, {
      ...rest,
      ...(eventTypes && { eventTypes: [...new Set(eventTypes)] }),
      ...(changes.enabled !== undefined && { disabledReason: null }),
    });
    if (changes.enabled) await this.queue.enqueue(id);
  }

  remove(caller: ApiCaller, id: string): Promise<void> {
    return this.webhooks.remove(caller, id);
  }

  /** A new secret replaces the old one at once: deliveries from now on are signed with it. */
  async rotateSecret(caller: ApiCaller, id: string): Promise<string> {
    const secret = newSigningSecret();
    await this.webhooks.update(caller, id, { secret });
    return secret;
  }

  deliveries(caller: ApiCaller, id: string, paging: PagingQuery): Promise<ListEnvelope<DeliveryView>> {
    return this.webhooks.deliveries(caller, id, paging);
  }

  /** Sends a delivery again, whatever its status, with a fresh retry schedule; it goes before the endpoint's later events. */
  async retry(caller: ApiCaller, id: string, deliveryId: string): Promise<void> {
    await this.webhooks.transaction(async (webhooks) => {
      const endpoint = await webhooks.require(caller, id, 'for_key_share');
      if (!endpoint.enabled) {
        throw new WebhooksException(WebhooksErrorCode.ENDPOINT_DISABLED, 'The endpoint is disabled: enable it before resending its deliveries');
      }
      if (!(await webhooks.restartDelivery(id, deliveryId))) throw new NotFoundError();
    });
    await afterCommit(() => this.queue.enqueue(id));
  }

  private async checkTarget(url: string): Promise<void> {
    try {
      await resolveTarget(new URL(url), this.policy);
    } catch (error) {
      // The same 400 as any invalid field: the message says why the address is refused.
      if (error instanceof TargetRefused) throw ValidationFailedError.field('url', error.message);
      throw error;
    }
  }
}

export function targetPolicy(config: AppConfig): TargetPolicy {
  return { allowHttpLoopback: config.webhooks.allowHttpLoopback, ownPort: config.app.port };
}
