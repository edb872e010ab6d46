import { parsePartialDate } from '../../../common/validation/partial-date';
import type { ResumeContent, ResumeIdentity } from '../dto/resume-content.dto';
import type { SectionItemView } from '../sections/section-item-view';
import type { ListedSectionName } from '../sections/section-keys';

/**
 * What a resume shows on paper, independent of how a template draws it: the header, then the sections in
 * sectionOrder, each a list of entries. Built from the resolved content only, so the PDF shows exactly what
 * GET /v1/resume/{id} answers as `content` (hidden items and hidden identity fields are already gone).
 */
export interface ResumeDocument {
  header: DocumentHeader;
  sections: DocumentSection[];
}

export interface DocumentHeader {
  name: string | null;
  jobTitle: string | null;
  contacts: ContactEntry[];
}

/** A piece of the contact line; `url` makes it a link. */
export interface ContactEntry {
  text: string;
  url?: string;
}

export interface DocumentSection {
  /** `summary`, a section name or `customSection:<id>`. */
  key: string;
  title: string;
  entries: DocumentEntry[];
}

export type DocumentEntry = ItemEntry | ListEntry;

/** One item: "title — subtitle" with its dates on the right, a muted line of details, then text and bullets. */
export interface ItemEntry {
  kind: 'item';
  title: string | null;
  subtitle: string | null;
  dates: string | null;
  details: string | null;
  link: ContactEntry | null;
  paragraphs: string[];
  bullets: string[];
}

/** A run of short values on one line, with an optional label: "Technical: Go · TypeScript". */
export interface ListEntry {
  kind: 'list';
  label: string | null;
  values: string[];
}

const SECTION_TITLES: Record<ListedSectionName | 'summary', string> = {
  summary: 'Summary',
  experiences: 'Experience',
  education: 'Education',
  skills: 'Skills',
  projects: 'Projects',
  certificates: 'Certificates',
  awards: 'Awards',
  publications: 'Publications',
  interests: 'Interests',
};

