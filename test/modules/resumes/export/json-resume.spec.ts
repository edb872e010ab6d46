import { validate } from '@jsonresume/schema';
import { ApiError } from '@src/common/errors/api-errors';
import { JSON_RESUME_SCHEMA_URL, planJsonResumeImport, toJsonResume } from '@src/modules/resumes/export/json-resume';
import { sampleJsonResume } from './json-resume.fixture';
import { sampleResumeContent } from './resume-content.fixture';

function schemaErrors(document: unknown): unknown[] {
  let errors: unknown[] = [];
  validate(document, (found) => {
    errors = found ?? [];
  });
  return errors;
}

/** The `details` of the 400 an import answers. */
function importDetails(document: Record<string, unknown>): Record<string, string[]> {
  try {
    planJsonResumeImport(document);
  } catch (error) {
    expect((error as ApiError).getStatus()).toBe(400);
    return ((error as ApiError).getResponse() as { details: Record<string, string[]> }).details;
  }
  throw new Error('the import was accepted');
}

describe('toJsonResume', () => {
  const exported = toJsonResume(sampleResumeContent()) as Record<string, any>;

  it('gives a document that validates against the JSON Resume schema', () => {
    expect(schemaErrors(exported)).toEqual([]);
    expect(exported.$schema).toBe(JSON_RESUME_SCHEMA_URL);
    expect(exported.meta).toEqual({ version: 'v1.0.0' });
  });

  it('maps identity to basics: the unlabelled link is the website, labelled links are profiles', () => {
    expect(exported.basics).toEqual({
      name: 'Ada Lovelace',
      label: 'Staff Backend Engineer',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      url: 'https://ada.example.org',
      summary: expect.stringContaining('Backend engineer'),
      location: { address: 'London, United Kingdom' },
      profiles: [{ network: 'GitHub', url: 'https://github.com/ada' }],
    });
  });

  it('maps experiences to work: calendar dates, no endDate while current, responsibilities then achievements as highlights', () => {
    expect(exported.work[0]).toEqual({
      name: 'Northwind Payments',
      position: 'Staff Engineer',
      location: 'Berlin, Germany',
      startDate: '2022-03-01',
      summary: expect.stringContaining('Led the design'),
      highlights: [
        'Own the ledger service and its PostgreSQL schema, migrations and capacity planning',
        'Review designs for the platform team and mentor four engineers',
        'Cut p99 latency of the payments API from 480 ms to 120 ms by reshaping the hot queries',
        'Moved 40 services from cron jobs to a queue with retries and dead-lettering',
      ],
    });
    expect(exported.work[1]).toMatchObject({ startDate: '2019-03-01', endDate: '2022-02-28' });
  });

  it('splits skills into skills and languages, and maps the other sections field by field', () => {
    expect(exported.skills[0]).toEqual({ name: 'TypeScript', level: 'Expert', keywords: ['NestJS', 'Node.js'] });
    expect(exported.skills.map((skill: { name: string }) => skill.name)).not.toContain('English');
    expect(exported.languages).toEqual([
      { language: 'English', fluency: 'Native' },
      { language: 'German', fluency: 'Fluent' },
    ]);
    expect(exported.education[1]).toEqual({
      institution: 'University of Leeds',
      area: 'Mathematics',
      studyType: 'BSc',
      startDate: '2005-10-01',
      endDate: '2008-06-30',
      score: '3.8',
    });
    expect(exported.projects[0]).toEqual({
      name: 'Open job board',
      entity: 'Open source',
      description: expect.any(String),
      startDate: '2021-01-01',
      url: 'https://jobs.example.org',
    });
    expect(exported.publications[0]).toMatchObject({
      name: 'Sliding windows in practice',
      publisher: 'ACM Queue',
      releaseDate: '2021-09-01',
      summary: expect.any(String),
    });
    expect(exported.interests).toEqual([{ name: 'Climbing', keywords: ['bouldering', 'alpine'] }, { name: 'Chess' }]);
  });

  it('takes volunteer from the custom section "Volunteering", keeping only dates in the schema form', () => {
    expect(exported.volunteer).toEqual([{ organization: 'Code Club', position: 'Mentor', startDate: '2018', summary: expect.any(String) }]);
    expect(exported.references).toBeUndefined();
  });

  it('leaves out what the CV hides', () => {
    const content = sampleResumeContent();
    content.identity = { ...content.identity, email: null, phone: null, links: [] };
    content.summary = null;
    const document = toJsonResume(content) as Record<string, any>;
    expect(document.basics).toEqual({ name: 'Ada Lovelace', label: 'Staff Backend Engineer', location: { address: 'London, United Kingdom' } });
    expect(schemaErrors(document)).toEqual([]);
  });
});

