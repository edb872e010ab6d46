import { Webhook } from 'standardwebhooks';
import { WEBHOOK_LIMITS } from '@src/modules/webhooks/dto/webhook.dto';
import { createAccount, TestAccount } from '../../setup/factories';
import { startTestApp, TestApp } from '../../setup/test-app';
import { eventually, JOB_DESCRIPTION, Receiver, ReceivedRequest, unusedLoopbackUrl } from './webhook-fixtures';
import { useFileEnvironment } from '../../setup/test-environment';

const APPLICATIONS = '/v1/tracker/applications';
/** How long a slow receiver takes to answer: far longer than delivering to a fast one takes, even on a busy machine. */
const SLOW_ANSWER_MS = 5000;

let testApp: TestApp;
const receivers: Receiver[] = [];

/** Retries 150 ms, 300 ms, 600 ms apart: the schedule of a day, shrunk. */
const env: Record<string, string> = useFileEnvironment({
  async start() {
    testApp = await startTestApp({
      ...env,
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOKS_ATTEMPTS: '4',
      WEBHOOKS_RETRY_DELAY_MS: '150',
      WEBHOOKS_SWEEP_INTERVAL_MS: '500',
    });
  },
  async stop() {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await testApp?.close();
  },
});

async function receiver(): Promise<Receiver> {
  const started = await Receiver.start();
  receivers.push(started);
  return started;
}

async function account(options: Parameters<typeof createAccount>[2] = {}): Promise<TestAccount> {
  return createAccount(testApp.app, testApp.baseUrl, options);
}

async function endpoint(owner: TestAccount, url: string, eventTypes: string[]): Promise<{ id: string; secret: string }> {
  const created = await owner.api.post('/v1/webhooks', { url, eventTypes });
  expect(created.status).toBe(201);
  return created.body;
}

async function application(owner: TestAccount, body: object = {}): Promise<string> {
  const created = await owner.api.post(APPLICATIONS, { jobTitle: 'Engineer', company: 'Acme', ...body });
  expect(created.status).toBe(201);
  return created.body.applicationId;
}

const received = (target: Receiver, count: number) =>
  eventually(
    async () => target.requests,
    (requests) => requests.length >= count,
  );

/** What a receiver's library makes of a request: the verified event, or an exception. */
function verified(secret: string, request: ReceivedRequest): unknown {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}

