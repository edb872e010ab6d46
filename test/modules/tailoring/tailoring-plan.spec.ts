import { extractRequirements } from '@src/modules/tailoring/job-requirements';
import fc from 'fast-check';
import { planTailoring, relevance, TailorableResume } from '@src/modules/tailoring/tailoring-plan';

const requirements = extractRequirements(
  'Senior Data Engineer',
  'Build batch and streaming pipelines with Spark, Airflow and Kafka on AWS. Strong Python and SQL. dbt is a plus. 4+ years.',
);

const resume: TailorableResume = {
  experiences: [
    { id: 'barista', text: 'Barista at Corner Cafe. Served coffee, trained new staff.', startDate: '2012-01-01', endDate: '2013-06-01' },
    { id: 'frontend', text: 'Frontend developer: React and CSS for a retail web shop.', startDate: '2020-01-01', endDate: '2022-01-01' },
    { id: 'current', text: 'Support engineer answering customer tickets.', startDate: '2022-02-01', isCurrent: true },
    {
      id: 'pipelines',
      text: 'Data engineer: built Spark and Airflow pipelines in Python on AWS, loading Kafka streams into SQL warehouses.',
      startDate: '2016-01-01',
      endDate: '2019-12-01',
    },
    { id: 'intern', text: 'Intern, filing and scheduling.', startDate: '2011-01-01', endDate: '2011-06-01' },
  ],
  projects: [
    { id: 'game', text: 'A chess engine in Rust.' },
    { id: 'dbt', text: 'Open-source dbt package for SQL data quality tests.' },
  ],
  skills: [
    { id: 'css', text: 'CSS' },
    { id: 'python', text: 'Python' },
    { id: 'excel', text: 'Excel' },
    { id: 'kafka', text: 'Kafka' },
  ],
  summaries: [
    { id: 'web', text: 'Frontend developer who loves React.' },
    { id: 'data', text: 'Data engineer who builds reliable Spark and Kafka pipelines in Python.' },
  ],
  others: [
    { id: 'certificate', text: 'AWS Certified Solutions Architect – Associate\nAmazon Web Services' },
    { id: 'degree', text: 'MSc Computer Science\nTU Delft' },
  ],
};

describe('planTailoring', () => {
  const plan = planTailoring(resume, requirements, 'Senior Data Engineer');

  it('orders projects and skills by relevance to the job, and keeps the jobs in the order the resume has them', () => {
    expect(plan.itemOrder.experiences).toEqual(resume.experiences.map((item) => item.id));
    expect(plan.itemOrder.projects).toEqual(['dbt', 'game']);
    expect(plan.itemOrder.skills.slice(0, 2).sort()).toEqual(['kafka', 'python']);
  });

  it("suggests the job's title in the report, and changes nothing else of the resume's own", () => {
    expect(plan.report).toMatchObject({ changed: true, suggestedJobTitle: 'Senior Data Engineer' });
  });

  it('hides unrelated old items, but never the two most recent experiences nor below the minimum shown', () => {
    expect(plan.hiddenItems.experiences.sort()).toEqual(['barista', 'intern']);
    expect(plan.hiddenItems.experiences).not.toContain('current');
    expect(plan.hiddenItems.experiences).not.toContain('frontend');
    expect(plan.hiddenItems.projects).toEqual([]);
    expect(plan.hiddenItems.skills).toEqual([]);
  });

  it('selects the best-matching summary', () => {
    expect(plan.selectedSummaryId).toBe('data');
  });

  it('reports matched and missing requirements and a better score after', () => {
    expect(plan.report.matched).toEqual(expect.arrayContaining(['Spark', 'Airflow', 'Kafka', 'AWS', 'Python', 'SQL', 'dbt']));
    expect(plan.report.missing).toEqual([]);
    expect(plan.report.seniority).toBe('senior');
    expect(plan.report.minYears).toBe(4);
    expect(plan.report.scoreAfter).toBeGreaterThan(plan.report.scoreBefore);
    expect(plan.report.scoreAfter).toBe(100);
  });

  it('reads every section for what the resume shows: a skill found only in a certificate is matched, not missing', () => {
    const cloud = planTailoring(
      { ...resume, experiences: [], projects: [], skills: [], summaries: [] },
      extractRequirements('Cloud Engineer', 'Run our platform on AWS with Terraform.'),
      'Cloud Engineer',
    );
    expect(cloud.report.matched).toEqual(['AWS']);
    expect(cloud.report.missing).toEqual(['Terraform']);
  });

  it('reports what the resume lacks', () => {
    const other = planTailoring(resume, extractRequirements('iOS Engineer', 'Swift, SwiftUI and Objective-C; Python for tooling.'), 'iOS Engineer');
    expect(other.report.missing).toEqual(expect.arrayContaining(['Swift', 'Objective-C']));
    expect(other.report.matched).toEqual(['Python']);
  });

  it('counts PostgreSQL as SQL: the skill is matched, not hidden, and surfaces for an ad that asks for SQL', () => {
    const sql = planTailoring(
      { ...resume, skills: [...resume.skills, { id: 'postgres', text: 'PostgreSQL' }], experiences: [], projects: [], others: [] },
      extractRequirements('Analyst', 'Requirements\n- Strong SQL\n- Python'),
      'Analyst',
    );
    expect(sql.report.matched).toEqual(['SQL', 'Python']);
    expect(sql.hiddenItems.skills).not.toContain('postgres');
    expect(sql.itemOrder.skills.slice(0, 2).sort()).toEqual(['postgres', 'python']);
  });

  it('never hides a spoken language or a soft skill, whatever the job', () => {
    const skills = [
      ...Array.from({ length: 10 }, (_, index) => ({ id: `tool-${index}`, text: 'Excel' })),
      { id: 'english', text: 'English', category: 'LANGUAGE' },
      { id: 'teamwork', text: 'Teamwork', category: 'SOFT' },
      { id: 'spanish', text: 'Spanish' },
      { id: 'kafka', text: 'Kafka' },
    ];
    const plan = planTailoring({ ...resume, skills }, requirements, 'Senior Data Engineer');
    expect(plan.report.changed).toBe(true);
    expect(plan.hiddenItems.skills).toEqual(expect.arrayContaining(['tool-9']));
    expect(plan.hiddenItems.skills.filter((id) => ['english', 'teamwork', 'spanish'].includes(id))).toEqual([]);
  });

  it('leaves the resume as it was when nothing raises its score, and says so', () => {
    const unrelated = planTailoring(resume, extractRequirements('Chef', 'Cook French cuisine for a busy bistro.'), 'Chef');
    expect(unrelated.report).toMatchObject({ scoreBefore: 0, scoreAfter: 0, changed: false, missing: ['Cooking'] });
    expect(unrelated.itemOrder).toEqual({
      experiences: resume.experiences.map((item) => item.id),
      projects: resume.projects.map((item) => item.id),
      skills: resume.skills.map((item) => item.id),
    });
    expect(unrelated.hiddenItems).toEqual({ experiences: [], projects: [], skills: [] });
    expect(unrelated.selectedSummaryId).toBeNull();
  });
});

