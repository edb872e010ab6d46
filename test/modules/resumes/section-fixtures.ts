import type { SectionName } from '@src/common/content-sections';

/**
 * One item per section kind: `create` is a full create body, `read` the fields the item then shows besides id,
 * createdAt and updatedAt (when they differ from `create`), `update` a partial change with a null clear, `updated`
 * the fields it changes in the read (when they differ from `update`).
 */
export interface SectionFixture {
  create: Record<string, unknown>;
  read?: Record<string, unknown>;
  update: Record<string, unknown>;
  updated?: Record<string, unknown>;
}

const period = { startDate: '2020-01-01T00:00:00.000Z', endDate: '2022-06-30T00:00:00.000Z', isCurrent: false };

export const SECTION_FIXTURES: Record<SectionName, SectionFixture> = {
  experiences: {
    create: {
      jobTitle: 'Backend Engineer',
      company: 'Acme',
      location: 'Berlin',
      ...period,
      description: 'Payments platform',
      responsibilities: ['Own the ledger service'],
      achievements: ['Cut p99 latency by 40%'],
    },
    update: { company: 'Acme GmbH', location: null, isCurrent: true },
    updated: { company: 'Acme GmbH', location: null, isCurrent: true, endDate: null },
  },
  education: {
    create: {
      institution: 'TU Berlin',
      degree: 'MSc',
      fieldOfStudy: 'Computer Science',
      location: 'Berlin',
      ...period,
      description: 'Thesis on CRDTs',
      grade: 'Very good',
      gpa: 1.3,
    },
    read: {
      school: 'TU Berlin',
      degree: 'MSc',
      field: 'Computer Science',
      location: 'Berlin',
      ...period,
      description: 'Thesis on CRDTs',
      grade: 'Very good',
      gpa: 1.3,
    },
    update: { field: 'Mathematics', grade: null, isCurrent: null },
    updated: { field: 'Mathematics', grade: null, isCurrent: false },
  },
  skills: {
    create: { name: 'TypeScript', category: 'TECHNICAL', level: 'Advanced', score: 5, keywords: ['NestJS', 'Node.js'] },
    update: { level: null, score: 4, keywords: [] },
  },
  summaries: {
    create: { title: 'Backend roles', content: 'Engineer who builds reliable APIs.' },
    update: { title: null, content: 'Engineer who ships.' },
  },
  projects: {
    create: { name: 'Job board', organisation: 'Open source', description: 'Search for jobs', ...period, url: 'https://jobs.example.org' },
    update: { url: null, isCurrent: true },
    updated: { url: null, isCurrent: true, endDate: null },
  },
  certificates: {
    create: { name: 'AWS Solutions Architect', issuer: 'Amazon Web Services', date: '2023-04-01', url: 'https://aws.example/cert/1' },
    update: { issuer: null, date: '2024-01-31' },
  },
  awards: {
    create: { title: 'Engineer of the year', awarder: 'Acme', date: '2022-12-15', summary: 'For the ledger migration' },
    update: { summary: null, title: 'Engineer of the decade' },
  },
  publications: {
    create: { name: 'Sliding windows in practice', publisher: 'ACM Queue', date: '2021-09-01', url: 'https://queue.example/sw', description: 'Rate limiting' },
    update: { publisher: null, url: null },
  },
  interests: {
    create: { name: 'Climbing', keywords: ['bouldering', 'alpine'] },
    update: { keywords: [] },
  },
};

/** The smallest valid create body of each kind. */
export const MINIMAL_BODIES: Record<SectionName, Record<string, unknown>> = {
  experiences: { jobTitle: 'Engineer', company: 'Acme' },
  education: { school: 'MIT', degree: 'BSc' },
  skills: { name: 'Go' },
  summaries: { content: 'Summary' },
  projects: { name: 'Project' },
  certificates: { name: 'Certificate' },
  awards: { title: 'Award' },
  publications: { name: 'Publication' },
  interests: { name: 'Chess' },
};
