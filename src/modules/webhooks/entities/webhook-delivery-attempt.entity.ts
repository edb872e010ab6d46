import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/** One POST of a delivery and how it went: the receiver's status code, or why there was none. */
@Entity('webhook_delivery_attempts')
export class WebhookDeliveryAttempt {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column('uuid')
  deliveryId: string;

  @ManyToOne('WebhookDelivery', { onDelete: 'CASCADE' })
  @JoinColumn()
  delivery?: unknown;

  @Column('timestamptz')
  attemptedAt: Date;

  @Column({ type: 'int', nullable: true })
  statusCode: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column('int')
  durationMs: number;
}
