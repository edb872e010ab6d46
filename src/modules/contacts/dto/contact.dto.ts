import { ApiProperty } from '@nestjs/swagger';
import { PagingQuery } from '../../../common/http/paging';
import { EmailField, EnumField, TextField, UrlField } from '../../../common/validation/field.decorators';
import { CONTACT_RELATIONSHIPS, ContactRelationship, DEFAULT_RELATIONSHIP } from '../contact-relationships';

export const CONTACT_LIMITS = { name: 100, text: 200, email: 200, phone: 50, linkedIn: 500, notes: 20_000, search: 200 } as const;

const relationshipField = (description?: string) =>
  EnumField(CONTACT_RELATIONSHIPS, { optional: true, enumName: 'ContactRelationship', default: DEFAULT_RELATIONSHIP, description });

/**
 * The fields create and update share. Every one may be absent, and every one but `relationship` may be null:
 * on update null clears the field, on create it is the same as leaving it out.
 */
class ContactFields {
  @TextField({ description: 'Family name; null clears it', nullable: true, max: CONTACT_LIMITS.name, example: 'Lovelace' })
  lastName?: string | null;

  @TextField({ description: 'Their role; null clears it', nullable: true, max: CONTACT_LIMITS.text, example: 'Engineering Manager' })
  jobTitle?: string | null;

  @TextField({ description: 'Where they work; null clears it', nullable: true, max: CONTACT_LIMITS.text, example: 'Acme Corp' })
  company?: string | null;

  @relationshipField(`Defaults to \`${DEFAULT_RELATIONSHIP}\` on create`)
  relationship?: ContactRelationship;

  @EmailField({ description: 'Their email address; null clears it', nullable: true, max: CONTACT_LIMITS.email, example: 'ada@acme.example' })
  email?: string | null;

  @TextField({ nullable: true, max: CONTACT_LIMITS.phone, example: '+49 30 1234567', description: 'Free text: formats differ by country' })
  phone?: string | null;

  @UrlField({ nullable: true, max: CONTACT_LIMITS.linkedIn, example: 'https://www.linkedin.com/in/ada', description: 'Profile URL (http or https)' })
  linkedIn?: string | null;

  @TextField({ description: 'Free-form notes about the contact; null clears them', nullable: true, max: CONTACT_LIMITS.notes })
  notes?: string | null;
}

export class CreateContactDto extends ContactFields {
  @TextField({ max: CONTACT_LIMITS.name, example: 'Ada', description: 'The one required field' })
  firstName: string;
}

export class UpdateContactDto extends ContactFields {
  @TextField({ optional: true, notBlank: true, max: CONTACT_LIMITS.name, description: 'Cannot be cleared' })
  firstName?: string;
}

export class ListContactsQuery extends PagingQuery {
  @relationshipField('Only contacts of this kind')
  relationship?: ContactRelationship;

  @TextField({ optional: true, max: CONTACT_LIMITS.search, description: 'Case-insensitive part of the name (first, last or "first last"), company or email' })
  search?: string;
}

/** A contact as reads answer it. */
export class ContactView {
  id: string;
  firstName: string;
  lastName: string | null;
  jobTitle: string | null;
  company: string | null;
  @ApiProperty({ enum: CONTACT_RELATIONSHIPS, enumName: 'ContactRelationship' })
  relationship: ContactRelationship;
  email: string | null;
  phone: string | null;
  linkedIn: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export class ContactResponse {
  data: ContactView;
}
