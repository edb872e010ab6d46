/** The words generated listings are made of: real job families, skills, places and benefits. */

export interface RoleFamily {
  /** Base titles, e.g. "Backend Engineer"; levels are added in front ("Senior Backend Engineer"). */
  titles: string[];
  /** The title of this family's executive ("Head of Engineering"). */
  head: string;
  skills: string[];
  duties: string[];
  /** Annual base salary of a mid-level role in the US, in dollars. */
  midSalary: number;
  weight: number;
}

export const ROLE_FAMILIES: RoleFamily[] = [
  {
    titles: [
      'Software Engineer',
      'Backend Engineer',
      'Frontend Engineer',
      'Full Stack Developer',
      'Platform Engineer',
      'Mobile Engineer',
      'iOS Developer',
      'Android Developer',
    ],
    head: 'Engineering',
    skills: [
      'TypeScript',
      'Node.js',
      'React',
      'PostgreSQL',
      'Go',
      'Java',
      'Kotlin',
      'Python',
      'Rust',
      'GraphQL',
      'REST APIs',
      'Redis',
      'Kafka',
      'Docker',
      'Kubernetes',
      'AWS',
      'GCP',
      'Swift',
      'Next.js',
      'Vue.js',
      'Spring Boot',
      'gRPC',
      'microservices',
      'C#',
      '.NET',
      'Ruby on Rails',
      'Elixir',
      'Scala',
      'Haskell',
      'Clojure',
    ],
    duties: [
      'design, build and operate services that handle millions of requests a day',
      'own features end to end, from the first design document to production monitoring',
      'review code and mentor other engineers on the team',
      'improve the reliability and performance of our core APIs',
      'work closely with product managers and designers to ship customer-facing features',
      'write well-tested, maintainable code and keep our CI/CD pipeline fast',
      'take part in an on-call rotation and lead incident reviews',
      'break down large projects into milestones and deliver them iteratively',
    ],
    midSalary: 135_000,
    weight: 30,
  },
  {
    titles: ['Site Reliability Engineer', 'DevOps Engineer', 'Cloud Engineer', 'Infrastructure Engineer', 'Security Engineer'],
    head: 'Infrastructure',
    skills: [
      'Kubernetes',
      'Terraform',
      'AWS',
      'Azure',
      'GCP',
      'Linux',
      'Prometheus',
      'Grafana',
      'Ansible',
      'Helm',
      'Python',
      'Go',
      'Bash',
      'CI/CD',
      'GitHub Actions',
      'Istio',
      'Vault',
      'SIEM',
      'incident response',
      'zero trust networking',
    ],
    duties: [
      'build and maintain our Kubernetes platform across several regions',
      'automate infrastructure with Terraform and keep it reviewable',
      'define SLOs and the alerting that protects them',
      'harden our cloud environment and respond to security findings',
      'reduce cloud spend without hurting reliability',
      'help product teams ship safely with better deployment tooling',
    ],
    midSalary: 140_000,
    weight: 10,
  },
  {
    titles: ['Data Engineer', 'Data Scientist', 'Machine Learning Engineer', 'Data Analyst', 'Analytics Engineer', 'Business Intelligence Developer'],
    head: 'Data',
    skills: [
      'Python',
      'SQL',
      'Spark',
      'Airflow',
      'dbt',
      'Snowflake',
      'BigQuery',
      'Databricks',
      'PyTorch',
      'TensorFlow',
      'scikit-learn',
      'pandas',
      'Tableau',
      'Looker',
      'Power BI',
      'Kafka',
      'MLflow',
      'statistics',
      'A/B testing',
      'LLMs',
      'R',
    ],
    duties: [
      'build reliable batch and streaming data pipelines',
      'model our warehouse so that analysts can answer questions on their own',
      'train, evaluate and deploy machine learning models to production',
      'design experiments and explain their results to stakeholders',
      'build dashboards that leadership uses every week',
      'improve data quality with tests, contracts and monitoring',
    ],
    midSalary: 130_000,
    weight: 15,
  },
  {
    titles: ['Product Manager', 'Product Designer', 'UX Researcher', 'UX/UI Designer', 'Technical Program Manager'],
    head: 'Product',
    skills: [
      'Figma',
      'user research',
      'roadmapping',
      'Jira',
      'SQL',
      'Amplitude',
      'prototyping',
      'design systems',
      'accessibility',
      'usability testing',
      'OKRs',
      'stakeholder management',
    ],
    duties: [
      'talk to customers every week and turn what you learn into a clear roadmap',
      'write crisp product requirements and define success metrics',
      'design flows, prototypes and polished interfaces in Figma',
      'run usability studies and share the findings with the team',
      'coordinate launches across engineering, marketing and support',
    ],
    midSalary: 125_000,
    weight: 10,
  },
  {
    titles: [
      'Account Executive',
      'Customer Success Manager',
      'Marketing Manager',
      'Sales Development Representative',
      'Content Marketing Specialist',
      'Partnerships Manager',
    ],
    head: 'Sales',
    skills: [
      'Salesforce',
      'HubSpot',
      'SaaS sales',
      'negotiation',
      'pipeline management',
      'SEO',
      'Google Analytics',
      'copywriting',
      'account management',
      'Gong',
      'Outreach',
    ],
    duties: [
      'own a book of mid-market accounts and grow revenue within it',
      'run discovery calls and product demos with prospective customers',
      'plan and execute campaigns that generate qualified pipeline',
      'build lasting relationships with key customers and partners',
      'forecast accurately and keep the CRM up to date',
    ],
    midSalary: 95_000,
    weight: 12,
  },
  {
    titles: ['Financial Analyst', 'Accountant', 'Operations Manager', 'Project Manager', 'Recruiter', 'HR Business Partner', 'Office Manager'],
    head: 'Operations',
    skills: [
      'Excel',
      'SAP',
      'NetSuite',
      'financial modeling',
      'GAAP',
      'Workday',
      'Greenhouse',
      'budgeting',
      'process improvement',
      'Asana',
      'vendor management',
    ],
    duties: [
      'prepare the monthly close and variance analysis',
      'build financial models that support planning decisions',
      'improve processes across teams and document them well',
      'manage vendors, budgets and timelines',
      'run full-cycle recruiting for technical and business roles',
    ],
    midSalary: 85_000,
    weight: 10,
  },
  {
    titles: ['QA Engineer', 'Support Engineer', 'Technical Writer', 'Solutions Engineer', 'Embedded Software Engineer'],
    head: 'Customer Engineering',
    skills: [
      'Cypress',
      'Playwright',
      'Selenium',
      'API testing',
      'Zendesk',
      'Markdown',
      'docs-as-code',
      'C',
      'C++',
      'RTOS',
      'embedded Linux',
      'Python',
      'SQL',
      'Postman',
    ],
    duties: [
      'build automated test suites that catch regressions before release',
      'resolve complex customer issues and feed insights back to engineering',
      'write clear developer documentation and tutorials',
      'design proof-of-concept integrations with customers',
      'write firmware for resource-constrained devices',
    ],
    midSalary: 100_000,
    weight: 8,
  },
  {
    titles: ['Registered Nurse', 'Medical Assistant', 'Clinical Research Coordinator', 'Pharmacist'],
    head: 'Clinical Operations',
    skills: ['patient care', 'EHR', 'Epic', 'HIPAA', 'BLS certification', 'clinical trials', 'GCP guidelines', 'medication management'],
    duties: [
      'provide safe, compassionate care to patients',
      'coordinate with physicians and the wider care team',
      'keep accurate records in our electronic health record system',
      'support clinical studies from screening to close-out',
    ],
    midSalary: 80_000,
    weight: 5,
  },
];

