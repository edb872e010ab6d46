import { extractRequirements, findSkills } from '@src/modules/tailoring/job-requirements';

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
        'Mentoring',
      ]),
    );
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

describe('findSkills', () => {
  it('matches whole words only, with punctuation-bearing names', () => {
    expect([...findSkills('C++ and C# on .NET, Node.js services').keys()]).toEqual(expect.arrayContaining(['C++', 'C#', 'Node.js']));
    expect(findSkills('JavaScript').has('Java')).toBe(false);
    expect(findSkills('a reactive design').has('React')).toBe(false);
  });

  it('does not take everyday words for tools written the same way', () => {
    expect(findSkills('Ready to go the extra mile and excel at a swift pace').size).toBe(0);
    expect([...findSkills('Services in Go and Swift; reports in Excel').keys()].sort()).toEqual(['Excel', 'Go', 'Swift']);
  });

  it('counts mentions', () => {
    expect(findSkills('Postgres here, PostgreSQL there, psql everywhere').get('PostgreSQL')).toBe(3);
  });
});
