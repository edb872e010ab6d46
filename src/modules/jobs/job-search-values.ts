/**
 * The enumerations of job search, defined once for the DTOs, the import, the
 * enrichment, the generator and Swagger.
 */
export const EMPLOYMENT_TYPES = ['FULLTIME', 'PARTTIME', 'CONTRACTOR', 'INTERN', 'TEMPORARY'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const WORK_ARRANGEMENTS = ['remote', 'hybrid', 'onsite'] as const;
export type WorkArrangement = (typeof WORK_ARRANGEMENTS)[number];

export const JOB_LEVELS = ['intern', 'entry', 'mid', 'senior', 'lead', 'executive'] as const;
export type JobLevel = (typeof JOB_LEVELS)[number];

/** `today` is accepted as another name of `day`. */
export const DATE_POSTED_WINDOWS = { all: null, day: 1, today: 1, '3days': 3, week: 7, month: 30 } as const;
export type DatePosted = keyof typeof DATE_POSTED_WINDOWS;
export const DATE_POSTED_VALUES = Object.keys(DATE_POSTED_WINDOWS) as DatePosted[];

/** Annualized salary bands; a listing is in a band when its salary range overlaps it. `max` is exclusive. */
export const SALARY_RANGES = {
  '0-50k': { min: 0, max: 50_000 },
  '50k-100k': { min: 50_000, max: 100_000 },
  '100k-150k': { min: 100_000, max: 150_000 },
  '150k-200k': { min: 150_000, max: 200_000 },
  '200k+': { min: 200_000, max: null },
} as const;
export type SalaryRange = keyof typeof SALARY_RANGES;
export const SALARY_RANGE_VALUES = Object.keys(SALARY_RANGES) as SalaryRange[];

/**
 * Benefit keys as the JSearch provider names them; a listing's `benefits` are objects `{key, name}` and the
 * `benefits` filter takes keys.
 */
export const BENEFITS = {
  health_insurance: 'Health insurance',
  dental_coverage: 'Dental coverage',
  vision_coverage: 'Vision coverage',
  retirement_savings: 'Retirement savings',
  paid_time_off: 'Paid time off',
  parental_leave: 'Parental leave',
  stock_options: 'Stock options',
  remote_stipend: 'Remote work stipend',
  learning_budget: 'Learning budget',
  flexible_hours: 'Flexible hours',
} as const;
export type BenefitKey = keyof typeof BENEFITS;
export const BENEFIT_KEYS = Object.keys(BENEFITS) as BenefitKey[];

/** ISO 639-1 language codes, the values of `languages`. */
export const LANGUAGE_CODES = [
  'aa', 'ab', 'ae', 'af', 'ak', 'am', 'an', 'ar', 'as', 'av', 'ay', 'az', 'ba', 'be', 'bg', 'bi', 'bm', 'bn', 'bo',
  'br', 'bs', 'ca', 'ce', 'ch', 'co', 'cr', 'cs', 'cu', 'cv', 'cy', 'da', 'de', 'dv', 'dz', 'ee', 'el', 'en', 'eo',
  'es', 'et', 'eu', 'fa', 'ff', 'fi', 'fj', 'fo', 'fr', 'fy', 'ga', 'gd', 'gl', 'gn', 'gu', 'gv', 'ha', 'he', 'hi',
  'ho', 'hr', 'ht', 'hu', 'hy', 'hz', 'ia', 'id', 'ie', 'ig', 'ii', 'ik', 'io', 'is', 'it', 'iu', 'ja', 'jv', 'ka',
  'kg', 'ki', 'kj', 'kk', 'kl', 'km', 'kn', 'ko', 'kr', 'ks', 'ku', 'kv', 'kw', 'ky', 'la', 'lb', 'lg', 'li', 'ln',
  'lo', 'lt', 'lu', 'lv', 'mg', 'mh', 'mi', 'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'my', 'na', 'nb', 'nd', 'ne', 'ng',
  'nl', 'nn', 'no', 'nr', 'nv', 'ny', 'oc', 'oj', 'om', 'or', 'os', 'pa', 'pi', 'pl', 'ps', 'pt', 'qu', 'rm', 'rn',
  'ro', 'ru', 'rw', 'sa', 'sc', 'sd', 'se', 'sg', 'si', 'sk', 'sl', 'sm', 'sn', 'so', 'sq', 'sr', 'ss', 'st', 'su',
  'sv', 'sw', 'ta', 'te', 'tg', 'th', 'ti', 'tk', 'tl', 'tn', 'to', 'tr', 'ts', 'tt', 'tw', 'ty', 'ug', 'uk', 'ur',
  'uz', 've', 'vi', 'vo', 'wa', 'wo', 'xh', 'yi', 'yo', 'za', 'zh', 'zu',
] as const;

/** English names of the countries listings most often come from; `country` and `location` accept them for the code. */
export const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States', CA: 'Canada', GB: 'United Kingdom', IE: 'Ireland', DE: 'Germany', FR: 'France', ES: 'Spain',
  NL: 'Netherlands', SE: 'Sweden', PL: 'Poland', IN: 'India', SG: 'Singapore', AU: 'Australia', IT: 'Italy',
  PT: 'Portugal', CH: 'Switzerland', AT: 'Austria', BE: 'Belgium', DK: 'Denmark', NO: 'Norway', FI: 'Finland',
  BR: 'Brazil', MX: 'Mexico', JP: 'Japan', NZ: 'New Zealand', IL: 'Israel', AE: 'United Arab Emirates',
};

/** excludeGhostJobs: seen for more than this many days, or republished this many times, or no way to apply. */
export const GHOST_JOB_RULE = { maxDaysSeen: 60, maxRepublishCount: 3 } as const;

export const SEARCH_PAGE_SIZE = { default: 20, max: 100 } as const;

/** Matches counted exactly; above this, `total` is the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;
