import type { SalaryPeriod } from '../../src/common/validation/salary-period';
import type { JSearchRecord, ListingRecord } from '../../src/modules/jobs/import/listing-record';
import { BENEFIT_KEYS, BENEFITS, BenefitKey, COUNTRY_NAMES, EmploymentType } from '../../src/modules/jobs/job-search-values';
import { SeededRandom } from './seeded-random';
import {
  BENEFIT_SENTENCES,
  COMPANIES,
  COMPANY_VALUES,
  Company,
  EQUAL_OPPORTUNITY,
  LEVELS,
  LOCAL_TEMPLATES,
  NICHE_SKILLS,
  Place,
  PLACES,
  PUBLISHERS,
  ROLE_FAMILIES,
  RoleFamily,
  SOURCES,
} from './vocabulary';

export type GeneratedFormat = 'ours' | 'jsearch' | 'mixed';

export interface GeneratorOptions {
  seed: string | number;
  /** Dates are spread over the 90 days before this moment; fixing it makes the output byte-identical. */
  asOf: Date;
  /** `mixed`: one listing in four in the JSearch provider's raw shape (with source `jsearch`). */
  format?: GeneratedFormat;
}

const DAY_MS = 86_400_000;
const WORK_ARRANGEMENTS = [
  ['onsite', 55],
  ['hybrid', 22],
  ['remote', 23],
] as const;
const EMPLOYMENT = [
  ['FULLTIME', 84],
  ['CONTRACTOR', 8],
  ['PARTTIME', 5],
  ['TEMPORARY', 3],
] as const;

/**
 * Realistic synthetic job listings, deterministic for a seed: the same seed and `asOf` always give the same
 * listings. Used by `jobs:generate`, the e2e tests and the search benchmark.
 */
export function* generateListings(count: number, options: GeneratorOptions): Generator<ListingRecord | JSearchRecord> {
  const random = new SeededRandom(options.seed);
  for (let index = 0; index < count; index++) {
    const listing = generateListing(random, index, count, options);
    const asJSearch = options.format === 'jsearch' || (options.format === 'mixed' && random.chance(0.25));
    yield asJSearch ? toJSearch(listing) : listing;
  }
}

function generateListing(random: SeededRandom, index: number, count: number, options: GeneratorOptions): ListingRecord {
  const family = random.weighted(ROLE_FAMILIES.map((role) => [role, role.weight] as const));
  const level = random.weighted(LEVELS.map((entry) => [entry, entry.weight] as const));
  const company = random.pick(COMPANIES);
  const place = random.weighted(PLACES.map((entry) => [entry, entry.weight] as const));
  const title = titleFor(random, family, level);
  const skills = random.sample(family.skills, random.int(4, 7));
  const arrangement = random.weighted(WORK_ARRANGEMENTS);
  const employmentType: EmploymentType = level.level === 'intern' ? 'INTERN' : random.weighted(EMPLOYMENT);
  const years = level.level === 'intern' ? null : random.chance(0.8) ? random.int(level.years[0], level.years[1]) : null;
  const benefitKeys = random.sample(BENEFIT_KEYS, random.chance(0.15) ? 0 : random.int(2, 6));
  const visa = random.weighted([
    ['offers', 8],
    ['refuses', 10],
    ['silent', 82],
  ] as const);
  const clearance = place.country === 'US' && (company.industry === 'defense' ? random.chance(0.6) : random.chance(0.02));
  const localLanguage = place.localLanguage && random.chance(place.localLanguage[1]) ? place.localLanguage[0] : null;

  const salary = salaryFor(random, family, level.salaryFactor, place, employmentType);
  // Oldest first, as a provider's feed delivers them; more listings are recent than old.
  const postedDaysAgo = Math.floor((1 - (index + random.next()) / count) ** 1.6 * 90 * 24) / 24;
  const postedAt = new Date(options.asOf.getTime() - postedDaysAgo * DAY_MS);
  const republishCount = random.weighted([
    [0, 80],
    [1, 10],
    [2, 5],
    [3, 3],
    [5, 2],
  ] as const);
  const firstSeenAt = republishCount > 0 ? new Date(postedAt.getTime() - random.int(5, 120) * DAY_MS) : postedAt;
  const remote = arrangement === 'remote';
  const location = remote ? `Remote, ${place.country}` : [place.city, place.state, place.country].filter(Boolean).join(', ');

  const highlights = {
    Qualifications: qualificationsFor(random, skills, years, family),
    Responsibilities: random.sample(family.duties, 4).map(capitalize),
    ...(benefitKeys.length > 0 ? { Benefits: benefitKeys.map((key) => BENEFIT_SENTENCES[key]) } : {}),
  };
  const description = localLanguage
    ? LOCAL_TEMPLATES[localLanguage](title, company.name, place.city, skills.slice(0, 3))
    : englishDescription(random, { title, company, place, family, skills, arrangement, employmentType, highlights, visa, clearance });

  const publisher = random.weighted(PUBLISHERS);
  const direct = publisher === 'Company website';
  const slug = `${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${index + 1}`;
  const applyLink = random.chance(0.02)
    ? null
    : direct
      ? `https://careers.${company.domain}/jobs/${slug}`
      : `https://www.${publisher.toLowerCase().replace(/\s+/g, '')}.example/jobs/view/${slug}`;

  return {
    id: `gen-${options.seed}-${index + 1}`,
    source: random.weighted(SOURCES),
    title,
    company: company.name,
    companyLogo: random.chance(0.85) ? `https://${company.domain}/logo.png` : null,
    companyWebsite: `https://www.${company.domain}`,
    location,
    city: remote ? null : place.city,
    state: remote ? null : place.state,
    country: place.country,
    isRemote: remote,
    employmentType,
    applyLink,
    applyIsDirect: direct && applyLink !== null,
    publisher,
    description,
    highlights,
    benefits: benefitKeys.map((key) => ({ key, name: BENEFITS[key] })),
    salaryMin: salary?.min ?? null,
    salaryMax: salary?.max ?? null,
    salaryPeriod: salary?.period ?? null,
    postedAt: postedAt.toISOString(),
    firstSeenAt: firstSeenAt.toISOString(),
    republishCount,
  };
}

