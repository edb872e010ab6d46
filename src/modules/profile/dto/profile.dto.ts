import { Transform } from 'class-transformer';
import { EmailField, NestedListField, TextField, UrlField } from '../../../common/validation/field.decorators';
import type { CareerProfile } from '../entities/career-profile.entity';

/** Limits chosen for a name, an email address (RFC 5321), a phone number, a postal address, links. */
export const PROFILE_LIMITS = { fullName: 200, email: 254, phone: 50, address: 500, jobTitle: 150, url: 500, links: 20, linkLabel: 100 } as const;

export class ProfileLinkDto {
  @TextField({ description: 'What the link is (GitHub, Website …); null: none', nullable: true, max: PROFILE_LIMITS.linkLabel, example: 'GitHub' })
  label?: string | null;

  @UrlField({ description: 'The address (http or https)', max: PROFILE_LIMITS.url, example: 'https://github.com/ada' })
  url: string;
}

/** The identity every resume shows. Every field is nullable: null clears it (links: to an empty list). */
export class UpdateProfileDto {
  @TextField({ description: 'The name every resume shows; null clears it', nullable: true, max: PROFILE_LIMITS.fullName, example: 'Ada Lovelace' })
  fullName?: string | null;

  @EmailField({ description: 'Contact email shown on resumes; null clears it', nullable: true, max: PROFILE_LIMITS.email, example: 'ada@example.com' })
  email?: string | null;

  @TextField({ description: 'Contact phone shown on resumes; null clears it', nullable: true, max: PROFILE_LIMITS.phone, example: '+44 20 7946 0000' })
  phone?: string | null;

  @TextField({
    description: 'Postal address or city shown on resumes; null clears it',
    nullable: true,
    max: PROFILE_LIMITS.address,
    example: 'London, United Kingdom',
  })
  address?: string | null;

  @Transform(({ value }) => (value === null ? [] : value))
  @NestedListField(() => ProfileLinkDto, {
    description: 'Links shown on resumes (portfolio, GitHub …), replacing the list; null empties it',
    nullable: true,
    maxItems: PROFILE_LIMITS.links,
  })
  links?: ProfileLinkDto[];

  @UrlField({ description: 'Address of a photo for templates that show one; null clears it', nullable: true, max: PROFILE_LIMITS.url })
  photoUrl?: string | null;

  @TextField({
    nullable: true,
    max: PROFILE_LIMITS.jobTitle,
    description: 'Shown on every resume that does not set its own jobTitle',
    example: 'Backend Engineer',
  })
  jobTitle?: string | null;
}

export class ProfileLink {
  label?: string | null;
  url: string;
}

export class ProfileView {
  fullName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  links: ProfileLink[];
  photoUrl: string | null;
  jobTitle: string | null;
  updatedAt: Date;
}

export class ProfileResponse {
  data: ProfileView;
}

export function profileView(profile: CareerProfile): ProfileView {
  const { fullName, email, phone, address, links, photoUrl, jobTitle, updatedAt } = profile;
  return { fullName, email, phone, address, links, photoUrl, jobTitle, updatedAt };
}
