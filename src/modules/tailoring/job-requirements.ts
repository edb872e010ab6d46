import { SKILL_VOCABULARY, TermCategory, VocabularyTerm } from './skill-vocabulary';

export const SENIORITY_LEVELS = ['intern', 'entry', 'mid', 'senior', 'lead', 'executive'] as const;
export type Seniority = (typeof SENIORITY_LEVELS)[number];

/** What a job asks for, as tailoring understands it. */
export interface JobRequirements {
  /** Canonical names of the skills and tools the job asks for, most mentioned first. */
  skills: string[];
  seniority: Seniority | null;
  /** The smallest number of years of experience the description asks for. */
  minYears: number | null;
  /** Significant words of the title and description, for matching what no vocabulary term covers. */
  keywords: string[];
}

const SENIORITY_PATTERNS: [Seniority, RegExp][] = [
  ['intern', /\b(intern|internship|trainee)\b/i],
  ['executive', /\b(chief|cto|ceo|cfo|vp|vice president|head of|director)\b/i],
  ['lead', /\b(lead|principal|staff|architect|manager)\b/i],
  ['senior', /\b(senior|sr\.?)\b/i],
  ['entry', /\b(junior|jr\.?|entry[- ]level|graduate|associate)\b/i],
];

const YEARS = /(\d{1,2})\s*(?:\+|plus)?\s*(?:-|–|to)?\s*(?:\d{1,2}\s*)?(?:years?|yrs?)\b/gi;

const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have in is it its of on or our that the their this to we will with you your ' +
    'about across ability able all also any both can day each etc experience including into job more must new not ' +
    'other own per role team teams than them they us using work working who within would years year strong skills ' +
    'plus well what when where which while should such very may like help make who join looking great good best'
  ).split(' '),
);

/**
 * Text as the vocabulary is looked up: hyphens are spaces ("event-driven" is "event driven") and "/" stands alone
 * ("CI/CD" is "ci / cd", so that "Python/SQL" is two mentions).
 */
