import { ResumeErrorCode, ResumeException } from './resumes.exception';

/**
 * What one resume may hold, beyond each field's own limit (SECTION_TEXT in sections/dto/section-item.dto.ts: 10,000
 * characters for a description). Chosen so that a real resume never meets them, even a long academic CV (a few
 * hundred publications is ~100,000 characters), while the largest resume they allow still reads in a few
 * milliseconds and renders as a PDF in well under a second. docs/api-guide.md lists them.
 */
export const RESUME_CONTENT_LIMITS = {
  /** Items of one section (or one custom section) on one resume. */
  itemsPerSection: 200,
  /** Characters of text in all the section items of one resume together (custom section items included). */
  characters: 300_000,
  /** Characters of a resume's cvData, written as JSON. */
  cvDataCharacters: 50_000,
} as const;

/** One section of a resume (a section name, or `customSection:<definitionId>`): how many items, how much text. */
export interface SectionSize {
  section: string;
  items: number;
  characters: number;
}

/**
 * Refuses a write that takes a resume past RESUME_CONTENT_LIMITS, given the resume's sizes after it: a section
 * `grown` (the sections that got items; `every` for a new resume) past the item limit, or the text past the
 * character limit. A write that leaves the text no longer than `charactersBefore` passes, so that a resume stored
 * before the limits existed can still be shortened.
 */
export function assertWithinContentLimits(sizes: SectionSize[], grown: string[] | 'every', charactersBefore = 0): void {
  const { itemsPerSection, characters: maxCharacters } = RESUME_CONTENT_LIMITS;
  const full = sizes.find((size) => (grown === 'every' || grown.includes(size.section)) && size.items > itemsPerSection);
  if (full) {
    throw new ResumeException(
      ResumeErrorCode.SECTION_ITEM_LIMIT,
      `A resume holds at most ${itemsPerSection} items per section; ${full.section} would hold ${full.items}`,
      { limit: itemsPerSection, section: full.section },
    );
  }
  const characters = charactersOf(sizes);
  if (characters > maxCharacters && characters > charactersBefore) {
    throw new ResumeException(
      ResumeErrorCode.RESUME_CONTENT_LIMIT,
      `A resume's section items hold at most ${maxCharacters} characters of text together; this would make ${characters}`,
      { limit: maxCharacters },
    );
  }
}

/** The 400 a section write or an import answers when it meets a limit, as its OpenAPI description says it. */
export const CONTENT_LIMIT_REFUSAL =
  `\`${ResumeErrorCode.SECTION_ITEM_LIMIT}\`: a section of the resume would hold more than ${RESUME_CONTENT_LIMITS.itemsPerSection} items; ` +
  `\`${ResumeErrorCode.RESUME_CONTENT_LIMIT}\`: its section items would hold more than ${RESUME_CONTENT_LIMITS.characters} characters of text together`;

export function charactersOf(sizes: SectionSize[]): number {
  return sizes.reduce((sum, size) => sum + size.characters, 0);
}