describe('webhook delivery', () => {
  it('delivers application.created and then application.prepared of an autoPrepare application, signed by the Standard Webhooks scheme', async () => {
    const owner = await account({ features: ['auto-prepare'] });
    expect((await owner.api.post('/v1/resume', { name: 'Base' })).status).toBe(201);
    await owner.api.post('/v1/experiences', {
      jobTitle: 'Data Engineer',
      company: 'Streamly',
      description: 'Spark and Kafka pipelines in Python.',
      startDate: '2015-01-01',
    });
    const target = await receiver();
    const { secret } = await endpoint(owner, target.url, ['application.created', 'application.prepared']);

    const applicationId = await application(owner, { jobTitle: 'Data Engineer', company: 'Flowbase', jobDescription: JOB_DESCRIPTION, autoPrepare: true });
    const [created, prepared] = await received(target, 2);

    expect(verified(secret, created)).toEqual(created.event);
    expect(verified(secret, prepared)).toEqual(prepared.event);
    expect(() => verified(secret, { ...created, body: created.body.replace('Flowbase', 'Flowbasf') })).toThrow();
    expect(created.headers['content-type']).toBe('application/json');
    expect(typeof created.event.id).toBe('string');
    expect(created.headers['webhook-id']).toBe(created.event.id);
    expect(created.event).toMatchObject({
      type: 'application.created',
      accountId: owner.accountId,
      data: { id: applicationId, status: 'preparing', company: 'Flowbase' },
    });
    expect(prepared.event).toMatchObject({ type: 'application.prepared', accountId: owner.accountId, data: { id: applicationId, status: 'watchlist' } });
    expect(prepared.event.data.tailoringReport).toEqual(expect.objectContaining({ matched: expect.arrayContaining(['Spark', 'Kafka', 'Python']) }));
    expect(BigInt(prepared.event.id)).toBeGreaterThan(BigInt(created.event.id));

    // The same events, pulled: with the resume copy and the status change in between, which the endpoint did not ask for.
    const events = (await owner.api.get('/v1/events')).body.data;
    expect(events.map((event: { type: string }) => event.type)).toEqual([
      'resume.created',
      'resume.created',
      'application.created',
      'application.status_changed',
      'application.prepared',
    ]);
    expect(events.find((event: { id: string }) => event.id === prepared.event.id)).toEqual(prepared.event);
    expect(target.requests).toHaveLength(2);
  });

  it('sends an event a receiver answered 500 twice a third time, and holds the later event back until then', async () => {
    const owner = await account();
    const target = await receiver();
    target.answer = (index) => (index < 2 ? 500 : 200);
    const { id } = await endpoint(owner, target.url, ['application.created']);

    const first = await application(owner, { company: 'First' });
    const second = await application(owner, { company: 'Second' });
    const requests = await received(target, 4);

    expect(requests.map((request) => [request.event.data.id, request.headers['webhook-id']])).toEqual([
      [first, requests[0].event.id],
      [first, requests[0].event.id],
      [first, requests[0].event.id],
      [second, requests[3].event.id],
    ]);
    const deliveries = await eventually(
      async () => (await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body.data,
      (list) => list.every((delivery: { status: string }) => delivery.status === 'delivered'),
    );
    expect(deliveries.map((delivery: { eventId: string }) => delivery.eventId)).toEqual([requests[3].event.id, requests[0].event.id]);
    expect(deliveries[1].attempts.map((attempt: { statusCode: number; error: string | null }) => [attempt.statusCode, attempt.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [200, null],
    ]);
    expect(deliveries[1].deliveredAt).not.toBeNull();
  });

  it('delivers to an endpoint that answers at once while the others of the account take seconds to answer each', async () => {
    const owner = await account();
    const slowAnswers: number[] = [];
    const slow = await Promise.all(
      Array.from({ length: WEBHOOK_LIMITS.endpointsPerAccount - 1 }, async () => {
        const target = await receiver();
        target.delayMs = SLOW_ANSWER_MS;
        target.answer = () => {
          slowAnswers.push(Date.now());
          return 204;
        };
        return target;
      }),
    );
    const fast = await receiver();
    for (const target of [...slow, fast]) await endpoint(owner, target.url, ['application.created']);

    const applicationIds: string[] = [];
    for (const company of ['First', 'Second', 'Third']) applicationIds.push(await application(owner, { company }));
    const fastRequests = await received(fast, 3);

    // All three arrived before any slow receiver answered its first delivery (each is seconds away).
    expect(slowAnswers).toEqual([]);
    expect(fastRequests.map((request) => request.event.data.id)).toEqual(applicationIds);
    for (const target of slow) target.delayMs = 0;
    for (const target of slow) expect((await received(target, 3)).map((request) => request.event.data.id)).toEqual(applicationIds);
  });

  it('disables an endpoint whose receiver stays down through every retry, saying why', async () => {
    const owner = await account();
    const { id } = await endpoint(owner, await unusedLoopbackUrl(), ['application.created']);
    await application(owner);

    const disabled = await eventually(
      async () => (await owner.api.get(`/v1/webhooks/${id}`)).body.data,
      (webhook) => !webhook.enabled,
    );
    expect(disabled.disabledReason).toMatch(/failed 4 delivery attempts .*ECONNREFUSED/);
    const [delivery] = (await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body.data;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
    expect(
      delivery.attempts.every((attempt: { statusCode: number | null; error: string }) => attempt.statusCode === null && /ECONNREFUSED/.test(attempt.error)),
    ).toBe(true);

    const retried = await owner.api.post(`/v1/webhooks/${id}/deliveries/${delivery.id}/retry`);
    expect(retried.status).toBe(409);
    expect(retried.body.code).toBe('ENDPOINT_DISABLED');
  });

  it('sends nothing to a deleted endpoint', async () => {
    const owner = await account();
    const deletedTarget = await receiver();
    const control = await receiver();
    const deleted = await endpoint(owner, deletedTarget.url, ['application.created']);
    await endpoint(owner, control.url, ['application.created']);
    expect((await owner.api.delete(`/v1/webhooks/${deleted.id}`)).status).toBe(200);

    const applicationId = await application(owner);
    const [request] = await received(control, 1);
    expect(request.event.data.id).toBe(applicationId);
    expect(deletedTarget.requests).toHaveLength(0);
    expect((await owner.api.get(`/v1/webhooks/${deleted.id}/deliveries`)).status).toBe(404);
  });

  it('resends a delivered event on request, with the same Webhook-Id', async () => {
    const owner = await account();
    const target = await receiver();
    const { id } = await endpoint(owner, target.url, ['application.created']);
    await application(owner);
    const [first] = await received(target, 1);
    const [delivery] = await eventually(
      async () => (await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body.data,
      (list) => list[0]?.status === 'delivered',
    );

    const retried = await owner.api.post(`/v1/webhooks/${id}/deliveries/${delivery.id}/retry`);
    expect(retried).toMatchObject({ status: 202, body: { success: true, id: delivery.id } });
    const [, again] = await received(target, 2);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.body).toBe(first.body);
  });

  it('keeps webhooks, deliveries and events to their account', async () => {
    const owner = await account();
    const other = await account();
    const target = await receiver();
    const { id } = await endpoint(owner, target.url, ['application.created']);
    await application(owner);
    const [delivery] = await eventually(
      async () => (await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body.data,
      (list) => list[0]?.status === 'delivered',
    );
    await application(other);

    expect((await other.api.get('/v1/webhooks')).body).toMatchObject({ data: [], total: 0 });
    for (const [method, path] of [
      ['GET', `/v1/webhooks/${id}`],
      ['PATCH', `/v1/webhooks/${id}`],
      ['DELETE', `/v1/webhooks/${id}`],
      ['POST', `/v1/webhooks/${id}/rotate-secret`],
      ['GET', `/v1/webhooks/${id}/deliveries`],
      ['POST', `/v1/webhooks/${id}/deliveries/${delivery.id}/retry`],
    ]) {
      const response = await other.api.request(method, path, method === 'PATCH' ? { enabled: false } : undefined);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    const otherEvents = (await other.api.get('/v1/events')).body.data;
    expect(otherEvents.map((event: { type: string }) => event.type)).toEqual(['application.created']);
    expect(otherEvents[0].accountId).toBe(other.accountId);
    expect((await owner.api.get(`/v1/webhooks/${id}`)).body.data.enabled).toBe(true);
  });
});
