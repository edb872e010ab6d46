import { DataSource } from 'typeorm';
import { SCOPES } from '@src/common/auth/scopes';
import { createAccount, TestAccount } from '../../setup/factories';
import { startTestApp, TestApp, useTestApp } from '../../setup/test-app';

let testApp: TestApp;
let owner: TestAccount;

// The endpoints here are never reached: no delivery worker, so that the suite is about the API alone.
const suite = useTestApp({ WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOKS_WORKER: 'off' });
beforeAll(() => {
  ({ testApp, owner } = suite);
});

const RECEIVER = 'http://127.0.0.1:9/hooks';

describe('/v1/webhooks', () => {
  it('creates an endpoint, shows its secret once, and lists, reads, updates and deletes it', async () => {
    const created = await owner.api.post('/v1/webhooks', { url: RECEIVER, eventTypes: ['application.created', 'application.created', 'resume.deleted'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, id: expect.any(String), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const { id } = created.body;

    const read = await owner.api.get(`/v1/webhooks/${id}`);
    expect(read.body.data).toEqual({
      id,
      url: RECEIVER,
      eventTypes: ['application.created', 'resume.deleted'],
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify((await owner.api.get('/v1/webhooks')).body)).not.toContain('whsec_');

    const updated = await owner.api.patch(`/v1/webhooks/${id}`, { eventTypes: ['interview.scheduled'], enabled: false });
    expect(updated.body).toEqual({ success: true, id });
    expect((await owner.api.get(`/v1/webhooks/${id}`)).body.data).toMatchObject({ eventTypes: ['interview.scheduled'], enabled: false });

    const rotated = await owner.api.post(`/v1/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    expect((await owner.api.get(`/v1/webhooks/${id}/deliveries`)).body).toEqual({ data: [], total: 0, hasMore: false, limit: 25, offset: 0 });
    expect((await owner.api.delete(`/v1/webhooks/${id}`)).body).toEqual({ success: true });
    expect((await owner.api.get(`/v1/webhooks/${id}`)).status).toBe(404);
  });

  it('answers the secret, on create, on rotation and on a replay of the create, with Cache-Control: no-store', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const body = { url: RECEIVER, eventTypes: ['resume.created'] };
    const created = await account.api.request('POST', '/v1/webhooks', body, { 'idempotency-key': 'no-store-create' });
    expect([created.status, created.headers.get('cache-control')]).toEqual([201, 'no-store']);
    const replayed = await account.api.request('POST', '/v1/webhooks', body, { 'idempotency-key': 'no-store-create' });
    expect([replayed.body.secret, replayed.headers.get('cache-control')]).toEqual([created.body.secret, 'no-store']);
    const rotated = await account.api.post(`/v1/webhooks/${created.body.id}/rotate-secret`);
    expect([rotated.status, rotated.headers.get('cache-control')]).toEqual([200, 'no-store']);
    // Reads show no secret, and may be kept by a cache like any other answer.
    expect((await account.api.get(`/v1/webhooks/${created.body.id}`)).headers.get('cache-control')).toBeNull();
  });

  it('shows a password in the URL as *** in every read, list and event, and keeps it to send', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const url = 'http://hook-user:s3cr3t-pass@127.0.0.1:9/hooks?source=career';
    const shown = 'http://hook-user:***@127.0.0.1:9/hooks?source=career';
    const { id } = (await account.api.post('/v1/webhooks', { url, eventTypes: ['resume.created'] })).body;
    expect((await account.api.get(`/v1/webhooks/${id}`)).body.data.url).toBe(shown);
    await account.api.post('/v1/resume', { name: 'An event to deliver' });
    const answers = await Promise.all([
      account.api.get('/v1/webhooks'),
      account.api.get(`/v1/webhooks/${id}`),
      account.api.get(`/v1/webhooks/${id}/deliveries`),
      account.api.get('/v1/events'),
    ]);
    expect(answers[0].body.data.map((endpoint: { url: string }) => endpoint.url)).toEqual([shown]);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain('s3cr3t-pass');
    const [stored] = await testApp.app.get(DataSource).query('SELECT url FROM webhook_endpoints WHERE id = $1', [id]);
    expect(stored.url).toBe(url);
  });

  it('refuses unknown event types, an empty list and an update that changes nothing', async () => {
    const unknown = await owner.api.post('/v1/webhooks', { url: RECEIVER, eventTypes: ['application.exploded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.eventTypes[0]).toMatch(/^each value must be one of: application.created/);
    const empty = await owner.api.post('/v1/webhooks', { url: RECEIVER, eventTypes: [] });
    expect(empty.body.details.eventTypes).toEqual(['must name at least one event type']);
    const { id } = (await owner.api.post('/v1/webhooks', { url: RECEIVER, eventTypes: ['resume.created'] })).body;
    expect((await owner.api.patch(`/v1/webhooks/${id}`, {})).status).toBe(400);
  });

  it('answers 403 to a key without the webhooks or events scope', async () => {
    const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['webhooks:read'] });
    expect((await reader.api.get('/v1/webhooks')).status).toBe(200);
    expect((await reader.api.post('/v1/webhooks', { url: RECEIVER, eventTypes: ['resume.created'] })).status).toBe(403);
    expect((await reader.api.get('/v1/events')).status).toBe(403);
    const withoutWebhooks = await createAccount(testApp.app, testApp.baseUrl, { scopes: SCOPES.filter((scope) => !scope.startsWith('webhooks:')) });
    expect((await withoutWebhooks.api.get('/v1/webhooks')).status).toBe(403);
  });

  describe('SSRF', () => {
    it.each([
      ['https://10.0.0.7/hooks', '10.0.0.7 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://192.168.1.20/hooks', '192.168.1.20 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://172.20.0.1/hooks', '172.20.0.1 is in a private or reserved network range; webhooks go to public addresses'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://100.64.0.1/', '100.64.0.1 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://0.0.0.0/', '0.0.0.0 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://[fd00::1]/', 'fd00::1 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://[fe80::1]/', 'fe80::1 is in a private or reserved network range; webhooks go to public addresses'],
      ['https://[::ffff:10.0.0.1]/', '10.0.0.1 is in a private or reserved network range; webhooks go to public addresses'],
      ['http://93.184.215.14/hooks', 'must be an https URL (http is allowed to loopback addresses only, in development)'],
      ['http://127.0.0.1:3000/v1/tracker/applications', "127.0.0.1:3000 is this service's own address"],
    ])('refuses %s with a 400 that says why', async (url, reason) => {
      const refused = await owner.api.post('/v1/webhooks', { url, eventTypes: ['resume.created'] });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Validation failed', details: { url: [reason] } });
    });

    it('refuses a private address on update too, and keeps the URL it had', async () => {
      const { id } = (await owner.api.post('/v1/webhooks', { url: RECEIVER, eventTypes: ['resume.created'] })).body;
      const refused = await owner.api.patch(`/v1/webhooks/${id}`, { url: 'https://10.1.2.3/' });
      expect(refused.status).toBe(400);
      expect(refused.body.details.url).toEqual(['10.1.2.3 is in a private or reserved network range; webhooks go to public addresses']);
      expect((await owner.api.get(`/v1/webhooks/${id}`)).body.data.url).toBe(RECEIVER);
    });

    it('refuses loopback, over http or https, without the development allowance', async () => {
      const strict = await startTestApp({ WEBHOOKS_WORKER: 'off' });
      try {
        const account = await createAccount(strict.app, strict.baseUrl);
        for (const url of ['http://127.0.0.1:8080/hooks', 'https://127.0.0.1/hooks', 'https://[::1]/hooks']) {
          const refused = await account.api.post('/v1/webhooks', { url, eventTypes: ['resume.created'] });
          expect([url, refused.status]).toEqual([url, 400]);
          expect(refused.body.details.url[0]).toMatch(/is a loopback address; webhooks go to public addresses$/);
        }
      } finally {
        await strict.close();
      }
    });
  });
});

describe('/v1/events', () => {
  it('records each change once, in order, with the view the API shows, and pages with after', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    const resumeId = (await account.api.post('/v1/resume', { name: 'Base' })).body.id;
    const applicationId = (await account.api.post('/v1/tracker/applications', { jobTitle: 'Engineer', company: 'Acme' })).body.applicationId;
    await account.api.patch(`/v1/tracker/applications/${applicationId}`, { status: 'applied' });
    await account.api.patch(`/v1/tracker/applications/${applicationId}`, { notes: 'Spoke to the recruiter' });
    const interviewId = (
      await account.api.post(`/v1/tracker/applications/${applicationId}/interviews`, { round: 1, type: 'phone', date: '2026-12-01T10:00:00Z' })
    ).body.id;
    await account.api.patch(`/v1/tracker/applications/${applicationId}/interviews/${interviewId}`, { round: 2 });
    const coverLetterId = (await account.api.post('/v1/cover-letter', { cvId: resumeId, title: 'Dear Acme', content: 'Hello' })).body.id;
    const otherResumeId = (await account.api.post('/v1/resume', { name: 'Other' })).body.id;
    await account.api.delete(`/v1/resume/${otherResumeId}`);
    await account.api.delete(`/v1/tracker/applications/${applicationId}`);

    const { body } = await account.api.get('/v1/events');
    expect(body.hasMore).toBe(false);
    expect(body.data.map((event: { type: string }) => event.type)).toEqual([
      'resume.created',
      'application.created',
      'application.updated',
      'application.status_changed',
      'application.updated',
      'interview.scheduled',
      'interview.updated',
      'cover_letter.created',
      'resume.created',
      'resume.deleted',
      'application.deleted',
    ]);
    const [resumeCreated, created, , statusChanged, notesUpdated, scheduled, interviewUpdated, letter, , resumeDeleted, deleted] = body.data;
    expect(body.data.every((event: { accountId: string }) => event.accountId === account.accountId)).toBe(true);
    expect(resumeCreated.data).toMatchObject({ id: resumeId, name: 'Base', isDefault: false });
    expect(created.data).toMatchObject({ id: applicationId, jobTitle: 'Engineer', status: 'watchlist', isArchived: false });
    expect(statusChanged.data).toMatchObject({ from: 'watchlist', to: 'applied', application: { id: applicationId, status: 'applied' } });
    expect(notesUpdated.data).toMatchObject({ id: applicationId, notes: 'Spoke to the recruiter' });
    expect(scheduled.data).toMatchObject({ id: interviewId, applicationId, round: 1, type: 'phone', contact: null });
    expect(interviewUpdated.data).toMatchObject({ id: interviewId, round: 2 });
    expect(letter.data).toMatchObject({ id: coverLetterId, cvId: resumeId, title: 'Dear Acme', content: 'Hello', variables: {} });
    expect(resumeDeleted.data).toEqual({ id: otherResumeId });
    expect(deleted.data).toEqual({ id: applicationId });

    const ids: string[] = body.data.map((event: { id: string }) => event.id);
    expect(ids.every((id) => typeof id === 'string' && /^[1-9]\d*$/.test(id))).toBe(true);
    expect([...ids].sort((a, b) => Number(BigInt(a) - BigInt(b)))).toEqual(ids);
    const page = (await account.api.get(`/v1/events?after=${ids[3]}&limit=2`)).body;
    expect(page).toEqual({ data: body.data.slice(4, 6), hasMore: true, limit: 2 });
    const ofType = (await account.api.get('/v1/events?type=resume.created')).body.data;
    expect(ofType.map((event: { id: string }) => event.id)).toEqual([ids[0], ids[8]]);
  });

  it('pages with any id an event can have, past 2^53 up to the largest', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    await account.api.post('/v1/resume', { name: 'Base' });
    for (const after of ['0', '9007199254740993', '9223372036854775807']) {
      const page = await account.api.get(`/v1/events?after=${after}`);
      expect([after, page.status, page.body.data.length]).toEqual([after, 200, after === '0' ? 1 : 0]);
    }
  });

  it.each(['-1', 'abc', '1.5', '1e3', ' 7', '0x10', '9223372036854775808', '123456789012345678901'])(
    'answers 400 in the validation shape to the malformed after %j',
    async (after) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const refused = await account.api.get(`/v1/events?after=${encodeURIComponent(after)}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Validation failed', details: { after: ['must be an event id (a string of digits)'] } });
    },
  );

  it('records nothing for a change that fails', async () => {
    const account = await createAccount(testApp.app, testApp.baseUrl);
    expect((await account.api.patch('/v1/tracker/applications/00000000-0000-4000-8000-000000000000', { status: 'applied' })).status).toBe(404);
    expect((await account.api.delete('/v1/tracker/applications/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await account.api.get('/v1/events')).body.data).toEqual([]);
  });
});
