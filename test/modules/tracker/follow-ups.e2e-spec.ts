import { FollowUpSweep } from '@src/modules/tracker/follow-up.sweep';
import { ApiClient } from '../../setup/api-client';
import { createAccount, TestAccount } from '../../setup/factories';
import { startTestApp, TestApp } from '../../setup/test-app';
import { eventually, Receiver } from '../webhooks/webhook-fixtures';
import { useFileEnvironment } from '../../setup/test-environment';

const APPLICATIONS = '/v1/tracker/applications';
const DUE_EVENTS = '/v1/events?type=application.follow_up_due&limit=100';

const apps: TestApp[] = [];
let receiver: Receiver;

// A database of the suite's own: the sweeps of every process on it announce what is due there, and no other suite's.
const env: Record<string, string> = useFileEnvironment({
  async start() {
    receiver = await Receiver.start();
  },
  async stop() {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await receiver?.close();
  },
});

async function startApp(): Promise<TestApp> {
  const app = await startTestApp({ ...env, WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true' });
  apps.push(app);
  return app;
}

async function stopApp(app: TestApp): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

const sweep = (app: TestApp) => app.app.get(FollowUpSweep).sweep();
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function application(api: ApiClient, followUpAt?: string | null, company = 'Acme'): Promise<string> {
  const created = await api.post(APPLICATIONS, { jobTitle: 'Engineer', company });
  expect(created.status).toBe(201);
  if (followUpAt !== undefined) expect((await api.patch(`${APPLICATIONS}/${created.body.applicationId}`, { followUpAt })).status).toBe(200);
  return created.body.applicationId;
}

async function dueEvents(api: ApiClient): Promise<{ type: string; data: { followUpAt: string; application: { id: string; followUpAt: string } } }[]> {
  const listed = await api.get(DUE_EVENTS);
  expect(listed.status).toBe(200);
  return listed.body.data;
}

describe('application.follow_up_due', () => {
  it('is recorded once per due date across a restart of the service, and once more for a new date, in /v1/events and by webhook', async () => {
    const first = await startApp();
    const owner = await createAccount(first.app, first.baseUrl);
    const hook = await owner.api.post('/v1/webhooks', { url: receiver.url, eventTypes: ['application.follow_up_due'] });
    expect(hook.status).toBe(201);
    const dueAt = hoursFromNow(-1);
    const id = await application(owner.api, dueAt);

    await sweep(first);
    await sweep(first);
    await stopApp(first);
    const second = await startApp();
    await sweep(second);
    const api = new ApiClient(second.baseUrl, owner.key);

    const once = await dueEvents(api);
    expect(once).toEqual([
      { ...once[0], type: 'application.follow_up_due', data: { followUpAt: dueAt, application: expect.objectContaining({ id, followUpAt: dueAt }) } },
    ]);

    // The same date sent again is no new date.
    expect((await api.patch(`${APPLICATIONS}/${id}`, { followUpAt: dueAt })).status).toBe(200);
    await sweep(second);
    expect(await dueEvents(api)).toHaveLength(1);

    const newDate = hoursFromNow(-0.5);
    expect((await api.patch(`${APPLICATIONS}/${id}`, { followUpAt: newDate })).status).toBe(200);
    await sweep(second);
    await sweep(second);
    expect((await dueEvents(api)).map((event) => event.data.followUpAt)).toEqual([dueAt, newDate]);

    const deliveries = await eventually(
      async () => receiver.requests.filter((request) => request.event.accountId === owner.accountId),
      (requests) => requests.length >= 2,
    );
    expect(deliveries.map((request) => [request.event.type, request.event.data.followUpAt])).toEqual([
      ['application.follow_up_due', dueAt],
      ['application.follow_up_due', newDate],
    ]);
  });

  it('is recorded once per application when two processes sweep at the same time', async () => {
    const [one, two] = [await startApp(), await startApp()];
    const owner = await createAccount(one.app, one.baseUrl);
    const ids = new Set<string>();
    for (let index = 0; index < 30; index += 1) ids.add(await application(owner.api, hoursFromNow(-2 - index / 10), `Company ${index}`));

    await Promise.all([sweep(one), sweep(two), sweep(one), sweep(two)]);

    const announced = (await dueEvents(owner.api)).map((event) => event.data.application.id);
    expect(announced).toHaveLength(30);
    expect(new Set(announced)).toEqual(ids);
  });

  it('is not recorded for a date still to come', async () => {
    const app = apps[0] ?? (await startApp());
    const owner = await createAccount(app.app, app.baseUrl);
    await application(owner.api, hoursFromNow(2));

    await sweep(app);

    expect(await dueEvents(owner.api)).toEqual([]);
  });
});

describe('GET /v1/tracker/applications?followUpBefore', () => {
  let owner: TestAccount;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const app = apps[0] ?? (await startApp());
    owner = await createAccount(app.app, app.baseUrl);
    ids.monday = await application(owner.api, '2030-12-02T09:00:00+01:00', 'Monday');
    ids.wednesday = await application(owner.api, '2030-12-04T09:00:00Z', 'Wednesday');
    ids.friday = await application(owner.api, '2030-12-06T09:00:00Z', 'Friday');
    ids.none = await application(owner.api, undefined, 'None');
    expect((await owner.api.patch(`${APPLICATIONS}/${ids.wednesday}`, { status: 'applied' })).status).toBe(200);
  });

  const listed = async (query: string) => {
    const answer = await owner.api.get(`${APPLICATIONS}?${query}`);
    expect(answer.status).toBe(200);
    return { ids: (answer.body.data as { id: string }[]).map((item) => item.id), total: answer.body.total };
  };

  it('lists only applications with a followUpAt strictly before the instant, whatever its time zone, with an exact total', async () => {
    expect(await listed('followUpBefore=2030-12-04T09:00:00Z&sort=followUpAt')).toEqual({ ids: [ids.monday], total: 1 });
    expect(await listed(`followUpBefore=${encodeURIComponent('2030-12-04T10:00:01+01:00')}&sort=followUpAt`)).toEqual({
      ids: [ids.monday, ids.wednesday],
      total: 2,
    });
    expect(await listed('followUpBefore=2031-01-01T00:00:00Z&sort=-followUpAt&limit=2')).toEqual({ ids: [ids.friday, ids.wednesday], total: 3 });
  });

  it('combines with the other filters', async () => {
    expect(await listed('followUpBefore=2031-01-01T00:00:00Z&status=applied')).toEqual({ ids: [ids.wednesday], total: 1 });
    expect(await listed('followUpBefore=2031-01-01T00:00:00Z&q=fri')).toEqual({ ids: [ids.friday], total: 1 });
  });

  it.each(['tomorrow', '2030-12-04', '2030-12-04T09:00:00'])('answers 400 on followUpBefore=%s, which is no date-time with a time zone', async (value) => {
    const answer = await owner.api.get(`${APPLICATIONS}?followUpBefore=${value}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'Validation failed',
      details: { followUpBefore: ['must be an ISO 8601 date-time with a timezone, e.g. 2025-03-01T14:00:00Z'] },
    });
  });
});
