import { Injectable } from '@nestjs/common';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../common/http/paging';
import { OwnedRepositoryFor, Owner, accountIdOf } from '../../database/owned-repository';
import { DeliveryView, WebhookView } from './dto/webhook.dto';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';

function webhookView({ id, url, eventTypes, enabled, disabledReason, createdAt, updatedAt }: WebhookEndpoint): WebhookView {
  return { id, url: withMaskedPassword(url), eventTypes, enabled, disabledReason, createdAt, updatedAt };
}

/** What a URL's password is shown as: it is the receiver's credential, sent with every delivery and never shown back. */
export const MASKED_PASSWORD = '***';

export function withMaskedPassword(url: string): string {
  const parsed = new URL(url);
  if (!parsed.password) return url;
  parsed.password = MASKED_PASSWORD;
  return parsed.href;
}

@Injectable()
export class WebhooksRepository extends OwnedRepositoryFor<WebhookEndpoint, WebhookView>(WebhookEndpoint, webhookView) {
  countOf(owner: Owner): Promise<number> {
    return this.manager.countBy(WebhookEndpoint, { accountId: accountIdOf(owner) });
  }

  /** The endpoint's deliveries, newest event first, each with its attempts; the endpoint must be the account's. */
  async deliveries(owner: Owner, endpointId: string, paging: PagingQuery): Promise<ListEnvelope<DeliveryView>> {
    await this.require(owner, endpointId);
    const [rows, [{ total }]] = await Promise.all([
      this.manager.query<DeliveryView[]>(
        `SELECT d.id, d.event_id::text AS "eventId", e.type AS "eventType", d.status, d.next_attempt_at AS "nextAttemptAt",
           d.delivered_at AS "deliveredAt", d.created_at AS "createdAt",
           COALESCE((SELECT json_agg(json_build_object('attemptedAt', a.attempted_at, 'statusCode', a.status_code, 'error', a.error,
             'durationMs', a.duration_ms) ORDER BY a.attempted_at, a.id) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
         FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
         WHERE d.endpoint_id = $1 ORDER BY d.event_id DESC LIMIT $2 OFFSET $3`,
        [endpointId, paging.limit, paging.offset],
      ),
      this.manager.query<{ total: number }[]>('SELECT count(*)::int AS total FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]),
    ]);
    return listEnvelope(rows, total, paging);
  }

  /** Starts a delivery of the endpoint afresh (a new retry schedule); false when the endpoint has no such delivery. */
  async restartDelivery(endpointId: string, deliveryId: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.manager.query(
      `UPDATE webhook_deliveries SET status = 'pending', failed_attempts = 0, next_attempt_at = now() WHERE id = $1 AND endpoint_id = $2`,
      [deliveryId, endpointId],
    );
    return affected > 0;
  }
}
