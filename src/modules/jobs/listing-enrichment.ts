import { SalaryPeriod } from '../../common/validation/salary-period';
import { BENEFITS, BenefitKey, COUNTRY_NAMES, EmploymentType, JobLevel, WorkArrangement } from './job-search-values';

/**
 * Everything a provider may leave out and search filters on, derived from a listing's own text. This is the one
 * place such rules live: the import calls `enrichListing`, the generator relies on it, the tests pin it down.
 */
export interface ListingText {
  title: string;
  company: string;
  description: string;
  /** Highlight bullet points (qualifications, responsibilities, benefits) when the provider gives them. */
  highlights?: string[];
  location?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  /** What the provider states, when it states it; the text decides otherwise. */
  isRemote?: boolean | null;
  employmentType?: EmploymentType | null;
  benefitKeys?: BenefitKey[] | null;
  experienceYears?: number | null;
}

export interface ListingFacts {
  titleNormalized: string;
  companyNormalized: string;
  placeKeys: string[];
  jobLevel: JobLevel;
  workArrangement: WorkArrangement;
  isRemote: boolean;
  employmentType: EmploymentType;
  /** Years of experience the listing asks for, at least; null when it does not say. */
  experienceYears: number | null;
  visaSponsorship: boolean;
  securityClearance: boolean;
  /** ISO 639-1 code of the description's language. */
  language: string;
  benefitKeys: BenefitKey[];
}

export function enrichListing(listing: ListingText): ListingFacts {
  const text = [listing.title, listing.description, ...(listing.highlights ?? [])].join('\n');
  const workArrangement = workArrangementOf(listing.isRemote ?? null, `${listing.title}\n${listing.location ?? ''}\n${text}`);
  return {
    titleNormalized: normalizeTitle(listing.title),
    companyNormalized: normalizeCompany(listing.company),
    placeKeys: [listing.city, listing.state, listing.country].filter((place): place is string => !!place).map(normalizePlace),
    jobLevel: jobLevelOf(listing.title, text),
    workArrangement,
    isRemote: workArrangement === 'remote',
    employmentType: listing.employmentType ?? employmentTypeOf(`${listing.title}\n${text}`),
    experienceYears: listing.experienceYears ?? experienceYearsOf(text),
    visaSponsorship: offersVisaSponsorship(text),
    securityClearance: requiresSecurityClearance(text),
    language: languageOf(listing.description),
    benefitKeys: listing.benefitKeys?.length ? [...new Set(listing.benefitKeys)] : benefitKeysOf(text),
  };
}

/** Lowercase words without accents or punctuation, keeping the characters of names like C++, C# and .NET. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+#.]+/g, ' ')
    .replace(/(^|\s)\.+|\.+(\s|$)/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

const COMPANY_SUFFIXES = /\s+(inc|incorporated|llc|ltd|limited|corp|corporation|co|company|gmbh|ag|sa|plc|bv|srl|pty)$/;

/** The name that include/exclude company filters compare: "Acme, Inc." and "ACME Inc" are one company. */
export function normalizeCompany(company: string): string {
  let name = normalizeTitle(company).replace(/[.]/g, '');
  while (COMPANY_SUFFIXES.test(name)) name = name.replace(COMPANY_SUFFIXES, '');
  return name.trim();
}

const COUNTRY_CODES = new Map(Object.entries(COUNTRY_NAMES).map(([code, name]) => [name.toLowerCase(), code.toLowerCase()]));

/** How places are compared: lowercase, and a known country name becomes its code ("Germany" → "de"). */
export function normalizePlace(place: string): string {
  const lower = place.trim().toLowerCase().replace(/\s+/g, ' ');
  return COUNTRY_CODES.get(lower) ?? lower;
}

const LEVEL_PATTERNS: [JobLevel, RegExp][] = [
  ['intern', /\b(intern|internship|werkstudent|praktikum|stagiaire|co-?op)\b/i],
  ['executive', /\b(chief|cto|ceo|cfo|coo|cio|ciso|vp|vice president|head of|director|svp|evp)\b/i],
  ['lead', /\b(lead|principal|staff|architect|distinguished|engineering manager)\b/i],
  ['senior', /\b(senior|sr\.?|iii|expert)\b/i],
  ['entry', /\b(junior|jr\.?|entry[- ]level|graduate|new grad|trainee|apprentice|associate|i)\b/i],
];

