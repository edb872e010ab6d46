import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ApiKeyCache, CREDENTIALS_CHANNEL } from '@src/modules/api-keys/api-key-cache';
import { ApiKeysService } from '@src/modules/api-keys/api-keys.service';
import { ApiClient } from '../../setup/api-client';
import { testRunEnvironment } from '../../setup/test-environment';
import { createAccount } from '../../setup/factories';
import { startTestApp, useTestApp } from '../../setup/test-app';

const PATH = '/v1/tracker/applications';

describe('API keys and scopes', () => {
  const suite = useTestApp();

  const expect401 = async (api: ApiClient, error: string) => {
    const response = await api.get(PATH);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="career-api"');
  };

  it('answers 401 without an Authorization header', async () => {
    await expect401(new ApiClient(suite.testApp.baseUrl), 'Missing API key: send Authorization: Bearer <key>');
  });

  it('answers 401 for a header that is not a Bearer token', async () => {
    const response = await new ApiClient(suite.testApp.baseUrl).request('GET', PATH, undefined, { authorization: `Basic ${suite.owner.key}` });
    expect(response.status).toBe(401);
  });

  it('answers 401 for a malformed key and for a well-formed unknown key', async () => {
    await expect401(new ApiClient(suite.testApp.baseUrl, 'cpk_123'), 'Invalid API key');
    await expect401(new ApiClient(suite.testApp.baseUrl, `cpk_${'0'.repeat(64)}`), 'Invalid API key');
  });

  it('answers 401 for a revoked key, at once', async () => {
    const other = await suite.createAccount();
    expect((await other.api.get(PATH)).status).toBe(200);
    await suite.testApp.app.get(ApiKeysService).revoke(other.keyId);
    await expect401(other.api, 'API key revoked');
  });

  it('answers 401 for an expired key', async () => {
    const other = await suite.createAccount({ expiresInDays: 30 });
    await suite.testApp.app.get(DataSource).query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [other.keyId]);
    await expect401(other.api, 'API key expired');
  });

  // The service keeps the keys it has looked up; the database tells every process of a change, whoever makes it.
  describe('a key in use, changed outside this process', () => {
    const outside = async (sql: string, parameters: unknown[]) => {
      const client = new Client({ connectionString: testRunEnvironment().databaseUrl });
      await client.connect();
      await client.query(sql, parameters).finally(() => client.end());
    };
    const refusedSoon = async (api: ApiClient, error: string) => {
      await waitFor(async () => (await api.get(PATH)).status === 401);
      await expect401(api, error);
    };

    it('is refused once revoked', async () => {
      const other = await suite.createAccount();
      expect((await other.api.get(PATH)).status).toBe(200);
      expect((await other.api.get(PATH)).status).toBe(200);
      await outside('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [other.keyId]);
      await refusedSoon(other.api, 'API key revoked');
    });

    it('is refused once it expires', async () => {
      const other = await suite.createAccount({ expiresInDays: 30 });
      expect((await other.api.get(PATH)).status).toBe(200);
      await outside("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [other.keyId]);
      await refusedSoon(other.api, 'API key expired');
    });

    it('is refused once its account is deleted', async () => {
      const other = await suite.createAccount();
      expect((await other.api.get(PATH)).status).toBe(200);
      await outside('DELETE FROM accounts WHERE id = $1', [other.accountId]);
      await refusedSoon(other.api, 'Invalid API key');
    });

    it("drops only the changed account's keys: another account's key stays kept", async () => {
      const [ada, grace] = [await suite.createAccount(), await suite.createAccount()];
      // A request first, so that the process is listening before anything is kept.
      expect((await ada.api.get(PATH)).status).toBe(200);
      const cache = suite.testApp.app.get(ApiKeyCache);
      const loads = { [ada.accountId]: 0, [grace.accountId]: 0 };
      const lookup = (accountId: string) =>
        cache.lookup(Buffer.from(`hash of ${accountId}`), async () => {
          loads[accountId]++;
          return { id: accountId, accountId, scopes: [], expiresAt: null, revokedAt: null, lastUsedAt: null, plan: 'free', features: [] };
        });
      await lookup(ada.accountId);
      await lookup(grace.accountId);
      await lookup(grace.accountId);
      expect(loads).toEqual({ [ada.accountId]: 1, [grace.accountId]: 1 });

      await outside(`SELECT pg_notify('${CREDENTIALS_CHANNEL}', $1)`, [ada.accountId]);
      await waitFor(async () => (await lookup(ada.accountId), loads[ada.accountId] === 2));
      await lookup(grace.accountId);
      expect(loads[grace.accountId]).toBe(1);
    });
  });

  it('answers 403 with requiredScope when the key lacks the scope', async () => {
    const reader = await suite.createAccount({ scopes: ['tracker:read'] });
    expect((await reader.api.get(PATH)).status).toBe(200);
    const response = await reader.api.post(PATH, { jobTitle: 'x', company: 'y' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Insufficient scope', requiredScope: 'tracker:write' });
  });

  it('checks the scope before validating the body', async () => {
    const reader = await suite.createAccount({ scopes: ['tracker:read'] });
    expect((await reader.api.post(PATH, { unknown: true })).status).toBe(403);
  });

  it('keeps working after the account drops to the free plan', async () => {
    const downgraded = await suite.createAccount({ plan: 'free' });
    expect((await downgraded.api.get(PATH)).status).toBe(200);
  });

  it('records lastUsedAt without writing on every request', async () => {
    const other = await suite.createAccount();
    const database = suite.testApp.app.get(DataSource);
    const lastUsed = async () => (await database.query('SELECT last_used_at FROM api_keys WHERE id = $1', [other.keyId]))[0].last_used_at;
    expect(await lastUsed()).toBeNull();
    await other.api.get(PATH);
    await waitFor(async () => (await lastUsed()) !== null);
    const first = await lastUsed();
    await other.api.get(PATH);
    await other.api.get(PATH);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUsed()).toEqual(first);
  });

  it('serves /health without a key', async () => {
    const response = await new ApiClient(suite.testApp.baseUrl).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: { status: 'up' }, redis: { status: 'up' } } });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('failed key lookups per address', () => {
  it('answers 429 with Retry-After to an address once 30 of its key lookups failed within a minute, and serves other addresses', async () => {
    // Addresses come from X-Forwarded-For behind a trusted proxy; a prefix of its own keeps other suites' 401s apart.
    const testApp = await startTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback', REDIS_PREFIX: `${testRunEnvironment().redisPrefix}key-failures:` });
    try {
      const owner = await createAccount(testApp.app, testApp.baseUrl);
      const from = (address: string, key: string) => new ApiClient(testApp.baseUrl, key).request('GET', PATH, undefined, { 'x-forwarded-for': address });
      const randomKey = () => `cpk_${randomBytes(32).toString('hex')}`;

      const guesses = [];
      for (let index = 0; index < 30; index += 1) guesses.push((await from('203.0.113.7', randomKey())).status);
      expect(guesses).toEqual(Array(30).fill(401));

      const refused = await from('203.0.113.7', randomKey());
      expect([refused.status, refused.body]).toEqual([429, { error: 'Too many requests', retryAfter: expect.any(Number) }]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Refused before the lookup: a good key from that address waits too.
      expect((await from('203.0.113.7', owner.key)).status).toBe(429);

      expect((await from('203.0.113.8', randomKey())).status).toBe(401);
      expect((await from('203.0.113.8', owner.key)).status).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
