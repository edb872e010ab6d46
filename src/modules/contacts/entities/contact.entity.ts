import { Column, Entity } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';

/** How the user knows a contact. */
export const CONTACT_RELATIONSHIPS = [
  'RECRUITER',
  'HIRING_MANAGER',
  'HR_MANAGER',
  'TEAM_LEAD',
  'DEPARTMENT_HEAD',
  'CEO_FOUNDER',
  'COLLEAGUE',
  'FRIEND',
  'REFERRAL',
  'OTHER',
] as const;
export type ContactRelationship = (typeof CONTACT_RELATIONSHIPS)[number];
export const DEFAULT_RELATIONSHIP: ContactRelationship = 'OTHER';

/** A person in the user's job search network; interviews may name one. */
@Entity('contacts')
export class Contact extends OwnedRecord {
  @Column('text')
  firstName: string;

  @Column({ type: 'text', nullable: true })
  lastName: string | null;

  @Column({ type: 'text', nullable: true })
  jobTitle: string | null;

  @Column({ type: 'text', nullable: true })
  company: string | null;

  @Column({ type: 'text', default: DEFAULT_RELATIONSHIP })
  relationship: ContactRelationship;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  linkedIn: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;
}