/** The level a title names; a title that names none is `mid`, unless the text asks for little or much experience. */
export function jobLevelOf(title: string, text = ''): JobLevel {
  for (const [level, pattern] of LEVEL_PATTERNS) if (pattern.test(title)) return level;
  const years = experienceYearsOf(text);
  if (years !== null && years <= 1) return 'entry';
  if (years !== null && years >= 8) return 'senior';
  return 'mid';
}

const REMOTE_PATTERNS = [
  /\b(fully|100%|completely|entirely) remote\b/i,
  /\bremote[- ](first|only)\b/i,
  /\bwork from (home|anywhere)\b/i,
  /\b(this|the) (role|position|job) is (fully )?remote\b/i,
  /\(remote\)|\bremote \((us|usa|eu|europe|emea|worldwide|anywhere)\)/i,
  // The title or the location line is just "Remote" (or starts with it).
  /^remote\b/im,
];
const HYBRID_PATTERNS = [/\bhybrid\b/i, /\b[1-4] days? (a|per) week (in|at) (the|our) office\b/i, /\bpartly remote\b/i];
const NOT_REMOTE = /\b(not (a )?remote|no remote|on-?site only|must be on-?site|this role is on-?site)\b/i;

/** Remote when the provider or the text says so, hybrid when the text mentions it, otherwise on-site. */
export function workArrangementOf(isRemote: boolean | null, text: string): WorkArrangement {
  if (HYBRID_PATTERNS.some((pattern) => pattern.test(text))) return 'hybrid';
  if (isRemote === true) return 'remote';
  if (isRemote === false || NOT_REMOTE.test(text)) return 'onsite';
  return REMOTE_PATTERNS.some((pattern) => pattern.test(text)) ? 'remote' : 'onsite';
}

const EMPLOYMENT_PATTERNS: [EmploymentType, RegExp][] = [
  ['INTERN', /\b(intern|internship|werkstudent|praktikum)\b/i],
  ['CONTRACTOR', /\b(contract(or)?|freelance|1099|c2c|corp[- ]to[- ]corp)\b/i],
  ['TEMPORARY', /\b(temporary|temp|seasonal|fixed[- ]term)\b/i],
  ['PARTTIME', /\b(part[- ]time|teilzeit)\b/i],
];

export function employmentTypeOf(text: string): EmploymentType {
  for (const [type, pattern] of EMPLOYMENT_PATTERNS) if (pattern.test(text)) return type;
  return 'FULLTIME';
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
};
const YEARS = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen)';
const EXPERIENCE_PATTERNS = [
  // "5+ years", "3-5 years", "3 to 5 years", "at least 4 years", "minimum of 2 years", "five (5) years"
  new RegExp(
    `\\b(?:at least|minimum(?: of)?|min\\.?|over)?\\s*${YEARS}\\s*(?:\\(\\d{1,2}\\))?\\s*(?:\\+|plus)?\\s*(?:(?:-|–|to)\\s*\\d{1,2}\\s*)?\\+?\\s*years?(?:'|’)?\\s+(?:of\\s+)?(?:[a-z/+#.-]+\\s+){0,4}?(?:experience|exp\\b|in\\b|working|building|developing|as\\b)`,
    'i',
  ),
  /\b(\d{1,2})\+?\s*(?:jahre|ans|años)\b/i,
];

/** The least years of experience the text asks for ("3-5 years of experience" → 3); null when it does not say. */
export function experienceYearsOf(text: string): number | null {
  let least: number | null = null;
  for (const pattern of EXPERIENCE_PATTERNS) {
    for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
      const word = match[1].toLowerCase();
      const years = NUMBER_WORDS[word] ?? Number(word);
      if (Number.isInteger(years) && years <= 30 && (least === null || years < least)) least = years;
    }
  }
  return least;
}

