import { findSkills, skillsShown } from './job-requirements';

/**
 * What a rewrite of a resume may say: only what the resume already shows. A sentence of a rewrite is kept when every
 * name, number, URL, date, degree, certificate and skill in it is already somewhere on the resume; otherwise it is
 * dropped with the reasons. Nothing a model (or an agent) writes is trusted: this runs on every rewrite, whoever made it.
 */

/** The kinds of fact a rewrite may not add. */
export const GROUNDING_VIOLATIONS = ['employer or name', 'title', 'date', 'degree', 'certificate', 'number', 'url', 'skill'] as const;
export type GroundingViolation = (typeof GROUNDING_VIOLATIONS)[number];

/** A sentence the grounding check dropped, and why. */
export interface GroundingRejection {
  sentence: string;
  violations: GroundingViolation[];
  /** For people: each fact the sentence adds, and what kind it is. */
  reason: string;
}

/** Everything the resume shows, read once: its text (lowercased) and the skills, numbers and URLs in it. */
export interface ResumeEvidence {
  text: string;
  words: Set<string>;
  skills: Set<string>;
  numbers: Set<string>;
}

export function resumeEvidence(texts: string[]): ResumeEvidence {
  const text = normalized(texts.join('\n'));
  return {
    text,
    words: new Set(text.match(/[\p{L}\p{N}][\p{L}\p{N}&'+#.-]*/gu)?.map(trimWord) ?? []),
    // What the resume names, and the broader skills those count as: PostgreSQL on the resume lets a rewrite say SQL.
    skills: skillsShown(texts.join('\n')),
    numbers: new Set(numbersIn(texts.join('\n'))),
  };
}

/** The sentences of a text (a bullet may hold several). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * `rewritten` without the sentences that add a fact the resume does not show. `kept` is null when nothing of it
 * may stay: the original text then stays.
 */
export function groundedText(rewritten: string, evidence: ResumeEvidence): { kept: string | null; rejections: GroundingRejection[] } {
  const kept: string[] = [];
  const rejections: GroundingRejection[] = [];
  for (const sentence of sentencesOf(rewritten)) {
    const found = violationsOf(sentence, evidence);
    if (found.length === 0) kept.push(sentence);
    else
      rejections.push({
        sentence,
        violations: [...new Set(found.map(({ kind }) => kind))],
        reason: found.map(({ kind, value }) => `adds ${ARTICLE[kind]} ${kind} “${value}” the resume does not show`).join('; '),
      });
  }
  return { kept: kept.length > 0 ? kept.join(' ') : null, rejections };
}

const ARTICLE: Record<GroundingViolation, string> = {
  'employer or name': 'an',
  title: 'a',
  date: 'a',
  degree: 'a',
  certificate: 'a',
  number: 'a',
  url: 'a',
  skill: 'a',
};

/** Words that name a role: a phrase holding one is a title, and must be on the resume as a whole. */
const TITLE_WORDS =
  /\b(engineer|developer|manager|director|lead|head|chief|officer|vp|president|principal|staff|senior|junior|architect|analyst|scientist|consultant|specialist|coordinator|administrator|designer|intern|nurse|teacher|founder|partner|associate)\b/i;
const DEGREE_WORDS = /\b(bachelor(?:'s)?|master(?:'s)?|ph\.?\s?d|doctorate|mba|b\.?\s?sc|m\.?\s?sc|b\.?a\.|m\.?a\.|b\.?eng|m\.?eng|degree|diploma)\b/gi;
const CERTIFICATE_WORDS = /\b(certified|certification|certificate|accredited|licensed)\b/gi;
const MONTHS =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?\s+\d{4}/gi;
const URLS = /\b(?:https?:\/\/|www\.)[^\s)]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|app|co|edu|gov|de|uk|fr)(?:\/[^\s)]*)?\b/gi;
/** Amounts written in words count as numbers too: "doubled", "three teams". */
const NUMBER_WORDS =
  /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|billions?|dozens?|doubled|tripled|quadrupled|halved|twice|tenfold)\b/gi;

function violationsOf(sentence: string, evidence: ResumeEvidence): { kind: GroundingViolation; value: string }[] {
  const found: { kind: GroundingViolation; value: string }[] = [];
  const shown = (value: string) => evidence.text.includes(normalized(value));
  for (const url of sentence.match(URLS) ?? []) if (!shown(url.replace(/[.,;:]+$/, ''))) found.push({ kind: 'url', value: url });
  const withoutUrls = sentence.replace(URLS, ' ');
  for (const date of withoutUrls.match(MONTHS) ?? []) if (!shown(date)) found.push({ kind: 'date', value: date });
  for (const number of numbersIn(withoutUrls)) if (!evidence.numbers.has(number)) found.push({ kind: 'number', value: number });
  for (const word of withoutUrls.match(NUMBER_WORDS) ?? []) if (!evidence.words.has(word.toLowerCase())) found.push({ kind: 'number', value: word });
  for (const word of withoutUrls.match(DEGREE_WORDS) ?? []) if (!shown(word)) found.push({ kind: 'degree', value: word });
  for (const word of withoutUrls.match(CERTIFICATE_WORDS) ?? []) if (!shown(word)) found.push({ kind: 'certificate', value: word });
  const skills = [...findSkills(withoutUrls).keys()];
  for (const skill of skills) if (!evidence.skills.has(skill)) found.push({ kind: 'skill', value: skill });
  for (const phrase of namePhrases(withoutUrls)) {
    if (TITLE_WORDS.test(phrase)) {
      if (!shown(phrase)) found.push({ kind: 'title', value: phrase });
      continue;
    }
    const unknown = phrase.split(/\s+/).filter((word) => !evidence.words.has(trimWord(word.toLowerCase())) && !findSkills(word).size);
    if (unknown.length > 0) found.push({ kind: 'employer or name', value: phrase });
  }
  return found;
}

/**
 * Runs of capitalized words (a company, a product, a title, a place), the sentence's first word left out (a bullet
 * starts with a capitalized verb). Joined by "of", "and", "&" inside a run: "Head of Data", "Procter & Gamble".
 */
function namePhrases(sentence: string): string[] {
  const words = sentence.split(/\s+/).map((word) => word.replace(/^[("'“]+|[)"'”.,;:!?]+$/g, '').replace(/'s$/, ''));
  const phrases: string[] = [];
  let run: string[] = [];
  const flush = () => {
    while (run.length > 0 && /^(of|and|&)$/i.test(run[run.length - 1])) run.pop();
    if (run.length > 0) phrases.push(run.join(' '));
    run = [];
  };
  words.forEach((word, index) => {
    if (index > 0 && /^\p{Lu}[\p{L}\p{N}&.+#-]*$/u.test(word) && word !== 'I') run.push(word);
    else if (run.length > 0 && /^(of|&)$/.test(word)) run.push(word);
    else flush();
  });
  flush();
  return phrases;
}

/**
 * Numbers as written, with their currency and unit ("$2M", "40%", "3x"): "$2M" is not the "2" of "2 hours". Thousands
 * separators and spaces are left out, so "1,200" and "1200" are one number; a year is a number too.
 */
function numbersIn(text: string): string[] {
  return (text.match(/(?:[$€£]\s?)?\d+(?:[.,]\d+)*(?:\s?%|\s?(?:k|m|bn|x)\b)?/gi) ?? []).map((number) =>
    number
      .replace(/,(?=\d{3}\b)/g, '')
      .replace(/\s+/g, '')
      .toLowerCase(),
  );
}

function normalized(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ');
}

function trimWord(word: string): string {
  return word.replace(/[.'-]+$/, '').replace(/'s$/, '');
}
