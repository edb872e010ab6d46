import { SeededRandom } from '../../tools/listing-generator/seeded-random';

/** One kind of search of the benchmark: how to make a request body, and the naive SQL it is compared with. */
export interface Scenario {
  name: string;
  describe: string;
  body(random: SeededRandom): Record<string, unknown>;
  /** The same search written the obvious way: ILIKE scans, OFFSET paging, count(*). */
  naive(body: Record<string, unknown>): { sql: string; params: unknown[] };
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

const naiveText = (word: string, extra: string[] = [], offset = 0) => ({
  sql: `SELECT id, title, company, posted_at, (SELECT count(*) FROM job_listings WHERE (title ILIKE $1 OR description ILIKE $1) ${extra.map((condition) => `AND ${condition}`).join(' ')}) AS total
          FROM job_listings WHERE (title ILIKE $1 OR description ILIKE $1) ${extra.map((condition) => `AND ${condition}`).join(' ')}
         ORDER BY posted_at DESC LIMIT 20 OFFSET ${offset}`,
  params: [`%${word}%`],
});

export const SCENARIOS: Scenario[] = [
  {
    name: 'common word',
    describe: `one of: ${COMMON_WORDS.join(', ')}`,
    body: (random) => ({ query: random.pick(COMMON_WORDS) }),
    naive: (body) => naiveText(String(body.query)),
  },
  {
    name: 'two common words',
    describe: 'two of the common words',
    body: (random) => ({ query: random.sample(COMMON_WORDS, 2).join(' ') }),
    naive: (body) => {
      const [first, second] = String(body.query).split(' ');
      return {
        sql: `SELECT id, (SELECT count(*) FROM job_listings WHERE (title ILIKE $1 OR description ILIKE $1) AND (title ILIKE $2 OR description ILIKE $2)) AS total
                FROM job_listings WHERE (title ILIKE $1 OR description ILIKE $1) AND (title ILIKE $2 OR description ILIKE $2)
               ORDER BY posted_at DESC LIMIT 20`,
        params: [`%${first}%`, `%${second}%`],
      };
    },
  },
  {
    name: 'rare word',
    describe: `one of: ${RARE_WORDS.join(', ')}`,
    body: (random) => ({ query: random.pick(RARE_WORDS) }),
    naive: (body) => naiveText(String(body.query)),
  },
  {
    name: 'word matching nothing',
    describe: 'a random 9-letter word',
    body: (random) => ({ query: Array.from({ length: 9 }, () => String.fromCharCode(97 + random.int(0, 25))).join('') }),
    naive: (body) => naiveText(String(body.query)),
  },
  {
    name: 'keyword + location + remote',
    describe: 'a common word, location "US" or "Germany", remote true',
    body: (random) => ({ query: random.pick(COMMON_WORDS), location: random.pick(['US', 'Germany']), remote: true }),
    naive: (body) => naiveText(String(body.query), [`country = '${body.location === 'US' ? 'US' : 'DE'}'`, 'is_remote']),
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
  describe: 'a common word, pages 1 to 50 of 20',
  body: (random) => ({ query: random.pick(COMMON_WORDS) }),
  naive: (body) => naiveText(String(body.query), [], (DEEP_PAGE - 1) * 20),
};