export const LEVELS = [
  { level: 'intern', weight: 4, prefixes: [], salaryFactor: 0.35, years: [0, 0] },
  { level: 'entry', weight: 16, prefixes: ['Junior', 'Associate', 'Entry Level'], salaryFactor: 0.72, years: [0, 1] },
  { level: 'mid', weight: 36, prefixes: [''], salaryFactor: 1, years: [2, 4] },
  { level: 'senior', weight: 28, prefixes: ['Senior', 'Sr.'], salaryFactor: 1.3, years: [5, 7] },
  { level: 'lead', weight: 10, prefixes: ['Lead', 'Staff', 'Principal'], salaryFactor: 1.6, years: [7, 10] },
  { level: 'executive', weight: 6, prefixes: ['Head of', 'Director of', 'VP of'], salaryFactor: 2.1, years: [10, 15] },
] as const;

export interface Place {
  city: string;
  state: string | null;
  country: string;
  /** Salary level relative to the US. */
  pay: number;
  /** The share of this place's listings written in its own language (not English). */
  localLanguage?: [string, number];
  weight: number;
}

export const PLACES: Place[] = [
  { city: 'New York', state: 'NY', country: 'US', pay: 1.15, weight: 9 },
  { city: 'San Francisco', state: 'CA', country: 'US', pay: 1.25, weight: 8 },
  { city: 'Seattle', state: 'WA', country: 'US', pay: 1.15, weight: 5 },
  { city: 'Austin', state: 'TX', country: 'US', pay: 1, weight: 5 },
  { city: 'Boston', state: 'MA', country: 'US', pay: 1.1, weight: 4 },
  { city: 'Chicago', state: 'IL', country: 'US', pay: 1, weight: 4 },
  { city: 'Denver', state: 'CO', country: 'US', pay: 1, weight: 3 },
  { city: 'Atlanta', state: 'GA', country: 'US', pay: 0.95, weight: 3 },
  { city: 'Raleigh', state: 'NC', country: 'US', pay: 0.92, weight: 2 },
  { city: 'Arlington', state: 'VA', country: 'US', pay: 1.05, weight: 3 },
  { city: 'Washington', state: 'DC', country: 'US', pay: 1.08, weight: 3 },
  { city: 'Los Angeles', state: 'CA', country: 'US', pay: 1.1, weight: 4 },
  { city: 'San Diego', state: 'CA', country: 'US', pay: 1.05, weight: 2 },
  { city: 'Portland', state: 'OR', country: 'US', pay: 0.98, weight: 2 },
  { city: 'Minneapolis', state: 'MN', country: 'US', pay: 0.95, weight: 2 },
  { city: 'Dallas', state: 'TX', country: 'US', pay: 0.97, weight: 3 },
  { city: 'Houston', state: 'TX', country: 'US', pay: 0.95, weight: 2 },
  { city: 'Phoenix', state: 'AZ', country: 'US', pay: 0.92, weight: 2 },
  { city: 'Salt Lake City', state: 'UT', country: 'US', pay: 0.9, weight: 1 },
  { city: 'Pittsburgh', state: 'PA', country: 'US', pay: 0.9, weight: 1 },
  { city: 'Toronto', state: 'ON', country: 'CA', pay: 0.78, weight: 3 },
  { city: 'Vancouver', state: 'BC', country: 'CA', pay: 0.78, weight: 2 },
  { city: 'Montreal', state: 'QC', country: 'CA', pay: 0.72, localLanguage: ['fr', 0.3], weight: 1 },
  { city: 'London', state: null, country: 'GB', pay: 0.75, weight: 5 },
  { city: 'Manchester', state: null, country: 'GB', pay: 0.62, weight: 1 },
  { city: 'Edinburgh', state: null, country: 'GB', pay: 0.62, weight: 1 },
  { city: 'Dublin', state: null, country: 'IE', pay: 0.7, weight: 2 },
  { city: 'Berlin', state: null, country: 'DE', pay: 0.62, localLanguage: ['de', 0.35], weight: 3 },
  { city: 'Munich', state: null, country: 'DE', pay: 0.68, localLanguage: ['de', 0.35], weight: 2 },
  { city: 'Hamburg', state: null, country: 'DE', pay: 0.62, localLanguage: ['de', 0.35], weight: 1 },
  { city: 'Paris', state: null, country: 'FR', pay: 0.6, localLanguage: ['fr', 0.4], weight: 2 },
  { city: 'Lyon', state: null, country: 'FR', pay: 0.52, localLanguage: ['fr', 0.4], weight: 1 },
  { city: 'Madrid', state: null, country: 'ES', pay: 0.45, localLanguage: ['es', 0.4], weight: 1 },
  { city: 'Barcelona', state: null, country: 'ES', pay: 0.45, localLanguage: ['es', 0.4], weight: 1 },
  { city: 'Amsterdam', state: null, country: 'NL', pay: 0.65, weight: 2 },
  { city: 'Stockholm', state: null, country: 'SE', pay: 0.6, weight: 1 },
  { city: 'Warsaw', state: null, country: 'PL', pay: 0.4, weight: 1 },
  { city: 'Bangalore', state: 'KA', country: 'IN', pay: 0.22, weight: 3 },
  { city: 'Hyderabad', state: 'TG', country: 'IN', pay: 0.2, weight: 1 },
  { city: 'Singapore', state: null, country: 'SG', pay: 0.7, weight: 2 },
  { city: 'Sydney', state: 'NSW', country: 'AU', pay: 0.75, weight: 2 },
  { city: 'Melbourne', state: 'VIC', country: 'AU', pay: 0.72, weight: 1 },
];

