import { ApiProperty } from '@nestjs/swagger';
import { CUSTOM_ITEM_FIELDS, CustomItemField } from '../custom-sections/custom-item-fields';
import { CustomSectionItemView } from '../custom-sections/custom-section.dto';
import type { SectionItemView } from '../sections/section-item-view';
import type { ListedSectionName } from '../sections/section-keys';
import { ProfileLink } from '../../profile/dto/profile.dto';

/** Who the CV is about: the profile's identity, with the CV's jobTitle override and its optionalFields toggles applied. */
export class ResumeIdentity {
  fullName: string | null;
  /** The resume's jobTitle, or the profile's. */
  jobTitle: string | null;
  /** null when optionalFields hides it (likewise phone, address, photoUrl; links are then empty). */
  email: string | null;
  phone: string | null;
  address: string | null;
  photoUrl: string | null;
  links: ProfileLink[];
}

export class CustomSectionContent {
  id: string;
  title: string;
  @ApiProperty({ enum: CUSTOM_ITEM_FIELDS, isArray: true, enumName: 'CustomItemField' })
  enabledFields: CustomItemField[];
  @ApiProperty({ type: () => [CustomSectionItemView] })
  items: SectionItemView[];
}

/**
 * A resume resolved for display: visible items only (hiddenItems removed), in itemOrder order, and the sections in
 * the order to show them.
 */
export class ResumeContent {
  identity: ResumeIdentity;
  /** personalOverrides.summary, else the selected summary's content, else null. */
  summary: string | null;
  @ApiProperty({
    description: 'Items per section (experiences, education, skills, projects, certificates, awards, publications, interests), each as its section lists it',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'object' } },
  })
  sections: Record<ListedSectionName, SectionItemView[]>;
  customSections: CustomSectionContent[];
  /** Every section once: `summary`, section names and `customSection:<id>` keys, in the order to render them. */
  sectionOrder: string[];
}
