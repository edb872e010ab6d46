import { SeededRandom } from '../../tools/listing-generator/seeded-random';

/** One kind of search of the benchmark: how to make a request body, and the naive SQL it is compared with. */
export interface Scenario {
  name: string;
  describe: string;
  body(random: SeededRandom): Record<string, unknown>;
  /** The same search written the obvious way: ILIKE scans, OFFSET paging, count(*). None when there is no such twin. */
  naive?(body: Record<string, unknown>): { sql: string; params: unknown[] };
  /** For a misspelling: the word meant, whose listings the search should find. */
  intended?(body: Record<string, unknown>): string;
}

/** Words in many listings (titles and descriptions). */
export const COMMON_WORDS = ['engineer', 'senior', 'data', 'developer', 'manager', 'python', 'sql', 'aws', 'design', 'customer', 'kubernetes', 'analyst'];
/** Words in about one listing in 500: the generator's niche skills. */
export const RARE_WORDS = [
  'cobol',
  'fortran',
  'erlang',
  'ocaml',
  'prolog',
  'verilog',
  'delphi',
  'labview',
  'simulink',
  'smalltalk',
  'teradata',
  'vulkan',
  'scada',
  'informatica',
];
/** Two-word titles of the generator, as quoted phrases: words that occur together far more often than apart. */
export const PHRASES = [
  'registered nurse',
  'data engineer',
  'product manager',
  'software engineer',
  'medical assistant',
  'technical writer',
  'financial analyst',
];
/** Words that listings hold, long enough (5+ letters) for one typing mistake to leave them recognisable. */
export const TYPO_WORDS = [
  ...COMMON_WORDS.filter((word) => word.length >= 5),
  ...RARE_WORDS,
  'nurse',
  'registered',
  'marketing',
  'accountant',
  'typescript',
  'postgresql',
  'frontend',
  'backend',
  'scientist',
  'operations',
  'clinical',
  'assistant',
  'platform',
  'security',
  'product',
];
const CITIES = ['Austin, TX', 'Seattle, WA', 'New York, NY', 'Chicago, IL'];

type Body = Record<string, unknown>;

/**
 * The filters people set on a job board without typing anything, as often as they set them (weights out of 100
 * searches), each with the values they pick: a recent posting date and remote work first, then a type, a salary
 * floor of round figures, a country, a level. Written from what job seekers ask for, not from how the search reads
 * them.
 */
const USER_FILTERS: (readonly [(random: SeededRandom) => Body, number])[] = [
  [
    (random) => ({
      datePosted: random.weighted([
        ['today', 20],
        ['3days', 25],
        ['week', 35],
        ['month', 20],
      ] as const),
    }),
    30,
  ],
  [() => ({ remote: true }), 25],
  [
    (random) => ({
      employmentTypes: random.chance(0.85)
        ? [
            random.weighted([
              ['FULLTIME', 55],
              ['CONTRACTOR', 18],
              ['PARTTIME', 14],
              ['INTERN', 8],
              ['TEMPORARY', 5],
            ] as const),
          ]
        : random.sample(['FULLTIME', 'CONTRACTOR', 'PARTTIME', 'TEMPORARY'], 2),
    }),
    20,
  ],
  [(random) => ({ salaryMin: random.pick([40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000, 120_000, 130_000, 150_000, 180_000, 200_000]) }), 20],
  [
    (random) => ({
      country: random.weighted([
        ['US', 50],
        ['GB', 12],
        ['DE', 10],
        ['CA', 10],
        ['IN', 10],
        ['FR', 8],
      ] as const),
    }),
    15,
  ],
  [
    (random) => ({
      jobLevels: random.chance(0.7)
        ? [random.pick(['entry', 'mid', 'senior', 'lead'])]
        : random.sample(['intern', 'entry', 'mid', 'senior', 'lead', 'executive'], 2),
    }),
    12,
  ],
  [(random) => ({ workArrangements: random.chance(0.6) ? [random.pick(['remote', 'hybrid'])] : random.sample(['remote', 'hybrid', 'onsite'], 2) }), 8],
  [() => ({ visaSponsorship: true }), 5],
  [() => ({ excludeGhostJobs: true }), 5],
  [() => ({ requireSalary: true }), 3],
];

