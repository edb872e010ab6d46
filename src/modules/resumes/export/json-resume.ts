import type { Type } from '@nestjs/common';
import { validate as validateAgainstSchema, type SchemaViolation } from '@jsonresume/schema';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ValidationDetails, ValidationFailedError } from '../../../common/errors/api-errors';
import { parsePartialDate } from '../../../common/validation/partial-date';
import { validationDetails } from '../../../common/validation/validation.pipe';
import { ProfileLinkDto, UpdateProfileDto } from '../../profile/dto/profile.dto';
import type { CustomItemField } from '../custom-sections/custom-item-fields';
import { CustomSectionItemDto } from '../custom-sections/custom-section.dto';
import type { ResumeContent, ResumeIdentity } from '../dto/resume-content.dto';
import { UpdateResumeDto } from '../dto/resume.dto';
import { CreateSummaryDto } from '../sections/dto/summary.dto';
import { SECTION_KINDS } from '../sections/section-kinds';
import type { SectionItemView } from '../sections/section-item-view';
import type { ListedSectionName } from '../sections/section-keys';

/**
 * JSON Resume (https://jsonresume.org/schema, v1.0.0) in both directions. One table says which field of a section
 * item is which field of the document, so export and import cannot drift apart; what the table cannot say (a work
 * entry's highlights are both our responsibilities and achievements, languages are skills of category LANGUAGE,
 * volunteering and references are custom sections) is spelled out next to it.
 */

export const JSON_RESUME_VERSION = 'v1.0.0';
export const JSON_RESUME_SCHEMA_URL = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

export type JsonObject = Record<string, unknown>;
export type JsonResumeDocument = JsonObject;

/** A document array whose items are items of one of our sections, or of a custom section with this title. */
interface ItemMapping {
  key: string;
  target: { section: ListedSectionName } | { customSection: string; enabledFields: CustomItemField[] };
  /** Item field → document field. */
  fields: Record<string, string>;
  /**
   * Date fields. JSON Resume's dates (YYYY, YYYY-MM, YYYY-MM-DD) are ours too, kept at their precision both ways;
   * custom items' free text is exported only when it is one.
   */
  dates?: string[];
  /** An ongoing period: JSON Resume leaves out endDate; our items say isCurrent. */
  period?: boolean;
  /** Which of the section's items this array holds (skills: all but languages). */
  holds?: (item: SectionItemView) => boolean;
  /** Set on every imported item. */
  imported?: JsonObject;
  /** Document fields the table cannot derive, computed from the whole item. */
  exported?: (item: SectionItemView) => JsonObject;
  /** The reverse of `exported`: the imported body, finished from what the table made of the document. */
  importedBody?: (body: JsonObject) => JsonObject;
}

const isLanguage = (skill: SectionItemView) => skill.category === 'LANGUAGE';

/**
 * A skill's `score` (1 to 5) has no field in JSON Resume, which allows fields of its own: it is exported as `score`
 * beside the `level` text, so a skill keeps both. A skill without a level text also shows its score as its level,
 * "4/5", for the readers that know only `level`; such a level imports as the score (documents from elsewhere carry
 * their scores this way) unless the document's `score` says otherwise, and then the level is a text of its own.
 */
const SCORE_LEVEL = /^([1-5])\/5$/;
const scoreAsLevel = (skill: SectionItemView) => skill.level ?? (typeof skill.score === 'number' ? `${skill.score}/5` : undefined);
function levelAsScore(body: JsonObject): JsonObject {
  const score = typeof body.level === 'string' ? SCORE_LEVEL.exec(body.level)?.[1] : undefined;
  if (!score || (body.score !== undefined && body.score !== Number(score))) return body;
  const { level: _level, ...rest } = body;
  return { ...rest, score: Number(score) };
}
const PERIOD = ['startDate', 'endDate'];

export const VOLUNTEERING_TITLE = 'Volunteering';
export const REFERENCES_TITLE = 'References';