function titleFor(random: SeededRandom, family: RoleFamily, level: (typeof LEVELS)[number]): string {
  const base = random.pick(family.titles);
  if (level.level === 'intern') return random.chance(0.5) ? `${base} Intern` : `${base} Internship`;
  if (level.level === 'executive') return `${random.pick(level.prefixes)} ${family.head}`;
  return `${random.pick(level.prefixes)} ${base}`.trim();
}

function salaryFor(random: SeededRandom, family: RoleFamily, factor: number, place: Place, type: EmploymentType) {
  if (!random.chance(0.62)) return null;
  const annual = family.midSalary * factor * place.pay * (0.85 + random.next() * 0.3);
  const spread = 1.15 + random.next() * 0.25;
  const period: SalaryPeriod =
    type === 'CONTRACTOR' || type === 'PARTTIME' || type === 'INTERN' ? 'HOUR' : place.country === 'US' || random.chance(0.6) ? 'YEAR' : 'MONTH';
  const divisor = { HOUR: 2080, MONTH: 12, YEAR: 1, DAY: 260, WEEK: 52 }[period];
  const round = period === 'HOUR' ? 1 : period === 'MONTH' ? 100 : 1000;
  const min = Math.round(annual / divisor / round) * round;
  const max = random.chance(0.85) ? Math.round((annual * spread) / divisor / round) * round : null;
  return { min, max, period };
}

function qualificationsFor(random: SeededRandom, skills: string[], years: number | null, family: RoleFamily): string[] {
  const experience =
    years === null
      ? `Solid experience with ${skills[0]} and ${skills[1]}`
      : years === 0
        ? `Some exposure to ${skills[0]} through coursework, projects or internships`
        : random.pick([
            `${years}+ years of professional experience with ${skills[0]}`,
            `At least ${years} years of experience in a similar ${family.head.toLowerCase()} role`,
            `${years}-${years + 3} years of experience working with ${skills[0]} and ${skills[1]}`,
          ]);
  return [
    experience,
    `Hands-on knowledge of ${skills.slice(1, 4).join(', ')}`,
    random.pick(['Clear written and spoken communication', 'A habit of writing things down', 'Comfort with ambiguity and changing priorities']),
    `Familiarity with ${skills[skills.length - 1]} is a plus`,
  ];
}

interface DescriptionParts {
  title: string;
  company: Company;
  place: Place;
  family: RoleFamily;
  skills: string[];
  arrangement: 'onsite' | 'hybrid' | 'remote';
  employmentType: EmploymentType;
  highlights: { Qualifications: string[]; Responsibilities: string[]; Benefits?: string[] };
  visa: 'offers' | 'refuses' | 'silent';
  clearance: boolean;
}

