import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import type { ApiResponse } from '../../setup/api-client';
import { ApiClient } from '../../setup/api-client';
import { createAccount, TestAccount } from '../../setup/factories';
import { connect } from '../../setup/mcp-client';
import { startTestApp, useTestApp } from '../../setup/test-app';

const CONTACTS = '/v1/contacts';
const ada = { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd' };

const post = (api: ApiClient, key: string, body: unknown, path = CONTACTS) => api.request('POST', path, body, { 'idempotency-key': key });

/** What a client reads of an answer: its status, the headers that describe it, and its body. */
const answerOf = (response: ApiResponse) => ({
  status: response.status,
  contentType: response.headers.get('content-type'),
  location: response.headers.get('location'),
  body: response.body,
});

async function contactsOf(account: TestAccount): Promise<{ id: string; firstName: string }[]> {
  const list = await account.api.get(`${CONTACTS}?limit=100`);
  expect(list.status).toBe(200);
  return list.body.data;
}

describe('Idempotency-Key on POST /v1', () => {
  const suite = useTestApp();

  it('creates one contact for 20 concurrent POSTs with one key, and every answer is the same', async () => {
    const account = await suite.createAccount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(account.api, 'twenty-at-once', ada)));

    const first = answerOf(answers[0]);
    expect(first).toEqual({ status: 201, contentType: 'application/json; charset=utf-8', location: null, body: { success: true, id: expect.any(String) } });
    expect(answers.map(answerOf)).toEqual(Array(20).fill(first));
    // One ran; the others got its kept answer, marked as such.
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await contactsOf(account)).toEqual([expect.objectContaining({ id: first.body.id, firstName: 'Ada' })]);
  });

  it('replays the first answer to a retry, and a POST without a key still creates', async () => {
    const account = await suite.createAccount();
    const created = await post(account.api, 'retry-me', ada);
    const retried = await post(account.api, 'retry-me', { ...ada });
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(answerOf(retried)).toEqual(answerOf(created));
    // The replay's request id and rate-limit window are its own.
    expect(retried.headers.get('x-request-id')).not.toBe(created.headers.get('x-request-id'));
    expect(Number(retried.headers.get('x-ratelimit-remaining'))).toBe(Number(created.headers.get('x-ratelimit-remaining')) - 1);

    const unkeyed = await account.api.post(CONTACTS, ada);
    expect(unkeyed.status).toBe(201);
    expect(unkeyed.body.id).not.toBe(created.body.id);
    expect((await contactsOf(account)).map((contact) => contact.id).sort()).toEqual([created.body.id, unkeyed.body.id].sort());
  });

  it('reads the same body with its fields in another order as the same request', async () => {
    const account = await suite.createAccount();
    const created = await post(account.api, 'reordered', { firstName: 'Ada', company: 'Acme' });
    const retried = await post(account.api, 'reordered', { company: 'Acme', firstName: 'Ada' });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(created.body);
  });

  it('answers 422 to the same key with another body or another path, and runs neither', async () => {
    const account = await suite.createAccount();
    const created = await post(account.api, 'one-use', ada);
    expect(created.status).toBe(201);
    const reused = { error: 'This Idempotency-Key was already used with a different request (method, path or body)', code: 'IDEMPOTENCY_KEY_REUSED' };

    const otherBody = await post(account.api, 'one-use', { ...ada, firstName: 'Grace' });
    expect(answerOf(otherBody)).toEqual({ status: 422, contentType: 'application/json; charset=utf-8', location: null, body: reused });
    const otherPath = await post(account.api, 'one-use', { name: 'A resume' }, '/v1/resume');
    expect(otherPath.status).toBe(422);
    expect(otherPath.body).toEqual(reused);

    expect(await contactsOf(account)).toHaveLength(1);
    expect((await account.api.get('/v1/resume')).body.data.map((resume: { name: string }) => resume.name)).not.toContain('A resume');
  });

  it('keeps a 400 and replays it, even once the same body would be valid', async () => {
    const account = await suite.createAccount({ scopes: ['contacts:write', 'contacts:read'] });
    const refused = await post(account.api, 'bad-body', { firstName: '' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Validation failed', details: { firstName: ['must not be empty'] } });

    const replayed = await post(account.api, 'bad-body', { firstName: '' });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(answerOf(replayed)).toEqual(answerOf(refused));
    // A fixed body is another request: it needs a new key.
    expect((await post(account.api, 'bad-body', { firstName: 'Ada' })).status).toBe(422);
    expect((await post(account.api, 'good-body', { firstName: 'Ada' })).status).toBe(201);
  });

  it('keeps no answer refused before the request ran: a key that lacks the scope, then one that has it, runs', async () => {
    const account = await suite.createAccount();
    const reader = await createAccount(suite.testApp.app, suite.testApp.baseUrl, { scopes: ['contacts:read'] });
    // The reader's 403 is refused before its key is looked at; its own account then has the key free.
    const forbidden = await post(reader.api, 'not-kept', ada);
    expect(forbidden.status).toBe(403);
    const malformed = await account.api.request('POST', CONTACTS, '{"firstName":', { 'idempotency-key': 'not-kept' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Malformed JSON body' });

    const created = await post(account.api, 'not-kept', ada);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a key over 255 characters with a 400 and takes one of 255', async () => {
    const account = await suite.createAccount();
    const tooLong = await post(account.api, 'k'.repeat(256), ada);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: 'Validation failed', details: { 'Idempotency-Key': ['must be at most 255 characters'] } });
    expect(await contactsOf(account)).toEqual([]);

    const longest = await post(account.api, 'k'.repeat(255), ada);
    expect(longest.status).toBe(201);
    expect((await post(account.api, 'k'.repeat(255), ada)).body).toEqual(longest.body);
  });

  it("keeps another account's key of the same value apart", async () => {
    const [ours, theirs] = await Promise.all([suite.createAccount(), suite.createAccount()]);
    const our = await post(ours.api, 'shared-value', ada);
    const their = await post(theirs.api, 'shared-value', ada);
    expect([our.status, their.status]).toEqual([201, 201]);
    expect(their.headers.get('idempotent-replayed')).toBeNull();
    expect(their.body.id).not.toBe(our.body.id);
    // Nor does another account's body make it a reused key.
    expect((await post(theirs.api, 'shared-value-2', { firstName: 'Grace' })).status).toBe(201);
    expect((await post(ours.api, 'shared-value-2', ada)).status).toBe(201);
    expect((await contactsOf(ours)).map((contact) => contact.id)).toContain(our.body.id);
    expect((await contactsOf(theirs)).map((contact) => contact.id)).not.toContain(our.body.id);
  });

  it("replays a status the handler chose (an application's 200 for an existing jobUrl) as it was", async () => {
    const account = await suite.createAccount();
    const application = { jobTitle: 'Engineer', company: 'Acme', jobUrl: 'https://jobs.example/acme/1' };
    expect((await account.api.post('/v1/tracker/applications', application)).status).toBe(201);
    const existing = await post(account.api, 'existing-url', application, '/v1/tracker/applications');
    expect(existing.status).toBe(200);
    expect(existing.body).toMatchObject({ existing: true });
    const replayed = await post(account.api, 'existing-url', application, '/v1/tracker/applications');
    expect(answerOf(replayed)).toEqual(answerOf(existing));
  });

  it('neither holds nor keeps a key on a POST that changes nothing (a PDF export, a search): each runs, and nothing is stored', async () => {
    const account = await suite.createAccount();
    const resume = await account.api.post('/v1/resume', { name: 'Exported twice' });
    expect(resume.status).toBe(201);
    const exportPdf = () =>
      fetch(`${suite.testApp.baseUrl}/v1/resume/${resume.body.id}/export/pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.key}`, 'idempotency-key': 'read-only' },
      });
    const [first, again] = [await exportPdf(), await exportPdf()];
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')]).toEqual([null, null]);
    expect(
      Buffer.from(await again.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The same key then on a search (another request) is no reuse: nothing was kept under it.
    const search = await post(account.api, 'read-only', { query: 'engineer' }, '/v1/jobs/search');
    expect(search.status).toBe(200);
    expect(search.headers.get('idempotent-replayed')).toBeNull();
    const kept = await suite.testApp.app.get(DataSource).query('SELECT count(*)::int AS n FROM idempotency_keys WHERE account_id = $1', [account.accountId]);
    expect(kept).toEqual([{ n: 0 }]);
  });

  it('documents the header, its 409 and its 422 on every POST under /v1 that changes something', async () => {
    const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    const readOnly = ['/v1/jobs/search', '/v1/resume/{id}/export/pdf'];
    for (const path of readOnly) {
      const operation = document.paths[path].post;
      expect([path, JSON.stringify(operation)]).toEqual([path, expect.not.stringContaining('Idempotency-Key')]);
      expect(operation['x-changes-nothing']).toBeUndefined();
    }
    const posts = Object.entries(document.paths as Record<string, { post?: any }>).filter(
      ([path, item]) => path.startsWith('/v1/') && item.post && !readOnly.includes(path),
    );
    expect(posts.length).toBeGreaterThan(10);
    for (const [path, { post: operation }] of posts) {
      expect([path, operation.parameters]).toEqual([path, expect.arrayContaining([{ $ref: '#/components/parameters/Idempotency-Key' }])]);
      expect(JSON.stringify(operation.responses['409'])).toContain('IdempotencyKeyInUseBody');
      expect(JSON.stringify(operation.responses['422'])).toContain('IdempotencyKeyReusedBody');
    }
    expect(document.components.parameters['Idempotency-Key']).toMatchObject({ in: 'header', schema: { maxLength: 255 } });
  });

  describe('MCP create tools', () => {
    it('take idempotencyKey with the same meaning', async () => {
      const account = await suite.createAccount();
      const client = await connect(suite.testApp.baseUrl, account.key);
      try {
        const tools = (await client.listTools()).tools;
        const schemaOf = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, unknown>;
        expect(schemaOf('create_contact').idempotencyKey).toMatchObject({ type: 'string', maxLength: 255 });
        expect(schemaOf('add_section_item').idempotencyKey).toMatchObject({ type: 'string' });
        expect(schemaOf('update_contact').idempotencyKey).toBeUndefined();

        const call = (args: Record<string, unknown>) => client.callTool({ name: 'create_contact', arguments: args });
        const created = await call({ firstName: 'Ida', idempotencyKey: 'agent-retry' });
        const retried = await call({ firstName: 'Ida', idempotencyKey: 'agent-retry' });
        expect(created.isError).toBe(false);
        expect(retried.structuredContent).toEqual(created.structuredContent);
        expect([created._meta, retried._meta]).toEqual([undefined, { idempotentReplayed: true }]);

        const reused = await call({ firstName: 'Other', idempotencyKey: 'agent-retry' });
        expect(reused.isError).toBe(true);
        expect(JSON.parse((reused.content as { text: string }[])[0].text)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
        const tooLong = await call({ firstName: 'Ida', idempotencyKey: 'k'.repeat(256) });
        expect(JSON.parse((tooLong.content as { text: string }[])[0].text)).toEqual({
          error: 'Validation failed',
          details: { idempotencyKey: ['must be at most 255 characters'] },
        });
        expect((await contactsOf(account)).map((contact) => contact.id)).toEqual([(created.structuredContent as { id: string }).id]);
      } finally {
        await client.close();
      }
    });
  });
});

describe('What Idempotency-Key keeps, per account and per answer', () => {
  const BUDGET = 2_048;
  const suite = useTestApp({ IDEMPOTENCY_ACCOUNT_BYTES: String(BUDGET), IDEMPOTENCY_MAX_ANSWER_BYTES: '512' });
  const keptOf = async (account: TestAccount): Promise<{ key: string; bytes: number; body: number }[]> =>
    suite.testApp.app.get(DataSource).query(
      `SELECT key, octet_length(body) + octet_length(key) + octet_length(headers::text) + 200 AS bytes, octet_length(body) AS body
         FROM idempotency_keys WHERE account_id = $1 ORDER BY created_at`,
      [account.accountId],
    );

  it("holds an account's kept answers within its budget, dropping the oldest: the newest still replay, a dropped key runs again", async () => {
    const account = await suite.createAccount();
    const other = await suite.createAccount();
    await post(other.api, 'other-0', ada);
    const created: string[] = [];
    for (let n = 0; n < 12; n++) created.push((await post(account.api, `key-${n}`, { ...ada, lastName: `Lovelace ${n}` })).body.id);

    const kept = await keptOf(account);
    expect(kept.reduce((sum, record) => sum + Number(record.bytes), 0)).toBeLessThanOrEqual(BUDGET);
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.length).toBeLessThan(12);
    // The newest are the ones kept, in order.
    expect(kept.map((record) => record.key)).toEqual(created.map((_, n) => `key-${n}`).slice(12 - kept.length));
    const newest = await post(account.api, 'key-11', { ...ada, lastName: 'Lovelace 11' });
    expect([newest.headers.get('idempotent-replayed'), newest.body.id]).toEqual(['true', created[11]]);
    const dropped = await post(account.api, 'key-0', { ...ada, lastName: 'Lovelace 0' });
    expect(dropped.headers.get('idempotent-replayed')).toBeNull();
    expect(dropped.body.id).not.toBe(created[0]);
    // Another account's records are its own budget's.
    expect((await keptOf(other)).map((record) => record.key)).toEqual(['other-0']);
  });

  it('keeps no answer over the answer cap: the client gets it, a retry gets 409 IDEMPOTENCY_ANSWER_NOT_KEPT and runs nothing', async () => {
    const account = await suite.createAccount();
    const unknown = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`unknownField${n}`, 'x']));
    const first = await post(account.api, 'large-answer', { ...ada, ...unknown });
    expect(first.status).toBe(400);
    expect(Object.keys(first.body.details)).toHaveLength(40);
    const retried = await post(account.api, 'large-answer', { ...ada, ...unknown });
    expect(retried.status).toBe(409);
    expect(retried.body).toEqual({
      error: 'The first request with this Idempotency-Key answered 400, but its answer was over 512 bytes and was not kept',
      code: 'IDEMPOTENCY_ANSWER_NOT_KEPT',
      status: 400,
    });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const [record] = await keptOf(account);
    expect(Number(record.body)).toBeLessThanOrEqual(512);
    expect(await contactsOf(account)).toEqual([]);
  });
});

