import { extractRequirements } from '@src/modules/tailoring/job-requirements';
import { planTailoring, relevance, tailorableResume, TAILORED_SECTIONS } from '@src/modules/tailoring/tailoring-plan';
import { FIXTURE_ADS, FIXTURE_RESUMES, runAllPairs } from '../../fixtures/tailoring/fixture-pairs';

/** The thirteen job ads × three resumes of test/fixtures/tailoring/ (their table: docs/tailoring.md). */
const pairs = runAllPairs({ extractRequirements, planTailoring, relevance, tailorableResume, TAILORED_SECTIONS });
const named = (ad: string, resume: string) => pairs.find((pair) => pair.ad.id === ad && pair.resume.id === resume)!;

describe('tailoring the fixture resumes to the fixture job ads (rules engine)', () => {
  it('has thirteen ads of varied fields and three resumes', () => {
    expect(FIXTURE_ADS).toHaveLength(13);
    expect(FIXTURE_RESUMES).toHaveLength(3);
    expect(pairs).toHaveLength(39);
  });

  it.each(pairs.map((pair) => [pair.ad.id, pair.resume.id, pair]))(
    '%s × %s: never lowers the score, never reorders jobs, keeps the title',
    (_ad, _resume, pair) => {
      const { plan, resume, ad } = pair;
      expect(plan.report.scoreAfter).toBeGreaterThanOrEqual(plan.report.scoreBefore);
      expect(plan.itemOrder.experiences).toEqual(resume.sections.experiences.map((item) => item.id));
      // The plan has no title to write: the job's is a suggestion in the report, the resume keeps its own.
      expect(Object.keys(plan).sort()).toEqual(['hiddenItems', 'itemOrder', 'report', 'selectedSummaryId']);
      expect(plan.report.suggestedJobTitle).toBe(ad.jobTitle);
    },
  );

  it.each(pairs.map((pair) => [pair.ad.id, pair.resume.id, pair]))(
    '%s × %s: raises the score when the resume has evidence to surface',
    (_ad, _resume, pair) => {
      const { plan, reachable } = pair;
      if (reachable > plan.report.scoreBefore) expect(plan.report.scoreAfter).toBeGreaterThan(plan.report.scoreBefore);
      else expect(plan.report).toMatchObject({ changed: false, scoreAfter: plan.report.scoreBefore });
    },
  );

  it.each(pairs.map((pair) => [pair.ad.id, pair.resume.id, pair]))(
    '%s × %s: hides no item that shows a required skill, and no spoken language or soft skill',
    (_ad, _resume, pair) => {
      const { plan, tailorable, requirements } = pair;
      for (const section of TAILORED_SECTIONS) {
        for (const id of plan.hiddenItems[section]) {
          const item = tailorable[section].find((candidate) => candidate.id === id)!;
          expect([id, relevance(item, requirements).skills]).toEqual([id, []]);
          expect([id, item.category]).not.toEqual([id, expect.stringMatching(/^(SOFT|LANGUAGE)$/)]);
        }
      }
    },
  );

  it('surfaces evidence on the pairs a person would expect: the resume that fits the field gains', () => {
    for (const [ad, resume] of [
      ['account-executive', 'teacher-to-sales'],
      ['customer-success-manager', 'teacher-to-sales'],
      ['learning-designer', 'teacher-to-sales'],
      ['math-teacher', 'teacher-to-sales'],
      ['data-analyst', 'data-engineer'],
      ['financial-analyst', 'data-engineer'],
      ['registered-nurse', 'nurse'],
      ['oncology-nurse', 'nurse'],
    ]) {
      const { report } = named(ad, resume).plan;
      expect([ad, resume, report.scoreAfter > report.scoreBefore]).toEqual([ad, resume, true]);
    }
  });

  it('reads every section: a license, a certificate, a degree and a custom section show what the job asks for', () => {
    const nurse = named('registered-nurse', 'nurse').plan.report;
    expect(nurse.matched).toEqual(expect.arrayContaining(['RN license', 'BLS', 'ACLS', 'BSN', 'Spanish', 'Patient assessment']));
    const data = named('data-engineer', 'data-engineer').plan.report;
    // "Data modeling" only in a talk of the custom section "Talks"; AWS also in the certificate.
    expect(data.matched).toEqual(expect.arrayContaining(['Data modeling', 'AWS', 'SQL']));
    expect(data.missing).toEqual([]);
    // PostgreSQL, SQL Server and the SQL of an ETL job show SQL; the ad's Looker and scikit-learn are known skills.
    const analyst = named('data-analyst', 'data-engineer').plan.report;
    expect(analyst.matched).toEqual(expect.arrayContaining(['SQL', 'Looker', 'Tableau']));
    expect(analyst.missing).toEqual(expect.arrayContaining(['scikit-learn']));
    expect(analyst.matched.concat(analyst.missing)).not.toContain('Leadership');
  });

  it('reads the requirements of ads outside tech', () => {
    const skillsOf = (ad: string) => named(ad, 'nurse').requirements.skills;
    expect(skillsOf('registered-nurse')).toEqual(
      expect.arrayContaining(['Patient assessment', 'Medication administration', 'IV therapy', 'RN license', 'BLS']),
    );
    expect(skillsOf('account-executive')).toEqual(expect.arrayContaining(['B2B sales', 'Salesforce', 'Negotiation', 'Quota attainment']));
    expect(skillsOf('math-teacher')).toEqual(
      expect.arrayContaining(['Teaching license', 'Classroom management', 'Differentiated instruction', 'Safeguarding']),
    );
    expect(skillsOf('financial-analyst')).toEqual(expect.arrayContaining(['FP&A', 'Excel', 'Financial modeling', 'Variance analysis', 'IFRS']));
    // The company's own words are not requirements: "Orbitly makes scheduling software", "our sales team".
    expect(skillsOf('account-executive')).not.toContain('Scheduling');
    expect(skillsOf('data-analyst')).not.toContain('Sales');
  });

  // Every skill read from the accountant's, the warehouse lead's and the oncology nurse's ads, so that a new term that
  // matches an everyday word ("filing" in "tax filings", "therapy" in "infusion therapy") shows up here.
  it('reads an accounting, a warehouse and an oncology nursing ad in their own words, and nothing else', () => {
    const skillsOf = (ad: string) => [...named(ad, 'nurse').requirements.skills].sort();
    expect(skillsOf('staff-accountant')).toEqual(
      [
        '1099 reporting',
        'Accounting',
        'Accounts payable',
        'Accounts receivable',
        'Accruals',
        'Attention to detail',
        'Audit preparation',
        'CPA',
        'Cash application',
        'Corporate tax',
        'Depreciation',
        'Excel',
        'Finance',
        'Financial reporting',
        'Fixed assets',
        'GAAP',
        'General ledger',
        'Prepaid expenses',
        'QuickBooks',
        'Reconciliation',
        'Sage Intacct',
        'Time management',
      ].sort(),
    );
    expect(skillsOf('warehouse-lead')).toEqual(
      [
        '5S',
        'Bill of lading',
        'Calmness',
        'Communication',
        'Counterbalance forklift',
        'Cycle counting',
        'Excel',
        'FTL',
        'Forklift license',
        'Health and safety',
        'Inventory management',
        'LTL',
        'Leadership',
        'Loading and unloading',
        'Manhattan Associates',
        'Order picking',
        'Process improvement',
        'Putaway',
        'RF scanning',
        'Safety audits',
        'Warehouse management',
        'Warehouse management systems',
      ].sort(),
    );
    expect(skillsOf('oncology-nurse')).toEqual(
      [
        'BLS',
        'BSN',
        'Blood transfusion',
        'Central lines',
        'Chemotherapy',
        'Communication',
        'Electronic health records',
        'Empathy',
        'Immunotherapy',
        'Infusion therapy',
        'Nursing',
        'OCN',
        'Oncology',
        'Oncology nursing',
        'Pain assessment',
        'Patient education',
        'Pharmacy',
        'RN license',
        'Social work',
        'Vital signs',
      ].sort(),
    );
  });
});