/** The mapping table, in the order of the schema's properties. */
const ITEM_MAPPINGS: readonly ItemMapping[] = [
  {
    key: 'work',
    target: { section: 'experiences' },
    fields: {
      company: 'name',
      jobTitle: 'position',
      location: 'location',
      startDate: 'startDate',
      endDate: 'endDate',
      description: 'summary',
      achievements: 'highlights',
    },
    dates: PERIOD,
    period: true,
    // Responsibilities have no field of their own in JSON Resume: they lead the highlights (and come back as achievements).
    exported: (experience) => ({ highlights: [...strings(experience.responsibilities), ...strings(experience.achievements)] }),
  },
  {
    key: 'volunteer',
    target: { customSection: VOLUNTEERING_TITLE, enabledFields: ['title', 'organization', 'startDate', 'endDate', 'description', 'url'] },
    fields: { organization: 'organization', title: 'position', url: 'url', startDate: 'startDate', endDate: 'endDate', description: 'summary' },
    dates: PERIOD,
  },
  {
    key: 'education',
    target: { section: 'education' },
    fields: { school: 'institution', field: 'area', degree: 'studyType', startDate: 'startDate', endDate: 'endDate', grade: 'score' },
    dates: PERIOD,
    period: true,
    exported: (entry) => ({ score: entry.grade ?? (typeof entry.gpa === 'number' ? String(entry.gpa) : undefined) }),
  },
  {
    key: 'awards',
    target: { section: 'awards' },
    fields: { title: 'title', date: 'date', awarder: 'awarder', summary: 'summary' },
    dates: ['date'],
  },
  {
    key: 'certificates',
    target: { section: 'certificates' },
    fields: { name: 'name', date: 'date', issuer: 'issuer', url: 'url' },
    dates: ['date'],
  },
  {
    key: 'publications',
    target: { section: 'publications' },
    fields: { name: 'name', publisher: 'publisher', date: 'releaseDate', url: 'url', description: 'summary' },
    dates: ['date'],
  },
  {
    key: 'skills',
    target: { section: 'skills' },
    fields: { name: 'name', level: 'level', score: 'score', keywords: 'keywords' },
    holds: (skill) => !isLanguage(skill),
    exported: (skill) => ({ level: scoreAsLevel(skill) }),
    importedBody: levelAsScore,
  },
  {
    key: 'languages',
    target: { section: 'skills' },
    fields: { name: 'language', level: 'fluency', score: 'score' },
    holds: isLanguage,
    imported: { category: 'LANGUAGE' },
    exported: (language) => ({ fluency: scoreAsLevel(language) }),
    importedBody: levelAsScore,
  },
  { key: 'interests', target: { section: 'interests' }, fields: { name: 'name', keywords: 'keywords' } },
  {
    key: 'references',
    target: { customSection: REFERENCES_TITLE, enabledFields: ['title', 'description'] },
    fields: { title: 'name', description: 'reference' },
  },
  {
    key: 'projects',
    target: { section: 'projects' },
    fields: { name: 'name', organisation: 'entity', description: 'description', startDate: 'startDate', endDate: 'endDate', url: 'url' },
    dates: PERIOD,
    period: true,
  },
];

const BASICS_FIELDS = ['name', 'label', 'image', 'email', 'phone', 'url', 'summary', 'location', 'profiles'];
const KNOWN_KEYS = new Set(['$schema', 'basics', 'meta', ...ITEM_MAPPINGS.map((mapping) => mapping.key)]);

// ---------------------------------------------------------------------------------------------------------------
// Export

/**
 * The resolved content of a resume as a JSON Resume document: what the CV shows (hidden items and hidden identity
 * fields are left out), items in the CV's order. Empty values are left out rather than sent as null, which the
 * schema does not allow.
 */
export function toJsonResume(content: ResumeContent): JsonResumeDocument {
  const items = (mapping: ItemMapping): SectionItemView[] => {
    if ('section' in mapping.target) return content.sections[mapping.target.section].filter(mapping.holds ?? (() => true));
    const title = mapping.target.customSection.toLowerCase();
    return content.customSections.filter((section) => section.title.toLowerCase() === title).flatMap((section) => section.items);
  };
  return compact({
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: exportedBasics(content.identity, content.summary),
    ...Object.fromEntries(ITEM_MAPPINGS.map((mapping) => [mapping.key, items(mapping).map((item) => exportedItem(mapping, item))])),
    meta: { version: JSON_RESUME_VERSION },
  }) as JsonResumeDocument;
}

/** The first link without a label is the website (`basics.url`); the others are profiles, their label the network. */
function exportedBasics(identity: ResumeIdentity, summary: string | null): JsonObject {
  const website = identity.links.find((link) => !link.label);
  return {
    name: identity.fullName,
    label: identity.jobTitle,
    image: identity.photoUrl,
    email: identity.email,
    phone: identity.phone,
    url: website?.url,
    summary,
    location: { address: identity.address },
    profiles: identity.links.filter((link) => link !== website).map((link) => ({ network: link.label, url: link.url })),
  };
}