describe('Idempotency-Key across processes', () => {
  it('replays after the service restarts on the same database', async () => {
    const before = await startTestApp();
    let account: TestAccount;
    let created: ApiResponse;
    try {
      account = await createAccount(before.app, before.baseUrl);
      created = await post(account.api, 'survives-restart', ada);
      expect(created.status).toBe(201);
    } finally {
      await before.close();
    }
    const after = await startTestApp();
    try {
      const api = new ApiClient(after.baseUrl, account.key);
      const replayed = await post(api, 'survives-restart', ada);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(answerOf(replayed)).toEqual(answerOf(created));
      expect((await api.get(CONTACTS)).body.total).toBe(1);
    } finally {
      await after.close();
    }
  });

  it('answers 409 with Retry-After while the first request is still running, then replays its answer', async () => {
    const testApp = await startTestApp({ IDEMPOTENCY_WAIT_MS: '100' });
    const database = testApp.app.get(DataSource);
    const lock = database.createQueryRunner();
    try {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      await lock.connect();
      await lock.startTransaction();
      // A new contact's foreign key takes its account's row FOR KEY SHARE: with the row held FOR UPDATE here, the
      // first request waits inside its insert, with the key claimed, until this transaction ends.
      await lock.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [account.accountId]);
      const first = post(account.api, 'slow', ada);
      await waitForLockWait(database);

      const busy = await post(account.api, 'slow', ada);
      expect(busy.status).toBe(409);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(busy.body).toEqual({
        error: 'A request with this Idempotency-Key is still being processed; retry it shortly',
        code: 'IDEMPOTENCY_KEY_IN_USE',
        retryAfter: 1,
      });

      await lock.commitTransaction();
      const answered = await first;
      expect(answered.status).toBe(201);
      const retried = await post(account.api, 'slow', ada);
      expect(answerOf(retried)).toEqual(answerOf(answered));
      expect((await account.api.get(CONTACTS)).body.total).toBe(1);
    } finally {
      if (lock.isTransactionActive) await lock.rollbackTransaction();
      await lock.release();
      await testApp.close();
    }
  });
});

/**
 * Waits until a statement of the service waits for a lock: the request under test is then inside its transaction,
 * with its key held (and nothing it wrote visible to anyone else).
 */
async function waitForLockWait(database: DataSource): Promise<void> {
  for (;;) {
    const waiting = await database.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (waiting.length > 0) return;
    await sleep(20);
  }
}
