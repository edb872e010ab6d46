import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/sql-repository';
import type { EventView } from '../events/dto/event.dto';
import type { DeliveredEventType } from '../events/event-types';
import type { AttemptOutcome } from './webhook-sender';

/** What a worker holding an endpoint's lease reads of it. */
export interface LeasedEndpoint {
  id: string;
  url: string;
  secret: string;
  /** The secret a rotation replaced, which signs too until `previousSecretExpiresAt`; null when none does. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The oldest pending delivery of an endpoint, with its event. */
export interface DueDelivery {
  id: string;
  failedAttempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  /** An account's event, or a ping. */
  event: Omit<EventView, 'type'> & { type: DeliveredEventType };
}

interface PendingRow {
  id: string;
  failedAttempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  eventId: string;
  type: DeliveredEventType;
  eventCreatedAt: Date;
  accountId: string;
  data: Record<string, unknown>;
}

/** What a failed attempt means for the delivery and its endpoint: a retry later, or the end (and the endpoint disabled). */
export type AttemptVerdict = { retryAt: Date } | { failed: string };

/** The SQL of delivering: the relay's fan-out, the per-endpoint lease, the oldest due delivery, the record of attempts. */
@Injectable()
export class WebhookDeliveriesRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /**
   * Relays the oldest `limit` events not yet relayed, in one statement: marks them relayed and makes a delivery for
   * every enabled endpoint of the event's account that subscribes to its type and existed when the event was
   * recorded. Answers how many events it took and the endpoints that got a delivery.
   *
   * Passes that run at once (in several processes) keep each endpoint's deliveries in event order without a lock of
   * their own: each locks its events in id order, so a pass that meets an event another holds waits for that pass to
   * commit and then skips it; and an account's events commit in id order (EventsOutbox), so a pass that sees one sees
   * every earlier one of the account.
   */
  async relay(limit: number): Promise<{ events: number; endpointIds: string[] }> {
    const [row]: { events: number; endpointIds: string[] }[] = await this.manager.query(
      `WITH batch AS (
         UPDATE events SET dispatched = true WHERE id IN (SELECT id FROM events WHERE NOT dispatched ORDER BY id LIMIT $1 FOR UPDATE)
         RETURNING id, account_id, type, created_at
       ), made AS (
         INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id)
         SELECT e.account_id, w.id, e.id FROM batch e
         JOIN webhook_endpoints w ON w.account_id = e.account_id AND w.enabled AND e.type = ANY(w.event_types) AND w.created_at <= e.created_at
         ORDER BY e.id
         ON CONFLICT DO NOTHING RETURNING endpoint_id
       )
       SELECT (SELECT count(*) FROM batch)::int AS events, ARRAY(SELECT DISTINCT endpoint_id::text FROM made) AS "endpointIds"`,
      [limit],
    );
    return row;
  }

