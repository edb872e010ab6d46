import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import type { ApplicationStatus } from '../application-status';
import { ApplicationRecord } from './application-record.entity';

/** One status change of an application; deleted with it. */
@Entity('application_timeline_entries')
@Index('timeline_entries_application_created', ['applicationId', 'createdAt'])
export class TimelineEntry extends ApplicationRecord {
  @Column('text')
  status: ApplicationStatus;

  @Column('text')
  description: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
