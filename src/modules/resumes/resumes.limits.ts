import { ResumeErrorCode, ResumeException } from './resumes.exception';

/** The limits on a resume's name and its CV-level job title. */
export const RESUME_LIMITS = { name: 200, jobTitle: 150 } as const;

/** The name of a copy tailored for a job: "Acme – Backend Engineer", within the name limit. */
export function tailoredResumeName(job: { company: string; jobTitle: string }): string {
  return `${job.company} – ${job.jobTitle}`.slice(0, RESUME_LIMITS.name);
}

/**
 * Requests per minute of the routes heavier than their kind's default (`DEFAULT_LIMITS`): a new resume copies the
 * default resume's content, an import writes a whole resume, a PDF is rendered.
 */
export const RESUME_RATE_LIMITS = { create: 10, importJsonResume: 10, exportPdf: 5 } as const;

/**
 * Limits chosen once, the same for every section: names and titles (a publication's title is longer, a summary's
 * label or a keyword shorter), URLs, long texts, bullet lists, keyword lists, short labels (a skill's level, a
 * grade), and dates written as free text.
 */
export const SECTION_TEXT = {
  name: 200,
  longName: 300,
  shortName: 100,
  url: 500,
  long: 10_000,
  listItems: 50,
  listItem: 1_000,
  keywords: 20,
  label: 50,
  dateText: 20,
} as const;

/** Numbers a section item may hold: a skill's score, a grade point average. */
export const SECTION_NUMBERS = { score: { min: 1, max: 5 }, gpa: { min: 0, max: 10 } } as const;

/**
 * What one resume may hold, beyond each field's own limit (SECTION_TEXT above: 10,000 characters for a
 * description). Chosen so that a real resume never meets them, even a long academic CV (a few
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
