import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { OAuthSweep } from '@src/modules/oauth/oauth.sweep';
import { ApiClient } from '../../setup/api-client';
import { useTestApp } from '../../setup/test-app';
import { testRunEnvironment } from '../../setup/test-environment';
import { connectWithOAuth, PASSWORD, REDIRECT } from './oauth-flow';

const challenge = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

describe('what unauthenticated OAuth requests leave behind', () => {
  // Registration is limited per address: a Redis prefix of its own keeps the run's other suites apart.
  const suite = useTestApp({ REDIS_PREFIX: `${testRunEnvironment().redisPrefix}oauth-storage:` });
  const database = () => suite.testApp.app.get(DataSource);
  const pendingOf = async (clientId: string) =>
    (await database().query('SELECT count(*)::int AS n FROM oauth_authorizations WHERE client_id = $1', [clientId]))[0].n as number;

  async function register(): Promise<string> {
    const registered = await new ApiClient(suite.testApp.baseUrl).post('/register', { redirect_uris: [REDIRECT], client_name: 'Storage test' });
    expect(registered.status).toBe(201);
    return registered.body.client_id;
  }

  function authorize(clientId: string, overrides: Record<string, string>): Promise<Response> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge(),
      code_challenge_method: 'S256',
      state: 'app-state',
      ...overrides,
    });
    return fetch(`${suite.testApp.baseUrl}/authorize?${query}`, { redirect: 'manual' });
  }

  it('keeps an authorization request only when its code_challenge is PKCE S256 and its state is at most 1,024 characters', async () => {
    const clientId = await register();
    const refusals: Record<string, string>[] = [
      { code_challenge: 'a'.repeat(10_000) },
      { code_challenge: 'short' },
      { code_challenge: `${'a'.repeat(42)}=` },
      { state: 's'.repeat(1_025) },
    ];
    for (const overrides of refusals) {
      // A page that stays on this site, never a redirect to the app (RFC 9700 §4.11.2).
      const refused = await authorize(clientId, overrides);
      expect({ status: refused.status, location: refused.headers.get('location') }).toEqual({ status: 400, location: null });
      expect(await refused.text()).toMatch(/code_challenge must be the base64url SHA-256|state must be at most 1024 characters/);
    }
    expect(await pendingOf(clientId)).toBe(0);

    const kept = await authorize(clientId, { state: 's'.repeat(1_024) });
    expect(kept.status).toBe(302);
    expect(kept.headers.get('location')).toMatch(/^\/oauth\/consent\?authorization=/);
    expect(await pendingOf(clientId)).toBe(1);
  });

  it('purges requests, codes and tokens past their use, and clients never used, and keeps what is live', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const connected = await connectWithOAuth(suite.testApp.baseUrl, person);
    const liveClient = connected.clientInformation()!.client_id;
    const idle = await register();
    const stale = await register();
    expect((await authorize(stale, {})).status).toBe(302);
    // Time passes: the stale client's request expired, and the clients were registered long ago.
    await database().query(`UPDATE oauth_authorizations SET expires_at = now() - interval '1 minute' WHERE client_id = $1`, [stale]);
    await database().query(`UPDATE oauth_clients SET created_at = now() - interval '8 days' WHERE id = ANY($1)`, [[liveClient, idle, stale]]);
    await database().query(
      `UPDATE oauth_tokens SET expires_at = now() - interval '2 days' WHERE kind = 'access' AND grant_id IN (SELECT id FROM oauth_grants WHERE client_id = $1)`,
      [liveClient],
    );

    expect(await suite.testApp.app.get(OAuthSweep).sweep()).toBeGreaterThanOrEqual(4);

    const clients = (await database().query('SELECT id FROM oauth_clients WHERE id = ANY($1)', [[liveClient, idle, stale]])).map(
      (row: { id: string }) => row.id,
    );
    expect(clients).toEqual([liveClient]);
    expect(await pendingOf(stale)).toBe(0);
    const tokens = await database().query('SELECT kind FROM oauth_tokens WHERE grant_id IN (SELECT id FROM oauth_grants WHERE client_id = $1) ORDER BY kind', [
      liveClient,
    ]);
    expect(tokens).toEqual([{ kind: 'refresh' }]);
  });
});
