import { Transform } from 'class-transformer';
import { EmailField, NestedListField, TextField, UrlField } from '../../../common/validation/field.decorators';
import type { CareerProfile } from '../entities/career-profile.entity';

/** Limits chosen for a name, an email address (RFC 5321), a phone number, a postal address, links. */
export const PROFILE_LIMITS = { fullName: 200, email: 254, phone: 50, address: 500, jobTitle: 150, url: 500, links: 20, linkLabel: 100 } as const;

export class ProfileLinkDto {
  @TextField({ nullable: true, max: PROFILE_LIMITS.linkLabel, example: 'GitHub' })
  label?: string | null;

  @UrlField({ max: PROFILE_LIMITS.url, example: 'https://github.com/ada' })
  url: string;
}

/** The identity every resume shows. Every field is nullable: null clears it (links: to an empty list). */
export class UpdateProfileDto {
  @TextField({ nullable: true, max: PROFILE_LIMITS.fullName, example: 'Ada Lovelace' })
  fullName?: string | null;

  @EmailField({ nullable: true, max: PROFILE_LIMITS.email, example: 'ada@example.com' })
  email?: string | null;

  @TextField({ nullable: true, max: PROFILE_LIMITS.phone, example: '+44 20 7946 0000' })
  phone?: string | null;

  @TextField({ nullable: true, max: PROFILE_LIMITS.address, example: 'London, United Kingdom' })
  address?: string | null;

  @Transform(({ value }) => (value === null ? [] : value))
  @NestedListField(() => ProfileLinkDto, { nullable: true, maxItems: PROFILE_LIMITS.links })
  links?: ProfileLinkDto[];

  @UrlField({ nullable: true, max: PROFILE_LIMITS.url })
  photoUrl?: string | null;

  @TextField({ nullable: true, max: PROFILE_LIMITS.jobTitle, description: 'Shown on every resume that does not set its own jobTitle', example: 'Backend Engineer' })
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
