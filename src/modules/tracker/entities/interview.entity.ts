import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { Contact } from '../../contacts/entities/contact.entity';
import type { InterviewType } from '../interview-types';
import { ApplicationRecord } from './application-record.entity';

/** A scheduled interview of an application. */
@Entity('interviews')
@Index('interviews_application_date', ['applicationId', 'date'])
export class Interview extends ApplicationRecord {
  @Column('smallint')
  round: number;

  @Column('text')
  type: InterviewType;

  @Column('timestamptz')
  date: Date;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** Where it takes place (an address, a room). */
  @Column({ type: 'text', nullable: true })
  location: string | null;

  /** The link of a video or phone bridge. */
  @Column({ type: 'text', nullable: true })
  meetingUrl: string | null;

  @Column({ type: 'smallint', nullable: true })
  durationMinutes: number | null;

  /** Indexed so that deleting a contact finds the interviews to unlink without a scan. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  contactId: string | null;

  /** Deleting the contact keeps the interview, without a contact. */
  @ManyToOne(() => Contact, { onDelete: 'SET NULL' })
  @JoinColumn()
  contact?: Contact | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
