import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { cli, cliWithInput, COMMAND_TIMEOUT_MS } from '../setup/commands';
import { createAccount, TestAccount } from '../setup/factories';
import { TestApp, useTestApp } from '../setup/test-app';

// The longest test runs four commands one after the other.
jest.setTimeout(5 * COMMAND_TIMEOUT_MS);

const APPLICATIONS = '/v1/tracker/applications';
const EXPORT = `${APPLICATIONS}/export.csv`;

/** The export's records without the columns an import does not carry over. */
const carried = (csv: string) =>
  (parse(csv, { bom: true, columns: true }) as Record<string, string>[]).map(
    ({ id: _id, cvId: _cv, createdAt: _created, updatedAt: _updated, ...rest }) => rest,
  );

describe('npm run cli -- tracker:export and tracker:import', () => {
  let testApp: TestApp;
  let account: TestAccount;
  let directory: string;

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    account = await createAccount(testApp.app, testApp.baseUrl);
    await account.api.post(APPLICATIONS, { jobTitle: 'Backend Engineer', company: 'Acme', jobUrl: 'https://jobs.acme.example/1', notes: '=1+1', priority: 4 });
    const id = (await account.api.post(APPLICATIONS, { jobTitle: 'Data Engineer', company: 'Émile & Co', location: 'Zürich' })).body.applicationId;
    await account.api.patch(`${APPLICATIONS}/${id}`, { status: 'applied' });
    directory = mkdtempSync(join(tmpdir(), 'career-api-csv-'));
  });
  afterAll(async () => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('exports what the route answers, and imports it into another account from a file and from stdin', async () => {
    const exported = await cli('tracker:export', '--account', account.accountId);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    expect(exported.stdout.startsWith('\ufeff')).toBe(true);
    expect(exported.stdout.slice(1)).toBe((await account.api.request<string>('GET', EXPORT)).body);

    const file = join(directory, 'applications.csv');
    writeFileSync(file, exported.stdout);
    const target = await createAccount(testApp.app, testApp.baseUrl);
    const imported = await cli('tracker:import', '--account', target.accountId, file);
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(imported.stdout)).toEqual({ imported: 2, existing: 0, rejected: [] });
    expect(carried((await target.api.request<string>('GET', EXPORT)).body)).toEqual(carried(exported.stdout));

    const again = await cliWithInput(exported.stdout, 'tracker:import', '--account', target.accountId, '-');
    expect(JSON.parse(again.stdout)).toEqual({ imported: 1, existing: 1, rejected: [] });
  });

  it('reports refused rows on stderr, and fails when no row could be imported', async () => {
    const target = await createAccount(testApp.app, testApp.baseUrl);
    const result = await cliWithInput('jobTitle,company,priority\n,Acme,\nEngineer,Acme,9\n', 'tracker:import', '--account', target.accountId, '-');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe('rejected row 2: jobTitle is required\nrejected row 3: priority must be between 1 and 5\n');
    expect(JSON.parse(result.stdout)).toEqual({
      imported: 0,
      existing: 0,
      rejected: [
        { row: 2, errors: { jobTitle: ['is required'] } },
        { row: 3, errors: { priority: ['must be between 1 and 5'] } },
      ],
    });
  });

  it('refuses an unknown account, a malformed id and a file it cannot read as CSV', async () => {
    const unknown = await cli('tracker:export', '--account', randomUUID());
    expect(unknown).toMatchObject({ stdout: '', stderr: expect.stringContaining('No account with id') });
    expect(unknown.code).not.toBe(0);
    const malformed = await cli('tracker:import', '--account', 'nobody', '-');
    expect(malformed.stderr).toContain('--account must be an id');
    const broken = await cliWithInput('jobTitle,salary\nEngineer,1\n', 'tracker:import', '--account', account.accountId, '-');
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain('Validation failed: header names an unknown column "salary"');
  });
});