function englishDescription(random: SeededRandom, parts: DescriptionParts): string {
  const { title, company, place, family, skills, highlights } = parts;
  const country = COUNTRY_NAMES[place.country];
  const paragraphs = [
    `${company.name} builds ${company.industry} products used by thousands of teams. ` +
      `We are looking for a ${title} to join our ${family.head} team and help us ${random.pick(family.duties)}. ` +
      random.pick(COMPANY_VALUES),
    `In this role you will ${random.sample(family.duties, 3).join(', ')}. ` +
      `You will work day to day with ${skills.slice(0, 3).join(', ')} and ${skills[3]}, alongside a team that ` +
      `values thoughtful code review, pairing and continuous delivery.`,
    `What you will do:\n${highlights.Responsibilities.map((line) => `- ${line}`).join('\n')}`,
    `What we are looking for:\n${highlights.Qualifications.map((line) => `- ${line}`).join('\n')}`,
    random.chance(1 / 12) ? `Experience with ${random.pick(NICHE_SKILLS)} is a strong plus for this team.` : '',
    arrangementSentence(random, parts.arrangement, place, country),
    employmentSentence(random, parts.employmentType),
    parts.visa === 'offers'
      ? random.pick(['Visa sponsorship is available for this role.', 'We sponsor work visas and support relocation.'])
      : parts.visa === 'refuses'
        ? random.pick(['We are unable to sponsor visas for this position.', 'This role does not offer visa sponsorship.'])
        : '',
    parts.clearance ? random.pick(['An active Secret security clearance is required.', 'Candidates must hold an active TS/SCI clearance with polygraph.']) : '',
    highlights.Benefits ? `What we offer:\n${highlights.Benefits.map((line) => `- ${line}`).join('\n')}` : '',
    `Our interview process has four steps: a short call with the hiring manager, a ${random.pick(['technical conversation', 'practical exercise', 'portfolio review', 'case study'])}, ` +
      `a meeting with future teammates and a final conversation about values. We aim to reach a decision within two weeks.`,
    EQUAL_OPPORTUNITY,
  ];
  return paragraphs.filter((paragraph) => paragraph.length > 0).join('\n\n');
}

function arrangementSentence(random: SeededRandom, arrangement: DescriptionParts['arrangement'], place: Place, country: string): string {
  if (arrangement === 'remote') return `This is a fully remote position open to candidates based in ${country}.`;
  if (arrangement === 'hybrid') return `This is a hybrid role: ${random.pick(['two', 'three'])} days a week in our ${place.city} office, the rest from home.`;
  return `This role is based in our ${place.city} office, where the team works together every day.`;
}

function employmentSentence(random: SeededRandom, type: EmploymentType): string {
  switch (type) {
    case 'CONTRACTOR':
      return `This is a ${random.pick(['6-month', '12-month'])} contract position with a possible extension.`;
    case 'PARTTIME':
      return 'This is a part-time role of about 20 hours per week.';
    case 'TEMPORARY':
      return 'This is a temporary, fixed-term position covering a parental leave.';
    case 'INTERN':
      return 'This paid internship lasts 12 weeks over the summer.';
    default:
      return 'This is a full-time, permanent position.';
  }
}

/** The same listing as the JSearch provider would deliver it. */
function toJSearch(listing: ListingRecord): JSearchRecord {
  const period = listing.salaryPeriod;
  return {
    job_id: listing.id,
    employer_name: listing.company,
    employer_logo: listing.companyLogo ?? null,
    employer_website: listing.companyWebsite ?? null,
    job_publisher: listing.publisher ?? null,
    job_employment_type: listing.employmentType ?? null,
    job_title: listing.title,
    job_apply_link: listing.applyLink ?? null,
    job_apply_is_direct: listing.applyIsDirect ?? false,
    job_description: listing.description,
    job_is_remote: listing.isRemote ?? false,
    job_posted_at_datetime_utc: listing.postedAt,
    job_location: listing.location ?? null,
    job_city: listing.city ?? null,
    job_state: listing.state ?? null,
    job_country: listing.country ?? null,
    job_benefits: (listing.benefits ?? []).map((benefit) => (typeof benefit === 'string' ? benefit : benefit.key)) as BenefitKey[],
    job_highlights: listing.highlights ?? null,
    job_min_salary: listing.salaryMin ?? null,
    job_max_salary: listing.salaryMax ?? null,
    job_salary_period: period ?? null,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