  /** Endpoints with a delivery due now and nobody sending: what the sweep enqueues. */
  async endpointsDue(): Promise<string[]> {
    const rows: { id: string }[] = await this.manager.query(
      `SELECT w.id FROM webhook_endpoints w WHERE w.enabled AND (w.lease_until IS NULL OR w.lease_until < now())
         AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'pending' AND d.next_attempt_at <= now())`,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Takes the endpoint's lease for `ms` (or renews it with the same token); undefined when another worker holds it, or
   * it is disabled or gone. A rotated-out secret whose overlap has ended is forgotten on the way.
   */
  async takeLease(endpointId: string, token: string, ms: number): Promise<LeasedEndpoint | undefined> {
    const [rows]: [LeasedEndpoint[], number] = await this.manager.query(
      `UPDATE webhook_endpoints SET lease_token = $2, lease_until = now() + make_interval(secs => $3),
         previous_secret = CASE WHEN previous_secret_expires_at > now() THEN previous_secret END,
         previous_secret_expires_at = CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END
       WHERE id = $1 AND enabled AND (lease_until IS NULL OR lease_until < now() OR lease_token = $2)
       RETURNING id, url, secret, previous_secret AS "previousSecret", previous_secret_expires_at AS "previousSecretExpiresAt"`,
      [endpointId, token, ms / 1000],
    );
    return rows[0];
  }

  async releaseLease(endpointId: string, token: string): Promise<void> {
    await this.manager.query('UPDATE webhook_endpoints SET lease_token = NULL, lease_until = NULL WHERE id = $1 AND lease_token = $2', [endpointId, token]);
  }

  /** The endpoint's oldest pending deliveries, up to `limit` (due or not: the first one not due holds back the rest). */
  async oldestPending(endpointId: string, limit: number): Promise<DueDelivery[]> {
    const rows: PendingRow[] = await this.manager.query(
      `SELECT d.id, d.failed_attempts AS "failedAttempts", d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt",
         e.id AS "eventId", e.type, e.created_at AS "eventCreatedAt", e.account_id AS "accountId", e.data
       FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
       WHERE d.endpoint_id = $1 AND d.status = 'pending' ORDER BY d.event_id LIMIT $2`,
      [endpointId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      failedAttempts: row.failedAttempts,
      nextAttemptAt: row.nextAttemptAt,
      createdAt: row.createdAt,
      event: { id: row.eventId, type: row.type, createdAt: row.eventCreatedAt, accountId: row.accountId, data: row.data },
    }));
  }

  /** Records successful attempts, one statement for all: the deliveries are delivered. */
  async recordDelivered(delivered: { deliveryId: string; attempt: AttemptOutcome }[]): Promise<void> {
    if (delivered.length === 0) return;
    const column = <T>(pick: (each: { deliveryId: string; attempt: AttemptOutcome }) => T) => delivered.map(pick);
    await this.manager.query(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[]) AS input(delivery_id, attempted_at, status_code, duration_ms)
       ), delivered AS (
         UPDATE webhook_deliveries d SET status = 'delivered', delivered_at = input.attempted_at + make_interval(secs => input.duration_ms / 1000.0)
         FROM input WHERE d.id = input.delivery_id RETURNING d.id
       )
       INSERT INTO webhook_delivery_attempts (delivery_id, attempted_at, status_code, error, duration_ms)
       SELECT input.delivery_id, input.attempted_at, input.status_code, NULL, input.duration_ms FROM input JOIN delivered ON delivered.id = input.delivery_id`,
      [
        column((each) => each.deliveryId),
        column((each) => each.attempt.attemptedAt),
        column((each) => each.attempt.statusCode),
        column((each) => each.attempt.durationMs),
      ],
    );
  }

  /**
   * Records a failed attempt and what it means, in one statement: the delivery waits for its retry, or has failed
   * for good and disables its endpoint with the reason. Nothing when the delivery is gone (its endpoint was deleted
   * meanwhile).
   */
  async recordFailedAttempt(deliveryId: string, attempt: AttemptOutcome, verdict: AttemptVerdict): Promise<void> {
    const retry = 'retryAt' in verdict;
    const change = retry ? 'next_attempt_at = $6' : `status = 'failed'`;
    const disable = retry
      ? ''
      : `, disabled AS (UPDATE webhook_endpoints SET enabled = false, disabled_reason = $6, updated_at = now() WHERE id IN (SELECT endpoint_id FROM delivery))`;
    await this.manager.query(
      `WITH delivery AS (UPDATE webhook_deliveries SET ${change}, failed_attempts = failed_attempts + 1 WHERE id = $1 RETURNING id, endpoint_id)${disable}
       INSERT INTO webhook_delivery_attempts (delivery_id, attempted_at, status_code, error, duration_ms) SELECT id, $2, $3, $4, $5 FROM delivery`,
      [deliveryId, attempt.attemptedAt, attempt.statusCode, attempt.error, attempt.durationMs, retry ? verdict.retryAt : verdict.failed],
    );
  }
}