const COMPANY_STEMS = [
  'Brightwave',
  'Cedar',
  'Ironclad',
  'Northwind',
  'Bluefin',
  'Lumen',
  'Harbor',
  'Quantive',
  'Redwood',
  'Silverline',
  'Atlas',
  'Beacon',
  'Copperleaf',
  'Driftwood',
  'Evergreen',
  'Foxglove',
  'Granite',
  'Helix',
  'Juniper',
  'Keystone',
  'Lighthouse',
  'Meridian',
  'Nimbus',
  'Orchard',
  'Pinnacle',
  'Quarry',
  'Riverstone',
  'Summit',
  'Tidewater',
  'Vantage',
  'Willow',
  'Zephyr',
  'Arcadia',
  'Bramble',
  'Cobalt',
  'Delta',
  'Ember',
  'Fathom',
  'Glacier',
  'Horizon',
  'Indigo',
  'Kestrel',
  'Lattice',
  'Mosaic',
  'Nova',
  'Obsidian',
  'Parallax',
  'Quill',
  'Sable',
  'Trellis',
  'Umber',
  'Vertex',
];
const COMPANY_KINDS: [string, string][] = [
  ['Labs', 'software'],
  ['Systems', 'software'],
  ['Health', 'healthcare'],
  ['Analytics', 'data analytics'],
  ['Robotics', 'robotics'],
  ['Bank', 'banking'],
  ['Logistics', 'logistics'],
  ['Energy', 'renewable energy'],
  ['Software', 'software'],
  ['Technologies', 'technology'],
  ['Insurance', 'insurance'],
  ['Biosciences', 'biotech'],
  ['Defense', 'defense'],
  ['Payments', 'fintech'],
  ['Games', 'gaming'],
  ['Retail', 'e-commerce'],
  ['Media', 'media'],
  ['Security', 'cybersecurity'],
  ['Learning', 'education technology'],
  ['Mobility', 'transportation'],
];
const LEGAL_SUFFIXES = ['', '', '', ', Inc.', ' Inc', ' LLC', ' GmbH', ' Ltd'];

