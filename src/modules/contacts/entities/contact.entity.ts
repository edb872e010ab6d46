import { Column, Entity } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import { ContactRelationship, DEFAULT_RELATIONSHIP } from '../contact-relationships';

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
