import type { CareerProfile } from '../profile/entities/career-profile.entity';
import type { CustomSectionWithItems } from './custom-sections/custom-sections.service';
import type { ResumeContent, ResumeIdentity } from './dto/resume-content.dto';
import type { Resume } from './entities/resume.entity';
import type { SectionItemView } from './sections/section-item-view';
import type { SectionName } from '../../common/content-sections';
import type { Scope } from '../../common/auth/scopes';
import { customSectionKey, LISTED_SECTION_NAMES, ListedSectionName } from './sections/section-keys';
import type { SECTION_ORDER_NAMES } from './resume-settings';

/** Everything a resume's content is resolved from; section items in their default order. */
export interface ResumeContentSources {
  resume: Pick<Resume, 'jobTitle' | 'hiddenItems' | 'itemOrder' | 'selectedSummaryId' | 'personalOverrides' | 'optionalFields' | 'sectionOrder'>;
  profile: Pick<CareerProfile, 'fullName' | 'email' | 'phone' | 'address' | 'links' | 'photoUrl' | 'jobTitle'>;
  sections: Record<SectionName, SectionItemView[]>;
  customSections: CustomSectionWithItems[];
}

const DEFAULT_SECTION_ORDER: readonly (typeof SECTION_ORDER_NAMES)[number][] = ['summary', ...LISTED_SECTION_NAMES];

/**
 * Resolves a resume into the CV it shows: identity from the profile with the CV's jobTitle override
 * and optionalFields toggles; the summary override or the selected summary; each section's items without the hidden
 * ones, in itemOrder order (skills also grouped in the itemOrder.skillCategories order); and the order of sections.
 * Pure, so that the resume read and the PDF export render exactly the same thing.
 */
export function resolveResumeContent({ resume, profile, sections, customSections }: ResumeContentSources): ResumeContent {
  const visible = (key: string, items: SectionItemView[]) =>
    inOrder(
      items.filter((item) => !resume.hiddenItems[key]?.includes(item.id)),
      resume.itemOrder[key] ?? [],
      (item) => item.id,
    );
  const listed = Object.fromEntries(LISTED_SECTION_NAMES.map((name) => [name, visible(name, sections[name])])) as Record<ListedSectionName, SectionItemView[]>;
  listed.skills = inOrder(listed.skills, resume.itemOrder.skillCategories ?? [], (skill) => String(skill.category));

  const customSectionKeys = customSections.map((section) => customSectionKey(section.id));
  return {
    identity: identityOf(resume, profile),
    summary: summaryOf(resume, sections.summaries),
    sections: listed,
    customSections: customSections.map((section) => ({ ...section, items: visible(customSectionKey(section.id), section.items) })),
    sectionOrder: inOrder([...DEFAULT_SECTION_ORDER, ...customSectionKeys], resume.sectionOrder, (name) => name),
  };
}

function identityOf(resume: ResumeContentSources['resume'], profile: ResumeContentSources['profile']): ResumeIdentity {
  const shown = (field: 'email' | 'phone' | 'address' | 'photo' | 'links') => resume.optionalFields[field] !== false;
  return {
    fullName: profile.fullName,
    jobTitle: resume.jobTitle ?? profile.jobTitle,
    email: shown('email') ? profile.email : null,
    phone: shown('phone') ? profile.phone : null,
    address: shown('address') ? profile.address : null,
    photoUrl: shown('photo') ? profile.photoUrl : null,
    links: shown('links') ? profile.links : [],
  };
}

/**
 * The sources as a caller with `scopes` may see them: every part of a resume's content belongs to one scope, and a
 * resume read (resume:read, resume:export) carries a part only when the caller also holds that part's read scope, as
 * the consent page and the key form describe each scope. Without profile:read the identity is empty (the job title is
 * the resume's own); without `<section>:read` that section has no items (without summaries:read, only the resume's own
 * summary text, personalOverrides.summary, is shown); without custom-sections:read there are no custom sections.
 */
export function sourcesWithinScopes(sources: ResumeContentSources, scopes: readonly Scope[]): ResumeContentSources {
  const holds = (scope: string) => (scopes as readonly string[]).includes(scope);
  const sections = Object.fromEntries(Object.entries(sources.sections).map(([name, items]) => [name, holds(`${name}:read`) ? items : []]));
  return {
    resume: sources.resume,
    profile: holds('profile:read') ? sources.profile : WITHHELD_PROFILE,
    sections: sections as ResumeContentSources['sections'],
    customSections: holds('custom-sections:read') ? sources.customSections : [],
  };
}

const WITHHELD_PROFILE: ResumeContentSources['profile'] = {
  fullName: null,
  email: null,
  phone: null,
  address: null,
  links: [],
  photoUrl: null,
  jobTitle: null,
};

/** The CV's own summary text wins; otherwise the selected summary, which must be one of this resume's. */
function summaryOf(resume: ResumeContentSources['resume'], summaries: SectionItemView[]): string | null {
  const override = resume.personalOverrides.summary;
  if (override) return override;
  const selected = summaries.find((summary) => summary.id === resume.selectedSummaryId);
  return selected ? (selected.content as string) : null;
}

/**
 * `entries` with those whose key `order` lists first, in that order, then the others in their original order.
 * Keys in `order` that match nothing are ignored.
 */
export function inOrder<T>(entries: readonly T[], order: readonly string[], keyOf: (entry: T) => string): T[] {
  const rank = new Map(order.map((key, index) => [key, index]));
  const rankOf = (entry: T) => rank.get(keyOf(entry)) ?? order.length;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rankOf(a.entry) - rankOf(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}
