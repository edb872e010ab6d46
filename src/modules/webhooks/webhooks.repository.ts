import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../common/http/paging';
import { OwnedRepositoryFor, Owner, accountIdOf } from '../../database/owned-repository';
import { DeliveryView, WebhookView } from './dto/webhook.dto';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';

export function webhookView({ id, url, eventTypes, enabled, disabledReason, createdAt, updatedAt }: WebhookEndpoint): WebhookView {
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

/** A delivery as the API shows it, with its event's type and every attempt; `d` is webhook_deliveries. */
const DELIVERY_VIEW = `SELECT d.id, d.event_id::text AS "eventId", e.type AS "eventType", d.status, d.next_attempt_at AS "nextAttemptAt",
    d.delivered_at AS "deliveredAt", d.created_at AS "createdAt",
    COALESCE((SELECT json_agg(json_build_object('attemptedAt', a.attempted_at, 'statusCode', a.status_code, 'error', a.error,
      'durationMs', a.duration_ms) ORDER BY a.attempted_at, a.id) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
  FROM webhook_deliveries d JOIN events e ON e.id = d.event_id`;

@Injectable()
export class WebhooksRepository extends OwnedRepositoryFor<WebhookEndpoint, WebhookView>(WebhookEndpoint, webhookView) {
  countOf(owner: Owner): Promise<number> {
    return this.manager.countBy(WebhookEndpoint, { accountId: accountIdOf(owner) });
  }

  /** The endpoint's deliveries, newest event first, each with its attempts; the endpoint must be the account's. */
  async deliveries(owner: Owner, endpointId: string, paging: PagingQuery): Promise<ListEnvelope<DeliveryView>> {
    await this.require(owner, endpointId);
    const [rows, [{ total }]] = await Promise.all([
      this.manager.query<DeliveryView[]>(`${DELIVERY_VIEW} WHERE d.endpoint_id = $1 ORDER BY d.event_id DESC LIMIT $2 OFFSET $3`, [
        endpointId,
        paging.limit,
        paging.offset,
      ]),
      this.manager.query<{ total: number }[]>('SELECT count(*)::int AS total FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]),
    ]);
    return listEnvelope(rows, total, paging);
  }

  /** A delivery of the endpoint, as the list shows it; the endpoint must be the account's. */
  async delivery(owner: Owner, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    await this.require(owner, endpointId);
    const [row] = await this.manager.query<DeliveryView[]>(`${DELIVERY_VIEW} WHERE d.endpoint_id = $1 AND d.id = $2`, [endpointId, deliveryId]);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** A delivery of the event to this endpoint alone (the relay fans an account's events out; a ping goes to one endpoint). */
  async addDelivery(endpoint: WebhookEndpoint, eventId: string): Promise<string> {
    const [{ id }]: { id: string }[] = await this.manager.query(
      'INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id) VALUES ($1, $2, $3) RETURNING id',
      [endpoint.accountId, endpoint.id, eventId],
    );
    return id;
  }

  /**
   * Puts `secret` in place; the one it replaces keeps signing for `overlapSeconds` (not at all at 0), and one replaced
   * before it stops. One statement, so two rotations at once leave one of them whole. Answers when the old secret
   * stops signing, null when it already has.
   */
  async rotateSecret(owner: Owner, id: string, secret: string, overlapSeconds: number): Promise<Date | null> {
    if (!isUUID(id)) throw new NotFoundError();
    const [rows]: [{ expiresAt: Date | null }[], number] = await this.manager.query(
      `UPDATE webhook_endpoints SET secret = $3, updated_at = now(),
         previous_secret = CASE WHEN $4::int > 0 THEN secret END,
         previous_secret_expires_at = CASE WHEN $4::int > 0 THEN now() + make_interval(secs => $4::int) END
       WHERE id = $1 AND account_id = $2 RETURNING previous_secret_expires_at AS "expiresAt"`,
      [id, accountIdOf(owner), secret, overlapSeconds],
    );
    if (rows.length === 0) throw new NotFoundError();
    return rows[0].expiresAt;
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
