import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { afterCommit } from '../../database/request-transaction';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { EventsOutbox } from '../events/events-outbox';
import { PING_EVENT } from '../events/event-types';
import { CreateWebhookDto, DeliveryView, RotateSecretDto, SECRET_OVERLAP, UpdateWebhookDto, WEBHOOK_LIMITS, WebhookView } from './dto/webhook.dto';
import { newSigningSecret } from './webhook-signature';
import { resolveTarget, TargetPolicy, TargetRefused } from './webhook-target';
import { WebhooksErrorCode, WebhooksException } from './webhooks.exception';
import { WebhooksQueue } from './webhooks-queue';
import { webhookView, WebhooksRepository } from './webhooks.repository';

/** The account's webhook endpoints: their URLs (checked against SSRF), subscriptions, secrets and deliveries. */
@Injectable()
export class WebhooksService {
  private readonly policy: TargetPolicy;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly queue: WebhooksQueue,
    private readonly outbox: EventsOutbox,
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

  /**
   * A new secret signs deliveries from now on; the old one signs them too until its overlap ends (a day unless the
   * rotation says), so that a receiver still holding it keeps verifying while it moves to the new one.
   */
  async rotateSecret(caller: ApiCaller, id: string, input: RotateSecretDto): Promise<{ secret: string; oldSecretExpiresAt: Date | null }> {
    const secret = newSigningSecret();
    const oldSecretExpiresAt = await this.webhooks.rotateSecret(caller, id, secret, input.oldSecretExpiresInSeconds ?? SECRET_OVERLAP.defaultSeconds);
    return { secret, oldSecretExpiresAt };
  }

  /**
   * Sends a `ping` event (the endpoint as it reads) to this endpoint alone, like any delivery: signed, in order behind
   * its pending deliveries, retried. Answers the delivery, to follow at the deliveries list.
   */
  async ping(caller: ApiCaller, id: string): Promise<DeliveryView> {
    const deliveryId = await this.webhooks.transaction(async (webhooks, manager) => {
      const endpoint = await webhooks.require(caller, id, 'for_key_share');
      if (!endpoint.enabled) throw new WebhooksException(WebhooksErrorCode.ENDPOINT_DISABLED, 'The endpoint is disabled: enable it before pinging it');
      const eventId = await this.outbox.record(manager, endpoint.accountId, PING_EVENT, { webhook: webhookView(endpoint) });
      return webhooks.addDelivery(endpoint, eventId);
    });
    await afterCommit(() => this.queue.enqueue(id));
    return this.webhooks.delivery(caller, id, deliveryId);
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