describe('planJsonResumeImport', () => {
  it.each([undefined, null, [], 'resume'])('refuses %j, which is no document (a body-less POST answered 500 before)', (document) => {
    expect(() => planJsonResumeImport(document as never)).toThrow(
      expect.objectContaining({ response: { error: 'Validation failed', details: { body: ['must be a JSON Resume document'] } } }),
    );
  });

  it('names the resume after basics, and takes the job title and summary from it', () => {
    const plan = planJsonResumeImport(sampleJsonResume());
    expect(plan).toMatchObject({
      name: 'Grace Hopper – Compiler Engineer',
      jobTitle: 'Compiler Engineer',
      summary: expect.stringContaining('compilers'),
      ignored: [],
    });
    expect(planJsonResumeImport({}).name).toBe('Imported resume');
  });

  it('turns basics into profile fields: one address line, the website first among the links', () => {
    const document = sampleJsonResume();
    const plan = planJsonResumeImport({
      ...document,
      basics: { ...document.basics, location: { address: '1 Main St\nFlat 2', postalCode: '22201', city: 'Arlington', region: 'Virginia', countryCode: 'US' } },
    });
    expect(plan.identity).toEqual({
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+1 555 0100',
      address: '1 Main St, Flat 2, 22201 Arlington, Virginia, US',
      photoUrl: 'https://grace.example.org/photo.jpg',
      links: [
        { label: null, url: 'https://grace.example.org' },
        { label: 'GitHub', url: 'https://github.com/grace' },
      ],
    });
  });

  it('exports a skill\'s score beside its level text, or as its level ("4/5") where it has none, and imports both back', () => {
    const content = sampleResumeContent();
    const [typescript, postgres] = content.sections.skills;
    Object.assign(typescript, { level: null, score: 4 });
    Object.assign(postgres, { score: 2 });
    const english = content.sections.skills.find((skill) => skill.name === 'English')!;
    Object.assign(english, { level: null, score: 5 });
    const document = toJsonResume(content) as Record<string, any>;
    expect(schemaErrors(document)).toEqual([]);
    expect(document.skills[0]).toEqual({ name: 'TypeScript', level: '4/5', score: 4, keywords: ['NestJS', 'Node.js'] });
    expect(document.skills[1]).toEqual({ name: 'PostgreSQL', level: 'Expert', score: 2 });
    expect(document.languages[0]).toEqual({ language: 'English', fluency: '5/5', score: 5 });

    const imported = planJsonResumeImport(document)
      .sections.filter(({ section }) => section === 'skills')
      .flatMap(({ items }) => items.map((item) => item.body));
    expect(imported).toEqual(
      expect.arrayContaining([
        { name: 'TypeScript', score: 4, keywords: ['NestJS', 'Node.js'] },
        { name: 'PostgreSQL', level: 'Expert', score: 2 },
        { category: 'LANGUAGE', name: 'English', score: 5 },
      ]),
    );
  });

  it.each([
    [{ level: '4/5' }, { score: 4 }],
    [{ level: '4/5', score: 4 }, { score: 4 }],
    [
      { level: '3/5', score: 2 },
      { level: '3/5', score: 2 },
    ],
    [
      { level: 'Expert', score: 2 },
      { level: 'Expert', score: 2 },
    ],
    [{ level: 'Expert' }, { level: 'Expert' }],
  ])('imports the skill %j of a document as %j', (skill, body) => {
    const plan = planJsonResumeImport({ skills: [{ name: 'Go', ...skill }] });
    expect(plan.sections).toEqual([{ section: 'skills', items: [{ path: 'skills[0]', body: { name: 'Go', ...body } }] }]);
    expect(plan.ignored).toEqual([]);
  });

  it('maps each section to the bodies its endpoint takes, with JSON Resume dates kept at their precision', () => {
    const plan = planJsonResumeImport({ ...sampleJsonResume(), certificates: [{ name: 'CKA', date: '2023-04' }] });
    const bodies: Record<string, unknown[]> = {};
    for (const { section, items } of plan.sections) bodies[section] = [...(bodies[section] ?? []), ...items.map((item) => item.body)];
    expect(bodies.experiences[0]).toEqual({
      company: 'US Navy',
      jobTitle: 'Rear Admiral',
      location: 'Washington, DC',
      startDate: '1967-08-01',
      description: 'Standardised programming languages across the Navy.',
      achievements: ['Led the COBOL validation suite'],
      isCurrent: true,
    });
    expect(bodies.experiences[1]).toMatchObject({ startDate: '1949-01-01', endDate: '1967-07-31', isCurrent: false });
    expect(bodies.certificates).toEqual([{ name: 'CKA', date: '2023-04' }]);
    expect(bodies.education[0]).toEqual({
      school: 'Yale University',
      field: 'Mathematics',
      degree: 'PhD',
      startDate: '1930-09-01',
      endDate: '1934-06-30',
      grade: 'Summa cum laude',
      isCurrent: false,
    });
    expect(bodies.skills).toEqual([
      { name: 'Compilers', level: 'Master', keywords: ['COBOL', 'FLOW-MATIC'] },
      { name: 'Mathematics', keywords: ['Numerical analysis'] },
      { category: 'LANGUAGE', name: 'English', level: 'Native speaker' },
    ]);
    expect(plan.customSections).toEqual([
      {
        title: 'Volunteering',
        enabledFields: ['title', 'organization', 'startDate', 'endDate', 'description', 'url'],
        items: [
          {
            path: 'volunteer[0]',
            body: {
              organization: 'Computer History Museum',
              title: 'Speaker',
              url: 'https://chm.example.org',
              startDate: '1980',
              endDate: '1985-06',
              description: 'Talks about nanoseconds.',
            },
          },
        ],
      },
      {
        title: 'References',
        enabledFields: ['title', 'description'],
        items: [{ path: 'references[0]', body: { title: 'Howard Aiken', description: expect.any(String) } }],
      },
    ]);
  });

  it('reports the fields it has no place for', () => {
    const plan = planJsonResumeImport({
      basics: {
        name: 'Grace',
        profiles: [
          { network: 'GitHub', username: 'grace', url: 'https://github.com/grace' },
          { network: 'Mastodon', username: 'grace' },
        ],
        headline: 'x',
      },
      work: [{ name: 'Navy', position: 'Admiral', url: 'https://navy.example.org', description: 'A navy' }],
      projects: [{ name: 'A-0', highlights: ['first compiler'], roles: ['author'] }],
      hobbies: ['sailing'],
    });
    expect(plan.ignored).toEqual([
      'hobbies',
      'basics.headline',
      'basics.profiles[0].username',
      'basics.profiles[1]',
      'work[0].url',
      'work[0].description',
      'projects[0].highlights',
      'projects[0].roles',
    ]);
  });

  it.each([
    [{ basics: { email: 'not-an-email' } }, { 'basics.email': ['must be a valid email address'] }],
    [{ basics: { profiles: [{ url: 'not a url' }] } }, { 'basics.profiles[0].url': ['must be a valid URL'] }],
    [{ work: 'lots' }, { work: ['must be of type array'] }],
    [{ work: [{ name: 'Navy', startDate: 'March 1967' }] }, { 'work[0].startDate': ['must be a date: YYYY, YYYY-MM or YYYY-MM-DD'] }],
    [{ work: [{ name: 'Navy' }] }, { 'work[0].position': ['is required'] }],
    [
      { work: [{ name: 'Navy', position: 'Admiral', startDate: '1967-13' }] },
      { 'work[0].startDate': ['must be a date (YYYY, YYYY-MM or YYYY-MM-DD) or an ISO 8601 date-time'] },
    ],
    [{ education: [{ institution: 'Yale' }] }, { 'education[0].studyType': ['is required'] }],
    [{ skills: [{ name: 'x'.repeat(201) }] }, { 'skills[0].name': ['must be at most 200 characters'] }],
    [{ basics: { label: 'x'.repeat(151) } }, { 'basics.label': ['must be at most 150 characters'] }],
    [{ volunteer: [{ position: 'Speaker', startDate: '1980', url: 'ftp://chm.example.org' }] }, { 'volunteer[0].url': ['must be a valid URL'] }],
  ])('refuses %j', (document, details) => {
    expect(importDetails(document)).toEqual(details);
  });
});
