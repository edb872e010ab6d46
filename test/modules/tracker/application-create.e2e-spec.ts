import { DataSource } from 'typeorm';
import { APPLICATION_STATUSES } from '@src/modules/tracker/application-status';
import { ApplicationCountsSweep } from '@src/modules/tracker/application-counts.sweep';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

const PATH = '/v1/tracker/applications';

/** Every field create takes, as a client sends them. */
const EVERY_FIELD = {
  jobTitle: 'Staff Engineer',
  company: 'Acme',
  location: 'Zürich',
  jobUrl: 'https://jobs.example.com/staff-engineer?utm_source=feed',
  jobDescription: 'Own the platform.',
  source: 'LinkedIn',
  priority: 4,
  notes: 'Referred by Ada',
  salaryMin: 150000,
  salaryMax: 180000,
  salaryPeriod: 'YEAR',
  salaryCurrency: 'CHF',
  appliedDate: '2026-11-20T09:30:00.123+01:00',
  deadline: '2026-12-15',
  postedAt: '2026-11-02',
};

describe('creating applications', () => {
  const suite = useTestApp();

  const read = async (account: TestAccount, id: string) => {
    const { timeline: _timeline, interviews: _interviews, ...application } = (await account.api.get(`${PATH}/${id}`)).body.data;
    return application;
  };
  const createdEvents = async (account: TestAccount) =>
    (await account.api.get('/v1/events?type=application.created&limit=100')).body.data as { id: string; data: { id: string } }[];

  describe('the application.created event', () => {
    it('holds exactly what the single read answers, for a create with every field and a linked resume', async () => {
      const account = await suite.createAccount();
      const cvId = (await account.api.post('/v1/resume', { name: 'Sent resume' })).body.id as string;
      const created = await account.api.post(PATH, { ...EVERY_FIELD, cvId });
      expect(created.status).toBe(201);
      const [event] = await createdEvents(account);
      expect(event.data).toEqual(await read(account, created.body.applicationId));
    });

    it('holds exactly what the single read answers, for a create with only the required fields', async () => {
      const account = await suite.createAccount();
      const created = await account.api.post(PATH, { jobTitle: 'Nurse', company: 'Hospital' });
      const [event] = await createdEvents(account);
      expect(event.data).toEqual(await read(account, created.body.applicationId));
      expect(event.data).toMatchObject({ status: 'watchlist', source: 'Other', jobUrl: null, isArchived: false });
    });

    it('holds exactly what the single read answers, for each row of a CSV import', async () => {
      const account = await suite.createAccount();
      const csv = 'jobTitle,company,status,followUpAt,salaryMin\r\nPharmacist,Apotheke,applied,2020-01-01T08:00:00Z,52000\r\nTechnician,Lab,offer,,\r\n';
      const imported = await account.api.request('POST', `${PATH}/import`, csv, { 'content-type': 'text/csv' });
      expect(imported.body).toMatchObject({ imported: 2 });
      const events = await createdEvents(account);
      expect(events).toHaveLength(2);
      for (const event of events) expect(event.data).toEqual(await read(account, event.data.id));
    });
  });

  describe('one account writing at once', () => {
    it('answers every create and status change of 40 at once, counts them exactly, and records each create once, in commit order', async () => {
      const account = await suite.createAccount();
      const first = await Promise.all(Array.from({ length: 10 }, (_, n) => account.api.post(PATH, { jobTitle: `Role ${n}`, company: 'Acme' })));
      const firstIds = first.map((response) => response.body.applicationId as string);
      // Creates (which lock the event order after their insert) beside status changes (which change the counts first).
      const writes = await Promise.all([
        ...Array.from({ length: 30 }, (_, n) => account.api.post(PATH, { jobTitle: `Later ${n}`, company: 'Acme', jobUrl: `https://jobs.example.com/${n}` })),
        ...firstIds.map((id, n) => account.api.patch(`${PATH}/${id}`, { status: APPLICATION_STATUSES[n % APPLICATION_STATUSES.length] })),
      ]);
      expect(writes.map((response) => response.status).filter((status) => status >= 300)).toEqual([]);

      const listed = (await account.api.get(`${PATH}?limit=100`)).body;
      expect(listed.total).toBe(40);
      const board = (await account.api.get('/v1/tracker/board')).body.data as { total: number; statuses: { status: string; count: number }[] };
      expect(board.total).toBe(40);
      expect(board.statuses.map(({ status, count }) => ({ status, count }))).toEqual(
        APPLICATION_STATUSES.map((status) => ({
          status,
          count: (listed.data as { status: string }[]).filter((application) => application.status === status).length,
        })),
      );
      const events = await createdEvents(account);
      expect(events.map((event) => event.data.id).sort()).toEqual((listed.data as { id: string }[]).map((application) => application.id).sort());
      expect(events.map((event) => BigInt(event.id))).toEqual(events.map((event) => BigInt(event.id)).sort((a, b) => (a < b ? -1 : 1)));
    });

    it('folds the counts into one row per status without changing a total', async () => {
      const account = await suite.createAccount();
      await Promise.all(Array.from({ length: 12 }, (_, n) => account.api.post(PATH, { jobTitle: `Role ${n}`, company: 'Acme' })));
      const created = (await account.api.get(`${PATH}?limit=100`)).body.data as { id: string }[];
      await Promise.all(created.slice(0, 5).map((application) => account.api.patch(`${PATH}/${application.id}`, { status: 'applied' })));
      const database = suite.testApp.app.get(DataSource);
      const rows = () => database.query('SELECT status, count FROM application_counts WHERE account_id = $1 ORDER BY status', [account.accountId]);
      expect((await rows()).length).toBeGreaterThan(2);
      const before = (await account.api.get('/v1/tracker/board')).body;

      expect(await suite.testApp.app.get(ApplicationCountsSweep).sweep()).toBeGreaterThanOrEqual(1);
      expect(await rows()).toEqual([
        { status: 'applied', count: 5 },
        { status: 'watchlist', count: 7 },
      ]);
      expect((await account.api.get('/v1/tracker/board')).body).toEqual(before);
      expect((await account.api.get(`${PATH}?status=watchlist`)).body.total).toBe(7);
    });
  });
});
