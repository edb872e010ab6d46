import { Check, Column, CreateDateColumn, Entity, Index } from 'typeorm';
import type { ActivityType } from '../activity-types';
import type { ApplicationStatus } from '../application-status';
import { ApplicationRecord } from './application-record.entity';

/**
 * One entry of an application's timeline, deleted with it: a status change, which the service records, or an
 * activity (a note, an email, a call …), which the person records and may edit or delete; an activity has a `type`
 * and an `occurredAt`, a status change neither. Every entry is written while its application's row is locked
 * (`FOR UPDATE` for a status change, `FOR KEY SHARE` for an activity, each of which waits for the other, or by the
 * transaction that creates the application), so each entry is drawn after the status changes before it committed.
 */
@Entity('application_timeline_entries')
@Index('timeline_entries_application_sequence', ['applicationId', 'sequence'])
@Index('timeline_entries_application_occurred', ['applicationId', 'occurredAt'], { where: 'type IS NOT NULL' })
@Check('timeline_entries_activity_occurred', '(type IS NULL) = (occurred_at IS NULL)')
export class TimelineEntry extends ApplicationRecord {
  /** The status changed to; on an activity, the application's status when the activity was recorded. */
  @Column('text')
  status: ApplicationStatus;

  /** The status change in words, or an activity's body. */
  @Column('text')
  description: string;

  /** An activity's kind; null on a status change. */
  @Column({ type: 'text', nullable: true })
  type: ActivityType | null;

  /** When an activity happened (it may be earlier than its recording); null on a status change. */
  @Column({ type: 'timestamptz', nullable: true })
  occurredAt: Date | null;

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
