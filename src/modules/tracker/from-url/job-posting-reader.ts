import { Parser } from 'htmlparser2';
import { CURRENCY_CODES } from '../../../common/validation/currency-codes';
import { SALARY_PERIODS, SalaryPeriod } from '../../../common/validation/salary-period';
import { APPLICATION_LIMITS } from '../tracker.limits';

/** What a job's page says about the job, in the application's fields; each absent when the page does not say it. */
export interface JobPageFacts {
  jobTitle?: string;
  company?: string;
  location?: string;
  jobDescription?: string;
  salaryMin?: number;
  salaryMax?: number;
  salaryPeriod?: SalaryPeriod;
  salaryCurrency?: string;
  /** `YYYY-MM-DD`. */
  postedAt?: string;
  /** The last day to apply (`validThrough`), `YYYY-MM-DD`. */
  deadline?: string;
}

/** What the page's markup holds for the reader: its JSON-LD blocks, OpenGraph and description metas, and its title. */
interface PageMarkup {
  jsonLd: string[];
  meta: Map<string, string>;
  title: string;
}

type JsonObject = Record<string, unknown>;

/**
 * Reads a job's page: the schema.org `JobPosting` its JSON-LD holds (what Greenhouse, Lever, Workday and most job
 * boards publish, also inside `@graph` or a list), and, for what that does not give, OpenGraph (`og:title`,
 * `og:site_name`, `og:description`), the description meta and the page's `<title>`. Values are cut to the
 * application's field limits; a salary, currency or date the page gets wrong is left out rather than guessed.
 */
export function readJobPosting(html: string): JobPageFacts {
  const markup = pageMarkup(html);
  const posting = markup.jsonLd.flatMap(parsedJson).flatMap(jobPostingsIn)[0];
  const fromPosting = posting ? postingFacts(posting) : {};
  const fallback: JobPageFacts = {
    jobTitle: line(markup.meta.get('og:title')) ?? line(markup.title),
    company: line(markup.meta.get('og:site_name')),
    jobDescription: text(markup.meta.get('og:description')) ?? text(markup.meta.get('description')),
  };
  const facts: JobPageFacts = { ...fallback, ...definedOnly(fromPosting) };
  return definedOnly({
    ...facts,
    jobTitle: cut(facts.jobTitle, APPLICATION_LIMITS.text),
    company: cut(facts.company, APPLICATION_LIMITS.text),
    location: cut(facts.location, APPLICATION_LIMITS.text),
    jobDescription: cut(facts.jobDescription, APPLICATION_LIMITS.jobDescription),
  });
}

function pageMarkup(html: string): PageMarkup {
  const markup: PageMarkup = { jsonLd: [], meta: new Map(), title: '' };
  let capturing: 'json-ld' | 'title' | undefined;
  let captured = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && (attributes.type ?? '').trim().toLowerCase() === 'application/ld+json') capturing = 'json-ld';
      else if (name === 'title' && !markup.title) capturing = 'title';
      else if (name === 'meta') {
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        if (key && attributes.content !== undefined && !markup.meta.has(key)) markup.meta.set(key, attributes.content);
      }
      captured = '';
    },
    ontext(data) {
      if (capturing) captured += data;
    },
    onclosetag(name) {
      if (capturing === 'json-ld' && name === 'script') markup.jsonLd.push(captured);
      if (capturing === 'title' && name === 'title') markup.title = captured;
      if (name === 'script' || name === 'title') capturing = undefined;
    },
  });
  parser.end(html);
  return markup;
}

/** A JSON-LD block as JSON; pages wrap it in HTML comments or CDATA now and then, and a block that is not JSON is skipped. */
function parsedJson(block: string): unknown[] {
  const json = block
    .trim()
    .replace(/^(<!--|\/\/\s*<!\[CDATA\[)/, '')
    .replace(/(-->|\/\/\s*\]\]>)$/, '');
  try {
    return [JSON.parse(json)];
  } catch {
    return [];
  }
}

/** The JobPostings in a JSON-LD value: itself, the members of a list or of `@graph`, at any depth. */
function jobPostingsIn(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(jobPostingsIn);
  if (!isObject(value)) return [];
  if (typesOf(value).includes('JobPosting')) return [value];
  return jobPostingsIn(value['@graph']);
}