function exportedItem(mapping: ItemMapping, item: SectionItemView): JsonObject {
  const exported = Object.entries(mapping.fields).map(([field, documentField]) => {
    const value = mapping.dates?.includes(field) ? exportedDate(item[field]) : item[field];
    return [documentField, value];
  });
  const document: JsonObject = { ...Object.fromEntries(exported), ...mapping.exported?.(item) };
  if (mapping.period && item.isCurrent) delete document.endDate;
  return document;
}

const JSON_RESUME_DATE = /^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$/;

/** A date as it was sent when the schema has its form, a date-time as its UTC day; other free text is left out. */
function exportedDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (JSON_RESUME_DATE.test(value)) return value;
  const date = parsePartialDate(value, { dateTimes: true });
  return date?.precision === 'date-time' ? date.start.toISOString().slice(0, 10) : undefined;
}

/** Without null, undefined, empty strings, empty arrays and empty objects, at every depth. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const entries = value.map(compact).filter((entry) => entry !== undefined);
    return entries.length > 0 ? entries : undefined;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .map(([key, entry]) => [key, compact(entry)] as const)
      .filter(([, entry]) => entry !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value === null || value === '' ? undefined : value;
}

// ---------------------------------------------------------------------------------------------------------------
// Import

/** An item to create, where it came from in the document (for error messages), and its DTO. */
export interface ImportedItem {
  path: string;
  body: JsonObject;
}

export interface ImportedCustomSection {
  title: string;
  enabledFields: CustomItemField[];
  items: ImportedItem[];
}

/** The identity of basics, in the profile's fields; links in the document's order (the website first). */
export interface ImportedIdentity {
  fullName?: string;
  email?: string;
  phone?: string;
  address?: string;
  photoUrl?: string;
  links: { label: string | null; url: string }[];
}

/** Everything an import creates, checked: a resume, its content, and the identity the profile may take. */
export interface ResumeImport {
  name: string;
  jobTitle: string | null;
  summary: string | null;
  identity: ImportedIdentity;
  sections: { section: ListedSectionName; items: ImportedItem[] }[];
  customSections: ImportedCustomSection[];
  /** Paths of the document's fields that have no place in a resume and were not imported. */
  ignored: string[];
}

const RESUME_NAME_MAX = 200;

/**
 * A JSON Resume document checked against the schema and against the rules of each record it becomes, turned into
 * what to create. Every problem is reported at its path in the document: `work[0].position: ["is required"]`.
 */
export function planJsonResumeImport(document: JsonObject | undefined): ResumeImport {
  // A request without a body reaches here as undefined.
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw ValidationFailedError.field('body', 'must be a JSON Resume document');
  }
  const schemaProblems = schemaDetails(document);
  if (schemaProblems) throw new ValidationFailedError(schemaProblems);

  const details: ValidationDetails = {};
  const ignored = Object.keys(document).filter((key) => !KNOWN_KEYS.has(key));
  const basics = (document.basics ?? {}) as JsonObject;
  ignored.push(
    ...Object.keys(basics)
      .filter((key) => !BASICS_FIELDS.includes(key))
      .map((key) => `basics.${key}`),
  );

  const name = text(basics.name);
  const jobTitle = text(basics.label);
  const summary = text(basics.summary);
  check(details, UpdateResumeDto, { jobTitle }, 'basics', { jobTitle: 'label' });
  if (summary) check(details, CreateSummaryDto, { content: summary }, 'basics', { content: 'summary' });

  const identity = importedIdentity(basics, details, ignored);
  const sections: ResumeImport['sections'] = [];
  const customSections: ImportedCustomSection[] = [];
  for (const mapping of ITEM_MAPPINGS) {
    const sources = (document[mapping.key] ?? []) as JsonObject[];
    const items = sources.map((source, index) => importedItem(mapping, source, `${mapping.key}[${index}]`, details, ignored));
    if (items.length === 0) continue;
    if ('section' in mapping.target) sections.push({ section: mapping.target.section, items });
    else customSections.push({ title: mapping.target.customSection, enabledFields: mapping.target.enabledFields, items });
  }
  if (Object.keys(details).length > 0) throw new ValidationFailedError(details);

  return {
    name: ([name, jobTitle].filter(Boolean).join(' – ') || 'Imported resume').slice(0, RESUME_NAME_MAX),
    jobTitle,
    summary,
    identity,
    sections,
    customSections,
    ignored,
  };
}