/** Words the generated resumes and ads are made of: skills the vocabulary knows, and words it does not. */
const SKILL_WORDS = ['Python', 'SQL', 'Kafka', 'Spark', 'AWS', 'React', 'TypeScript', 'Docker', 'Kubernetes', 'Excel', 'Java', 'Go'];
const PLAIN_WORDS = ['customers', 'team', 'reports', 'coffee', 'scheduling', 'sales', 'teaching', 'patients', 'budget', 'design'];
/** Skills a resume lists that an ad rarely names: never hidden. */
const ALWAYS_SHOWN = ['English', 'Spanish', 'Communication', 'Teamwork', 'Leadership'];

const sentence = fc.array(fc.constantFrom(...SKILL_WORDS, ...PLAIN_WORDS), { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
const year = fc.integer({ min: 2000, max: 2025 });
const experience = fc.record({ text: sentence, start: year, length: fc.integer({ min: 0, max: 6 }), isCurrent: fc.boolean() });
const generatedResume: fc.Arbitrary<TailorableResume> = fc
  .record({
    experiences: fc.array(experience, { maxLength: 8 }),
    projects: fc.array(sentence, { maxLength: 5 }),
    skills: fc.array(fc.constantFrom(...SKILL_WORDS, ...PLAIN_WORDS, ...ALWAYS_SHOWN), { maxLength: 12 }),
    summaries: fc.array(sentence, { maxLength: 3 }),
    others: fc.array(sentence, { maxLength: 4 }),
  })
  .map(({ experiences, projects, skills, summaries, others }) => ({
    // Newest first, as the resume lists its jobs.
    experiences: experiences
      .map(({ text, start, length, isCurrent }, index) => ({
        id: `experience-${index}`,
        text,
        startDate: `${start}-01-01`,
        endDate: isCurrent ? null : `${start + length}-12-01`,
        isCurrent,
      }))
      .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || (b.endDate ?? '').localeCompare(a.endDate ?? '')),
    projects: projects.map((text, index) => ({ id: `project-${index}`, text })),
    skills: skills.map((text, index) => ({ id: `skill-${index}`, text })),
    summaries: summaries.map((text, index) => ({ id: `summary-${index}`, text })),
    others: others.map((text, index) => ({ id: `other-${index}`, text })),
  }));
const generatedAd = fc.record({ title: fc.constantFrom('Data Engineer', 'Nurse', 'Teacher', 'Sales Manager', 'Frontend Developer'), text: sentence });

describe('planTailoring never makes a resume worse (properties over generated resumes and ads)', () => {
  it('keeps the jobs in their order, hides no item that shows a skill the job asks for, and never lowers the score', () => {
    fc.assert(
      fc.property(generatedResume, generatedAd, (resume, ad) => {
        const requirements = extractRequirements(ad.title, ad.text);
        const plan = planTailoring(resume, requirements, ad.title);
        expect(plan.itemOrder.experiences).toEqual(resume.experiences.map((item) => item.id));
        for (const section of ['experiences', 'projects', 'skills'] as const) {
          for (const id of plan.hiddenItems[section]) {
            const item = resume[section].find((candidate) => candidate.id === id)!;
            expect([id, relevance(item, requirements).skills]).toEqual([id, []]);
            expect(ALWAYS_SHOWN).not.toContain(item.text);
          }
        }
        expect(plan.report.scoreAfter).toBeGreaterThanOrEqual(plan.report.scoreBefore);
        expect(plan.report.suggestedJobTitle).toBe(ad.title);
      }),
      { numRuns: 300 },
    );
  });

  it('changes nothing when the score cannot rise', () => {
    fc.assert(
      fc.property(generatedResume, generatedAd, (resume, ad) => {
        const plan = planTailoring(resume, extractRequirements(ad.title, ad.text), ad.title);
        if (plan.report.changed) return;
        expect(plan.report.scoreAfter).toBe(plan.report.scoreBefore);
        for (const section of ['experiences', 'projects', 'skills'] as const) {
          expect(plan.itemOrder[section]).toEqual(resume[section].map((item) => item.id));
          expect(plan.hiddenItems[section]).toEqual([]);
        }
        expect(plan.selectedSummaryId).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
