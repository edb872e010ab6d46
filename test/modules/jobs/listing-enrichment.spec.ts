import {
  annualize,
  benefitKeysOf,
  employmentTypeOf,
  enrichListing,
  experienceYearsOf,
  jobLevelOf,
  languageOf,
  normalizeCompany,
  normalizeTitle,
  offersVisaSponsorship,
  requiresSecurityClearance,
  workArrangementOf,
} from '@src/modules/jobs/listing-enrichment';

const BACKEND_POSTING = `About the job
Stripe-like payments company Ledgerline is hiring a Senior Backend Engineer (Go) to join the Core Payments team.

What you'll do
- Design and run the services that move money for 40,000 businesses
- Own on-call for the ledger and lead incident reviews

Who you are
- 5+ years of experience building distributed systems in Go, Java or Rust
- At least 3 years working with PostgreSQL at scale

This role is hybrid: 3 days a week in our Dublin office.
We offer visa sponsorship and relocation support, 401(k) matching, comprehensive medical insurance and dental cover,
and 16 weeks of paid parental leave.`;

const DEFENSE_POSTING = `Northrop-style defense contractor seeks a Systems Engineer III in Huntsville, AL.
Requirements: Bachelor's degree and eight years of experience in systems engineering. Active TS/SCI clearance
with polygraph required. U.S. citizenship required; we are unable to sponsor visas for this position.
Benefits include paid time off, pension and vision insurance.`;

const REMOTE_CONTRACT = `Remote (US) — 6 month contract, 1099
We need a React/TypeScript freelancer to rebuild our dashboard. 2-4 years of experience with React.
This is a fully remote position; work from anywhere in the US. No clearance required.`;

const GERMAN_POSTING = `Wir suchen eine engagierte Person als Werkstudent (m/w/d) Data Analytics für unser Team in Berlin.
Du arbeitest mit SQL und Python und unterstützt die Teams bei der Auswertung von Daten. Wir bieten flexible
Arbeitszeiten und ein Weiterbildungsbudget. Die Stelle ist in Teilzeit mit 20 Stunden pro Woche.`;