/** `count` different filters, each as likely as people set it. */
function userFilters(random: SeededRandom, count: number): Body {
  const chosen = new Set<(random: SeededRandom) => Body>();
  while (chosen.size < count) chosen.add(random.weighted(USER_FILTERS));
  return Object.assign({}, ...[...chosen].map((filter) => filter(random)));
}

/** Levels as people type them in front of a title. */
const TITLE_LEVELS = ['junior', 'senior', 'lead', 'principal', 'entry level', 'associate', 'staff'];
/** Job titles people search for, quoted. */
const TITLES = [
  'pharmacist',
  'software engineer',
  'data scientist',
  'product manager',
  'accountant',
  'registered nurse',
  'recruiter',
  'data analyst',
  'devops engineer',
  'ux researcher',
  'financial analyst',
  'project manager',
  'qa engineer',
  'account executive',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One typing mistake, never in the first letter: a letter dropped, doubled, replaced, or swapped with the next. */
export function misspell(word: string, random: SeededRandom): string {
  const at = random.int(1, word.length - 1);
  switch (random.int(0, 3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + random.pick([...LETTERS]) + word.slice(at);
    case 2: {
      const replacement = random.pick([...LETTERS].filter((letter) => letter !== word[at]));
      return word.slice(0, at) + replacement + word.slice(at + 1);
    }
    default:
      return at < word.length - 1 && word[at] !== word[at + 1]
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + word.slice(at + 1);
  }
}

const naiveText = (words: string[], extra: string[] = [], offset = 0) => {
  const text = words.map((_word, index) => `(title ILIKE $${index + 1} OR description ILIKE $${index + 1})`);
  const where = [...text, ...extra].join(' AND ');
  return {
    sql: `SELECT id, title, company, posted_at, (SELECT count(*) FROM job_listings WHERE ${where}) AS total
            FROM job_listings WHERE ${where} ORDER BY posted_at DESC LIMIT 20 OFFSET ${offset}`,
    params: words.map((word) => `%${word}%`),
  };
};

export const SCENARIOS: Scenario[] = [
  {
    name: 'common word',
    describe: `one of: ${COMMON_WORDS.join(', ')}`,
    body: (random) => ({ query: random.pick(COMMON_WORDS) }),
    naive: (body) => naiveText([String(body.query)]),
  },
  {
    name: 'two words',
    describe: 'two of the common words',
    body: (random) => ({ query: random.sample(COMMON_WORDS, 2).join(' ') }),
    naive: (body) => naiveText(String(body.query).split(' ')),
  },
  {
    name: 'rare word',
    describe: `one of: ${RARE_WORDS.join(', ')}`,
    body: (random) => ({ query: random.pick(RARE_WORDS) }),
    naive: (body) => naiveText([String(body.query)]),
  },
  {
    name: 'zero-hit word',
    describe: 'a random 9-letter word',
    body: (random) => ({ query: Array.from({ length: 9 }, () => String.fromCharCode(97 + random.int(0, 25))).join('') }),
    naive: (body) => naiveText([String(body.query)]),
  },
  {
    name: 'misspelling',
    describe: `one typing mistake (not in the first letter) in a word the listings hold: ${TYPO_WORDS.length} words, e.g. "pyhton"`,
    body: (random) => {
      const word = random.pick(TYPO_WORDS);
      let typo = misspell(word, random);
      while (typo === word) typo = misspell(word, random);
      return { query: typo, intended: word };
    },
    intended: (body) => String(body.intended),
  },
  {
    name: 'phrase',
    describe: `a quoted two-word title: ${PHRASES.join(', ')}`,
    body: (random) => ({ query: `"${random.pick(PHRASES)}"` }),
    naive: (body) => naiveText([String(body.query).replace(/"/g, '')]),
  },
  {
    name: 'keyword + location + remote',
    describe: `a common word, remote true, and location a city (${CITIES.join('; ')}: remote listings name none, so nothing matches), "US" or "Germany"`,
    body: (random) => ({ query: random.pick(COMMON_WORDS), location: random.pick([...CITIES, 'US', 'Germany']), remote: true }),
  },
  {
    name: 'keyword + country',
    describe: 'a common word and country US, GB, DE, CA or IN',
    body: (random) => ({ query: random.pick(COMMON_WORDS), country: random.pick(['US', 'GB', 'DE', 'CA', 'IN']) }),
    naive: (body) => naiveText([String(body.query)], [`country = '${String(body.country)}'`]),
  },
  {
    name: 'one filter alone',
    describe:
      'one filter as people set it: datePosted 30%, remote 25%, an employment type 20%, a round salaryMin 20%, a country 15%, job levels 12%, work arrangements 8%, visa, no ghost jobs, requireSalary (weights)',
    body: (random) => userFilters(random, 1),
  },
  {
    name: 'two filters alone',
    describe: 'two different filters of the one-filter-alone kind, each as likely as people set it',
    body: (random) => userFilters(random, 2),
  },
  {
    name: 'salary + date + type',
    describe: 'salaryMin (round figures 40,000–200,000), datePosted (today to month) and one or two employment types',
    body: (random) => ({
      salaryMin: random.pick([40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000, 120_000, 150_000, 200_000]),
      datePosted: random.pick(['today', '3days', 'week', 'month']),
      employmentTypes: random.chance(0.75)
        ? [random.pick(['FULLTIME', 'CONTRACTOR', 'PARTTIME', 'TEMPORARY', 'INTERN'])]
        : random.sample(['FULLTIME', 'CONTRACTOR', 'PARTTIME'], 2),
    }),
  },
  {
    name: 'phrase with a level',
    describe: `a quoted title with a level in front, e.g. "junior pharmacist": one of ${TITLE_LEVELS.join(', ')} and one of ${TITLES.length} titles`,
    body: (random) => ({ query: `"${random.pick(TITLE_LEVELS)} ${random.pick(TITLES)}"` }),
    naive: (body) => naiveText([String(body.query).replace(/"/g, '')]),
  },
  {
    name: 'as people send them',
    describe:
      'searches in the numbers a job board receives them: filters alone 55% (one 30%, two 20%, three 5%), a common word 12%, a word and a filter or two 12%, two words 6%, a quoted phrase 8% (half with a level), a rare word 4%, a word no listing holds 3%',
    body: (random) =>
      random.weighted<() => Body>([
        [() => userFilters(random, 1), 30],
        [() => userFilters(random, 2), 20],
        [() => userFilters(random, 3), 5],
        [() => ({ query: random.pick(COMMON_WORDS) }), 12],
        [() => ({ query: random.pick(COMMON_WORDS), ...userFilters(random, random.int(1, 2)) }), 12],
        [() => ({ query: random.sample(COMMON_WORDS, 2).join(' ') }), 6],
        [() => ({ query: `"${random.chance(0.5) ? `${random.pick(TITLE_LEVELS)} ${random.pick(TITLES)}` : random.pick(TITLES)}"` }), 8],
        [() => ({ query: random.pick(RARE_WORDS) }), 4],
        [() => ({ query: Array.from({ length: 9 }, () => String.fromCharCode(97 + random.int(0, 25))).join('') }), 3],
      ])(),
  },
  {
    name: 'filters only',
    describe: 'employment type, job levels, salaryMin, datePosted week, work arrangements',
    body: (random) => ({
      employmentTypes: [random.pick(['FULLTIME', 'CONTRACTOR'])],
      jobLevels: random.sample(['entry', 'mid', 'senior', 'lead'], 2),
      salaryMin: random.pick([60_000, 90_000, 120_000]),
      datePosted: 'week',
      workArrangements: random.sample(['remote', 'hybrid', 'onsite'], 2),
    }),
    naive: (body) => ({
      sql: `SELECT id, (SELECT count(*) FROM job_listings WHERE employment_type = ANY($1) AND job_level = ANY($2) AND annual_salary_max >= $3
                      AND posted_at >= now() - interval '7 days' AND work_arrangement = ANY($4)) AS total
              FROM job_listings WHERE employment_type = ANY($1) AND job_level = ANY($2) AND annual_salary_max >= $3
               AND posted_at >= now() - interval '7 days' AND work_arrangement = ANY($4)
             ORDER BY posted_at DESC LIMIT 20`,
      params: [body.employmentTypes, body.jobLevels, body.salaryMin, body.workArrangements],
    }),
  },
];

/** Deep paging: a common word followed through its cursor to page 50 (the naive twin pages with OFFSET). */
export const DEEP_PAGE = 50;
export const deepPaging: Scenario = {
  name: `page ${DEEP_PAGE} through the cursor`,
  describe: `a common word, page ${DEEP_PAGE} of 20 (only that page is timed)`,
  body: (random) => ({ query: random.pick(COMMON_WORDS) }),
  naive: (body) => naiveText([String(body.query)], [], (DEEP_PAGE - 1) * 20),
};
