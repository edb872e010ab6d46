import { Webhook } from 'standardwebhooks';
import { SCOPES } from '@src/common/auth/scopes';
import { createAccount, TestAccount } from '../../setup/factories';
import { startTestApp, TestApp } from '../../setup/test-app';
import { eventually, Receiver, ReceivedRequest } from './webhook-fixtures';
import { useFileEnvironment } from '../../setup/test-environment';

/** What a receiver does with an endpoint once it has one: a localhost URL in development, a rotated secret, a ping. */
let testApp: TestApp;
const receivers: Receiver[] = [];

const env: Record<string, string> = useFileEnvironment({
  async start() {
    testApp = await startTestApp({ ...env, WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOKS_RETRY_DELAY_MS: '150', WEBHOOKS_SWEEP_INTERVAL_MS: '500' });
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

const account = (options: Parameters<typeof createAccount>[2] = {}): Promise<TestAccount> => createAccount(testApp.app, testApp.baseUrl, options);

/** The receiver's URL with `localhost` for its host, as a developer would write it. */
const onLocalhost = (target: Receiver) => target.url.replace('127.0.0.1', 'localhost');

async function endpoint(owner: TestAccount, url: string): Promise<{ id: string; secret: string }> {
  const created = await owner.api.post('/v1/webhooks', { url, eventTypes: ['resume.created'] });
  expect(created.status).toBe(201);
  return created.body;
}

/** Records a `resume.created` event and answers the request that delivered it. */
async function deliverOne(owner: TestAccount, target: Receiver): Promise<ReceivedRequest> {
  const before = target.requests.length;
  const resume = await owner.api.post('/v1/resume', { name: `Resume ${before}` });
  expect(resume.status).toBe(201);
  const requests = await eventually(
    async () => target.requests,
    (list) => list.length > before,
  );
  return requests[before];
}

/** Whether a receiver whose library holds only `secret` accepts the request. */
function accepts(secret: string, request: ReceivedRequest): boolean {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

const signatures = (request: ReceivedRequest) => String(request.headers['webhook-signature']).split(' ');

describe('a localhost webhook URL', () => {
  it('is accepted with the development allowance, reads back as given, and is delivered to', async () => {
    const owner = await account();
    const target = await receiver();
    const url = onLocalhost(target);
    const { id, secret } = await endpoint(owner, url);
    expect((await owner.api.get(`/v1/webhooks/${id}`)).body.data.url).toBe(url);

    const request = await deliverOne(owner, target);
    expect(request.event).toMatchObject({ type: 'resume.created', accountId: owner.accountId });
    expect(accepts(secret, request)).toBe(true);
  });

  it("is refused for what it resolves to, not as an invalid URL: loopback without the allowance, the service's own port with it", async () => {
    const owner = await account();
    // The service's own port is PORT as configured (3000 here; the test app itself listens on a free port).
    const own = await owner.api.post('/v1/webhooks', { url: 'http://localhost:3000/v1/resume', eventTypes: ['resume.created'] });
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ error: 'Validation failed', details: { url: ["127.0.0.1:3000 is this service's own address"] } });

    const strict = await startTestApp({ ...env, WEBHOOKS_WORKER: 'off' });
    try {
      const stranger = await createAccount(strict.app, strict.baseUrl);
      for (const url of ['http://localhost:4000/hooks', 'https://localhost/hooks']) {
        const refused = await stranger.api.post('/v1/webhooks', { url, eventTypes: ['resume.created'] });
        expect({ url, status: refused.status, body: refused.body }).toEqual({
          url,
          status: 400,
          body: { error: 'Validation failed', details: { url: ['127.0.0.1 is a loopback address; webhooks go to public addresses'] } },
        });
      }
    } finally {
      await strict.close();
    }
  });

  it('still needs a host: a URL without one, or with a name that resolves nowhere, is a 400', async () => {
    const owner = await account();
    const noHost = await owner.api.post('/v1/webhooks', { url: 'http:///hooks', eventTypes: ['resume.created'] });
    expect(noHost.status).toBe(400);
    expect(noHost.body.details.url).toEqual(['must be a valid URL']);
    const nowhere = await owner.api.post('/v1/webhooks', { url: 'https://no-such-host.invalid/hooks', eventTypes: ['resume.created'] });
    expect(nowhere.body.details.url).toEqual(['no-such-host.invalid does not resolve to an address']);
  });
});

describe('POST /v1/webhooks/{id}/rotate-secret', () => {
  it('signs with the old secret and the new one during the overlap, so receivers holding either accept, and with the new one alone after it', async () => {
    const owner = await account();
    const target = await receiver();
    const { id, secret: old } = await endpoint(owner, target.url);

    const rotated = await owner.api.post(`/v1/webhooks/${id}/rotate-secret`, { oldSecretExpiresInSeconds: 4 });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const { secret: current, oldSecretExpiresAt } = rotated.body;
    expect(rotated.body).toEqual({ success: true, id, secret: expect.stringMatching(/^whsec_/), oldSecretExpiresAt: expect.any(String) });
    expect(current).not.toBe(old);
    expect(Math.abs(Date.parse(oldSecretExpiresAt) - (Date.now() + 4_000))).toBeLessThan(1_500);

    const during = await deliverOne(owner, target);
    expect(signatures(during)).toHaveLength(2);
    expect({ old: accepts(old, during), current: accepts(current, during) }).toEqual({ old: true, current: true });

    await new Promise((resolve) => setTimeout(resolve, Date.parse(oldSecretExpiresAt) - Date.now() + 100));
    const after = await deliverOne(owner, target);
    expect(signatures(after)).toHaveLength(1);
    expect({ old: accepts(old, after), current: accepts(current, after) }).toEqual({ old: false, current: true });
  });

  it('keeps the old secret a day unless told, retires it at once with 0, and a second rotation retires the secret before the current one', async () => {
    const owner = await account();
    const target = await receiver();
    const { id, secret: first } = await endpoint(owner, target.url);

    const byDefault = await owner.api.post(`/v1/webhooks/${id}/rotate-secret`);
    expect(byDefault.status).toBe(200);
    expect(Math.abs(Date.parse(byDefault.body.oldSecretExpiresAt) - (Date.now() + 86_400_000))).toBeLessThan(5_000);
    const second: string = byDefault.body.secret;

    const again = await owner.api.post(`/v1/webhooks/${id}/rotate-secret`, { oldSecretExpiresInSeconds: 600 });
    const third: string = again.body.secret;
    const overlapping = await deliverOne(owner, target);
    expect({ first: accepts(first, overlapping), second: accepts(second, overlapping), third: accepts(third, overlapping) }).toEqual({
      first: false,
      second: true,
      third: true,
    });

    const atOnce = await owner.api.post(`/v1/webhooks/${id}/rotate-secret`, { oldSecretExpiresInSeconds: 0 });
    expect(atOnce.body).toEqual({ success: true, id, secret: expect.stringMatching(/^whsec_/), oldSecretExpiresAt: null });
    const alone = await deliverOne(owner, target);
    expect(signatures(alone)).toHaveLength(1);
    expect({ third: accepts(third, alone), fourth: accepts(atOnce.body.secret, alone) }).toEqual({ third: false, fourth: true });
  });

  it.each([
    [{ oldSecretExpiresInSeconds: -1 }, 'oldSecretExpiresInSeconds', 'must be between 0 and 604800'],
    [{ oldSecretExpiresInSeconds: 604_801 }, 'oldSecretExpiresInSeconds', 'must be between 0 and 604800'],
    [{ oldSecretExpiresInSeconds: 1.5 }, 'oldSecretExpiresInSeconds', 'must be an integer'],
    [{ expiresIn: 60 }, 'expiresIn', 'is not allowed'],
  ])('refuses %j with a 400 naming the field, and keeps the secret', async (body, field, message) => {
    const owner = await account();
    const target = await receiver();
    const { id, secret } = await endpoint(owner, target.url);
    const refused = await owner.api.post(`/v1/webhooks/${id}/rotate-secret`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.details[field]).toContain(message);
    const request = await deliverOne(owner, target);
    expect(signatures(request)).toHaveLength(1);
    expect(accepts(secret, request)).toBe(true);
  });

  it("answers 404 for another account's endpoint, whose secret stays as it was", async () => {
    const owner = await account();
    const target = await receiver();
    const { id, secret } = await endpoint(owner, target.url);
    const stranger = await account();
    expect(await stranger.api.post(`/v1/webhooks/${id}/rotate-secret`, { oldSecretExpiresInSeconds: 0 })).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
    expect(accepts(secret, await deliverOne(owner, target))).toBe(true);
  });
});

describe('POST /v1/webhooks/{id}/ping', () => {
  it('sends a signed ping event to that endpoint alone and answers its delivery, which the list then shows delivered', async () => {
    const owner = await account();
    const target = await receiver();
    const other = await receiver();
    const { id, secret } = await endpoint(owner, target.url);
    await endpoint(owner, other.url);
    // Held, so that the answer shows the delivery before the receiver has answered it.
    target.hold = true;

    const pinged = await owner.api.post(`/v1/webhooks/${id}/ping`);
    expect(pinged.status).toBe(202);
    // 20 a minute, scaled by the test app's RATE_LIMIT_SCALE of 100.
    expect(pinged.headers.get('x-ratelimit-limit')).toBe('2000');
    const delivery = pinged.body.data;
    expect(delivery).toEqual({
      id: expect.any(String),
      eventId: expect.stringMatching(/^\d+$/),
      eventType: 'ping',
      status: 'pending',
      nextAttemptAt: expect.any(String),
      deliveredAt: null,
      createdAt: expect.any(String),
      attempts: [],
    });

    const [ping] = await eventually(
      async () => target.requests,
      (list) => list.length >= 1,
    );
    target.release();
    expect(ping.headers['webhook-id']).toBe(delivery.eventId);
    expect(accepts(secret, ping)).toBe(true);
    expect(ping.event).toEqual({
      id: delivery.eventId,
      type: 'ping',
      createdAt: expect.any(String),
      accountId: owner.accountId,
      data: { webhook: expect.objectContaining({ id, url: target.url, eventTypes: ['resume.created'], enabled: true }) },
    });

    const listed = await eventually(
      async () => (await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body.data,
      (list) => list[0]?.status === 'delivered',
    );
    expect(listed).toEqual([expect.objectContaining({ id: delivery.id, eventId: delivery.eventId, eventType: 'ping', status: 'delivered' })]);
    expect(listed[0].attempts).toEqual([expect.objectContaining({ statusCode: 204, error: null })]);

    // A test of one endpoint, not a change of the account: the other endpoint and the events feed have none of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.requests).toEqual([]);
    expect((await owner.api.get('/v1/events')).body.data).toEqual([]);
    expect((await owner.api.get('/v1/events?type=ping')).status).toBe(400);
  });

  it("answers 404 for another account's endpoint and sends nothing", async () => {
    const owner = await account();
    const target = await receiver();
    const { id } = await endpoint(owner, target.url);
    const stranger = await account();

    const refused = await stranger.api.post(`/v1/webhooks/${id}/ping`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'Not found' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(target.requests).toEqual([]);
    expect((await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body.data).toEqual([]);
  });

  it('answers 409 ENDPOINT_DISABLED for a disabled endpoint, and 403 to a key without webhooks:write', async () => {
    const owner = await account();
    const target = await receiver();
    const { id } = await endpoint(owner, target.url);
    expect((await owner.api.patch(`/v1/webhooks/${id}`, { enabled: false })).status).toBe(200);
    const disabled = await owner.api.post(`/v1/webhooks/${id}/ping`);
    expect(disabled.status).toBe(409);
    expect(disabled.body).toEqual({ error: 'The endpoint is disabled: enable it before pinging it', code: 'ENDPOINT_DISABLED' });

    const reader = await account({ scopes: SCOPES.filter((scope) => scope !== 'webhooks:write') });
    const forbidden = await reader.api.post(`/v1/webhooks/${id}/ping`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'Insufficient scope', requiredScope: 'webhooks:write' });
  });
});
