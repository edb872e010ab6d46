import { TestAccount } from '../../setup/factories';
import { expectDocumented, expectNotFound } from '../../setup/expectations';
import { useTestApp } from '../../setup/test-app';

const APPLICATIONS = '/v1/tracker/applications';
const activitiesOf = (applicationId: string) => `${APPLICATIONS}/${applicationId}/activities`;
const newActivity = (overrides: Record<string, unknown> = {}) => ({ type: 'call', body: 'Called the recruiter', ...overrides });

interface TimelineEntry {
  id: string;
  status: string;
  description: string;
  createdAt: string;
  type?: string;
  occurredAt?: string;
}

describe('/v1/tracker/applications/{id}/activities', () => {
  const suite = useTestApp();

  const createApplication = async (account: TestAccount) => {
    const response = await account.api.post(APPLICATIONS, { jobTitle: 'Backend Engineer', company: 'Acme' });
    expect(response.status).toBe(201);
    return response.body.applicationId as string;
  };
  const record = async (account: TestAccount, applicationId: string, overrides: Record<string, unknown> = {}) => {
    const response = await account.api.post(activitiesOf(applicationId), newActivity(overrides));
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const timelineOf = async (account: TestAccount, applicationId: string): Promise<TimelineEntry[]> =>
    (await account.api.get(`${APPLICATIONS}/${applicationId}`)).body.data.timeline;
  const statusEntryOf = async (account: TestAccount, applicationId: string) => (await timelineOf(account, applicationId)).find((entry) => !entry.type)!;

  describe('POST /v1/tracker/applications/{id}/activities', () => {
    it('records an activity that the list and the single read’s timeline show, with the application’s status', async () => {
      const applicationId = await createApplication(suite.owner);
      await suite.owner.api.patch(`${APPLICATIONS}/${applicationId}`, { status: 'applied' });
      const before = Date.now();
      const response = await suite.owner.api.post(activitiesOf(applicationId), {
        type: 'email',
        body: 'Sent the portfolio',
        occurredAt: '2026-11-20T15:00:00+01:00',
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, id: expect.any(String) });
      const id = response.body.id;

      const list = await suite.owner.api.get(activitiesOf(applicationId));
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        data: [
          {
            id,
            applicationId,
            type: 'email',
            body: 'Sent the portfolio',
            occurredAt: '2026-11-20T14:00:00.000Z',
            status: 'applied',
            createdAt: expect.any(String),
          },
        ],
        total: 1,
        hasMore: false,
        limit: 25,
        offset: 0,
      });
      expect(new Date(list.body.data[0].createdAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);

      const timeline = await timelineOf(suite.owner, applicationId);
      expect(timeline[0]).toEqual({
        id,
        status: 'applied',
        description: 'Sent the portfolio',
        createdAt: list.body.data[0].createdAt,
        type: 'email',
        occurredAt: '2026-11-20T14:00:00.000Z',
      });
      // Status entries keep exactly the specification's fields.
      expect(timeline.slice(1)).toEqual([
        { id: expect.any(String), status: 'applied', description: 'Status changed from watchlist to applied', createdAt: expect.any(String) },
        { id: expect.any(String), status: 'watchlist', description: 'Application created', createdAt: expect.any(String) },
      ]);
    });

    it('defaults occurredAt to now, and accepts every type', async () => {
      const applicationId = await createApplication(suite.owner);
      const types = ['note', 'email', 'call', 'message', 'follow_up', 'other'];
      const before = Date.now();
      for (const type of types) await record(suite.owner, applicationId, { type });
      const { data } = (await suite.owner.api.get(activitiesOf(applicationId))).body;
      expect(data.map((activity: { type: string }) => activity.type).sort()).toEqual([...types].sort());
      for (const activity of data) {
        expect(Math.abs(new Date(activity.occurredAt).getTime() - before)).toBeLessThan(60_000);
        expect(activity.status).toBe('watchlist');
      }
    });

    it('places an activity in the timeline when it is recorded, even one that occurred earlier: the first entry keeps the application’s status', async () => {
      const applicationId = await createApplication(suite.owner);
      await suite.owner.api.patch(`${APPLICATIONS}/${applicationId}`, { status: 'applied' });
      const lastWeek = await record(suite.owner, applicationId, { type: 'note', body: 'Met Ada at the meetup', occurredAt: '2020-01-01T10:00:00Z' });
      await suite.owner.api.patch(`${APPLICATIONS}/${applicationId}`, { status: 'screening' });
      const call = await record(suite.owner, applicationId, { body: 'Screening call booked' });

      const timeline = await timelineOf(suite.owner, applicationId);
      expect(timeline.map((entry) => [entry.type ?? null, entry.status, entry.description])).toEqual([
        ['call', 'screening', 'Screening call booked'],
        [null, 'screening', 'Status changed from applied to screening'],
        ['note', 'applied', 'Met Ada at the meetup'],
        [null, 'applied', 'Status changed from watchlist to applied'],
        [null, 'watchlist', 'Application created'],
      ]);
      const times = timeline.map((entry) => entry.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      // The list orders by when each happened instead.
      const { data } = (await suite.owner.api.get(activitiesOf(applicationId))).body;
      expect(data.map((activity: { id: string }) => activity.id)).toEqual([call, lastWeek]);
    });

    it('records, under concurrent status changes, the status each activity was recorded in: the first entry is the application’s status', async () => {
      const account = await suite.createAccount();
      const applicationId = await createApplication(account);
      const statuses = ['applied', 'screening', 'interview_scheduled', 'offer'];
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          index % 2
            ? account.api.patch(`${APPLICATIONS}/${applicationId}`, { status: statuses[index % statuses.length] })
            : account.api.post(activitiesOf(applicationId), newActivity({ body: `Activity ${index}` })),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(12).fill(200), ...Array(12).fill(201)]);
      const { status, timeline } = (await account.api.get(`${APPLICATIONS}/${applicationId}`)).body.data as { status: string; timeline: TimelineEntry[] };
      expect(timeline[0].status).toBe(status);
      // Each activity has the status of the latest status entry recorded before it.
      timeline.forEach((entry, index) => {
        const before = timeline.slice(index + 1).find((older) => !older.type);
        if (entry.type && before) expect({ activity: entry.description, status: entry.status }).toEqual({ activity: entry.description, status: before.status });
      });
    });

    it('counts activities within the timeline’s 20 latest entries', async () => {
      const applicationId = await createApplication(suite.owner);
      for (let index = 0; index < 21; index += 1) await record(suite.owner, applicationId, { body: `Note ${index}` });
      const timeline = await timelineOf(suite.owner, applicationId);
      expect(timeline).toHaveLength(20);
      expect(timeline[0].description).toBe('Note 20');
      expect(timeline.at(-1)!.description).toBe('Note 1');
    });

    const dateMessage = ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'];
    it.each([
      [{ body: 'Hello' }, { type: ['is required'] }],
      [newActivity({ type: 'lunch' }), { type: ['must be one of: note, email, call, message, follow_up, other'] }],
      [newActivity({ type: 'status_change' }), { type: ['must be one of: note, email, call, message, follow_up, other'] }],
      [newActivity({ body: undefined }), { body: ['is required'] }],
      [newActivity({ body: '' }), { body: ['must not be empty'] }],
      [newActivity({ body: 42 }), { body: ['must be a string'] }],
      [newActivity({ body: 'x'.repeat(5_001) }), { body: ['must be at most 5000 characters'] }],
      [newActivity({ occurredAt: 'yesterday' }), { occurredAt: dateMessage }],
      [newActivity({ occurredAt: '2026-11-20' }), { occurredAt: dateMessage }],
      [newActivity({ occurredAt: '2026-11-20T10:00:00' }), { occurredAt: dateMessage }],
      [newActivity({ occurredAt: null }), { occurredAt: dateMessage }],
      [newActivity({ status: 'offer' }), { status: ['is not allowed'] }],
    ])('rejects invalid fields (case %#)', async (body, details) => {
      const applicationId = await createApplication(suite.owner);
      const response = await suite.owner.api.post(activitiesOf(applicationId), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('takes a body of exactly 5,000 characters', async () => {
      const applicationId = await createApplication(suite.owner);
      await record(suite.owner, applicationId, { body: 'x'.repeat(5_000) });
    });
  });

  describe('GET /v1/tracker/applications/{id}/activities', () => {
    it('pages the activities, the latest occurredAt first, and leaves the status changes out', async () => {
      const applicationId = await createApplication(suite.owner);
      const march = await record(suite.owner, applicationId, { occurredAt: '2026-03-01T10:00:00Z' });
      const may = await record(suite.owner, applicationId, { occurredAt: '2026-05-01T10:00:00Z' });
      const april = await record(suite.owner, applicationId, { occurredAt: '2026-04-01T10:00:00Z' });
      const first = await suite.owner.api.get(`${activitiesOf(applicationId)}?limit=2`);
      expect(first.body).toMatchObject({ total: 3, hasMore: true, limit: 2, offset: 0 });
      const second = await suite.owner.api.get(`${activitiesOf(applicationId)}?limit=2&offset=2`);
      expect(second.body).toMatchObject({ total: 3, hasMore: false, limit: 2, offset: 2 });
      expect([...first.body.data, ...second.body.data].map((activity: { id: string }) => activity.id)).toEqual([may, april, march]);
    });

    it('answers an empty list for an application without activities', async () => {
      const applicationId = await createApplication(suite.owner);
      expect((await suite.owner.api.get(activitiesOf(applicationId))).body).toEqual({ data: [], total: 0, hasMore: false, limit: 25, offset: 0 });
    });
  });

  describe('PATCH /v1/tracker/applications/{id}/activities/{activityId}', () => {
    it('changes only the fields sent, and the entry keeps its place in the timeline', async () => {
      const applicationId = await createApplication(suite.owner);
      const id = await record(suite.owner, applicationId, { type: 'note', body: 'Draft', occurredAt: '2026-11-01T09:00:00Z' });
      await suite.owner.api.patch(`${APPLICATIONS}/${applicationId}`, { status: 'applied' });
      const response = await suite.owner.api.patch(`${activitiesOf(applicationId)}/${id}`, { body: 'Final note', occurredAt: '2026-11-02T09:00:00Z' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, id });
      await suite.owner.api.patch(`${activitiesOf(applicationId)}/${id}`, { type: 'follow_up' });

      const timeline = await timelineOf(suite.owner, applicationId);
      expect(timeline.map((entry) => entry.description)).toEqual(['Status changed from watchlist to applied', 'Final note', 'Application created']);
      expect(timeline[1]).toEqual({
        id,
        status: 'watchlist',
        description: 'Final note',
        createdAt: expect.any(String),
        type: 'follow_up',
        occurredAt: '2026-11-02T09:00:00.000Z',
      });
    });

    it.each([
      [{}, { body: ['at least one field is required'] }],
      [{ type: 'fax' }, { type: [expect.stringContaining('must be one of')] }],
      [{ body: null }, { body: ['is required'] }],
      [{ body: '' }, { body: ['must not be empty'] }],
      [{ body: 'x'.repeat(5_001) }, { body: ['must be at most 5000 characters'] }],
      [{ occurredAt: '2026-02-30T10:00:00Z' }, { occurredAt: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] }],
      [{ status: 'offer' }, { status: ['is not allowed'] }],
    ])('rejects invalid fields (case %#)', async (body, details) => {
      const applicationId = await createApplication(suite.owner);
      const id = await record(suite.owner, applicationId);
      const response = await suite.owner.api.patch(`${activitiesOf(applicationId)}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('DELETE /v1/tracker/applications/{id}/activities/{activityId}', () => {
    it('removes the activity from the list and the timeline', async () => {
      const applicationId = await createApplication(suite.owner);
      const kept = await record(suite.owner, applicationId, { body: 'Kept' });
      const removed = await record(suite.owner, applicationId, { body: 'Removed' });
      const response = await suite.owner.api.delete(`${activitiesOf(applicationId)}/${removed}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await timelineOf(suite.owner, applicationId)).map((entry) => entry.description)).toEqual(['Kept', 'Application created']);
      expect((await suite.owner.api.get(activitiesOf(applicationId))).body.data.map((activity: { id: string }) => activity.id)).toEqual([kept]);
      expect((await suite.owner.api.delete(`${activitiesOf(applicationId)}/${removed}`)).status).toBe(404);
    });
  });

  describe('status entries', () => {
    it('cannot be edited or deleted: 404 where an activity of the same timeline can, and the entry stays', async () => {
      const applicationId = await createApplication(suite.owner);
      const statusEntry = await statusEntryOf(suite.owner, applicationId);
      const activity = await record(suite.owner, applicationId, { body: 'Editable' });
      expect((await suite.owner.api.patch(`${activitiesOf(applicationId)}/${activity}`, { body: 'Edited' })).status).toBe(200);
      expect((await suite.owner.api.delete(`${activitiesOf(applicationId)}/${activity}`)).status).toBe(200);
      await expectNotFound(
        suite.owner.api.patch(`${activitiesOf(applicationId)}/${statusEntry.id}`, { body: 'Rewritten history' }),
        suite.owner.api.delete(`${activitiesOf(applicationId)}/${statusEntry.id}`),
      );
      expect(await timelineOf(suite.owner, applicationId)).toEqual([statusEntry]);
    });
  });

  describe('events', () => {
    it('records application.activity_added, _updated and _deleted with the activity', async () => {
      const account = await suite.createAccount({ scopes: ['tracker:read', 'tracker:write', 'events:read'] });
      const applicationId = await createApplication(account);
      const id = await record(account, applicationId, { type: 'message', body: 'Hello', occurredAt: '2026-11-20T10:00:00Z' });
      await account.api.patch(`${activitiesOf(applicationId)}/${id}`, { body: 'Hello again' });
      await account.api.delete(`${activitiesOf(applicationId)}/${id}`);
      const events = (await account.api.get('/v1/events')).body.data.filter((event: { type: string }) => event.type.startsWith('application.activity_'));
      expect(events.map((event: { type: string; data: unknown }) => [event.type, event.data])).toEqual([
        [
          'application.activity_added',
          { id, applicationId, type: 'message', body: 'Hello', occurredAt: '2026-11-20T10:00:00.000Z', status: 'watchlist', createdAt: expect.any(String) },
        ],
        ['application.activity_updated', expect.objectContaining({ id, applicationId, body: 'Hello again' })],
        ['application.activity_deleted', { id, applicationId }],
      ]);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's application and activities, and leaves them unchanged", async () => {
      const intruder = await suite.createAccount();
      const applicationId = await createApplication(suite.owner);
      const id = await record(suite.owner, applicationId, { body: 'Private' });
      await expectNotFound(
        intruder.api.post(activitiesOf(applicationId), newActivity()),
        intruder.api.get(activitiesOf(applicationId)),
        intruder.api.patch(`${activitiesOf(applicationId)}/${id}`, { body: 'Stolen' }),
        intruder.api.delete(`${activitiesOf(applicationId)}/${id}`),
      );
      // The intruder's own application does not reach it either.
      const intruderApplication = await createApplication(intruder);
      await expectNotFound(
        intruder.api.patch(`${activitiesOf(intruderApplication)}/${id}`, { body: 'Stolen' }),
        intruder.api.delete(`${activitiesOf(intruderApplication)}/${id}`),
      );
      expect((await suite.owner.api.get(activitiesOf(applicationId))).body.data).toEqual([expect.objectContaining({ id, body: 'Private' })]);
    });

    it('answers 404 for an activity addressed through another of your applications, or an unknown or malformed id', async () => {
      const applicationId = await createApplication(suite.owner);
      const otherApplicationId = await createApplication(suite.owner);
      const id = await record(suite.owner, applicationId);
      await expectNotFound(
        suite.owner.api.patch(`${activitiesOf(otherApplicationId)}/${id}`, { body: 'Moved' }),
        suite.owner.api.delete(`${activitiesOf(otherApplicationId)}/${id}`),
        suite.owner.api.patch(`${activitiesOf(applicationId)}/not-an-id`, { body: 'x' }),
        suite.owner.api.get(activitiesOf('not-an-id')),
        suite.owner.api.post(activitiesOf('00000000-0000-4000-8000-000000000000'), newActivity()),
      );
    });
  });

  it('documents every operation with its scope and limit', async () => {
    await expectDocumented(suite.testApp.baseUrl, [
      [`${APPLICATIONS}/{id}/activities`, 'post', 'tracker:write', 20],
      [`${APPLICATIONS}/{id}/activities`, 'get', 'tracker:read', 60],
      [`${APPLICATIONS}/{id}/activities/{activityId}`, 'patch', 'tracker:write', 20],
      [`${APPLICATIONS}/{id}/activities/{activityId}`, 'delete', 'tracker:write', 10],
    ]);
  });
});