function importedItem(mapping: ItemMapping, source: JsonObject, path: string, details: ValidationDetails, ignored: string[]): ImportedItem {
  const documentFields = Object.values(mapping.fields);
  ignored.push(
    ...Object.keys(source)
      .filter((key) => !documentFields.includes(key))
      .map((key) => `${path}.${key}`),
  );
  const body: JsonObject = { ...mapping.imported };
  for (const [field, documentField] of Object.entries(mapping.fields)) {
    const value = source[documentField];
    if (value === undefined || value === null) continue;
    body[field] = value;
  }
  // JSON Resume's "ongoing": a start without an end.
  if (mapping.period) body.isCurrent = body.startDate !== undefined && body.endDate === undefined;
  const finished = mapping.importedBody ? mapping.importedBody(body) : body;
  const dto = 'section' in mapping.target ? sectionBody(mapping.target.section) : CustomSectionItemDto;
  check(details, dto, finished, path, mapping.fields);
  return { path, body: finished };
}

/** basics.location's parts make the one address line of the profile; basics.url and the profiles make its links. */
function importedIdentity(basics: JsonObject, details: ValidationDetails, ignored: string[]): ImportedIdentity {
  const location = (basics.location ?? {}) as JsonObject;
  const place = [text(location.postalCode), text(location.city)].filter(Boolean).join(' ');
  const address = [text(location.address)?.replace(/\s*\n\s*/g, ', '), place, text(location.region), text(location.countryCode)].filter(Boolean).join(', ');
  const fields = { fullName: text(basics.name), email: text(basics.email), phone: text(basics.phone), address: address || null, photoUrl: text(basics.image) };
  check(details, UpdateProfileDto, fields, 'basics', { fullName: 'name', email: 'email', phone: 'phone', address: 'location', photoUrl: 'image' });

  const links: ImportedIdentity['links'] = [];
  const website = text(basics.url);
  if (website) {
    check(details, ProfileLinkDto, { url: website }, 'basics', { url: 'url' });
    links.push({ label: null, url: website });
  }
  ((basics.profiles ?? []) as JsonObject[]).forEach((profile, index) => {
    const path = `basics.profiles[${index}]`;
    const url = text(profile.url);
    // A profile without a URL (a username alone) cannot be a link.
    if (!url) {
      ignored.push(path);
      return;
    }
    ignored.push(
      ...Object.keys(profile)
        .filter((key) => key !== 'url' && key !== 'network')
        .map((key) => `${path}.${key}`),
    );
    const label = text(profile.network);
    check(details, ProfileLinkDto, { label, url }, path, { label: 'network', url: 'url' });
    links.push({ label, url });
  });
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  return { ...defined, links };
}

function sectionBody(section: ListedSectionName): Type<object> {
  return SECTION_KINDS.find((kind) => kind.name === section)!.createBody;
}

/**
 * Validates `body` with the DTO the matching endpoint uses (one set of rules), and records problems under the
 * document's names for the fields: `body`'s field names are looked up in `fields` (item field → document field).
 */
function check(details: ValidationDetails, dto: Type<object>, body: JsonObject, path: string, fields: Record<string, string>): void {
  const errors = validateSync(plainToInstance(dto, body), { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  for (const [field, messages] of Object.entries(validationDetails(errors))) {
    const [head, ...rest] = field.split('.');
    details[[path, fields[head] ?? head, ...rest].join('.')] = messages;
  }
}

/** Problems with the document as JSON Resume, by path; undefined when it is valid. */
function schemaDetails(document: JsonObject): ValidationDetails | undefined {
  let violations: SchemaViolation[] = [];
  validateAgainstSchema(document, (errors) => {
    violations = errors ?? [];
  });
  if (violations.length === 0) return undefined;
  const details: ValidationDetails = {};
  for (const violation of violations) {
    const path = jsonPath(violation.path);
    details[path] = [...(details[path] ?? []), schemaMessage(violation)];
  }
  return details;
}

/** ['work', 0, 'startDate'] → "work[0].startDate"; the document itself is "body". */
function jsonPath(segments: (string | number)[]): string {
  const path = segments.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
  return path || 'body';
}

function schemaMessage(violation: SchemaViolation): string {
  switch (violation.name) {
    case 'type':
      return `must be of type ${([] as unknown[]).concat(violation.argument).join(' or ')}`;
    case 'format':
      return violation.argument === 'email' ? 'must be a valid email address' : violation.argument === 'uri' ? 'must be a valid URL' : violation.message;
    case 'pattern':
      return 'must be a date: YYYY, YYYY-MM or YYYY-MM-DD';
    default:
      return violation.message;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
