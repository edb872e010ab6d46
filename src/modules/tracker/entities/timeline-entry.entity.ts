import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import type { ApplicationStatus } from '../application-status';
import { ApplicationRecord } from './application-record.entity';

/**
 * One status change of an application; deleted with it. Every entry is written while its application's row is locked
 * (`FOR UPDATE`, or by the transaction that creates the application), so the entries of one application are drawn
 * one behind the other, each after the previous change committed.
 */
@Entity('application_timeline_entries')
@Index('timeline_entries_application_sequence', ['applicationId', 'sequence'])
export class TimelineEntry extends ApplicationRecord {
  @Column('text')
  status: ApplicationStatus;

  @Column('text')
  description: string;

  /**
   * The order of the entries: drawn at the insert, under the row lock, so it follows the order in which the
   * application's status changes were committed (the transaction's start, which `now()` gives, does not).
   */
  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS' })
  sequence: string;

  /** The time of the insert, under the row lock (not the transaction's start), so that it agrees with `sequence`. */
  @CreateDateColumn({ type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt: Date;
}
