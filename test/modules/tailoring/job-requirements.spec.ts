import { categoryOf, extractRequirements, findSkills, skillsShown } from '@src/modules/tailoring/job-requirements';
import { SKILL_VOCABULARY, VOCABULARY_SOURCES } from '@src/modules/tailoring/skill-vocabulary';

const BACKEND_POSTING = `About the role
We are hiring a Senior Backend Engineer to build the payments platform that processes millions of transactions a day.

What you will do
- Design and operate microservices in TypeScript on Node.js, backed by PostgreSQL and Redis.
- Own our event-driven architecture on Kafka and keep p99 latency low through performance tuning.
- Run services on Kubernetes (AWS EKS) with Terraform, and improve our CI/CD pipelines in GitHub Actions.
- Mentor engineers and review designs.

What we look for
- 5+ years of professional software engineering experience, 2 years with distributed systems.
- Strong SQL; experience with REST and GraphQL APIs.
- Nice to have: Go, gRPC, OpenTelemetry.`;

describe('extractRequirements', () => {
  const requirements = extractRequirements('Senior Backend Engineer', BACKEND_POSTING);

  it('finds the skills and tools of a real-looking posting, under their canonical names', () => {
    expect(requirements.skills).toEqual(
      expect.arrayContaining([
        'TypeScript',
        'Node.js',
        'PostgreSQL',
        'Redis',
        'Kafka',
        'Kubernetes',
        'AWS',
        'Terraform',
        'CI/CD',
        'GitHub Actions',
        'Microservices',
        'Event-driven architecture',
        'Distributed systems',
        'SQL',
        'REST',
        'GraphQL',
        'Go',
        'gRPC',
        'OpenTelemetry',
        'Performance optimization',
        'Software engineering',
      ]),
    );
  });

  it('takes soft skills from what the ad asks for, not from the work it describes ("Mentor engineers")', () => {
    expect(requirements.skills).not.toContain('Mentoring');
  });

  it('reads seniority from the title and the smallest years of experience asked', () => {
    expect(requirements.seniority).toBe('senior');
    expect(requirements.minYears).toBe(2);
  });

  it('keeps significant words, without stop words', () => {
    expect(requirements.keywords).toEqual(expect.arrayContaining(['payments', 'platform', 'transactions', 'latency']));
    expect(requirements.keywords).not.toContain('the');
    expect(requirements.keywords).not.toContain('and');
  });

  it('reads seniority from the description when the title has none, and none when neither says', () => {
    expect(extractRequirements('Data Analyst', 'An entry-level role for graduates who love SQL.').seniority).toBe('entry');
    expect(extractRequirements('Data Analyst', 'Work with SQL and Tableau.').seniority).toBeNull();
    expect(extractRequirements('Engineering Manager', 'Lead a team of eight.').seniority).toBe('lead');
  });

  it('reads ranges of years', () => {
    expect(extractRequirements('Engineer', 'You bring 3-5 years of Python.').minYears).toBe(3);
    expect(extractRequirements('Engineer', 'No experience needed.').minYears).toBeNull();
  });
});

describe('extractRequirements reads phrases in context, not single words anywhere', () => {
  const skillsOf = (description: string, title = 'Analyst') => extractRequirements(title, description).skills;

  it('does not take "dashboards that leadership uses every week" for a Leadership requirement, in prose or in a requirement list', () => {
    expect(skillsOf('You will build dashboards that leadership uses every week.')).not.toContain('Leadership');
    expect(skillsOf('Requirements\n- Experience building dashboards that leadership uses every week\n- SQL')).toEqual(['Data visualization', 'SQL']);
    expect(skillsOf('Present results to the leadership team and our sales team.')).toEqual([]);
  });

  it('takes soft skills, fields and spoken languages where the ad asks for them', () => {
    expect(skillsOf('Requirements\n- Leadership\n- Excellent communication\n- Fluent in Spanish')).toEqual(['Leadership', 'Communication', 'Spanish']);
    expect(skillsOf('You bring strong leadership skills and experience in B2B sales.')).toEqual(['Leadership', 'B2B sales']);
    expect(skillsOf('Our French office runs a mentoring programme.')).toEqual([]);
    expect(skillsOf('Nice to have: Terraform and Kubernetes.', 'Engineer')).toEqual(['Terraform', 'Kubernetes']);
  });

  it("reads a requirement list under its heading, and nothing from the company's own description", () => {
    const ad = [
      'Acme makes scheduling software for hospitals; our sales team uses Salesforce.',
      'What you will do',
      '- Build reports in Looker.',
      "What you'll need",
      '- Knowledge of scikit-learn',
      '- Proficient in Python',
      'Benefits',
      '- Free Spanish lessons and a Kubernetes conference ticket',
    ].join('\n');
    expect(skillsOf(ad, 'Analyst')).toEqual(['Looker', 'scikit-learn', 'Python']);
  });

  it('reads the words of other fields: nursing, sales, teaching, finance', () => {
    expect(skillsOf('Qualifications\n- Active RN license, BLS and ACLS\n- Experience with IV therapy and wound care', 'Registered Nurse')).toEqual(
      expect.arrayContaining(['Nursing', 'RN license', 'BLS', 'ACLS', 'IV therapy', 'Wound care']),
    );
    expect(skillsOf('Requirements\n- QTS or PGCE\n- Classroom management and lesson planning', 'Teacher')).toEqual(
      expect.arrayContaining(['Teaching', 'Teaching license', 'Classroom management', 'Lesson planning']),
    );
    expect(skillsOf('Requirements\n- Quota attainment in SaaS sales\n- Pipeline management in HubSpot', 'Account Executive')).toEqual(
      expect.arrayContaining(['Quota attainment', 'SaaS sales', 'Pipeline management', 'HubSpot']),
    );
    expect(skillsOf('Requirements\n- Advanced Excel and financial modelling\n- IFRS', 'Financial Analyst')).toEqual(
      expect.arrayContaining(['Excel', 'Financial modeling', 'IFRS']),
    );
  });
});

