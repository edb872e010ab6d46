import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { EventType } from '../event-types';

/**
 * The outbox: one row per change, written in the change's own transaction. The id is a sequence number, so that
 * `GET /v1/events?after=<id>` reads an account's events in the order they were committed (see EventsOutbox).
 * `dispatched` says whether the webhook relay has made its deliveries yet.
 */
@Entity('events')
@Index('events_account_order', ['accountId', 'id'])
@Index('events_undispatched', ['id'], { where: 'NOT dispatched' })
export class AccountEvent {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('uuid')
  accountId: string;

  /** Declared for the foreign key (events go with their account); never loaded. */
  @ManyToOne('Account', { onDelete: 'CASCADE' })
  @JoinColumn()
  account?: unknown;

  @Column('text')
  type: EventType;

  @Column('jsonb')
  data: object;

  @Index('events_created_at')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'boolean', default: false })
  dispatched: boolean;
}
