import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { TestApp, useTestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';
import { GENERATOR_ARGS } from '../../../tools/listing-generator/generator-process';
import { CLI, cli, COMMAND_TIMEOUT_MS, generate } from '../../setup/commands';

// The longest test here runs three commands, two of them at once.
jest.setTimeout(4 * COMMAND_TIMEOUT_MS);

describe('npm run cli -- jobs:import / npm run jobs:generate', () => {
  let testApp: TestApp;
  let database: DataSource;
  const directory = mkdtempSync(join(tmpdir(), 'jobs-import-'));
  const tag = `imp${randomBytes(4).toString('hex')}`;
  const file = (name: string, content: string) => {
    const path = join(directory, name);
    writeFileSync(path, content);
    return path;
  };
  const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');

  const ours = (id: string, fields: Record<string, unknown> = {}) => ({
    id,
    source: `${tag}-feed`,
    title: 'Senior Backend Engineer',
    company: 'Ledgerline, Inc.',
    location: 'Dublin, IE',
    city: 'Dublin',
    country: 'IE',
    employmentType: 'FULLTIME',
    applyLink: 'https://careers.ledgerline.example/jobs/1',
    applyIsDirect: true,
    publisher: 'Company website',
    description: 'Build payment APIs in Go. 5+ years of experience. Visa sponsorship available. Hybrid: 2 days a week in the office.',
    benefits: [{ key: 'health_insurance', name: 'Health insurance' }],
    salaryMin: 90_000,
    salaryMax: 120_000,
    salaryPeriod: 'YEAR',
    postedAt: '2026-03-01T09:00:00.000Z',
    ...fields,
  });
  const jsearch = (jobId: string, fields: Record<string, unknown> = {}) => ({
    job_id: `${tag}-${jobId}`,
    employer_name: 'Cedar Health',
    employer_logo: 'https://cedarhealth.example/logo.png',
    employer_website: 'https://www.cedarhealth.example',
    job_publisher: 'LinkedIn',
    job_employment_type: 'Full-time',
    job_title: 'Registered Nurse',
    job_apply_link: 'https://www.linkedin.example/jobs/view/1',
    job_apply_is_direct: false,
    job_description: 'Provide compassionate patient care on our cardiology unit. 2 years of experience required.',
    job_is_remote: false,
    job_posted_at_datetime_utc: '2026-03-02T10:00:00.000Z',
    job_city: 'Boston',
    job_state: 'MA',
    job_country: 'US',
    job_benefits: ['dental_coverage', 'paid_time_off'],
    job_highlights: { Qualifications: ['BLS certification'], Benefits: ['Dental coverage'] },
    job_min_salary: 42,
    job_max_salary: 55,
    job_salary_period: 'HOUR',
    ...fields,
  });

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    database = testApp.app.get(DataSource);
  });

  const stored = (source: string, externalId: string) =>
    database.query('SELECT * FROM job_listings WHERE source = $1 AND external_id = $2', [source, externalId]).then((rows) => rows[0]);

  it('imports NDJSON of both shapes, reports rejected records on stderr, and prints one JSON summary', async () => {
    const path = file(
      'mixed.ndjson',
      [
        JSON.stringify(ours(`${tag}-1`)),
        JSON.stringify(jsearch('a')),
        '',
        '{"id": "broken json',
        JSON.stringify(ours(`${tag}-2`, { title: '' })),
        JSON.stringify(jsearch('b', { job_salary_period: 'FORTNIGHT' })),
        JSON.stringify(ours(`${tag}-3`, { applyLink: 'javascript:alert(1)' })),
        JSON.stringify(jsearch('c', { job_posted_at_datetime_utc: undefined })),
        JSON.stringify([1, 2]),
      ].join('\n'),
    );
    const result = await cli('jobs:import', path);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ imported: 2, updated: 0, rejected: 6 });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^rejected line 4: invalid JSON/),
      'rejected line 5: title is required',
      'rejected line 6: job_salary_period must be one of: HOUR, DAY, WEEK, MONTH, YEAR',
      'rejected line 7: applyLink must be an http(s) URL',
      'rejected line 8: job_posted_at_datetime_utc is required',
      'rejected line 9: record must be a JSON object',
    ]);

    const own = await stored(`${tag}-feed`, `${tag}-1`);
    expect(own).toMatchObject({
      title: 'Senior Backend Engineer',
      company_normalized: 'ledgerline',
      work_arrangement: 'hybrid',
      is_remote: false,
      job_level: 'senior',
      experience_years: 5,
      visa_sponsorship: true,
      annual_salary_min: 90_000,
      annual_salary_max: 120_000,
      republish_count: 0,
      benefit_keys: ['health_insurance'],
      place_keys: ['dublin', 'ie'],
    });
    expect(own.first_seen_at.toISOString()).toBe('2026-03-01T09:00:00.000Z');

    const provider = await stored('jsearch', `${tag}-a`);
    expect(provider).toMatchObject({
      title: 'Registered Nurse',
      company: 'Cedar Health',
      company_logo: 'https://cedarhealth.example/logo.png',
      employment_type: 'FULLTIME',
      location: 'Boston, MA, US',
      salary_min: 42,
      salary_period: 'HOUR',
      annual_salary_min: 87_360,
      annual_salary_max: 114_400,
      benefits: [
        { key: 'dental_coverage', name: 'Dental coverage' },
        { key: 'paid_time_off', name: 'Paid time off' },
      ],
      highlights: { Qualifications: ['BLS certification'], Benefits: ['Dental coverage'] },
      experience_years: 2,
    });
  });

  it('updates a listing imported again instead of duplicating it, counting a republish when its posting date moved', async () => {
    const first = await cli('jobs:import', file('first.ndjson', ndjson([ours(`${tag}-r1`), ours(`${tag}-r2`)])));
    expect(JSON.parse(first.stdout)).toEqual({ imported: 2, updated: 0, rejected: 0 });

    const again = await cli(
      'jobs:import',
      file(
        'again.json',
        JSON.stringify([
          ours(`${tag}-r1`, { title: 'Staff Backend Engineer', postedAt: '2026-04-01T09:00:00.000Z' }),
          ours(`${tag}-r2`, { salaryMax: 130_000 }),
          ours(`${tag}-r3`),
          ours(`${tag}-r1`, { postedAt: '2026-05-01T09:00:00.000Z' }),
        ]),
      ),
    );
    expect(JSON.parse(again.stdout)).toEqual({ imported: 1, updated: 3, rejected: 0 });
    const [republished, unchanged] = [await stored(`${tag}-feed`, `${tag}-r1`), await stored(`${tag}-feed`, `${tag}-r2`)];
    expect(republished).toMatchObject({ title: 'Senior Backend Engineer', republish_count: 2, job_level: 'senior' });
    expect(republished.posted_at.toISOString()).toBe('2026-05-01T09:00:00.000Z');
    expect(republished.first_seen_at.toISOString()).toBe('2026-03-01T09:00:00.000Z');
    expect(unchanged).toMatchObject({ republish_count: 0, salary_max: 130_000 });
    const [{ count }] = await database.query('SELECT count(*)::int AS count FROM job_listings WHERE source = $1 AND external_id LIKE $2', [
      `${tag}-feed`,
      `${tag}-r%`,
    ]);
    expect(count).toBe(3);
  });

  it('reads stdin with "-", so that jobs:generate pipes straight into it', async () => {
    const seed = `${tag}-pipe`;
    const summary = await new Promise<string>((resolve, reject) => {
      const env = { ...process.env, DATABASE_URL: testRunEnvironment().databaseUrl };
      const generator = spawn('node', [...GENERATOR_ARGS, '--count', '40', '--seed', seed, '--format', 'mixed'], { env });
      const importer = spawn('node', [CLI, 'jobs:import', '-'], { env });
      generator.stdout.pipe(importer.stdin);
      let out = '';
      importer.stdout.on('data', (chunk) => (out += chunk));
      importer.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
    });
    expect(JSON.parse(summary)).toEqual({ imported: 40, updated: 0, rejected: 0 });
  });

  it('fails with a message and no summary for a file that does not exist', async () => {
    const result = await cli('jobs:import', join(directory, 'missing.ndjson'));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('missing.ndjson');
    expect(result.stdout).toBe('');
  });

  it('generates the same listings for the same seed and date, and others for another seed', async () => {
    const args = ['--count', '25', '--as-of', '2026-06-01T00:00:00Z'];
    const [one, same, other] = await Promise.all([generate(...args, '--seed', 'a'), generate(...args, '--seed', 'a'), generate(...args, '--seed', 'b')]);
    expect(one.stdout).toBe(same.stdout);
    expect(other.stdout).not.toBe(one.stdout);
    const listings = one.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(listings).toHaveLength(25);
    for (const listing of listings) {
      expect(listing.description.split(/\s+/).length).toBeGreaterThan(150);
      expect(new Date(listing.postedAt).getTime()).toBeLessThanOrEqual(Date.parse('2026-06-01T00:00:00Z'));
    }
  });

  it('refuses a count that is not a positive whole number', async () => {
    const result = await generate('--count', '-3');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--count must be a positive whole number');
  });
});
