import { connect } from '../../setup/mcp-client';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

const PATH = '/v1/tracker/applications';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A body as a test's name shows it: long values cut. */
const shortly = (body: object) => JSON.stringify(body).replace(/(.{60}).+(.{8})$/, '$1…$2');
const newApplication = (overrides: Record<string, unknown> = {}) => ({ jobTitle: 'Backend Engineer', company: 'Acme', ...overrides });

/** Every fact create takes beside the spec's own fields, with the values the single read answers for them. */
const CREATE_FACTS = {
  priority: 5,
  notes: 'Referred by Ada',
  salaryMin: 70000,
  salaryMax: 85000,
  salaryPeriod: 'YEAR',
  salaryCurrency: 'CHF',
  deadline: '2026-12-15',
  postedAt: '2026-11-02',
};

describe('the facts of an application', () => {
  const suite = useTestApp();

  const create = async (account: TestAccount, overrides: Record<string, unknown> = {}) => {
    const response = await account.api.post(PATH, newApplication(overrides));
    expect(response.status).toBe(201);
    return response.body.applicationId as string;
  };
  const read = async (account: TestAccount, id: string) => (await account.api.get(`${PATH}/${id}`)).body.data;
  const newResume = async (account: TestAccount) => (await account.api.post('/v1/resume', { name: 'Sent resume' })).body.id as string;
  const newCoverLetter = async (account: TestAccount) => {
    const response = await account.api.post('/v1/cover-letter', { cvId: await newResume(account), title: 'Dear Acme', content: 'Hello' });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const eventsOf = async (account: TestAccount, type: string) => (await account.api.get(`/v1/events?type=${type}&limit=100`)).body.data;

  describe('POST /v1/tracker/applications', () => {
    it('takes every new field, and the single read and the created event answer them', async () => {
      const account = await suite.createAccount();
      const cvId = await newResume(account);
      const id = await create(account, { ...CREATE_FACTS, appliedDate: '2026-11-20T09:30:00+01:00', cvId });
      const expected = { ...CREATE_FACTS, appliedDate: '2026-11-20T08:30:00.000Z', cvId, coverLetterId: null, followUpAt: null };
      expect(await read(account, id)).toMatchObject({ id, status: 'watchlist', ...expected });
      const [listed] = (await account.api.get(PATH)).body.data;
      expect(listed).toMatchObject({ id, priority: 5, salaryMin: 70000, salaryMax: 85000, appliedDate: '2026-11-20T08:30:00.000Z' });
      const [created] = await eventsOf(account, 'application.created');
      expect(created.data).toMatchObject({ id, ...expected });
    });

    it('answers the new fields as null when they are not sent', async () => {
      const id = await create(suite.owner);
      expect(await read(suite.owner, id)).toMatchObject({
        salaryCurrency: null,
        deadline: null,
        postedAt: null,
        coverLetterId: null,
        followUpAt: null,
        priority: null,
      });
    });

    it.each(
      [
        [{ priority: 0 }, { priority: ['must be between 1 and 5'] }],
        [{ priority: 6 }, { priority: ['must be between 1 and 5'] }],
        [{ notes: 'x'.repeat(20_001) }, { notes: ['must be at most 20000 characters'] }],
        [{ salaryMin: -1 }, { salaryMin: ['must be between 0 and 2147483647'] }],
        [{ salaryMax: 2.5 }, { salaryMax: ['must be an integer'] }],
        [{ salaryMax: 2_147_483_648 }, { salaryMax: ['must be between 0 and 2147483647'] }],
        [{ salaryPeriod: 'FORTNIGHT' }, { salaryPeriod: ['must be one of: HOUR, DAY, WEEK, MONTH, YEAR'] }],
        [{ salaryCurrency: 'EURO' }, { salaryCurrency: ['must be an ISO 4217 currency code, e.g. EUR'] }],
        [{ salaryCurrency: 'ABC' }, { salaryCurrency: ['must be an ISO 4217 currency code, e.g. EUR'] }],
        [{ salaryCurrency: 'eur' }, { salaryCurrency: ['must be an ISO 4217 currency code, e.g. EUR'] }],
        [{ appliedDate: '2026-11-20T09:30:00' }, { appliedDate: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] }],
        [{ deadline: '2026-02-30' }, { deadline: ['must be a date: YYYY-MM-DD'] }],
        [{ deadline: '2026-12' }, { deadline: ['must be a date: YYYY-MM-DD'] }],
        [{ deadline: '2026-12-15T00:00:00Z' }, { deadline: ['must be a date: YYYY-MM-DD'] }],
        [{ postedAt: '2026-02-30' }, { postedAt: ['must be a date: YYYY-MM-DD'] }],
        [{ cvId: 'resume-1' }, { cvId: ['must be the id of one of your resumes'] }],
        [{ cvId: UNKNOWN_ID }, { cvId: ['must be the id of one of your resumes'] }],
        [{ salaryMin: 90000, salaryMax: 80000 }, { salaryMin: ['must not be greater than salaryMax'] }],
      ].map(([fields, details]) => [shortly(fields), fields, details]),
    )('rejects %s and creates nothing', async (_name, fields, details) => {
      const account = await suite.createAccount();
      const response = await account.api.post(PATH, newApplication(fields));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
      expect((await account.api.get(PATH)).body.total).toBe(0);
    });

    it('accepts salaryMin equal to salaryMax', async () => {
      const id = await create(suite.owner, { salaryMin: 50000, salaryMax: 50000 });
      expect(await read(suite.owner, id)).toMatchObject({ salaryMin: 50000, salaryMax: 50000 });
    });

    it("answers 400 naming cvId for another account's resume, and creates nothing", async () => {
      const intruder = await suite.createAccount();
      const response = await intruder.api.post(PATH, newApplication({ cvId: await newResume(suite.owner) }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details: { cvId: ['must be the id of one of your resumes'] } });
      expect((await intruder.api.get(PATH)).body.total).toBe(0);
    });

    it('refuses cvId beside autoPrepare, which links the tailored copy', async () => {
      const account = await suite.createAccount({ features: ['auto-prepare'] });
      const response = await account.api.post(PATH, newApplication({ autoPrepare: true, cvId: await newResume(account), jobDescription: 'x'.repeat(500) }));
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual({ cvId: ['cannot be sent with autoPrepare, which links the tailored copy'] });
    });
  });

  describe('PATCH /v1/tracker/applications/{id}', () => {
    it('changes each field, answers the specification shape, and the read and the updated event show the changes', async () => {
      const account = await suite.createAccount();
      const id = await create(account, { jobUrl: 'https://jobs.example/old' });
      const [cvId, coverLetterId] = [await newResume(account), await newCoverLetter(account)];
      const changes = {
        priority: 2,
        notes: 'Second round soon',
        jobUrl: 'https://jobs.example/new',
        jobDescription: 'Build and run APIs',
        source: 'Referral',
        salaryMin: 60000,
        salaryMax: 65000,
        salaryPeriod: 'MONTH',
        salaryCurrency: 'JPY',
        appliedDate: '2026-11-21T10:00:00Z',
        cvId,
        coverLetterId,
        deadline: '2027-01-31',
        postedAt: '2026-11-03',
        followUpAt: '2026-12-01T09:00:00-05:00',
      };
      const expected = { ...changes, appliedDate: '2026-11-21T10:00:00.000Z', followUpAt: '2026-12-01T14:00:00.000Z' };
      for (const [field, value] of Object.entries(changes)) {
        const response = await account.api.patch(`${PATH}/${id}`, { [field]: value });
        expect([field, response.status]).toEqual([field, 200]);
        // The answer keeps the specification's fields: the single read alone shows the others.
        for (const readOnly of ['salaryPeriod', 'salaryCurrency', 'cvId', 'coverLetterId', 'deadline', 'postedAt', 'followUpAt', 'jobDescription']) {
          expect(response.body).not.toHaveProperty(readOnly);
        }
        expect((await read(account, id))[field]).toEqual(expected[field as keyof typeof expected]);
      }
      expect(await read(account, id)).toMatchObject(expected);
      const [latest] = (await eventsOf(account, 'application.updated')).slice(-1);
      expect(latest.data).toMatchObject(expected);
    });

    it('clears every nullable field with null', async () => {
      const account = await suite.createAccount();
      const cvId = await newResume(account);
      const id = await create(account, {
        ...CREATE_FACTS,
        jobUrl: 'https://jobs.example/clear',
        jobDescription: 'Text',
        appliedDate: '2026-11-20T09:30:00Z',
        cvId,
      });
      await account.api.patch(`${PATH}/${id}`, { coverLetterId: await newCoverLetter(account), followUpAt: '2026-12-01T09:00:00Z', location: 'Bern' });
      const nullable = [
        'priority',
        'notes',
        'location',
        'jobUrl',
        'jobDescription',
        'salaryMin',
        'salaryMax',
        'salaryPeriod',
        'salaryCurrency',
        'appliedDate',
        'cvId',
        'coverLetterId',
        'deadline',
        'postedAt',
        'followUpAt',
      ];
      const response = await account.api.patch(`${PATH}/${id}`, Object.fromEntries(nullable.map((field) => [field, null])));
      expect(response.status).toBe(200);
      expect(await read(account, id)).toMatchObject(Object.fromEntries(nullable.map((field) => [field, null])));
      // A cleared jobUrl is free for a new application.
      expect((await account.api.post(PATH, newApplication({ jobUrl: 'https://jobs.example/clear' }))).status).toBe(201);
    });

    it.each(
      [
        [{ source: null }, { source: ['must be one of: LinkedIn, CompanyWebsite, JobWebsite, Referral, Agency, Other'] }],
        [{ source: 'Newspaper' }, { source: ['must be one of: LinkedIn, CompanyWebsite, JobWebsite, Referral, Agency, Other'] }],
        [{ jobUrl: 'not a url' }, { jobUrl: ['must be a valid URL'] }],
        [{ jobDescription: 'x'.repeat(50_001) }, { jobDescription: ['must be at most 50000 characters'] }],
        [{ followUpAt: '2026-12-01' }, { followUpAt: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] }],
        [{ coverLetterId: 'letter-1' }, { coverLetterId: ['must be the id of one of your cover letters'] }],
        [{ salaryCurrency: 'XYZ' }, { salaryCurrency: ['must be an ISO 4217 currency code, e.g. EUR'] }],
      ].map(([body, details]) => [shortly(body), body, details]),
    )('rejects %s', async (_name, body, details) => {
      const id = await create(suite.owner);
      const response = await suite.owner.api.patch(`${PATH}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('compares salaryMin and salaryMax with the stored value, both ways, and names the field sent', async () => {
      const id = await create(suite.owner, { salaryMin: 50000, salaryMax: 60000 });
      const refusals = [
        [{ salaryMax: 40000 }, { salaryMax: ['must not be less than salaryMin'] }],
        [{ salaryMin: 70000 }, { salaryMin: ['must not be greater than salaryMax'] }],
        [{ salaryMin: 65000, salaryMax: 55000 }, { salaryMin: ['must not be greater than salaryMax'] }],
      ] as const;
      for (const [body, details] of refusals) {
        const response = await suite.owner.api.patch(`${PATH}/${id}`, body);
        expect([body, response.status, response.body]).toEqual([body, 400, { error: 'Validation failed', details }]);
      }
      expect(await read(suite.owner, id)).toMatchObject({ salaryMin: 50000, salaryMax: 60000 });
      expect((await suite.owner.api.patch(`${PATH}/${id}`, { salaryMax: 50000 })).status).toBe(200);
      expect((await suite.owner.api.patch(`${PATH}/${id}`, { salaryMin: 80000, salaryMax: 90000 })).status).toBe(200);
      // Without a maximum, any minimum holds.
      expect((await suite.owner.api.patch(`${PATH}/${id}`, { salaryMax: null })).status).toBe(200);
      expect((await suite.owner.api.patch(`${PATH}/${id}`, { salaryMin: 1_000_000 })).status).toBe(200);
      expect(await read(suite.owner, id)).toMatchObject({ salaryMin: 1_000_000, salaryMax: null });
    });

    it("answers 400 naming cvId or coverLetterId for an unknown or another account's record, and changes nothing", async () => {
      const intruder = await suite.createAccount();
      const id = await create(intruder, { notes: 'Mine' });
      const theirs = { cvId: await newResume(suite.owner), coverLetterId: await newCoverLetter(suite.owner) };
      const messages = { cvId: 'must be the id of one of your resumes', coverLetterId: 'must be the id of one of your cover letters' };
      for (const field of ['cvId', 'coverLetterId'] as const) {
        for (const value of [theirs[field], UNKNOWN_ID]) {
          const response = await intruder.api.patch(`${PATH}/${id}`, { [field]: value, notes: 'Changed' });
          expect([field, response.status, response.body]).toEqual([field, 400, { error: 'Validation failed', details: { [field]: [messages[field]] } }]);
        }
      }
      expect(await read(intruder, id)).toMatchObject({ notes: 'Mine', cvId: null, coverLetterId: null });
    });

    it('unlinks a deleted cover letter and keeps the application', async () => {
      const account = await suite.createAccount();
      const coverLetterId = await newCoverLetter(account);
      const id = await create(account);
      await account.api.patch(`${PATH}/${id}`, { coverLetterId });
      expect((await account.api.delete(`/v1/cover-letter/${coverLetterId}`)).status).toBe(200);
      expect(await read(account, id)).toMatchObject({ id, coverLetterId: null });
    });

    describe('jobUrl', () => {
      it('answers 409 DUPLICATE_JOB_URL with existingId for the normalized URL of another application, and keeps both', async () => {
        const account = await suite.createAccount();
        const holder = await create(account, { jobUrl: 'https://careers.example.com/jobs/42?ref=x' });
        const id = await create(account, { jobUrl: 'https://careers.example.com/jobs/43' });
        const response = await account.api.patch(`${PATH}/${id}`, {
          jobUrl: 'HTTPS://Careers.Example.com:443/jobs/42/?ref=x&utm_source=mail#apply',
          notes: 'x',
        });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ error: expect.any(String), code: 'DUPLICATE_JOB_URL', existingId: holder });
        expect(await read(account, id)).toMatchObject({ jobUrl: 'https://careers.example.com/jobs/43', notes: null });
        // Its own URL, written differently, is no duplicate.
        expect((await account.api.patch(`${PATH}/${holder}`, { jobUrl: 'https://careers.example.com/jobs/42/?ref=x#top' })).status).toBe(200);
        // Another account's application with the URL is none of this account's business.
        const other = await suite.createAccount();
        const theirs = await create(other);
        expect((await other.api.patch(`${PATH}/${theirs}`, { jobUrl: 'https://careers.example.com/jobs/42?ref=x' })).status).toBe(200);
      });

      it('gives a URL to one of 10 applications patched to it concurrently; the others answer 409 with its id', async () => {
        const account = await suite.createAccount();
        const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => create(account, { jobTitle: `Role ${index}` })));
        const jobUrl = 'https://race.example/jobs/patched';
        const responses = await Promise.all(ids.map((id) => account.api.patch(`${PATH}/${id}`, { jobUrl })));
        const winners = ids.filter((_, index) => responses[index].status === 200);
        expect(winners).toHaveLength(1);
        for (const response of responses.filter((answer) => answer.status !== 200)) {
          expect(response.status).toBe(409);
          expect(response.body).toMatchObject({ code: 'DUPLICATE_JOB_URL', existingId: winners[0] });
        }
        const created = await account.api.post(PATH, newApplication({ jobUrl }));
        expect(created.body).toMatchObject({ existing: true, applicationId: winners[0] });
      });
    });
  });

  describe('MCP tools', () => {
    it('create_application and update_application take the new fields, validated as their twins validate them', async () => {
      const account = await suite.createAccount();
      const client = await connect(suite.testApp.baseUrl, account.key);
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name, arguments: args });
        return { isError: result.isError, body: result.structuredContent as Record<string, any> };
      };
      try {
        const cvId = await newResume(account);
        const created = await call('create_application', { ...newApplication(), ...CREATE_FACTS, cvId });
        expect(created).toMatchObject({ isError: false, body: { applicationId: expect.any(String) } });
        const id = created.body.applicationId;
        const updated = await call('update_application', {
          id,
          followUpAt: '2026-12-01T09:00:00Z',
          salaryCurrency: null,
          coverLetterId: await newCoverLetter(account),
        });
        expect(updated.isError).toBe(false);
        expect(await read(account, id)).toMatchObject({
          ...CREATE_FACTS,
          cvId,
          salaryCurrency: null,
          followUpAt: '2026-12-01T09:00:00.000Z',
          coverLetterId: expect.any(String),
        });
        const refused = await client.callTool({ name: 'update_application', arguments: { id, salaryMax: 1 } });
        expect(refused.isError).toBe(true);
        expect(JSON.parse((refused.content as { text: string }[])[0].text)).toEqual({
          error: 'Validation failed',
          details: { salaryMax: ['must not be less than salaryMin'] },
        });
      } finally {
        await client.close();
      }
    });
  });
});