const NO_SPONSORSHIP = /\b(not|unable to|cannot|can ?not|won't|will not|no|without)\b[^.]{0,40}\b(sponsor|sponsorship|visa)/i;
const SPONSORSHIP =
  /\b(visa sponsorship|sponsor (your |a |the )?(work )?visa|h-?1b|sponsorship (is )?(available|provided|offered)|relocation and visa|will sponsor|can sponsor|we sponsor|blue card)\b/i;

/** True when the text offers to sponsor a work visa; mentions that refuse sponsorship do not count. */
export function offersVisaSponsorship(text: string): boolean {
  if (NO_SPONSORSHIP.test(text)) return false;
  return SPONSORSHIP.test(text);
}

const NO_CLEARANCE = /\bno (security )?clearance (is )?(required|needed)\b/i;
const CLEARANCE =
  /\b(security clearance|secret clearance|top secret|ts\/sci|clearance required|active clearance|dod clearance|polygraph|sc clearance|dv clearance)\b/i;

/** True when the listing requires a government security clearance. */
export function requiresSecurityClearance(text: string): boolean {
  if (NO_CLEARANCE.test(text)) return false;
  return CLEARANCE.test(text);
}

/** Frequent short words of each language we recognise; the language whose words the text uses most wins. */
const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'with', 'you', 'our', 'for', 'are', 'will', 'of', 'to', 'we', 'is', 'in', 'your'],
  de: ['und', 'der', 'die', 'das', 'mit', 'für', 'wir', 'sie', 'ist', 'ein', 'eine', 'bei', 'unsere', 'zu', 'von'],
  fr: ['et', 'le', 'la', 'les', 'des', 'pour', 'nous', 'vous', 'avec', 'une', 'est', 'sur', 'dans', 'du'],
  es: ['y', 'el', 'la', 'los', 'las', 'para', 'con', 'una', 'del', 'en', 'que', 'por', 'tu', 'nuestro'],
  nl: ['en', 'de', 'het', 'een', 'van', 'voor', 'met', 'wij', 'je', 'jij', 'onze', 'zijn', 'bij'],
  it: ['e', 'il', 'la', 'di', 'per', 'con', 'una', 'che', 'del', 'della', 'siamo', 'nostro', 'sei'],
  pt: ['e', 'o', 'a', 'de', 'para', 'com', 'uma', 'que', 'do', 'da', 'em', 'nosso', 'você'],
  pl: ['i', 'w', 'na', 'z', 'do', 'dla', 'się', 'jest', 'oraz', 'nasz', 'jesteś', 'pracy'],
};
const STOPWORD_SETS = Object.entries(STOPWORDS).map(([code, words]) => [code, new Set(words)] as const);

export function languageOf(text: string): string {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 400) ?? [];
  let best = 'en';
  let bestScore = 0;
  for (const [code, stopwords] of STOPWORD_SETS) {
    const score = words.reduce((count, word) => count + (stopwords.has(word) ? 1 : 0), 0);
    if (score > bestScore) [best, bestScore] = [code, score];
  }
  return best;
}

const BENEFIT_PATTERNS: Record<BenefitKey, RegExp> = {
  health_insurance: /\b(health|medical) (insurance|coverage|benefits|plan)\b/i,
  dental_coverage: /\bdental\b/i,
  vision_coverage: /\bvision (insurance|coverage|plan)\b/i,
  retirement_savings: /\b(401\s?\(?k\)?|pension|retirement (plan|savings))\b/i,
  paid_time_off: /\b(paid time off|pto|vacation days|unlimited vacation|holidays? per year)\b/i,
  parental_leave: /\b(parental|maternity|paternity) leave\b/i,
  stock_options: /\b(stock options|equity|rsus?|esop)\b/i,
  remote_stipend: /\b(home[- ]office|remote work|wfh) (stipend|budget|allowance)\b/i,
  learning_budget: /\b(learning|training|education|conference) (budget|stipend|allowance)\b/i,
  flexible_hours: /\bflexible (working )?hours\b/i,
};

export function benefitKeysOf(text: string): BenefitKey[] {
  return (Object.keys(BENEFITS) as BenefitKey[]).filter((key) => BENEFIT_PATTERNS[key].test(text));
}

const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { HOUR: 2080, DAY: 260, WEEK: 52, MONTH: 12, YEAR: 1 };

/** A salary figure per year, for filters that compare salaries quoted per hour, month or year. */
export function annualize(amount: number | null, period: SalaryPeriod | null): number | null {
  if (amount === null) return null;
  return Math.round(amount * PERIODS_PER_YEAR[period ?? 'YEAR']);
}
