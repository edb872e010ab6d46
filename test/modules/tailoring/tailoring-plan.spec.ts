import { extractRequirements } from '@src/modules/tailoring/job-requirements';
import { planTailoring, TailorableResume } from '@src/modules/tailoring/tailoring-plan';

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
};

describe('planTailoring', () => {
  const plan = planTailoring(resume, requirements);

  it('orders each section by relevance to the job', () => {
    expect(plan.itemOrder.experiences[0]).toBe('pipelines');
    expect(plan.itemOrder.projects).toEqual(['dbt', 'game']);
    expect(plan.itemOrder.skills.slice(0, 2).sort()).toEqual(['kafka', 'python']);
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

  it('reports what the resume lacks', () => {
    const other = planTailoring(resume, extractRequirements('iOS Engineer', 'Swift, SwiftUI and Objective-C; Python for tooling.'));
    expect(other.report.missing).toEqual(expect.arrayContaining(['Swift', 'Objective-C']));
    expect(other.report.matched).toEqual(['Python']);
  });

  it('keeps everything when no item relates to the job', () => {
    const unrelated = planTailoring(resume, extractRequirements('Chef', 'Cook French cuisine for a busy bistro.'));
    expect(unrelated.report.scoreBefore).toBe(100);
    expect(unrelated.hiddenItems.experiences.length).toBeLessThanOrEqual(2);
  });
});
