import { DataSource } from 'typeorm';
import { APPLICATION_STATUSES, ARCHIVED_STATUSES } from '@src/modules/tracker/application-status';
import { expectHiddenFrom } from '../../setup/expectations';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

const PATH = '/v1/tracker/applications';
const newApplication = (overrides: Record<string, unknown> = {}) => ({ jobTitle: 'Backend Engineer', company: 'Acme', ...overrides });

describe('/v1/tracker/applications', () => {
  const suite = useTestApp();

  const create = async (account: TestAccount, overrides: Record<string, unknown> = {}) => {
    const response = await account.api.post(PATH, newApplication(overrides));
    expect(response.status).toBe(201);
    return response.body.applicationId as string;
  };

  describe('POST /v1/tracker/applications', () => {
    it('creates an application in watchlist with a first timeline entry, and answers 201', async () => {
      const response = await suite.owner.api.post(
        PATH,
        newApplication({ location: 'Berlin', jobUrl: 'https://jobs.example/a1', source: 'Referral', jobDescription: 'Build APIs' }),
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, applicationId: expect.any(String), existing: false, autoPrepare: false });

      const read = await suite.owner.api.get(`${PATH}/${response.body.applicationId}`);
      expect(read.body.data).toMatchObject({
        id: response.body.applicationId,
        jobTitle: 'Backend Engineer',
        company: 'Acme',
        location: 'Berlin',
        jobUrl: 'https://jobs.example/a1',
        jobDescription: 'Build APIs',
        status: 'watchlist',
        source: 'Referral',
        priority: null,
        notes: null,
        salaryMin: null,
        salaryMax: null,
        salaryPeriod: null,
        appliedDate: null,
        cvId: null,
        isArchived: false,
        interviews: [],
      });
      expect(read.body.data.timeline).toEqual([
        { id: expect.any(String), status: 'watchlist', description: 'Application created', createdAt: expect.any(String) },
      ]);
      expect(new Date(read.body.data.createdAt).toISOString()).toBe(read.body.data.createdAt);
    });

    it('defaults source to Other', async () => {
      const id = await create(suite.owner);
      expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data.source).toBe('Other');
    });

    it('answers the existing application (200, existing: true, no autoPrepare field) for the same normalized jobUrl', async () => {
      const first = await suite.owner.api.post(PATH, newApplication({ jobUrl: 'https://Careers.Example.com:443/jobs/42/?ref=x&utm_source=news#apply' }));
      expect(first.status).toBe(201);
      const again = await suite.owner.api.post(PATH, newApplication({ jobTitle: 'Other title', jobUrl: 'https://careers.example.com/jobs/42?ref=x' }));
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, applicationId: first.body.applicationId, existing: true });
      const differentQuery = await suite.owner.api.post(PATH, newApplication({ jobUrl: 'https://careers.example.com/jobs/42?ref=y' }));
      expect(differentQuery.status).toBe(201);
    });

    it('makes one application out of 30 concurrent creates with the same jobUrl', async () => {
      const account = await suite.createAccount();
      const jobUrl = 'https://race.example/jobs/1';
      const responses = await Promise.all(Array.from({ length: 30 }, () => account.api.post(PATH, newApplication({ jobUrl }))));
      expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
      expect(responses.filter((response) => response.status === 200)).toHaveLength(29);
      const ids = new Set(responses.map((response) => response.body.applicationId));
      expect(ids.size).toBe(1);
      const list = await account.api.get(PATH);
      expect(list.body.total).toBe(1);
    });

    it('detects duplicates per account only', async () => {
      const other = await suite.createAccount();
      const jobUrl = 'https://shared.example/jobs/7';
      const mine = await suite.owner.api.post(PATH, newApplication({ jobUrl }));
      const theirs = await other.api.post(PATH, newApplication({ jobUrl }));
      expect(theirs.status).toBe(201);
      expect(theirs.body.applicationId).not.toBe(mine.body.applicationId);
    });

    it.each([
      [{ company: 'Acme' }, { jobTitle: ['is required'] }],
      [{ jobTitle: 'x' }, { company: ['is required'] }],
      [newApplication({ jobTitle: 'x'.repeat(201) }), { jobTitle: ['must be at most 200 characters'] }],
      [newApplication({ company: 'x'.repeat(201) }), { company: ['must be at most 200 characters'] }],
      [newApplication({ location: 'x'.repeat(201) }), { location: ['must be at most 200 characters'] }],
      [newApplication({ jobUrl: 'not a url' }), { jobUrl: ['must be a valid URL'] }],
      [newApplication({ jobUrl: 'ftp://files.example/job' }), { jobUrl: ['must be a valid URL'] }],
      [newApplication({ jobUrl: `https://long.example/${'a'.repeat(2000)}` }), { jobUrl: ['must be at most 2000 characters'] }],
      [newApplication({ jobDescription: 'x'.repeat(50_001) }), { jobDescription: ['must be at most 50000 characters'] }],
      [newApplication({ source: 'Newspaper' }), { source: ['must be one of: LinkedIn, CompanyWebsite, JobWebsite, Referral, Agency, Other'] }],
      [newApplication({ autoPrepare: 'yes' }), { autoPrepare: ['must be a boolean'] }],
      [newApplication({ jobTitle: 42 }), { jobTitle: ['must be a string'] }],
      [newApplication({ status: 'offer' }), { status: ['is not allowed'] }],
    ])('rejects %j with details %j', async (body, details) => {
      const response = await suite.owner.api.post(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('accepts every documented source', async () => {
      for (const source of ['LinkedIn', 'CompanyWebsite', 'JobWebsite', 'Referral', 'Agency', 'Other']) {
        const id = await create(suite.owner, { source });
        expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data.source).toBe(source);
      }
    });
  });

  describe('autoPrepare', () => {
    const longDescription = 'We are looking for an engineer who builds reliable APIs. '.repeat(10);

    it('answers 403 PLAN_REQUIRED on the free plan, before any other autoPrepare check', async () => {
      const free = await suite.createAccount({ plan: 'free' });
      const response = await free.api.post(PATH, newApplication({ autoPrepare: true, jobDescription: 'short' }));
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'PLAN_REQUIRED', error: expect.any(String) });
    });

    it('answers 403 PLAN_REQUIRED on Plus without the auto-prepare feature', async () => {
      const plus = await suite.createAccount({ features: [] });
      const response = await plus.api.post(PATH, newApplication({ autoPrepare: true, jobDescription: longDescription }));
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('PLAN_REQUIRED');
    });

    it('answers 400 NO_DEFAULT_RESUME when the account has no default resume', async () => {
      const account = await suite.createAccount({ features: ['auto-prepare'] });
      await suite.testApp.app.get(DataSource).query('DELETE FROM resumes WHERE account_id = $1', [account.accountId]);
      const response = await account.api.post(PATH, newApplication({ autoPrepare: true, jobDescription: 'short' }));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('NO_DEFAULT_RESUME');
    });

    it('answers 400 JOB_DESCRIPTION_TOO_SHORT under 500 characters', async () => {
      const account = await suite.createAccount({ features: ['auto-prepare'] });
      const response = await account.api.post(PATH, newApplication({ autoPrepare: true, jobDescription: 'x'.repeat(499) }));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('JOB_DESCRIPTION_TOO_SHORT');
    });

    it('starts in preparing with a copy of the default resume when every requirement holds (tailoring: see the tailoring specs)', async () => {
      const account = await suite.createAccount({ features: ['auto-prepare'] });
      const response = await account.api.post(PATH, newApplication({ autoPrepare: true, jobDescription: 'x'.repeat(500) }));
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, applicationId: expect.any(String), existing: false, autoPrepare: true });
      const read = (await account.api.get(`${PATH}/${response.body.applicationId}`)).body.data;
      expect(read.cvId).toEqual(expect.any(String));
      expect(read.timeline.at(-1)).toMatchObject({ status: 'preparing' });
    });
  });

  describe('GET /v1/tracker/applications', () => {
    let account: TestAccount;
    const ids: string[] = [];

    beforeAll(async () => {
      account = await suite.createAccount();
      for (let index = 0; index < 7; index += 1) ids.push(await create(account, { jobTitle: `Role ${index}` }));
      await account.api.patch(`${PATH}/${ids[0]}`, { status: 'rejected' });
      await account.api.patch(`${PATH}/${ids[1]}`, { status: 'accepted' });
      await account.api.patch(`${PATH}/${ids[2]}`, { status: 'interview_scheduled' });
    });

    it('answers the list envelope, newest first, with the summary fields only', async () => {
      const response = await account.api.get(PATH);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 7, hasMore: false, limit: 25, offset: 0 });
      expect(response.body.data.map((item: { id: string }) => item.id)).toEqual([...ids].reverse());
      expect(Object.keys(response.body.data[0]).sort()).toEqual(
        [
          'id',
          'jobTitle',
          'company',
          'location',
          'jobUrl',
          'status',
          'source',
          'priority',
          'salaryMin',
          'salaryMax',
          'appliedDate',
          'createdAt',
          'updatedAt',
          'isArchived',
        ].sort(),
      );
    });

    it('pages with limit and offset', async () => {
      const first = await account.api.get(`${PATH}?limit=3&offset=0`);
      const last = await account.api.get(`${PATH}?limit=3&offset=6`);
      expect(first.body).toMatchObject({ total: 7, hasMore: true, limit: 3, offset: 0 });
      expect(first.body.data).toHaveLength(3);
      expect(last.body).toMatchObject({ total: 7, hasMore: false, limit: 3, offset: 6 });
      expect(last.body.data.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
      const beyond = await account.api.get(`${PATH}?offset=50`);
      expect(beyond.body).toMatchObject({ data: [], total: 7, hasMore: false });
    });

    it('filters by status', async () => {
      const response = await account.api.get(`${PATH}?status=interview_scheduled`);
      expect(response.body.data.map((item: { id: string }) => item.id)).toEqual([ids[2]]);
      expect(response.body.total).toBe(1);
    });

    it('filters the archived bucket: archived=true only archived, archived=false only active', async () => {
      const archived = await account.api.get(`${PATH}?archived=true`);
      expect(archived.body.data.map((item: { id: string }) => item.id).sort()).toEqual([ids[0], ids[1]].sort());
      expect(archived.body.data.every((item: { isArchived: boolean }) => item.isArchived)).toBe(true);
      const active = await account.api.get(`${PATH}?archived=false`);
      expect(active.body.total).toBe(5);
      expect(active.body.data.every((item: { isArchived: boolean }) => !item.isArchived)).toBe(true);
    });

    it('ignores archived when status is also given', async () => {
      const response = await account.api.get(`${PATH}?status=rejected&archived=false`);
      expect(response.body.data.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    });

    it.each([
      ['limit=0', { limit: ['must be between 1 and 100'] }],
      ['limit=101', { limit: ['must be between 1 and 100'] }],
      ['limit=abc', { limit: ['must be an integer'] }],
      ['offset=-1', { offset: ['must be between 0 and 2147483647'] }],
      ['offset=99999999999999999999999', { offset: ['must be between 0 and 2147483647'] }],
      ['status=lost', { status: ['must be a valid status'] }],
      ['archived=maybe', { archived: ['must be true or false'] }],
      ['order=asc', { order: ['is not allowed'] }],
    ])('rejects ?%s', async (query, details) => {
      const response = await account.api.get(`${PATH}?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('list totals', () => {
    /** Each filter's total beside the number of applications its pages hold. */
    const totalsAndCounts = async (account: TestAccount) => {
      const filters = ['', 'archived=true', 'archived=false', ...APPLICATION_STATUSES.map((status) => `status=${status}`)];
      return Promise.all(
        filters.map(async (filter) => {
          const response = await account.api.get(`${PATH}?limit=100&${filter}`);
          return { filter, total: response.body.total as number, listed: (response.body.data as unknown[]).length };
        }),
      );
    };

    it('stay exact through concurrent creates, status changes (back and forth) and deletes', async () => {
      const account = await suite.createAccount();
      const ids = await Promise.all(Array.from({ length: 24 }, (_, index) => create(account, { jobTitle: `Role ${index}` })));
      const moves = ids.slice(0, 18).map(async (id, index) => {
        await account.api.patch(`${PATH}/${id}`, { status: APPLICATION_STATUSES[index % APPLICATION_STATUSES.length] });
        await account.api.patch(`${PATH}/${id}`, { status: APPLICATION_STATUSES[(index + 5) % APPLICATION_STATUSES.length] });
      });
      const deletes = ids.slice(18).map((id) => account.api.delete(`${PATH}/${id}`));
      await Promise.all([...moves, ...deletes]);

      const results = await totalsAndCounts(account);
      expect(results.find((result) => result.filter === '')).toEqual({ filter: '', total: 18, listed: 18 });
      for (const result of results) expect(result.total).toBe(result.listed);
      const byStatus = results.filter((result) => result.filter.startsWith('status='));
      expect(byStatus.reduce((sum, result) => sum + result.total, 0)).toBe(18);
    });

    it('count rows written outside the API and go with the account', async () => {
      const account = await suite.createAccount();
      const database = suite.testApp.app.get(DataSource);
      await database.query(
        `INSERT INTO applications (account_id, job_title, company, status) SELECT $1, 'Bulk ' || n, 'Acme', (ARRAY['applied', 'rejected'])[1 + n % 2]
           FROM generate_series(1, 5) AS n`,
        [account.accountId],
      );
      expect((await account.api.get(PATH)).body.total).toBe(5);
      expect((await account.api.get(`${PATH}?archived=true`)).body.total).toBe(3);
      await database.query(`UPDATE applications SET status = 'offer' WHERE account_id = $1 AND status = 'applied'`, [account.accountId]);
      expect((await account.api.get(`${PATH}?status=offer`)).body.total).toBe(2);
      expect((await account.api.get(`${PATH}?status=applied`)).body.total).toBe(0);

      await database.query('DELETE FROM accounts WHERE id = $1', [account.accountId]);
      expect(await database.query('SELECT * FROM application_counts WHERE account_id = $1', [account.accountId])).toEqual([]);
    });
  });

  describe('PATCH /v1/tracker/applications/{id}', () => {
    it('answers 400 for an empty or blank jobTitle or company, as create does, and keeps the application', async () => {
      const id = await create(suite.owner);
      for (const field of ['jobTitle', 'company']) {
        for (const blank of ['', '   ']) {
          const created = await suite.owner.api.post(PATH, newApplication({ [field]: blank }));
          expect([field, blank, created.status, created.body]).toEqual([
            field,
            blank,
            400,
            { error: 'Validation failed', details: { [field]: ['must not be empty'] } },
          ]);
          const updated = await suite.owner.api.patch(`${PATH}/${id}`, { [field]: blank });
          expect([field, blank, updated.status, updated.body]).toEqual([
            field,
            blank,
            400,
            { error: 'Validation failed', details: { [field]: ['must not be empty'] } },
          ]);
        }
      }
      expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data).toMatchObject({ jobTitle: 'Backend Engineer', company: 'Acme' });
      expect((await suite.owner.api.get(PATH)).body.data.filter((application: { jobTitle: string }) => application.jobTitle.trim() === '')).toEqual([]);
    });

    it('changes fields and answers the full updated application', async () => {
      const id = await create(suite.owner, { location: 'Paris' });
      const response = await suite.owner.api.patch(`${PATH}/${id}`, {
        priority: 4,
        notes: 'Call back Monday',
        jobTitle: 'Staff Engineer',
        company: 'Acme GmbH',
        location: null,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id,
        priority: 4,
        notes: 'Call back Monday',
        jobTitle: 'Staff Engineer',
        company: 'Acme GmbH',
        location: null,
        status: 'watchlist',
        isArchived: false,
      });
      for (const field of ['jobUrl', 'source', 'salaryMin', 'salaryMax', 'appliedDate', 'createdAt', 'updatedAt']) expect(response.body).toHaveProperty(field);
      expect(response.body).not.toHaveProperty('accountId');
      const read = await suite.owner.api.get(`${PATH}/${id}`);
      expect(read.body.data).toMatchObject({ priority: 4, notes: 'Call back Monday', location: null });
    });

    it('adds a timeline entry per status change (none for the same status), newest first', async () => {
      const id = await create(suite.owner);
      await suite.owner.api.patch(`${PATH}/${id}`, { status: 'applied' });
      await suite.owner.api.patch(`${PATH}/${id}`, { status: 'applied' });
      await suite.owner.api.patch(`${PATH}/${id}`, { status: 'screening' });
      const timeline = (await suite.owner.api.get(`${PATH}/${id}`)).body.data.timeline;
      expect(timeline.map((entry: { status: string }) => entry.status)).toEqual(['screening', 'applied', 'watchlist']);
      expect(timeline[0].description).toBe('Status changed from applied to screening');
    });

    it('archives on an archived status and un-archives on an active one', async () => {
      const id = await create(suite.owner);
      for (const status of ARCHIVED_STATUSES) {
        const archived = await suite.owner.api.patch(`${PATH}/${id}`, { status });
        expect(archived.body).toMatchObject({ status, isArchived: true });
      }
      const back = await suite.owner.api.patch(`${PATH}/${id}`, { status: 'offer' });
      expect(back.body).toMatchObject({ status: 'offer', isArchived: false });
    });

    it('accepts every one of the 13 statuses', async () => {
      const id = await create(suite.owner);
      for (const status of APPLICATION_STATUSES) {
        expect((await suite.owner.api.patch(`${PATH}/${id}`, { status })).body.status).toBe(status);
      }
    });

    it('sets appliedDate when moving to applied, and keeps the first one', async () => {
      const id = await create(suite.owner);
      const applied = await suite.owner.api.patch(`${PATH}/${id}`, { status: 'applied' });
      expect(Date.now() - new Date(applied.body.appliedDate).getTime()).toBeLessThan(60_000);
      await suite.owner.api.patch(`${PATH}/${id}`, { status: 'screening' });
      const again = await suite.owner.api.patch(`${PATH}/${id}`, { status: 'applied' });
      expect(again.body.appliedDate).toBe(applied.body.appliedDate);
    });

    it('shows only the 20 latest timeline entries', async () => {
      const id = await create(suite.owner);
      const statuses = ['applied', 'screening'] as const;
      for (let index = 0; index < 24; index += 1) await suite.owner.api.patch(`${PATH}/${id}`, { status: statuses[index % 2] });
      const timeline = (await suite.owner.api.get(`${PATH}/${id}`)).body.data.timeline;
      expect(timeline).toHaveLength(20);
      expect(timeline[0].status).toBe('screening');
      const times = timeline.map((entry: { createdAt: string }) => entry.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('orders the timeline in the order the status changes were committed: after 50 concurrent changes its newest entry is the status', async () => {
      const account = await suite.createAccount();
      for (let round = 0; round < 4; round += 1) {
        const id = await create(account);
        const changes = await Promise.all(
          Array.from({ length: 50 }, (_, index) => account.api.patch(`${PATH}/${id}`, { status: APPLICATION_STATUSES[index % APPLICATION_STATUSES.length] })),
        );
        expect(changes.map((change) => change.status)).toEqual(Array(50).fill(200));
        const { status, timeline } = (await account.api.get(`${PATH}/${id}`)).body.data;
        expect(timeline).toHaveLength(20);
        expect({ round, newest: timeline[0].status }).toEqual({ round, newest: status });
        // Each entry records a change from the status of the entry before it (older, next in the list).
        for (let index = 0; index + 1 < timeline.length; index += 1) {
          expect(timeline[index].description).toBe(`Status changed from ${timeline[index + 1].status} to ${timeline[index].status}`);
        }
        const times = timeline.map((entry: { createdAt: string }) => entry.createdAt);
        expect([...times].sort().reverse()).toEqual(times);
      }
    });

    it.each([
      [{ status: 'lost' }, { status: ['must be a valid status'] }],
      [{ priority: 0 }, { priority: ['must be between 1 and 5'] }],
      [{ priority: 6 }, { priority: ['must be between 1 and 5'] }],
      [{ priority: 2.5 }, { priority: ['must be an integer'] }],
      [{ jobTitle: null }, { jobTitle: ['must be a string'] }],
      [{ company: 'x'.repeat(201) }, { company: ['must be at most 200 characters'] }],
      [{ autoPrepare: true }, { autoPrepare: ['is not allowed'] }],
      [{}, { body: ['at least one field is required'] }],
    ])('rejects %j', async (body, details) => {
      const id = await create(suite.owner);
      const response = await suite.owner.api.patch(`${PATH}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('clears priority and notes with null', async () => {
      const id = await create(suite.owner);
      await suite.owner.api.patch(`${PATH}/${id}`, { priority: 2, notes: 'n' });
      const cleared = await suite.owner.api.patch(`${PATH}/${id}`, { priority: null, notes: null });
      expect(cleared.body).toMatchObject({ priority: null, notes: null });
    });
  });

  describe('DELETE /v1/tracker/applications/{id}', () => {
    it('removes the application and its timeline, and keeps a linked resume', async () => {
      const id = await create(suite.owner);
      await suite.owner.api.patch(`${PATH}/${id}`, { status: 'applied' });
      const database = suite.testApp.app.get(DataSource);
      const [resume] = await database.query('SELECT id FROM resumes WHERE account_id = $1', [suite.owner.accountId]);
      await database.query('UPDATE applications SET cv_id = $1 WHERE id = $2', [resume.id, id]);
      expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data.cvId).toBe(resume.id);

      const response = await suite.owner.api.delete(`${PATH}/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await suite.owner.api.get(`${PATH}/${id}`)).status).toBe(404);
      const [{ count }] = await database.query('SELECT count(*)::int AS count FROM application_timeline_entries WHERE application_id = $1', [id]);
      expect(count).toBe(0);
      expect(await database.query('SELECT id FROM resumes WHERE id = $1', [resume.id])).toHaveLength(1);
      expect((await suite.owner.api.delete(`${PATH}/${id}`)).status).toBe(404);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's application on GET, PATCH and DELETE, and leaves it unchanged", async () => {
      const intruder = await suite.createAccount();
      const id = await create(suite.owner, { jobTitle: 'Private role' });
      await expectHiddenFrom(intruder, `${PATH}/${id}`, { status: 'rejected' });
      expect((await intruder.api.get(PATH)).body.data.map((item: { id: string }) => item.id)).not.toContain(id);
      const read = await suite.owner.api.get(`${PATH}/${id}`);
      expect(read.body.data).toMatchObject({ jobTitle: 'Private role', status: 'watchlist' });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await suite.owner.api.get(`${PATH}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      const malformed = await suite.owner.api.get(`${PATH}/not-a-uuid`);
      expect(malformed.status).toBe(404);
      expect(malformed.body).toEqual({ error: 'Not found' });
      expect((await suite.owner.api.patch(`${PATH}/123`, { notes: 'x' })).status).toBe(404);
    });
  });
});