describe('listing enrichment', () => {
  it('derives everything search filters on from a real-looking backend posting', () => {
    expect(
      enrichListing({
        title: 'Senior Backend Engineer (Go)',
        company: 'Ledgerline, Inc.',
        description: BACKEND_POSTING,
        city: 'Dublin',
        country: 'IE',
      }),
    ).toEqual({
      titleNormalized: 'senior backend engineer go',
      companyNormalized: 'ledgerline',
      placeKeys: ['dublin', 'ie'],
      jobLevel: 'senior',
      workArrangement: 'hybrid',
      isRemote: false,
      employmentType: 'FULLTIME',
      experienceYears: 3,
      visaSponsorship: true,
      securityClearance: false,
      language: 'en',
      benefitKeys: ['health_insurance', 'dental_coverage', 'retirement_savings', 'parental_leave'],
    });
  });

  it('reads a defense posting: clearance required, sponsorship refused, years written as words', () => {
    const facts = enrichListing({ title: 'Systems Engineer III', company: 'Huntsville Defense Group LLC', description: DEFENSE_POSTING });
    expect(facts).toMatchObject({
      jobLevel: 'senior',
      securityClearance: true,
      visaSponsorship: false,
      experienceYears: 8,
      workArrangement: 'onsite',
      companyNormalized: 'huntsville defense group',
    });
    expect(facts.benefitKeys).toEqual(['vision_coverage', 'retirement_savings', 'paid_time_off']);
  });

  it('reads a remote contract: remote from the text, contractor from the text, "no clearance required" is not a requirement', () => {
    const facts = enrichListing({ title: 'React Developer', company: 'Brightpath', description: REMOTE_CONTRACT });
    expect(facts).toMatchObject({ workArrangement: 'remote', isRemote: true, employmentType: 'CONTRACTOR', experienceYears: 2, securityClearance: false });
  });

  it('reads a German working-student posting: intern level, German, part-time from the text', () => {
    const facts = enrichListing({ title: 'Werkstudent Data Analytics', company: 'Datenwerk GmbH', description: GERMAN_POSTING });
    expect(facts).toMatchObject({ jobLevel: 'intern', language: 'de', companyNormalized: 'datenwerk', employmentType: 'INTERN' });
  });

  it('keeps what the provider states over what the text suggests', () => {
    const facts = enrichListing({
      title: 'Engineer',
      company: 'X',
      description: 'A fully remote contract role.',
      isRemote: false,
      employmentType: 'PARTTIME',
      experienceYears: 4,
      benefitKeys: ['stock_options'],
    });
    expect(facts).toMatchObject({ workArrangement: 'onsite', employmentType: 'PARTTIME', experienceYears: 4, benefitKeys: ['stock_options'] });
  });

  it.each([
    ['Software Engineering Intern', 'intern'],
    ['Junior Data Analyst', 'entry'],
    ['Associate Product Manager', 'entry'],
    ['Product Designer', 'mid'],
    ['Sr. Accountant', 'senior'],
    ['Staff Software Engineer', 'lead'],
    ['Principal Architect', 'lead'],
    ['Engineering Manager, Payments', 'lead'],
    ['Head of Data', 'executive'],
    ['VP of Engineering', 'executive'],
    ['Director of Operations', 'executive'],
  ])('levels "%s" as %s', (title, level) => {
    expect(jobLevelOf(title)).toBe(level);
  });

  it('levels a title that names no level by the experience asked for', () => {
    expect(jobLevelOf('Data Engineer', 'You have 10+ years of experience with Spark.')).toBe('senior');
    expect(jobLevelOf('Data Engineer', 'Ideal for graduates: 0-1 years of experience.')).toBe('entry');
    expect(jobLevelOf('Data Engineer', 'You have 3 years of experience.')).toBe('mid');
  });

  it.each([
    ['5+ years of experience with Kotlin', 5],
    ['3-5 years of professional experience', 3],
    ['a minimum of 2 years in a similar role', 2],
    ['at least four years working with AWS', 4],
    ['five (5) years of experience', 5],
    ['7 years experience; 3+ years of team leadership experience', 3],
    ['We have been around for 12 years.', null],
    ['No experience necessary', null],
  ])('reads years of experience in "%s" as %s', (text, years) => {
    expect(experienceYearsOf(text)).toBe(years);
  });

  it.each([
    ['We offer visa sponsorship for the right candidate.', true],
    ['H-1B transfers welcome.', true],
    ['Sponsorship is available.', true],
    ['We are unable to sponsor visas.', false],
    ['Candidates must be authorized to work; no visa sponsorship.', false],
    ['This role will not provide sponsorship.', false],
    ['Great team, great coffee.', false],
  ])('visa sponsorship in "%s" is %s', (text, offered) => {
    expect(offersVisaSponsorship(text)).toBe(offered);
  });

  it.each([
    ['Must hold an active Secret clearance; DoD clearance required.', true],
    ['TS/SCI with polygraph', true],
    ['Top Secret clearance preferred', true],
    ['No clearance required.', false],
    ['We keep your data secret.', false],
  ])('security clearance in "%s" is %s', (text, required) => {
    expect(requiresSecurityClearance(text)).toBe(required);
  });

  it.each([
    [null, 'Senior Engineer (Remote)', 'remote'],
    [null, 'Remote\nWe are remote-first.', 'remote'],
    [null, 'Hybrid — two days a week in the office', 'hybrid'],
    [true, 'A role in our hybrid team', 'hybrid'],
    [true, 'Anything', 'remote'],
    [null, 'This role is on-site in Austin; remote work stipend for travel days.', 'onsite'],
    [null, 'Remote control toy company hiring onsite assemblers. Not a remote role.', 'onsite'],
  ])('work arrangement (provider says %s) of "%s" is %s', (isRemote, text, arrangement) => {
    expect(workArrangementOf(isRemote, text)).toBe(arrangement);
  });

  it.each([
    ['Summer internship 2025', 'INTERN'],
    ['12-month contract via our agency', 'CONTRACTOR'],
    ['Fixed-term cover for parental leave', 'TEMPORARY'],
    ['Part-time, 20 hours a week', 'PARTTIME'],
    ['Permanent role', 'FULLTIME'],
  ])('employment type of "%s" is %s', (text, type) => {
    expect(employmentTypeOf(text)).toBe(type);
  });

  it.each([
    ['We are a small team and you will work with our customers.', 'en'],
    ['Nous recherchons un développeur pour notre équipe à Paris, avec une expérience dans le web.', 'fr'],
    ['Buscamos una persona para el equipo de datos en Madrid, con experiencia en SQL y Python.', 'es'],
    ['Wij zoeken een ontwikkelaar voor ons team in Amsterdam met ervaring in de cloud.', 'nl'],
  ])('detects the language of "%s" as %s', (text, code) => {
    expect(languageOf(text)).toBe(code);
  });

  it('names benefits it recognises, and only those', () => {
    expect(benefitKeysOf('Unlimited vacation, equity, a $1,000 learning budget and flexible hours.')).toEqual([
      'paid_time_off',
      'stock_options',
      'learning_budget',
      'flexible_hours',
    ]);
    expect(benefitKeysOf('Free snacks.')).toEqual([]);
  });

  it('normalizes titles and companies for comparison', () => {
    expect(normalizeTitle('  Sr. C++ / C# Developer — Café  ')).toBe('sr c++ c# developer cafe');
    expect(normalizeTitle('.NET Engineer')).toBe('net engineer');
    expect(normalizeCompany('ACME, Inc.')).toBe('acme');
    expect(normalizeCompany('Acme Holdings Co. Ltd')).toBe('acme holdings');
    expect(normalizeCompany('Müller GmbH')).toBe('muller');
  });

  it.each([
    [50, 'HOUR', 104_000],
    [8000, 'MONTH', 96_000],
    [120_000, 'YEAR', 120_000],
    [400, 'DAY', 104_000],
    [2000, 'WEEK', 104_000],
    [90_000, null, 90_000],
  ] as const)('annualizes %s per %s to %s', (amount, period, annual) => {
    expect(annualize(amount, period)).toBe(annual);
  });
});