const SKILL_CATEGORY_LABELS: Record<string, string> = { TECHNICAL: 'Technical', SOFT: 'Soft skills', LANGUAGE: 'Languages' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A section is shown only with something in it: a title over nothing (no interests, a custom item whose fields are
 * all empty, a blank summary) would be all a reader sees of it, and can push the resume onto another page.
 */
export function resumeDocument(content: ResumeContent): ResumeDocument {
  const sections = content.sectionOrder
    .map((key) => documentSection(content, key))
    .filter((section): section is DocumentSection => section !== null)
    .map((section) => ({ ...section, entries: section.entries.filter(hasContent) }))
    .filter((section) => section.entries.length > 0);
  return { header: documentHeader(content.identity), sections };
}

function hasContent(entry: DocumentEntry): boolean {
  if (entry.kind === 'list') return entry.values.length > 0;
  return Boolean(entry.title || entry.subtitle || entry.dates || entry.details || entry.link) || entry.paragraphs.length > 0 || entry.bullets.length > 0;
}

function documentHeader(identity: ResumeIdentity): DocumentHeader {
  const contacts: ContactEntry[] = [];
  if (identity.email) contacts.push({ text: identity.email, url: `mailto:${identity.email}` });
  if (identity.phone) contacts.push({ text: identity.phone });
  if (identity.address) contacts.push({ text: oneLine(identity.address) });
  // The address, not the label: a printed "GitHub" leads nowhere, "github.com/ada" does; on screen it stays a link.
  for (const link of identity.links) contacts.push({ text: withoutScheme(link.url), url: link.url });
  return { name: identity.fullName, jobTitle: identity.jobTitle, contacts };
}

function documentSection(content: ResumeContent, key: string): DocumentSection | null {
  if (key === 'summary') {
    return { key, title: SECTION_TITLES.summary, entries: content.summary ? [item({ paragraphs: paragraphsOf(content.summary) })] : [] };
  }
  const custom = content.customSections.find((section) => `customSection:${section.id}` === key);
  if (custom) return { key, title: custom.title, entries: custom.items.map(customEntry) };
  const name = key as ListedSectionName;
  const items = content.sections[name];
  if (!items) return null;
  return { key, title: SECTION_TITLES[name], entries: ENTRIES[name](items) };
}

/** How each section's items become entries. */
const ENTRIES: Record<ListedSectionName, (items: SectionItemView[]) => DocumentEntry[]> = {
  experiences: (items) =>
    items.map((experience) =>
      item({
        title: text(experience.jobTitle),
        subtitle: text(experience.company),
        dates: period(experience),
        details: text(experience.location),
        paragraphs: paragraphsOf(experience.description),
        bullets: [...list(experience.responsibilities), ...list(experience.achievements)],
      }),
    ),
  education: (items) =>
    items.map((entry) =>
      item({
        title: joined([text(entry.degree), text(entry.field)], ', '),
        subtitle: text(entry.school),
        dates: period(entry),
        details: joined([text(entry.location), text(entry.grade), entry.gpa == null ? null : `GPA ${entry.gpa}`], ' · '),
        paragraphs: paragraphsOf(entry.description),
      }),
    ),
  skills: (items) => {
    const byCategory = new Map<string, string[]>();
    for (const skill of items) {
      const category = text(skill.category) ?? '';
      const level = text(skill.level);
      const keywords = list(skill.keywords);
      const value = `${text(skill.name)}${level ? ` (${level})` : ''}${keywords.length > 0 ? `: ${keywords.join(', ')}` : ''}`;
      byCategory.set(category, [...(byCategory.get(category) ?? []), value]);
    }
    // Labels only tell groups apart: a single group of uncategorised skills needs none.
    const labelled = byCategory.size > 1 || !byCategory.has('');
    return [...byCategory].map(([category, values]) => ({
      kind: 'list',
      label: labelled ? (SKILL_CATEGORY_LABELS[category] ?? 'Other') : null,
      values,
    }));
  },
  projects: (items) =>
    items.map((project) =>
      item({
        title: text(project.name),
        subtitle: text(project.organisation),
        dates: period(project),
        link: linkOf(project.url),
        paragraphs: paragraphsOf(project.description),
      }),
    ),
  certificates: (items) =>
    items.map((certificate) =>
      item({ title: text(certificate.name), subtitle: text(certificate.issuer), dates: printedDate(certificate.date), link: linkOf(certificate.url) }),
    ),
  awards: (items) =>
    items.map((award) =>
      item({ title: text(award.title), subtitle: text(award.awarder), dates: printedDate(award.date), paragraphs: paragraphsOf(award.summary) }),
    ),
  publications: (items) =>
    items.map((publication) =>
      item({
        title: text(publication.name),
        subtitle: text(publication.publisher),
        dates: printedDate(publication.date),
        link: linkOf(publication.url),
        paragraphs: paragraphsOf(publication.description),
      }),
    ),
  interests: (items) => [
    {
      kind: 'list',
      label: null,
      values: items.map((interest) => {
        const keywords = list(interest.keywords);
        return `${text(interest.name)}${keywords.length > 0 ? ` (${keywords.join(', ')})` : ''}`;
      }),
    },
  ],
};

/** Custom item dates are free text ("2019", "Summer 2020", "present"), shown as written. */
function customEntry(custom: SectionItemView): ItemEntry {
  const start = text(custom.startDate);
  const end = text(custom.endDate);
  return item({
    title: text(custom.title),
    subtitle: joined([text(custom.subtitle), text(custom.organization)], ', '),
    dates: start && end ? `${start} – ${end}` : (start ?? end),
    details: text(custom.location),
    link: linkOf(custom.url),
    paragraphs: paragraphsOf(custom.description),
  });
}

function item(fields: Partial<Omit<ItemEntry, 'kind'>>): ItemEntry {
  return { kind: 'item', title: null, subtitle: null, dates: null, details: null, link: null, paragraphs: [], bullets: [], ...fields };
}

/** "Mar 2020 – Present", "2019 – Jun 2021", or one end alone. */
export function period(entry: SectionItemView): string | null {
  const start = printedDate(entry.startDate);
  const end = entry.isCurrent ? 'Present' : printedDate(entry.endDate);
  if (start && end) return `${start} – ${end}`;
  return start ?? end;
}

/**
 * A section date printed at the precision it was given in: "2020", "Mar 2020", "Mar 3, 2020". A date-time prints
 * as its month, as every date printed before dates kept their precision (stored dates of that time are date-times).
 */
export function printedDate(value: unknown): string | null {
  const date = parsePartialDate(value, { dateTimes: true });
  if (!date) return null;
  const [year, month, day] = [date.start.getUTCFullYear(), MONTHS[date.start.getUTCMonth()], date.start.getUTCDate()];
  switch (date.precision) {
    case 'year':
      return String(year);
    case 'day':
      return `${month} ${day}, ${year}`;
    default:
      return `${month} ${year}`;
  }
}

function linkOf(url: unknown): ContactEntry | null {
  const href = text(url);
  return href ? { text: withoutScheme(href), url: href } : null;
}

function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** Blank lines separate paragraphs; single line breaks inside one are kept. */
function paragraphsOf(value: unknown): string[] {
  const body = text(value);
  if (!body) return [];
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const trimmed = String(value).trim();
  return trimmed.length > 0 ? trimmed : null;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter((entry): entry is string => entry !== null) : [];
}

function joined(parts: (string | null)[], separator: string): string | null {
  const present = parts.filter((part): part is string => part !== null);
  return present.length > 0 ? present.join(separator) : null;
}

function oneLine(value: string): string {
  return value.replace(/\s*\n\s*/g, ', ');
}