function spellingOf(text: string): string {
  return text.replace(/-/g, ' ').replace(/\//g, ' / ').replace(/\s+/g, ' ').trim();
}
const spellingKey = (text: string) => spellingOf(text).toLowerCase();

interface Entry {
  term: VocabularyTerm;
  /** For a case-sensitive name: the only way it counts. */
  exactly?: string;
}

const ENTRIES = new Map<string, Entry>();
for (const term of SKILL_VOCABULARY) {
  ENTRIES.set(spellingKey(term.name), { term, ...(term.caseSensitiveName ? { exactly: spellingOf(term.name) } : {}) });
  for (const alias of term.aliases ?? []) ENTRIES.set(spellingKey(alias), { term });
}
const LONGEST = Math.max(...[...ENTRIES.keys()].map((spelling) => spelling.split(' ').length));
const TERMS_BY_NAME = new Map(SKILL_VOCABULARY.map((term) => [term.name, term]));

/** A word of a text, with any sentence punctuation around it taken off ("Node.js." is "Node.js"). */
interface Token {
  text: string;
  lower: string;
}

function tokensOf(text: string): Token[] {
  return (spellingOf(text).match(/[^\s,;:!?()[\]{}"“”‘’|•·*]+/g) ?? [])
    .map((word) =>
      word
        .replace(/['.]+$/, '')
        .replace(/^'+/, '')
        .replace(/^\.+(?!\w)/, ''),
    )
    .filter((word) => word.length > 0)
    .map((word) => ({ text: word, lower: word.toLowerCase() }));
}

/** One mention of a vocabulary term: the term and where its words are among the text's tokens. */
interface Mention {
  term: VocabularyTerm;
  first: number;
  last: number;
}

/** The terms a text names, longest spelling first ("React Native" is not also "React"), whole words only. */
function mentionsIn(tokens: Token[]): Mention[] {
  const mentions: Mention[] = [];
  for (let first = 0; first < tokens.length;) {
    let found: Mention | null = null;
    for (let length = Math.min(LONGEST, tokens.length - first); length > 0 && !found; length--) {
      const words = tokens.slice(first, first + length);
      const spelling = words.map((token) => token.lower).join(' ');
      // Singular and plural name the same term ("assessments", "a learning management system"), past a short word
      // ("at" is not "ATS"); a case-sensitive name counts only as written ("Gos" is not Go).
      const entry = ENTRIES.get(spelling) ?? (spelling.length > 4 ? ENTRIES.get(/[^s]s$/.test(spelling) ? spelling.slice(0, -1) : `${spelling}s`) : undefined);
      if (entry && (!entry.exactly || entry.exactly === words.map((token) => token.text).join(' '))) {
        found = { term: entry.term, first, last: first + length - 1 };
      }
    }
    if (found) mentions.push(found);
    first = found ? found.last + 1 : first + 1;
  }
  return mentions;
}

/** The vocabulary terms a text mentions, with how often. */
export function findSkills(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const { term } of mentionsIn(tokensOf(text))) found.set(term.name, (found.get(term.name) ?? 0) + 1);
  return found;
}

/** The skills a text shows: those it names and the broader ones they count as (PostgreSQL shows SQL too). */
export function skillsShown(text: string): Set<string> {
  const shown = new Set<string>();
  const add = (name: string) => {
    if (shown.has(name)) return;
    shown.add(name);
    TERMS_BY_NAME.get(name)?.countsAs?.forEach(add);
  };
  findSkills(text).forEach((_count, name) => add(name));
  return shown;
}

/** The category of a vocabulary term, by its name. */
export function categoryOf(name: string): TermCategory | null {
  return TERMS_BY_NAME.get(name)?.category ?? null;
}

export function keywordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z+#.-]{2,}/g) ?? [];
  return [...new Set(words.map((word) => word.replace(/[.-]+$/, '')).filter((word) => word.length > 2 && !STOP_WORDS.has(word)))];
}

/** What a part of an ad is: what the job asks for, the work it describes, or about the company and its offer. */
type Context = 'requirements' | 'duties' | 'company';

const HEADINGS: [Context, RegExp][] = [
  [
    'company',
    /\b(about (us|the company|the team|our)|who we are|benefits|perks|what we offer|we offer|why (join|work)|compensation|salary|pay|equal opportunit|how to apply|our (values|culture|mission|story)|location|hours|schedule)\b/i,
  ],
  [
    'requirements',
    /\b(requirements?|qualifications?|what you('ll| will)? (need|bring|have)|what (we('re| are)?|we) (are )?look(ing)? for|who you are|about you|you (have|bring|are)|must[- ]haves?|nice[- ]to[- ]haves?|bonus( points)?|preferred|desired|essential|skills|experience|competenc(e|ies|y)|profile|ideal candidate|your background|we('d| would) love|tech stack|our stack|tools)\b/i,
  ],
  [
    'duties',
    /\b(responsibilit|what you('ll| will) (do|be doing)|the role|your role|duties|day[- ]to[- ]day|key tasks|in this role|about the (role|job|position)|the job|your (mission|impact))/i,
  ],
];

/** A heading: a short line that is a title ("Requirements", "What you'll need:"), not a sentence. */
function headingContext(line: string): Context | 'other' | null {
  const text = line.replace(/^[#*\s]+|[*\s]+$/g, '');
  if (text.length === 0 || text.split(/\s+/).length > 8 || /[.!?]$/.test(text)) return null;
  if (!text.endsWith(':') && (!/^[A-Z#*]/.test(line.trim()) || mentionsIn(tokensOf(text)).length > 0)) return null;
  return HEADINGS.find(([, pattern]) => pattern.test(text))?.[0] ?? (text.endsWith(':') ? 'other' : null);
}

/** Words after which the ad asks for what follows, up to the end of the clause. */
const ASKING =
  /\b(experience[ds]?|proficien(t|cy)|knowledge|familiar(ity)?|expertise|skilled|skills|fluen(t|cy)|background|understanding|hands[- ]on|comfortable|competen(t|ce|cy)|degree|certifi(ed|cation)|licen[cs]ed?|trained|track record|mastery|command|ability|able|strong|excellent|solid|proven|demonstrated|working knowledge|you (have|bring)|must (have|be)|required|requires?|preferred|a plus|nice to have|bonus)\b/i;
/** Words after a term that make it a requirement ("communication skills", "SaaS sales experience"). */
const ASKED_AFTER = new Set([
  'experience',
  'skills',
  'skill',
  'knowledge',
  'background',
  'certification',
  'certificate',
  'license',
  'licence',
  'proficiency',
  'expertise',
  'degree',
]);
/** A term read as a group of people, not a skill: "the sales team", "dashboards that leadership uses". */
const PEOPLE = new Set(
  (
    'team teams department departments org organization organisation function colleagues leaders leadership staff people ' +
    'engineers developers designers managers analysts scientists nurses teachers reps representatives partners stakeholders'
  ).split(' '),
);
const GROUP_AFTER = new Set([...PEOPLE, 'uses', 'use', 'used', 'reviews', 'asks', 'wants', 'needs']);
const GROUP_BEFORE = new Set(['the', 'our', 'your', 'their', 'its', 'that', 'which', 'who', 'whom', 'whose', 'to', 'senior', 'company']);
/** Categories that are requirements only where the ad asks for them (see skill-vocabulary.ts). */
const ASKED_ONLY: readonly TermCategory[] = ['field', 'soft', 'spoken-language'];

/**
 * The skills one clause of an ad asks for. `context` is the part of the ad the clause is in; the title counts as
 * `requirements`.
 */
function skillsAskedIn(clause: string, context: Context | 'prose'): string[] {
  const tokens = tokensOf(clause);
  const cue = clause.search(ASKING);
  const askedFrom = cue < 0 ? Infinity : tokensOf(clause.slice(0, cue)).length;
  const asked: string[] = [];
  for (const { term, first, last } of mentionsIn(tokens)) {
    const after = tokens[last + 1]?.lower;
    const before = tokens[first - 1]?.lower;
    // "our sales team", "product managers", "backend engineers": people, not a skill.
    if ((after && GROUP_AFTER.has(after)) || (last > first && PEOPLE.has(tokens[last].lower))) continue;
    const requested = context === 'requirements' || first >= askedFrom || (after !== undefined && ASKED_AFTER.has(after));
    if (ASKED_ONLY.includes(term.category)) {
      if (!requested || (before && GROUP_BEFORE.has(before))) continue;
    } else if (context === 'company' && !requested) {
      continue;
    }
    asked.push(term.name);
  }
  return asked;
}

/**
 * Reads an ad as a recruiter does: the skills of its requirement list ("Requirements", "What you'll need", "Nice to
 * have: …"), of phrases that ask ("experience with …", "proficient in …", "knowledge of …", "strong SQL") and the
 * tools and methods of the work it describes; not every word anywhere in the ad. A soft skill, a field's name or a
 * spoken language counts only where it is asked for, and never as a group of people ("dashboards that leadership
 * uses every week" asks for no leadership); nothing counts from the company's own description or its benefits
 * unless asked for there.
 */
export function extractRequirements(jobTitle: string, description: string): JobRequirements {
  const mentions = new Map<string, number>();
  const count = (names: string[]) => names.forEach((name) => mentions.set(name, (mentions.get(name) ?? 0) + 1));
  count(skillsAskedIn(jobTitle, 'requirements'));
  const lines = description.split(/\r?\n/);
  // The untitled opening of an ad with headings introduces the company ("Orbitly makes scheduling software").
  let context: Context | 'prose' = lines.some((line) => headingContext(line) !== null) ? 'company' : 'prose';
  for (const line of lines) {
    const heading = headingContext(line);
    if (heading) {
      context = heading === 'other' ? 'prose' : heading;
      continue;
    }
    for (const sentence of line.split(/(?<=[.!?;])\s+/)) {
      // "Nice to have: Terraform and Kubernetes." asks, whatever part of the ad it is in.
      const label = /^([^:]{2,40}):\s+(.*)$/.exec(sentence);
      const labelled = label ? HEADINGS.find(([, pattern]) => pattern.test(label[1]))?.[0] : undefined;
      count(labelled ? skillsAskedIn(label![2], labelled) : skillsAskedIn(sentence, context));
    }
  }
  const skills = [...mentions.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const text = `${jobTitle}\n${description}`;
  const seniority =
    SENIORITY_PATTERNS.find(([, pattern]) => pattern.test(jobTitle))?.[0] ?? SENIORITY_PATTERNS.find(([, pattern]) => pattern.test(description))?.[0] ?? null;
  const years = [...description.matchAll(YEARS)].map((match) => Number(match[1])).filter((value) => value > 0 && value <= 30);
  return { skills, seniority, minYears: years.length > 0 ? Math.min(...years) : null, keywords: keywordsOf(text) };
}
