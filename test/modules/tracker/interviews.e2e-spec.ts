import { DataSource } from 'typeorm';
import { TestAccount } from '../../setup/factories';
import { expectDocumented, expectNotFound } from '../../setup/expectations';
import { useTestApp } from '../../setup/test-app';

const APPLICATIONS = '/v1/tracker/applications';
const interviewsOf = (applicationId: string) => `${APPLICATIONS}/${applicationId}/interviews`;
const newInterview = (overrides: Record<string, unknown> = {}) => ({ round: 1, type: 'phone', date: '2025-03-10T09:00:00Z', ...overrides });

describe('/v1/tracker/applications/{id}/interviews', () => {
  const suite = useTestApp();

  const createApplication = async (account: TestAccount) => {
    const response = await account.api.post(APPLICATIONS, { jobTitle: 'Backend Engineer', company: 'Acme' });
    expect(response.status).toBe(201);
    return response.body.applicationId as string;
  };
  const createContact = async (
    account: TestAccount,
    body: Record<string, unknown> = { firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'CTO', email: 'ada@acme.example' },
  ) => {
    const response = await account.api.post('/v1/contacts', body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const schedule = async (account: TestAccount, applicationId: string, overrides: Record<string, unknown> = {}) => {
    const response = await account.api.post(interviewsOf(applicationId), newInterview(overrides));
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const interviewsIn = async (account: TestAccount, applicationId: string) => (await account.api.get(`${APPLICATIONS}/${applicationId}`)).body.data.interviews;

  describe('POST /v1/tracker/applications/{id}/interviews', () => {
    it('schedules an interview that the application read shows with its contact', async () => {
      const applicationId = await createApplication(suite.owner);
      const contactId = await createContact(suite.owner);
      const response = await suite.owner.api.post(
        interviewsOf(applicationId),
        newInterview({ round: 2, type: 'technical', date: '2025-03-12T16:30:00+02:00', notes: 'System design', contactId }),
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, id: expect.any(String) });
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([
        {
          id: response.body.id,
          round: 2,
          type: 'technical',
          date: '2025-03-12T14:30:00.000Z',
          notes: 'System design',
          contact: { id: contactId, firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'CTO' },
        },
      ]);
    });

    it('shows interviews in date order, with contact null when none is named', async () => {
      const applicationId = await createApplication(suite.owner);
      const final = await schedule(suite.owner, applicationId, { round: 3, type: 'final', date: '2025-04-01T10:00:00Z' });
      const first = await schedule(suite.owner, applicationId, { round: 1, type: 'phone', date: '2025-03-01T10:00:00Z' });
      const second = await schedule(suite.owner, applicationId, { round: 2, type: 'take_home', date: '2025-03-15T23:59:00Z' });
      const interviews = await interviewsIn(suite.owner, applicationId);
      expect(interviews.map((interview: { id: string }) => interview.id)).toEqual([first, second, final]);
      expect(interviews[0]).toEqual({ id: first, round: 1, type: 'phone', date: '2025-03-01T10:00:00.000Z', notes: null, contact: null });
    });

    it('accepts every interview type', async () => {
      const applicationId = await createApplication(suite.owner);
      const types = ['phone', 'video', 'onsite', 'technical', 'behavioral', 'panel', 'take_home', 'final', 'other'];
      for (const [index, type] of types.entries()) await schedule(suite.owner, applicationId, { type, round: index + 1 });
      expect((await interviewsIn(suite.owner, applicationId)).map((interview: { type: string }) => interview.type).sort()).toEqual([...types].sort());
    });

    it('keeps an instant at either end of the years it takes, answered with a four-digit year', async () => {
      const applicationId = await createApplication(suite.owner);
      await schedule(suite.owner, applicationId, { round: 1, date: '0100-01-01T00:30:00+01:00' });
      await schedule(suite.owner, applicationId, { round: 2, date: '9999-12-31T22:00:00-01:00' });
      expect((await interviewsIn(suite.owner, applicationId)).map((interview: { date: string }) => interview.date)).toEqual([
        '0099-12-31T23:30:00.000Z',
        '9999-12-31T23:00:00.000Z',
      ]);
    });

    const dateMessage = ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'];
    it.each([
      [{ type: 'phone', date: '2025-03-01T10:00:00Z' }, { round: ['is required'] }],
      [newInterview({ round: 0 }), { round: ['must be between 1 and 100'] }],
      [newInterview({ round: 101 }), { round: ['must be between 1 and 100'] }],
      [newInterview({ round: 1.5 }), { round: ['must be an integer'] }],
      [newInterview({ round: '1' }), { round: ['must be an integer'] }],
      [newInterview({ type: undefined }), { type: ['is required'] }],
      [newInterview({ type: 'coffee' }), { type: ['must be one of: phone, video, onsite, technical, behavioral, panel, take_home, final, other'] }],
      [newInterview({ date: undefined }), { date: ['is required'] }],
      [newInterview({ date: 'next tuesday' }), { date: dateMessage }],
      [newInterview({ date: '2025-03-01' }), { date: dateMessage }],
      [newInterview({ date: '2025-03-01T10:00:00' }), { date: dateMessage }],
      [newInterview({ date: '2025-02-30T10:00:00Z' }), { date: dateMessage }],
      [newInterview({ date: 1740823200000 }), { date: dateMessage }],
      [newInterview({ date: '9999-12-31T23:00:00-01:00' }), { date: ['must fall within the years 0001 to 9999 once read in UTC'] }],
      [newInterview({ notes: 'x'.repeat(20_001) }), { notes: ['must be at most 20000 characters'] }],
      [newInterview({ contactId: 7 }), { contactId: ['must be a string'] }],
      [newInterview({ interviewer: 'Ada' }), { interviewer: ['is not allowed'] }],
    ])('rejects %j with details %j', async (body, details) => {
      const applicationId = await createApplication(suite.owner);
      const response = await suite.owner.api.post(interviewsOf(applicationId), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('answers 400 with details.contactId for a contact that is not one of yours (foreign, unknown, malformed or empty)', async () => {
      const applicationId = await createApplication(suite.owner);
      const stranger = await suite.createAccount();
      const foreignContact = await createContact(stranger);
      for (const contactId of [foreignContact, '00000000-0000-4000-8000-000000000000', 'not-an-id', '']) {
        const response = await suite.owner.api.post(interviewsOf(applicationId), newInterview({ contactId }));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: 'Validation failed', details: { contactId: ['must be the id of one of your contacts'] } });
      }
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([]);
    });
  });

  describe('PATCH /v1/tracker/applications/{id}/interviews/{interviewId}', () => {
    it('changes only the fields sent; notes: null clears, contactId links and null unlinks', async () => {
      const applicationId = await createApplication(suite.owner);
      const contactId = await createContact(suite.owner);
      const id = await schedule(suite.owner, applicationId, { notes: 'Bring portfolio' });

      const moved = await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, { date: '2025-03-11T08:00:00Z', type: 'video', contactId });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ success: true, id });
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([
        {
          id,
          round: 1,
          type: 'video',
          date: '2025-03-11T08:00:00.000Z',
          notes: 'Bring portfolio',
          contact: { id: contactId, firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'CTO' },
        },
      ]);

      await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, { notes: null, contactId: null, round: 2 });
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([
        { id, round: 2, type: 'video', date: '2025-03-11T08:00:00.000Z', notes: null, contact: null },
      ]);
    });

    it.each([
      [{}, { body: ['at least one field is required'] }],
      [{ round: null }, { round: ['must be an integer'] }],
      [{ type: 'lunch' }, { type: [expect.stringContaining('must be one of')] }],
      [{ date: '2025-13-01T10:00:00Z' }, { date: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] }],
      [{ applicationId: '00000000-0000-4000-8000-000000000000' }, { applicationId: ['is not allowed'] }],
    ])('rejects %j', async (body, details) => {
      const applicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId);
      const response = await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it("answers 400 with details.contactId for another account's contact, and changes nothing", async () => {
      const applicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId);
      const foreignContact = await createContact(await suite.createAccount());
      const response = await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, { contactId: foreignContact, round: 5 });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual({ contactId: ['must be the id of one of your contacts'] });
      expect((await interviewsIn(suite.owner, applicationId))[0]).toMatchObject({ round: 1, contact: null });
    });
  });

  describe('DELETE /v1/tracker/applications/{id}/interviews/{interviewId}', () => {
    it('removes the interview from the application', async () => {
      const applicationId = await createApplication(suite.owner);
      const kept = await schedule(suite.owner, applicationId, { round: 1 });
      const removed = await schedule(suite.owner, applicationId, { round: 2 });
      const response = await suite.owner.api.delete(`${interviewsOf(applicationId)}/${removed}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await interviewsIn(suite.owner, applicationId)).map((interview: { id: string }) => interview.id)).toEqual([kept]);
      expect((await suite.owner.api.delete(`${interviewsOf(applicationId)}/${removed}`)).status).toBe(404);
    });
  });

  describe('what deletes do to interviews', () => {
    it('keeps the interview with contact null when its contact is deleted', async () => {
      const applicationId = await createApplication(suite.owner);
      const contactId = await createContact(suite.owner);
      const id = await schedule(suite.owner, applicationId, { contactId, notes: 'With Ada' });
      expect((await suite.owner.api.delete(`/v1/contacts/${contactId}`)).status).toBe(200);
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([
        { id, round: 1, type: 'phone', date: '2025-03-10T09:00:00.000Z', notes: 'With Ada', contact: null },
      ]);
    });

    it('deletes the interviews of a deleted application', async () => {
      const applicationId = await createApplication(suite.owner);
      await schedule(suite.owner, applicationId);
      await schedule(suite.owner, applicationId, { round: 2 });
      expect((await suite.owner.api.delete(`${APPLICATIONS}/${applicationId}`)).status).toBe(200);
      const [{ count }] = await suite.testApp.app
        .get(DataSource)
        .query('SELECT count(*)::int AS count FROM interviews WHERE application_id = $1', [applicationId]);
      expect(count).toBe(0);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's application and interviews, and leaves them unchanged", async () => {
      const intruder = await suite.createAccount();
      const applicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId, { notes: 'Private' });
      await expectNotFound(
        intruder.api.post(interviewsOf(applicationId), newInterview()),
        intruder.api.patch(`${interviewsOf(applicationId)}/${id}`, { notes: 'Stolen' }),
        intruder.api.delete(`${interviewsOf(applicationId)}/${id}`),
      );
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([expect.objectContaining({ id, notes: 'Private' })]);
    });

    it('answers 404 for an interview addressed through another of your applications, or an unknown or malformed id', async () => {
      const applicationId = await createApplication(suite.owner);
      const otherApplicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId);
      await expectNotFound(
        suite.owner.api.patch(`${interviewsOf(otherApplicationId)}/${id}`, { round: 9 }),
        suite.owner.api.delete(`${interviewsOf(otherApplicationId)}/${id}`),
        suite.owner.api.patch(`${interviewsOf(applicationId)}/not-an-id`, { round: 9 }),
        suite.owner.api.post(interviewsOf('00000000-0000-4000-8000-000000000000'), newInterview()),
      );
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([expect.objectContaining({ id, round: 1 })]);
    });
  });

  describe('where, how and how long', () => {
    const details = { location: 'Acme HQ, Room 4.12', meetingUrl: 'https://meet.example.com/abc-defg', durationMinutes: 45 };

    it('keeps location, meetingUrl and durationMinutes, which the interview read shows with every field', async () => {
      const applicationId = await createApplication(suite.owner);
      const contactId = await createContact(suite.owner);
      const id = await schedule(suite.owner, applicationId, { ...details, notes: 'Whiteboard', contactId });
      const read = await suite.owner.api.get(`${interviewsOf(applicationId)}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        data: {
          id,
          applicationId,
          round: 1,
          type: 'phone',
          date: '2025-03-10T09:00:00.000Z',
          ...details,
          notes: 'Whiteboard',
          contact: { id: contactId, firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'CTO' },
        },
      });
    });

    it('answers null for the fields not given, changes them with PATCH and clears them with null', async () => {
      const applicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId);
      const readBack = async () => (await suite.owner.api.get(`${interviewsOf(applicationId)}/${id}`)).body.data;
      expect(await readBack()).toMatchObject({ location: null, meetingUrl: null, durationMinutes: null });
      expect((await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, details)).status).toBe(200);
      expect(await readBack()).toMatchObject({ ...details, round: 1 });
      await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, { durationMinutes: 90 });
      expect(await readBack()).toMatchObject({ ...details, durationMinutes: 90 });
      await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, { location: null, meetingUrl: null, durationMinutes: null });
      expect(await readBack()).toMatchObject({ location: null, meetingUrl: null, durationMinutes: null });
    });

    it('takes the bounds: 200 characters of location, a 500-character URL, 1 and 1440 minutes', async () => {
      const applicationId = await createApplication(suite.owner);
      const url = `https://meet.example.com/${'a'.repeat(500 - 'https://meet.example.com/'.length)}`;
      for (const [location, meetingUrl, durationMinutes] of [
        ['x'.repeat(200), url, 1],
        ['Remote', 'http://meet.example.com/x', 1440],
      ] as const) {
        const id = await schedule(suite.owner, applicationId, { location, meetingUrl, durationMinutes });
        expect((await suite.owner.api.get(`${interviewsOf(applicationId)}/${id}`)).body.data).toMatchObject({ location, meetingUrl, durationMinutes });
      }
    });

    it.each([
      [{ location: 'x'.repeat(201) }, { location: ['must be at most 200 characters'] }],
      [{ location: 7 }, { location: ['must be a string'] }],
      [{ meetingUrl: 'meet.example.com/abc' }, { meetingUrl: ['must be a valid URL'] }],
      [{ meetingUrl: 'ftp://meet.example.com/abc' }, { meetingUrl: ['must be a valid URL'] }],
      [{ meetingUrl: `https://meet.example.com/${'a'.repeat(476)}` }, { meetingUrl: ['must be at most 500 characters'] }],
      [{ durationMinutes: 0 }, { durationMinutes: ['must be between 1 and 1440'] }],
      [{ durationMinutes: 1441 }, { durationMinutes: ['must be between 1 and 1440'] }],
      [{ durationMinutes: 30.5 }, { durationMinutes: ['must be an integer'] }],
      [{ durationMinutes: '30' }, { durationMinutes: ['must be an integer'] }],
    ])('rejects %j on create and on PATCH with details %j', async (fields, expected) => {
      const applicationId = await createApplication(suite.owner);
      const created = await suite.owner.api.post(interviewsOf(applicationId), newInterview(fields));
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ error: 'Validation failed', details: expected });
      const id = await schedule(suite.owner, applicationId);
      const patched = await suite.owner.api.patch(`${interviewsOf(applicationId)}/${id}`, fields);
      expect(patched.status).toBe(400);
      expect(patched.body).toEqual({ error: 'Validation failed', details: expected });
    });

    it('keeps the specification’s fields in the application read', async () => {
      const applicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId, details);
      expect(await interviewsIn(suite.owner, applicationId)).toEqual([
        { id, round: 1, type: 'phone', date: '2025-03-10T09:00:00.000Z', notes: null, contact: null },
      ]);
    });

    it('records interview.scheduled and interview.updated with every field', async () => {
      const account = await suite.createAccount();
      const applicationId = await createApplication(account);
      const id = await schedule(account, applicationId, details);
      await account.api.patch(`${interviewsOf(applicationId)}/${id}`, { durationMinutes: 60 });
      const events = (await account.api.get('/v1/events')).body.data.filter((event: { type: string }) => event.type.startsWith('interview.'));
      expect(events.map((event: { type: string; data: unknown }) => [event.type, event.data])).toEqual([
        ['interview.scheduled', expect.objectContaining({ id, applicationId, ...details })],
        ['interview.updated', expect.objectContaining({ id, applicationId, ...details, durationMinutes: 60 })],
      ]);
    });
  });

  describe('GET /v1/tracker/applications/{id}/interviews and /{interviewId}', () => {
    it("lists an application's interviews in date order, with every field, in pages", async () => {
      const applicationId = await createApplication(suite.owner);
      // Another application's interview is not listed.
      await schedule(suite.owner, await createApplication(suite.owner));
      const final = await schedule(suite.owner, applicationId, { round: 3, type: 'final', date: '2025-04-01T10:00:00Z', durationMinutes: 60 });
      const first = await schedule(suite.owner, applicationId, { round: 1, date: '2025-03-01T10:00:00Z' });
      const second = await schedule(suite.owner, applicationId, {
        round: 2,
        type: 'video',
        date: '2025-03-15T10:00:00Z',
        meetingUrl: 'https://meet.example.com/x',
      });
      const page = await suite.owner.api.get(`${interviewsOf(applicationId)}?limit=2`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 3, hasMore: true, limit: 2, offset: 0 });
      expect(page.body.data[0]).toEqual({
        id: first,
        applicationId,
        round: 1,
        type: 'phone',
        date: '2025-03-01T10:00:00.000Z',
        location: null,
        meetingUrl: null,
        durationMinutes: null,
        notes: null,
        contact: null,
      });
      const rest = await suite.owner.api.get(`${interviewsOf(applicationId)}?limit=2&offset=2`);
      expect(rest.body).toMatchObject({ total: 3, hasMore: false });
      expect([...page.body.data, ...rest.body.data].map((interview: { id: string }) => interview.id)).toEqual([first, second, final]);
    });

    it('answers an empty list for an application without interviews', async () => {
      const applicationId = await createApplication(suite.owner);
      expect((await suite.owner.api.get(interviewsOf(applicationId))).body).toEqual({ data: [], total: 0, hasMore: false, limit: 25, offset: 0 });
    });
  });

  describe('GET /v1/tracker/interviews', () => {
    const SCHEDULED = '/v1/tracker/interviews';
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

    it('lists the interviews of all your applications, soonest first, each with its application, from now by default', async () => {
      const account = await suite.createAccount();
      const acme = await createApplication(account);
      const globex = (await account.api.post(APPLICATIONS, { jobTitle: 'Data Engineer', company: 'Globex' })).body.applicationId;
      await schedule(account, acme, { date: inHours(-2), round: 1 });
      const later = await schedule(account, acme, { date: inHours(48), round: 2, location: 'Acme HQ' });
      const sooner = await schedule(account, globex, { date: inHours(24), type: 'video', durationMinutes: 30 });
      const response = await account.api.get(SCHEDULED);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 2, hasMore: false, limit: 25, offset: 0 });
      expect(response.body.data).toEqual([
        expect.objectContaining({
          id: sooner,
          applicationId: globex,
          type: 'video',
          durationMinutes: 30,
          application: { id: globex, jobTitle: 'Data Engineer', company: 'Globex' },
        }),
        expect.objectContaining({
          id: later,
          applicationId: acme,
          location: 'Acme HQ',
          application: { id: acme, jobTitle: 'Backend Engineer', company: 'Acme' },
        }),
      ]);
    });

    it('is bounded by from (inclusive) and to (exclusive), and pages', async () => {
      const account = await suite.createAccount();
      const acme = await createApplication(account);
      const globex = await createApplication(account);
      const march = await schedule(account, acme, { date: '2025-03-01T10:00:00Z' });
      const april = await schedule(account, globex, { date: '2025-04-01T10:00:00Z' });
      const aprilLater = await schedule(account, acme, { date: '2025-04-01T10:00:00Z', round: 2 });
      await schedule(account, globex, { date: '2025-05-01T10:00:00Z', round: 2 });
      const ids = async (query: string) => (await account.api.get(`${SCHEDULED}?${query}`)).body.data.map((interview: { id: string }) => interview.id);
      expect(await ids('from=2025-03-01T10:00:00Z&to=2025-05-01T10:00:00Z')).toEqual([march, april, aprilLater]);
      expect(await ids('from=2025-03-01T10:00:01Z&to=2025-04-30T00:00:00Z')).toEqual([april, aprilLater]);
      expect(await ids('from=2025-01-01T00:00:00Z&to=2025-03-01T10:00:00Z')).toEqual([]);
      expect(await ids('from=2026-01-01T00:00:00Z')).toEqual([]);
      const page = await account.api.get(`${SCHEDULED}?from=2025-01-01T00:00:00Z&limit=1&offset=1`);
      expect(page.body).toMatchObject({ total: 4, hasMore: true, limit: 1, offset: 1 });
    });

    it.each([
      ['from=yesterday', { from: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] }],
      ['to=2025-03-01', { to: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] }],
      ['from=2025-03-01T00:00:00Z&to=2025-03-01T00:00:00Z', { to: ['must be after from'] }],
      ['from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', { to: ['must be after from'] }],
      ['when=soon', { when: ['is not allowed'] }],
    ])('rejects %s with details %j', async (query, details) => {
      const response = await suite.owner.api.get(`${SCHEDULED}?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it("never lists another account's interviews", async () => {
      const intruder = await suite.createAccount();
      const applicationId = await createApplication(suite.owner);
      await schedule(suite.owner, applicationId, { date: '2025-03-01T10:00:00Z' });
      expect((await intruder.api.get(`${SCHEDULED}?from=2000-01-01T00:00:00Z`)).body).toMatchObject({ data: [], total: 0 });
    });
  });

  describe('tenant isolation of the reads', () => {
    it("answers 404 to another account's application and interview on the list and the read", async () => {
      const intruder = await suite.createAccount();
      const applicationId = await createApplication(suite.owner);
      const id = await schedule(suite.owner, applicationId);
      expect((await suite.owner.api.get(`${interviewsOf(applicationId)}/${id}`)).status).toBe(200);
      expect((await suite.owner.api.get(interviewsOf(applicationId))).body.total).toBe(1);
      const intruderApplication = await createApplication(intruder);
      await expectNotFound(
        intruder.api.get(interviewsOf(applicationId)),
        intruder.api.get(`${interviewsOf(applicationId)}/${id}`),
        intruder.api.get(`${interviewsOf(intruderApplication)}/${id}`),
        suite.owner.api.get(`${interviewsOf(intruderApplication)}/${id}`),
        suite.owner.api.get(`${interviewsOf(applicationId)}/not-an-id`),
        suite.owner.api.get(interviewsOf('00000000-0000-4000-8000-000000000000')),
      );
    });
  });

  it('documents the reads with their scope and limit', async () => {
    await expectDocumented(suite.testApp.baseUrl, [
      [`${APPLICATIONS}/{id}/interviews`, 'get', 'tracker:read', 60],
      [`${APPLICATIONS}/{id}/interviews/{interviewId}`, 'get', 'tracker:read', 60],
      ['/v1/tracker/interviews', 'get', 'tracker:read', 60],
    ]);
  });

  it('documents every operation with its scope and limit', async () => {
    await expectDocumented(suite.testApp.baseUrl, [
      [`${APPLICATIONS}/{id}/interviews`, 'post', 'tracker:write', 20],
      [`${APPLICATIONS}/{id}/interviews/{interviewId}`, 'patch', 'tracker:write', 20],
      [`${APPLICATIONS}/{id}/interviews/{interviewId}`, 'delete', 'tracker:write', 10],
    ]);
  });
});
