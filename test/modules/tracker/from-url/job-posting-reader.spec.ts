import { readJobPosting } from '@src/modules/tracker/from-url/job-posting-reader';
import { GREENHOUSE, LEVER, OPEN_GRAPH, TITLE_ONLY, WORKDAY } from './job-page-fixtures';

/** The expected values without the nulls: the reader leaves out what the page does not say. */
const given = (expected: Record<string, unknown>) => Object.fromEntries(Object.entries(expected).filter(([, value]) => value !== null));
const posting = (fields: Record<string, unknown>) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'JobPosting', title: 'Engineer', hiringOrganization: 'Acme', ...fields })}</script>`;

describe('readJobPosting', () => {
  it.each([
    ['a Greenhouse page', GREENHOUSE.html, GREENHOUSE.expected],
    ['a Lever page (@graph)', LEVER.html, LEVER.expected],
    ['a Workday page', WORKDAY.body.toString('latin1'), WORKDAY.expected],
    ['a page without JSON-LD (OpenGraph)', OPEN_GRAPH.html, OPEN_GRAPH.expected],
  ])('reads %s', (_name, html, expected) => {
    expect(readJobPosting(html)).toEqual(given(expected));
  });

  it('takes the <title> when nothing else names the job, and finds no company in it', () => {
    expect(readJobPosting(TITLE_ONLY.html)).toEqual({ jobTitle: 'Careers – Backend Engineer' });
    expect(readJobPosting('<html><body>Nothing here</body></html>')).toEqual({});
    expect(readJobPosting('')).toEqual({});
  });

  it('takes the JobPosting over OpenGraph, and OpenGraph for what the JobPosting lacks', () => {
    const html = `<meta property="og:site_name" content="Board"><meta property="og:title" content="OG title">${posting({ hiringOrganization: undefined })}`;
    expect(readJobPosting(html)).toEqual({ jobTitle: 'Engineer', company: 'Board' });
  });

  it.each([
    ['a prefixed type', { '@type': 'schema:JobPosting' }, { jobTitle: 'Engineer' }],
    [
      'a range written backwards',
      { baseSalary: { currency: 'CHF', value: { minValue: 90000, maxValue: 80000, unitText: 'YEAR' } } },
      { salaryMin: 80000, salaryMax: 90000 },
    ],
    ['a bare amount', { baseSalary: { currency: 'GBP', value: 4000, unitText: 'MONTH' } }, { salaryMin: 4000, salaryMax: 4000, salaryPeriod: 'MONTH' }],
    ['thousands separators', { baseSalary: { value: { minValue: '60,000', maxValue: '75,000' } } }, { salaryMin: 60000, salaryMax: 75000 }],
  ])('reads %s', (_name, fields, expected) => {
    expect(readJobPosting(posting(fields))).toMatchObject(expected);
  });

  it.each([
    ['a currency that is no ISO 4217 code', { baseSalary: { currency: 'EURO', value: { value: 50000, unitText: 'YEAR' } } }, 'salaryCurrency'],
    ['a unit that is no salary period', { baseSalary: { currency: 'EUR', value: { value: 50000, unitText: 'PER_PROJECT' } } }, 'salaryPeriod'],
    ['an amount beyond the column', { baseSalary: { currency: 'EUR', value: { value: 1e12 } } }, 'salaryMin'],
    ['a negative amount', { baseSalary: { currency: 'EUR', value: { value: -5 } } }, 'salaryMax'],
    ['a date that does not exist', { datePosted: '2026-02-31' }, 'postedAt'],
    ['a date that is no date', { validThrough: 'soon' }, 'deadline'],
  ])('leaves out %s rather than guess', (_name, fields, field) => {
    const facts = readJobPosting(posting(fields));
    expect(facts).not.toHaveProperty(field);
    expect(facts).toMatchObject({ jobTitle: 'Engineer', company: 'Acme' });
  });

  it('cuts values to the application limits, at a word', () => {
    const facts = readJobPosting(posting({ title: 'Principal engineer '.repeat(20), description: 'x'.repeat(60_000) }));
    expect(facts.jobTitle!.length).toBeLessThanOrEqual(200);
    expect(facts.jobTitle).toMatch(/engineer…$/);
    expect(facts.jobDescription!.length).toBe(50_000);
  });
});
