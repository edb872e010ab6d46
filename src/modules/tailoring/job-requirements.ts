import { SKILL_VOCABULARY, VocabularyTerm } from './skill-vocabulary';

export const SENIORITY_LEVELS = ['intern', 'entry', 'mid', 'senior', 'lead', 'executive'] as const;
export type Seniority = (typeof SENIORITY_LEVELS)[number];

/** What a job asks for, as tailoring understands it. */
export interface JobRequirements {
  /** Canonical names of the skills and tools the job mentions, most mentioned first. */
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

/** Whole-word patterns for a term's spellings (which may hold ".", "+", "#" or "/"). */
export function termPatterns(term: VocabularyTerm): RegExp[] {
  const wholeWord = (spellings: string[], flags: string) => {
    const escaped = spellings.map((spelling) => spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[\\s-]+'));
    return new RegExp(`(?<![\\w.+#/-])(?:${escaped.join('|')})(?![\\w+#]|\\.\\w)`, flags);
  };
  const aliases = term.aliases ?? [];
  if (!term.caseSensitiveName) return [wholeWord([term.name, ...aliases], 'gi')];
  return [wholeWord([term.name], 'g'), ...(aliases.length > 0 ? [wholeWord(aliases, 'gi')] : [])];
}

const VOCABULARY = SKILL_VOCABULARY.map((term) => ({ name: term.name, patterns: termPatterns(term) }));

/** The vocabulary terms a text mentions, with how often. */
export function findSkills(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const { name, patterns } of VOCABULARY) {
    const count = patterns.reduce((sum, pattern) => sum + (text.match(pattern)?.length ?? 0), 0);
    if (count > 0) found.set(name, count);
  }
  return found;
}

export function keywordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z+#.-]{2,}/g) ?? [];
  return [...new Set(words.map((word) => word.replace(/[.-]+$/, '')).filter((word) => word.length > 2 && !STOP_WORDS.has(word)))];
}

export function extractRequirements(jobTitle: string, description: string): JobRequirements {
  const text = `${jobTitle}\n${description}`;
  const skills = [...findSkills(text).entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const seniority =
    SENIORITY_PATTERNS.find(([, pattern]) => pattern.test(jobTitle))?.[0] ?? SENIORITY_PATTERNS.find(([, pattern]) => pattern.test(description))?.[0] ?? null;
  const years = [...description.matchAll(YEARS)].map((match) => Number(match[1])).filter((value) => value > 0 && value <= 30);
  return { skills, seniority, minYears: years.length > 0 ? Math.min(...years) : null, keywords: keywordsOf(text) };
}
