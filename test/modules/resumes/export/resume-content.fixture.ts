import type { ResumeContent } from '@src/modules/resumes/dto/resume-content.dto';

/**
 * A resolved resume as GET /v1/resume/{id} answers `content`: two A4 pages in every template with the defaults.
 * Types only from the build, so the PDF benchmark (ts-node) can use it too.
 */
export function sampleResumeContent(overrides: Partial<ResumeContent> = {}): ResumeContent {
  const experience = (index: number) => ({
    id: `00000000-0000-4000-8000-00000000010${index}`,
    jobTitle: ['Staff Engineer', 'Senior Backend Engineer', 'Backend Engineer', 'Software Engineer', 'Junior Developer'][index],
    company: ['Northwind Payments', 'Globex', 'Initech', 'Hooli', 'Acme'][index],
    location: ['Berlin, Germany', 'Remote', 'Munich, Germany', 'London, UK', 'Leeds, UK'][index],
    startDate: new Date(Date.UTC(2022 - index * 3, 2, 1)).toISOString(),
    endDate: index === 0 ? null : new Date(Date.UTC(2025 - index * 3, 1, 28)).toISOString(),
    isCurrent: index === 0,
    description:
      'Led the design and delivery of services that move money between banks, merchants and customers, with a team of six engineers and two product managers across three time zones.',
    responsibilities: [
      'Own the ledger service and its PostgreSQL schema, migrations and capacity planning',
      'Review designs for the platform team and mentor four engineers',
    ],
    achievements: [
      'Cut p99 latency of the payments API from 480 ms to 120 ms by reshaping the hot queries',
      'Moved 40 services from cron jobs to a queue with retries and dead-lettering',
    ],
  });
  return {
    identity: {
      fullName: 'Ada Lovelace',
      jobTitle: 'Staff Backend Engineer',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      address: 'London, United Kingdom',
      photoUrl: null,
      links: [
        { label: 'GitHub', url: 'https://github.com/ada' },
        { label: null, url: 'https://ada.example.org' },
      ],
    },
    summary:
      'Backend engineer with twelve years of building reliable payment and data platforms. I like boring technology, ' +
      'measurable results and teams that ship small changes often.',
    sections: {
      experiences: [0, 1, 2, 3].map(experience),
      education: [
        {
          id: '00000000-0000-4000-8000-000000000201',
          school: 'University of Cambridge',
          degree: 'MSc',
          field: 'Computer Science',
          location: 'Cambridge, UK',
          startDate: new Date(Date.UTC(2008, 9, 1)).toISOString(),
          endDate: new Date(Date.UTC(2010, 5, 30)).toISOString(),
          isCurrent: false,
          description: 'Thesis on conflict-free replicated data types.',
          grade: 'Distinction',
          gpa: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000202',
          school: 'University of Leeds',
          degree: 'BSc',
          field: 'Mathematics',
          location: 'Leeds, UK',
          startDate: new Date(Date.UTC(2005, 9, 1)).toISOString(),
          endDate: new Date(Date.UTC(2008, 5, 30)).toISOString(),
          isCurrent: false,
          description: null,
          grade: null,
          gpa: 3.8,
        },
      ],
      skills: [
        ['TypeScript', 'TECHNICAL', 'Expert', ['NestJS', 'Node.js']],
        ['PostgreSQL', 'TECHNICAL', 'Expert', []],
        ['Go', 'TECHNICAL', 'Advanced', []],
        ['Kubernetes', 'TECHNICAL', 'Advanced', []],
        ['Redis', 'TECHNICAL', null, []],
        ['Mentoring', 'SOFT', null, []],
        ['Technical writing', 'SOFT', null, []],
        ['English', 'LANGUAGE', 'Native', []],
        ['German', 'LANGUAGE', 'Fluent', []],
      ].map(([name, category, level, keywords], index) => ({
        id: `00000000-0000-4000-8000-00000000030${index}`,
        name,
        category,
        level,
        score: null,
        keywords,
      })),
      projects: [
        {
          id: '00000000-0000-4000-8000-000000000401',
          name: 'Open job board',
          organisation: 'Open source',
          description: 'A job search engine over public listings, with ghost-job detection and a typed API.',
          startDate: new Date(Date.UTC(2021, 0, 1)).toISOString(),
          endDate: null,
          isCurrent: true,
          url: 'https://jobs.example.org',
        },
        {
          id: '00000000-0000-4000-8000-000000000402',
          name: 'Sliding window limiter',
          organisation: null,
          description: 'A Redis rate limiter shared by every instance of a service.',
          startDate: new Date(Date.UTC(2019, 4, 1)).toISOString(),
          endDate: new Date(Date.UTC(2019, 8, 1)).toISOString(),
          isCurrent: false,
          url: null,
        },
      ],
      certificates: [
        { id: '00000000-0000-4000-8000-000000000501', name: 'Certified Kubernetes Administrator', issuer: 'CNCF', date: '2023-04-01', url: null },
        {
          id: '00000000-0000-4000-8000-000000000502',
          name: 'AWS Solutions Architect',
          issuer: 'Amazon Web Services',
          date: '2022-01-15',
          url: 'https://aws.example/cert/1',
        },
      ],
      awards: [
        {
          id: '00000000-0000-4000-8000-000000000601',
          title: 'Engineer of the year',
          awarder: 'Northwind',
          date: '2023-12-15',
          summary: 'For the ledger migration.',
        },
      ],
      publications: [
        {
          id: '00000000-0000-4000-8000-000000000701',
          name: 'Sliding windows in practice',
          publisher: 'ACM Queue',
          date: '2021-09-01',
          url: 'https://queue.example/sw',
          description: 'How to count requests across many servers.',
        },
      ],
      interests: [
        { id: '00000000-0000-4000-8000-000000000801', name: 'Climbing', keywords: ['bouldering', 'alpine'] },
        { id: '00000000-0000-4000-8000-000000000802', name: 'Chess', keywords: [] },
      ],
    },
    customSections: [
      {
        id: '00000000-0000-4000-8000-000000000901',
        title: 'Volunteering',
        enabledFields: ['title', 'organization', 'startDate', 'endDate', 'description'],
        items: [
          {
            id: '00000000-0000-4000-8000-000000000902',
            title: 'Mentor',
            subtitle: null,
            organization: 'Code Club',
            location: null,
            description: 'Weekly programming club for children aged 9 to 13.',
            startDate: '2018',
            endDate: 'present',
            url: null,
          },
        ],
      },
    ],
    sectionOrder: [
      'summary',
      'experiences',
      'education',
      'skills',
      'projects',
      'certificates',
      'awards',
      'publications',
      'interests',
      'customSection:00000000-0000-4000-8000-000000000901',
    ],
    ...overrides,
  };
}
