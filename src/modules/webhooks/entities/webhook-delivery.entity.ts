import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, Unique } from 'typeorm';
import { AccountRecord } from '../../../database/owned-record.entity';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint. It stays `pending` (and holds back the endpoint's later deliveries, which go in event
 * order) until an attempt succeeds (`delivered`) or the last retry fails (`failed`, and the endpoint is disabled).
 */
@Entity('webhook_deliveries')
@Unique('webhook_deliveries_endpoint_event', ['endpointId', 'eventId'])
@Index('webhook_deliveries_pending', ['endpointId', 'eventId'], { where: `status = 'pending'` })
export class WebhookDelivery extends AccountRecord {
  @Column('uuid')
  endpointId: string;

  @ManyToOne('WebhookEndpoint', { onDelete: 'CASCADE' })
  @JoinColumn()
  endpoint?: unknown;

  /** Indexed for the deletion of expired events, which takes their deliveries along. */
  @Index()
  @Column('bigint')
  eventId: string;

  @ManyToOne('AccountEvent', { onDelete: 'CASCADE' })
  @JoinColumn()
  event?: unknown;

  @Column({ type: 'text', default: 'pending' })
  status: DeliveryStatus;

  /** Failed attempts since the delivery was (re)started: they set the wait before the next one. */
  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