export interface Company {
  name: string;
  industry: string;
  domain: string;
}

/** A fixed roster of fictional companies; each name resolves to the reserved `.example` domain. */
export const COMPANIES: Company[] = COMPANY_STEMS.flatMap((stem, stemIndex) =>
  COMPANY_KINDS.filter((_kind, kindIndex) => (stemIndex * 7 + kindIndex * 3) % 5 < 2).map(([kind, industry], index) => {
    const base = `${stem} ${kind}`;
    return {
      name: `${base}${LEGAL_SUFFIXES[(stemIndex + index) % LEGAL_SUFFIXES.length]}`,
      industry,
      domain: `${base.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    };
  }),
);

export const PUBLISHERS: [string, number][] = [
  ['LinkedIn', 30],
  ['Indeed', 25],
  ['Glassdoor', 10],
  ['ZipRecruiter', 8],
  ['Company website', 20],
  ['Built In', 4],
  ['Wellfound', 3],
];

export const SOURCES: [string, number][] = [
  ['jsearch', 60],
  ['adzuna', 20],
  ['greenhouse', 12],
  ['lever', 8],
];

export const COMPANY_VALUES = [
  'We move fast, write things down and trust each other to make good decisions.',
  'We care about craft, kindness and shipping things that matter to our customers.',
  'Our teams are small, autonomous and measured by outcomes rather than hours.',
  'We believe diverse teams build better products, and we hire accordingly.',
  'Learning is part of the job here: we budget time for it every sprint.',
];

/**
 * Technologies few listings ask for: one listing in twelve mentions one of them, so each appears in about one
 * listing in 500. They give searches the long tail of rare words real listings have.
 */
export const NICHE_SKILLS = [
  'COBOL',
  'Fortran',
  'Erlang',
  'OCaml',
  'Prolog',
  'Ada',
  'Verilog',
  'VHDL',
  'Solidity',
  'Zig',
  'Nim',
  'Crystal',
  'Lua',
  'Perl',
  'Delphi',
  'ABAP',
  'Julia',
  'MATLAB',
  'LabVIEW',
  'Simulink',
  'Tcl',
  'Smalltalk',
  'Racket',
  'F#',
  'PowerBuilder',
  'Mainframe JCL',
  'AS/400',
  'Informatica',
  'Teradata',
  'Pascal',
  'Groovy',
  'Dart',
  'Flutter',
  'Unreal Engine',
  'Unity',
  'OpenGL',
  'Vulkan',
  'CUDA',
  'FPGA',
  'PLC programming',
  'SCADA',
  'Kdb+',
];

export const EQUAL_OPPORTUNITY =
  'We are an equal opportunity employer and value diversity. We do not discriminate on the basis of race, religion, ' +
  'color, national origin, gender, sexual orientation, age, marital status, veteran status, or disability status.';

/** Benefit sentences, worded so that the enrichment's patterns recognise them. */
export const BENEFIT_SENTENCES: Record<string, string> = {
  health_insurance: 'Comprehensive medical insurance for you and your family',
  dental_coverage: 'Dental and orthodontic coverage',
  vision_coverage: 'Vision insurance with an annual eyewear allowance',
  retirement_savings: '401(k) retirement plan with a 4% company match',
  paid_time_off: '25 days of paid time off plus public holidays',
  parental_leave: '16 weeks of fully paid parental leave',
  stock_options: 'Stock options so you share in the company you help build',
  remote_stipend: 'A home office stipend to set up your workspace',
  learning_budget: 'An annual learning budget for courses, books and conferences',
  flexible_hours: 'Flexible working hours around a few core meeting times',
};

/** Short descriptions in the other languages of the places above, for the `languages` filter. */
export const LOCAL_TEMPLATES: Record<string, (title: string, company: string, city: string, skills: string[]) => string> = {
  de: (title, company, city, skills) =>
    `Wir suchen eine engagierte Person als ${title} für unser Team in ${city}. Bei ${company} arbeitest du mit ` +
    `${skills.join(', ')} und gestaltest die Zukunft unserer Produkte mit. Deine Aufgaben: Du entwickelst neue ` +
    `Funktionen, arbeitest eng mit dem Produktteam zusammen und übernimmst Verantwortung für die Qualität. ` +
    `Dein Profil: Du hast Erfahrung mit ${skills[0]} und bist neugierig. Wir bieten ein modernes Büro, ` +
    `flexible Arbeitszeiten und ein Weiterbildungsbudget. Wir freuen uns auf deine Bewerbung und sind gespannt, ` +
    `dich kennenzulernen. Die Stelle ist in Vollzeit und unbefristet zu besetzen.`,
  fr: (title, company, city, skills) =>
    `Nous recherchons un(e) ${title} pour rejoindre notre équipe à ${city}. Chez ${company}, vous travaillerez ` +
    `avec ${skills.join(', ')} et vous participerez à la construction de nos produits. Vos missions : concevoir ` +
    `de nouvelles fonctionnalités, collaborer avec les équipes produit et veiller à la qualité du code. Votre ` +
    `profil : vous avez une expérience avec ${skills[0]} et vous aimez apprendre. Nous offrons des bureaux ` +
    `modernes, des horaires flexibles et un budget de formation. Le poste est à pourvoir en CDI dès que possible.`,
  es: (title, company, city, skills) =>
    `Buscamos un/a ${title} para unirse a nuestro equipo en ${city}. En ${company} trabajarás con ` +
    `${skills.join(', ')} y ayudarás a construir el futuro de nuestros productos. Tus responsabilidades: ` +
    `desarrollar nuevas funcionalidades, colaborar con el equipo de producto y cuidar la calidad. Tu perfil: ` +
    `tienes experiencia con ${skills[0]} y te gusta aprender. Ofrecemos una oficina moderna, horario flexible ` +
    `y un presupuesto de formación. Es un puesto indefinido a tiempo completo con incorporación inmediata.`,
};