/** `@type` as bare names: `"JobPosting"`, `["JobPosting"]`, `"schema:JobPosting"` and `"https://schema.org/JobPosting"` alike. */
function typesOf(value: JsonObject): string[] {
  return listOf(value['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^.*[/:#]/, ''));
}

function postingFacts(posting: JsonObject): JobPageFacts {
  return {
    jobTitle: line(posting.title) ?? line(posting.name),
    company: organizationName(posting.hiringOrganization),
    location: location(posting),
    jobDescription: descriptionText(posting.description),
    ...salary(posting.baseSalary),
    postedAt: calendarDate(posting.datePosted),
    deadline: calendarDate(posting.validThrough),
  };
}

function organizationName(organization: unknown): string | undefined {
  const first = listOf(organization)[0];
  return isObject(first) ? (line(first.name) ?? line(first.legalName)) : line(first);
}

/**
 * Where the job is: each `jobLocation`'s address (a PostalAddress's locality, region and country, or a plain string),
 * then, for `jobLocationType: TELECOMMUTE`, "Remote" with the `applicantLocationRequirements` it names.
 */
function location(posting: JsonObject): string | undefined {
  const places = listOf(posting.jobLocation).map(placeName);
  const remote = listOf(posting.jobLocationType).some((type) => typeof type === 'string' && /telecommute/i.test(type));
  if (remote) {
    const where = unique(listOf(posting.applicantLocationRequirements).map(placeName).filter(isText));
    places.push(where.length > 0 ? `Remote (${where.join(', ')})` : 'Remote');
  }
  const named = unique(places.filter(isText));
  return named.length > 0 ? named.join('; ') : undefined;
}

function placeName(place: unknown): string | undefined {
  if (!isObject(place)) return line(place);
  const address = listOf(place.address)[0] ?? place;
  if (!isObject(address)) return line(address) ?? line(place.name);
  const parts = [address.addressLocality, address.addressRegion, address.addressCountry].map((part) => (isObject(part) ? line(part.name) : line(part)));
  const named = unique(parts.filter(isText));
  return named.length > 0 ? named.join(', ') : (line(address.name) ?? line(place.name));
}

/** A `MonetaryAmount` whose `value` is a `QuantitativeValue` (minValue, maxValue or value, unitText) or a number. */
function salary(baseSalary: unknown): Pick<JobPageFacts, 'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'salaryCurrency'> {
  const amount = listOf(baseSalary)[0];
  if (!isObject(amount)) return {};
  const value = isObject(amount.value) ? amount.value : { value: amount.value, unitText: amount.unitText };
  const single = money(value.value);
  const bounds = [money(value.minValue) ?? single, money(value.maxValue) ?? single];
  if (bounds[0] !== undefined && bounds[1] !== undefined && bounds[0] > bounds[1]) bounds.reverse();
  if (bounds[0] === undefined && bounds[1] === undefined) return {};
  const period = typeof value.unitText === 'string' ? value.unitText.trim().toUpperCase() : '';
  const currency = typeof amount.currency === 'string' ? amount.currency.trim().toUpperCase() : '';
  return {
    salaryMin: bounds[0],
    salaryMax: bounds[1],
    salaryPeriod: (SALARY_PERIODS as readonly string[]).includes(period) ? (period as SalaryPeriod) : undefined,
    salaryCurrency: CURRENCY_CODES.includes(currency) ? currency : undefined,
  };
}

/** An amount as the application keeps it: whole units, within the column; pages write numbers as numbers or strings. */
function money(value: unknown): number | undefined {
  const amount = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[,\s]/g, '')) : NaN;
  return Number.isFinite(amount) && amount >= 0 && amount <= APPLICATION_LIMITS.salary ? Math.round(amount) : undefined;
}

/** The calendar date an ISO 8601 date or date-time names, as written (its own day, whatever its zone). */
function calendarDate(value: unknown): string | undefined {
  const date = typeof value === 'string' ? /^\s*(\d{4}-\d{2}-\d{2})/.exec(value)?.[1] : undefined;
  // February 31 is no date: the Date moves it into March.
  return date && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) ? date : undefined;
}

const MARKUP = /<\/?[a-z][a-z0-9]*[\s/>]/i;
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/i;

/**
 * A description as text: its HTML's paragraphs as paragraphs, list items as "- " lines. Boards often escape the HTML
 * once more inside the JSON (`&lt;p&gt;`), which the first reading turns into markup; a second reads that. A plain
 * text description keeps its line breaks.
 */
function descriptionText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!MARKUP.test(value) && !ENTITY.test(value)) return text(value);
  let result = htmlText(value);
  if (MARKUP.test(result)) result = htmlText(result);
  return text(result);
}

/** Tags that stand apart as paragraphs, and those that only start a line. */
const PARAGRAPH_TAGS = new Set(['p', 'div', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'blockquote', 'pre', 'table', 'hr']);
const LINE_TAGS = new Set(['br', 'li', 'tr']);

function htmlText(html: string): string {
  let result = '';
  let skipped = 0;
  const parser = new Parser({
    onopentag(name) {
      if (name === 'script' || name === 'style') skipped++;
      else if (PARAGRAPH_TAGS.has(name)) result += '\n\n';
      else if (LINE_TAGS.has(name)) result += name === 'li' ? '\n- ' : '\n';
    },
    ontext(data) {
      if (skipped === 0) result += data.replace(/\s+/g, ' ');
    },
    onclosetag(name) {
      if (name === 'script' || name === 'style') skipped = Math.max(0, skipped - 1);
      else if (PARAGRAPH_TAGS.has(name)) result += '\n\n';
    },
  });
  parser.end(html);
  return result
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** A one-line value (a title, a name, a place): its whitespace as single spaces, or undefined when there is none. */
function line(value: unknown): string | undefined {
  return typeof value === 'string' ? text(value.replace(/\s+/g, ' ')) : undefined;
}

/** A string with its whitespace tidied (line breaks kept), or undefined when there is nothing in it. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const tidied = value
    .replace(/\u0000/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
  return tidied === '' ? undefined : tidied;
}

/** Within a field's limit, cut at a word where one is near. */
function cut(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length <= max) return value;
  const head = value.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.8 ? head.slice(0, space) : head}…`;
}

function listOf(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: string | undefined): value is string {
  return value !== undefined;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