describe('skillsShown', () => {
  it('counts a specific skill as the broader one it shows: PostgreSQL and MySQL show SQL', () => {
    expect([...skillsShown('Ten years of PostgreSQL')]).toEqual(expect.arrayContaining(['PostgreSQL', 'SQL']));
    expect([...skillsShown('Models in scikit-learn, dashboards in Looker')]).toEqual(expect.arrayContaining(['scikit-learn', 'Machine learning', 'Looker']));
    expect(skillsShown('SQL').has('PostgreSQL')).toBe(false);
  });
});

describe('the skills vocabulary', () => {
  it('is data with its sources named, over 3,000 terms across fields, each broader skill a term of its own', () => {
    expect(SKILL_VOCABULARY.length).toBeGreaterThan(3000);
    expect(new Set(SKILL_VOCABULARY.map((term) => term.name)).size).toBe(SKILL_VOCABULARY.length);
    expect(VOCABULARY_SOURCES.map((source) => source.source)).toEqual(['hand-written', 'devicon', 'simple-icons', 'linguist-languages', 'langs', 'wordnet']);
    const names = new Set(SKILL_VOCABULARY.map((term) => term.name));
    expect(SKILL_VOCABULARY.flatMap((term) => term.countsAs ?? []).filter((name) => !names.has(name))).toEqual([]);
    for (const name of [
      'SQL',
      'Looker',
      'scikit-learn',
      'Nursing',
      'IV therapy',
      'B2B sales',
      'Lesson planning',
      'IFRS',
      'Communication',
      'Spanish',
      'Rust',
      'Fortran',
      'Accounts payable',
      'Cycle counting',
      'Forklift operation',
      'MIG welding',
      'Oncology nursing',
      'PTCB',
      'Orthopedics',
      'Phacoemulsification',
      'Titration',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('names spoken languages and soft skills as such', () => {
    expect(categoryOf('German')).toBe('spoken-language');
    expect(categoryOf('Collaboration')).toBe('soft');
    expect(categoryOf('Nursing')).toBe('field');
  });
});

describe('findSkills', () => {
  it('matches whole words only, with punctuation-bearing names', () => {
    expect([...findSkills('C++ and C# on .NET, Node.js services').keys()]).toEqual(expect.arrayContaining(['C++', 'C#', 'Node.js']));
    expect(findSkills('JavaScript').has('Java')).toBe(false);
    expect(findSkills('a reactive design').has('React')).toBe(false);
  });

  it('does not take everyday words for tools written the same way', () => {
    expect(findSkills('Ready to go the extra mile and excel at a swift pace').size).toBe(0);
    // Words a trade uses that are everyday words too (receiving, loading, framing, concrete, echo) are no skill in prose.
    expect(
      findSkills(
        'We are receiving new orders, loading times are long; framing the problem with concrete examples, an echo of our probation period and discovery calls',
      ).size,
    ).toBe(0);
    expect([...findSkills('Services in Go and Swift; reports in Excel').keys()].sort()).toEqual(['Excel', 'Go', 'Swift']);
  });

  it('counts mentions', () => {
    expect(findSkills('Postgres here, PostgreSQL there, psql everywhere').get('PostgreSQL')).toBe(3);
  });
});
