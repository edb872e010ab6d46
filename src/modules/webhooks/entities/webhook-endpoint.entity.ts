import { Column, Entity } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import type { EventType } from '../../events/event-types';

/**
 * Where an account wants its events POSTed. The secret signs every delivery (Standard Webhooks); the API shows it
 * once, on create and on rotation, and a rotated-out secret signs beside the new one until its overlap ends.
 * `leaseToken`/`leaseUntil` mark the worker delivering to the endpoint right now, so that one worker at a time sends
 * its deliveries, in order; a lease that is not renewed runs out (a killed worker).
 */
@Entity('webhook_endpoints')
export class WebhookEndpoint extends OwnedRecord {
  @Column('text')
  url: string;

  @Column('text', { array: true })
  eventTypes: EventType[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Why the service disabled the endpoint; null when enabled, or disabled by its owner. */
  @Column({ type: 'text', nullable: true })
  disabledReason: string | null;

  @Column('text')
  secret: string;

  /** The secret before the last rotation, which also signs deliveries until `previousSecretExpiresAt`. */
  @Column({ type: 'text', nullable: true })
  previousSecret: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ type: 'uuid', nullable: true })
  leaseToken: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;
}
