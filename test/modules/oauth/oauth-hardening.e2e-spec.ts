import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TestAccount } from '../../setup/factories';
import { PageClient, PageResponse, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';
import {
  answerConsent,
  approveInBrowser,
  authorizeUrl,
  CHALLENGE,
  exchangeCode,
  follow,
  mcpPost,
  OAuthAnswer,
  openConsent,
  PASSWORD,
  postForm,
  REDIRECT,
  registerClient,
} from './oauth-flow';

/** What an attacker's review tried against the OAuth endpoints, each answered without a redirect, a 500 or a lost grant. */
describe('OAuth against an attacker', () => {
  const suite = useTestApp();
  let person: TestAccount;
  beforeAll(async () => {
    person = await suite.createAccount({ password: PASSWORD });
  });
  const base = () => suite.testApp.baseUrl;
  const query = (sql: string, parameters: unknown[] = []) => suite.testApp.app.get(DataSource).query(sql, parameters);
  const register = (metadata: Record<string, unknown>) => registerClient(base(), { client_name: 'Attacker app', ...metadata });
  const clientCount = async () => (await query('SELECT count(*)::int AS n FROM oauth_clients'))[0].n as number;
  const authorizations = async (client: string) =>
    (await query('SELECT count(*)::int AS n FROM oauth_authorizations WHERE client_id = $1', [client]))[0].n as number;

  describe('POST /register takes only redirect URIs that reach an app', () => {
    const REFUSED: [uri: string, reason: RegExp][] = [
      ['ms-msdt:/id PCWDiagnostic /skip force', /ASCII/],
      ['ms-msdt:/id%20PCWDiagnostic', /reverse-domain form/],
      ['search-ms:query=invoice&crumb=location:%5C%5Cevil.example%5Cshare', /reverse-domain form/],
      ['myapp://callback', /reverse-domain form/],
      ['javascript:alert(1)', /reverse-domain form/],
      ['data:text/html,%3Cscript%3Ealert(1)%3C/script%3E', /reverse-domain form/],
      ['vbscript:msgbox', /reverse-domain form/],
      ['file:///etc/passwd', /reverse-domain form/],
      ['http://app.example/callback', /http only for a loopback host/],
      ['http://127.0.0.1.nip.io/callback', /http only for a loopback host/],
      ['https://user:secret@app.example/callback', /user name or password/],
      ['https://app.example@evil.example/callback', /user name or password/],
      ['https://app.example/callback#fragment', /fragment/],
      ['https://app.example/callback#', /fragment/],
      ['https://app.example/call\u0000back', /ASCII/],
      ['https://app.example/\u202Ekcabllac', /ASCII/],
      ['not a url', /ASCII/],
      ['relative/callback', /not an absolute URL/],
    ];

    it.each(REFUSED)('refuses %j with invalid_redirect_uri and registers nothing', async (uri, reason) => {
      const before = await clientCount();
      const answer = await register({ redirect_uris: ['https://app.example/callback', uri] });
      expect(answer).toEqual({ status: 400, body: { error: 'invalid_redirect_uri', error_description: expect.stringMatching(/^redirect_uris\[1\] /) } });
      expect(answer.body.error_description).toMatch(reason);
      expect(await clientCount()).toBe(before);
    });

    it('registers https, http on a loopback host and an app’s reverse-domain scheme (RFC 8252)', async () => {
      const uris = [
        'https://app.example/callback?tenant=1',
        'http://127.0.0.1:33418/callback',
        'http://localhost:8080/callback',
        'http://[::1]:8080/callback',
        'com.example.app:/oauth/callback',
        'com.example.app://callback',
      ];
      const answer = await register({ redirect_uris: uris });
      expect(answer).toMatchObject({ status: 201, body: { redirect_uris: uris, token_endpoint_auth_method: 'none' } });
    });

    it('names a native app’s scheme on the consent page as where the person goes back to', async () => {
      const client = (await register({ redirect_uris: ['com.example.app:/oauth/callback'] })).body.client_id as string;
      const consent = await openConsent(new PageClient(base()), authorizeUrl(base(), client, { redirect_uri: 'com.example.app:/oauth/callback' }), person);
      expect(pageText(consent.html)).toContain('Sends you back to com.example.app:');
    });

    it('takes at most 10 redirect URIs of at most 2,000 characters each, and at least one', async () => {
      const uris = Array.from({ length: 11 }, (_, index) => `https://app.example/callback/${index}`);
      expect(await register({ redirect_uris: uris })).toEqual({
        status: 400,
        body: { error: 'invalid_client_metadata', error_description: 'redirect_uris may name at most 10 redirect URIs' },
      });
      expect((await register({ redirect_uris: uris.slice(0, 10) })).status).toBe(201);
      const long = `https://app.example/${'a'.repeat(2_000 - 'https://app.example/'.length)}`;
      expect((await register({ redirect_uris: [long] })).status).toBe(201);
      expect(await register({ redirect_uris: [`${long}a`] })).toEqual({
        status: 400,
        body: { error: 'invalid_redirect_uri', error_description: 'redirect_uris[0] is longer than 2000 characters' },
      });
      expect(await register({ redirect_uris: [] })).toEqual({
        status: 400,
        body: { error: 'invalid_client_metadata', error_description: 'redirect_uris must name at least one redirect URI' },
      });
    });

    it.each([
      ['101 characters', 'a'.repeat(101), 'client_name must be at most 100 characters'],
      ['a right-to-left override', 'Invoice \u202Efdp.exe', 'client_name must not contain control or bidirectional formatting characters'],
      ['a directional isolate', 'Helper \u2066admin\u2069', 'client_name must not contain control or bidirectional formatting characters'],
      ['a line break', 'Helper\nApproved by Career API', 'client_name must not contain control or bidirectional formatting characters'],
      ['an escape sequence', 'Helper\u001b[31m', 'client_name must not contain control or bidirectional formatting characters'],
    ])('refuses a client_name with %s as invalid_client_metadata', async (_case, name, description) => {
      expect(await register({ client_name: name, redirect_uris: [REDIRECT] })).toEqual({
        status: 400,
        body: { error: 'invalid_client_metadata', error_description: description },
      });
    });

    it('registers a name of 100 characters, accents and emoji included', async () => {
      const name = `Résumé Helper 📄 ${'x'.repeat(84)}`;
      expect([...name]).toHaveLength(100);
      expect(await register({ client_name: name, redirect_uris: [REDIRECT] })).toMatchObject({ status: 201, body: { client_name: name } });
    });
  });

  describe('GET /authorize never sends a browser to the app by itself', () => {
    let client: string;
    beforeAll(async () => {
      client = (await register({ redirect_uris: [REDIRECT, 'https://app.example/callback'] })).body.client_id;
    });

    /** An authorization request as a browser sends it; `null` leaves a parameter out. */
    const authorize = async (params: Record<string, string | null>) => {
      const url = authorizeUrl(base(), client, { redirect_uri: 'https://app.example/callback' });
      for (const [name, value] of Object.entries(params)) {
        if (value === null) url.searchParams.delete(name);
        else url.searchParams.set(name, value);
      }
      return new PageClient(base()).get(`${url.pathname}${url.search}`);
    };

    const expectErrorPage = (page: PageResponse, message: string) => {
      expect({ status: page.status, location: page.location, type: page.headers.get('content-type') }).toEqual({
        status: 400,
        location: null,
        type: 'text/html; charset=utf-8',
      });
      expect(pageText(page.html)).toContain(message);
      expect(pageText(page.html)).toContain('Nothing was shared with the app');
    };

    const REFUSED: [request: string, params: () => Record<string, string | null>, message: string][] = [
      [
        'only a client_id: the attacker’s link',
        () => ({ redirect_uri: null, response_type: null, code_challenge: null, code_challenge_method: null, state: null }),
        'redirect_uri must be given',
      ],
      [
        'only a client_id and a registered redirect_uri',
        () => ({ response_type: null, code_challenge: null, code_challenge_method: null }),
        'response_type must be code',
      ],
      ['response_type=token', () => ({ response_type: 'token' }), 'response_type must be code'],
      ['plain PKCE', () => ({ code_challenge_method: 'plain' }), 'code_challenge_method must be S256'],
      ['no code_challenge', () => ({ code_challenge: null }), 'code_challenge is required'],
      ['a code_challenge outside S256’s grammar', () => ({ code_challenge: 'short' }), 'code_challenge must be the base64url SHA-256'],
      ['a state of 1,025 characters', () => ({ state: 's'.repeat(1_025) }), 'state must be at most 1024 characters'],
      ['another resource', () => ({ resource: 'https://other.example/mcp' }), 'This server issues tokens only for'],
      ['a resource that is not a URL', () => ({ resource: 'not a url' }), 'resource must be an absolute URL'],
      ['an unregistered redirect_uri', () => ({ redirect_uri: 'https://evil.example/callback' }), 'redirect_uri is not registered'],
      [
        'another port of the registered loopback redirect',
        () => ({ redirect_uri: 'http://127.0.0.1:10/callback', code_challenge: null }),
        'redirect_uri is not registered',
      ],
      ['an unknown client_id', () => ({ client_id: randomUUID() }), 'client_id is not registered'],
      ['no client_id', () => ({ client_id: null }), 'client_id is required'],
    ];

    it.each(REFUSED)('answers %s with an error page, not a redirect, and keeps no request', async (_request, params, message) => {
      expectErrorPage(await authorize(params()), message);
      expect(await authorizations(client)).toBe(0);
    });

    it('answers the attacker’s bare link, an app with one redirect URI and only its client_id, with a page', async () => {
      const single = (await register({ redirect_uris: ['https://app.example/phish'] })).body.client_id as string;
      expectErrorPage(await new PageClient(base()).get(`/authorize?client_id=${single}`), 'response_type must be code');
      expect(await authorizations(single)).toBe(0);
    });

    it('answers a parameter given twice with an error page', async () => {
      const url = authorizeUrl(base(), client, { redirect_uri: 'https://app.example/callback' });
      url.searchParams.append('code_challenge', CHALLENGE);
      expectErrorPage(await new PageClient(base()).get(`${url.pathname}${url.search}`), 'code_challenge must be given once');
    });

    it('sends a visitor who is not signed in from a valid request to sign in, never to the app', async () => {
      const browser = new PageClient(base());
      const first = await authorize({});
      expect(first.location).toMatch(/^\/oauth\/consent\?authorization=/);
      const page = await follow(browser, await browser.get(first.location as string));
      expect(page.status).toBe(200);
      expect(page.html).toContain('action="/sign-in"');
    });

    it('refuses a client registered before these rules: its ms-msdt: redirect is never used', async () => {
      const old = randomUUID();
      const redirect = 'ms-msdt:/id%20PCWDiagnostic';
      const metadata = { client_id: old, client_name: 'Old app', redirect_uris: [redirect], token_endpoint_auth_method: 'none' };
      await query('INSERT INTO oauth_clients (id, client_name, redirect_uris, metadata) VALUES ($1, $2, $3, $4)', [old, 'Old app', [redirect], metadata]);
      const browser = new PageClient(base());
      const bare = await browser.get(`/authorize?client_id=${old}`);
      expectErrorPage(bare, 'redirect_uri is not allowed');
      const complete = authorizeUrl(base(), old, { redirect_uri: redirect });
      expectErrorPage(await browser.get(`${complete.pathname}${complete.search}`), 'redirect_uri is not allowed');
      expect(await authorizations(old)).toBe(0);
    });
  });

  describe('the consent page answers only to a redirect URI that is still allowed', () => {
    it('shows an error page instead of the form, and Deny redirects nowhere', async () => {
      const client = (await register({ redirect_uris: [REDIRECT] })).body.client_id as string;
      const browser = new PageClient(base());
      const consent = await openConsent(browser, authorizeUrl(base(), client), person);
      // As a request stored before these rules would be: its redirect URI is one the rules now refuse.
      const redirect = 'search-ms:query=invoice';
      await query(`UPDATE oauth_clients SET redirect_uris = $2, metadata = jsonb_set(metadata, '{redirect_uris}', $3) WHERE id = $1`, [
        client,
        [redirect],
        JSON.stringify([redirect]),
      ]);
      await query('UPDATE oauth_authorizations SET redirect_uri = $2 WHERE client_id = $1', [client, redirect]);

      const authorization = /name="authorization" value="([^"]+)"/.exec(consent.html)?.[1] as string;
      const page = await browser.get(`/oauth/consent?authorization=${authorization}`);
      expect({ status: page.status, location: page.location }).toEqual({ status: 400, location: null });
      expect(pageText(page.html)).toContain('The app’s redirect URI is no longer allowed');
      for (const decision of ['deny', 'approve'] as const) {
        const answer = await answerConsent(browser, consent, decision, ['tracker:read']);
        expect({ status: answer.status, location: answer.location }).toEqual({ status: 400, location: null });
        expect(pageText(answer.html)).toContain('The app’s redirect URI is no longer allowed');
      }
      expect((await query('SELECT count(*)::int AS n FROM oauth_grants WHERE client_id = $1', [client]))[0].n).toBe(0);
    });

    it('shows the app’s name as text, on the consent page and in connected apps', async () => {
      const name = '<img src=x onerror=alert(1)> & "Co"';
      const client = (await register({ client_name: name, redirect_uris: [REDIRECT] })).body.client_id as string;
      const browser = new PageClient(base());
      const consent = await openConsent(browser, authorizeUrl(base(), client), person);
      expect(consent.html).not.toContain('<img src=x');
      expect(consent.html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt; &amp; &quot;Co&quot;');
      expect(pageText(consent.html)).toContain(`${name} wants to use your Career API account`);
      await answerConsent(browser, consent, 'approve', ['tracker:read']);
      const apps = await browser.get('/settings/connected-apps');
      expect(apps.html).not.toContain('<img src=x');
      expect(pageText(apps.html)).toContain(name);
    });
  });

  describe('a replayed authorization code', () => {
    /** The person connects the same app twice: two codes under the one grant of the account and app. */
    async function twoAuthorizations() {
      const client = (await register({ redirect_uris: [REDIRECT] })).body.client_id as string;
      const codes: string[] = [];
      for (let run = 0; run < 2; run++) {
        const redirect = await approveInBrowser(new PageClient(base()), authorizeUrl(base(), client), person, ['tracker:read']);
        codes.push(redirect.searchParams.get('code') as string);
      }
      const tokens: Record<string, string>[] = [];
      for (const code of codes) tokens.push((await exchangeCode(base(), client, code)).body);
      return { client, codes, tokens };
    }

    const works = async (token: string) => (await mcpPost(base(), token)).status;

    it('with a wrong verifier is invalid_grant and revokes nothing', async () => {
      const { client, codes, tokens } = await twoAuthorizations();
      for (const verifier of ['x'.repeat(43), 'junk']) {
        const replay = await exchangeCode(base(), client, codes[0], { code_verifier: verifier });
        expect(replay).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^invalid_(grant|request)$/) } });
      }
      expect([await works(tokens[0].access_token), await works(tokens[1].access_token)]).toEqual([200, 200]);
      const refreshed = await postForm(base(), '/token', { grant_type: 'refresh_token', client_id: client, refresh_token: tokens[1].refresh_token });
      expect(refreshed.status).toBe(200);
    });

    it('with its verifier revokes what that code gave, and not what a later authorization gave', async () => {
      const { client, codes, tokens } = await twoAuthorizations();
      expect(await exchangeCode(base(), client, codes[0])).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Authorization code already used; the access it gave is revoked' },
      });
      expect([await works(tokens[0].access_token), await works(tokens[1].access_token)]).toEqual([401, 200]);
      const refresh = (token: string) => postForm(base(), '/token', { grant_type: 'refresh_token', client_id: client, refresh_token: token });
      expect(await refresh(tokens[0].refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(await refresh(tokens[1].refresh_token)).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });
    });
  });

  describe('bodies the endpoints cannot take: 4xx in OAuth’s error shape, never a 500', () => {
    const post = async (path: string, type: string, body: string): Promise<OAuthAnswer & { type: string | null }> => {
      const response = await fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
      return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, any> };
    };
    const JSON_TYPE = 'application/json';
    const FORM = 'application/x-www-form-urlencoded';
    const json = (value: unknown) => JSON.stringify(value);
    const deep = (levels: number) => `${'{"keys":['.repeat(levels)}1${']}'.repeat(levels)}`;
    const padding = 'a'.repeat(101 * 1024);

    const CASES: [name: string, path: string, type: string, body: () => string, status: number, error: string][] = [
      ['/register over 100 KB', '/register', JSON_TYPE, () => json({ redirect_uris: [REDIRECT], client_name: padding }), 413, 'invalid_request'],
      ['/token over 100 KB', '/token', FORM, () => `grant_type=refresh_token&refresh_token=${padding}`, 413, 'invalid_request'],
      ['/revoke over 100 KB', '/revoke', FORM, () => `token=${padding}`, 413, 'invalid_request'],
      ['/register with malformed JSON', '/register', JSON_TYPE, () => '{"redirect_uris": [', 400, 'invalid_request'],
      [
        '/register with NUL in client_name',
        '/register',
        JSON_TYPE,
        () => json({ redirect_uris: [REDIRECT], client_name: 'a\u0000b' }),
        400,
        'invalid_client_metadata',
      ],
      [
        '/register with a lone surrogate in client_name',
        '/register',
        JSON_TYPE,
        () => `{"redirect_uris":["${REDIRECT}"],"client_name":"a\\ud800b"}`,
        400,
        'invalid_client_metadata',
      ],
      [
        '/register with a lone surrogate in software_id',
        '/register',
        JSON_TYPE,
        () => `{"redirect_uris":["${REDIRECT}"],"software_id":"\\udc00"}`,
        400,
        'invalid_client_metadata',
      ],
      [
        '/register with NUL in contacts',
        '/register',
        JSON_TYPE,
        () => json({ redirect_uris: [REDIRECT], contacts: ['a\u0000@example.com'] }),
        400,
        'invalid_client_metadata',
      ],
      [
        '/register with jwks nested 2,000 deep',
        '/register',
        JSON_TYPE,
        () => `{"redirect_uris":["${REDIRECT}"],"jwks":${deep(2_000)}}`,
        400,
        'invalid_client_metadata',
      ],
      [
        '/register with jwks nested 40 deep',
        '/register',
        JSON_TYPE,
        () => `{"redirect_uris":["${REDIRECT}"],"jwks":${deep(40)}}`,
        400,
        'invalid_client_metadata',
      ],
      ['/token with NUL in client_id', '/token', FORM, () => `grant_type=refresh_token&refresh_token=x&client_id=${randomUUID()}%00`, 400, 'invalid_request'],
      [
        '/token with NUL in the code',
        '/token',
        FORM,
        () => `grant_type=authorization_code&code=a%00b&code_verifier=${'v'.repeat(43)}&client_id=${randomUUID()}`,
        400,
        'invalid_request',
      ],
      ['/revoke with NUL in the token', '/revoke', FORM, () => `token=a%00b&client_id=${randomUUID()}`, 400, 'invalid_request'],
    ];

    it.each(CASES)('answers %s with %s', async (_name, path, type, body, status, error) => {
      const before = await clientCount();
      const answer = await post(path, type, body());
      expect({ status: answer.status, type: answer.type, fields: Object.keys(answer.body), error: answer.body.error }).toEqual({
        status,
        type: 'application/json; charset=utf-8',
        fields: ['error', 'error_description'],
        error,
      });
      expect(await clientCount()).toBe(before);
    });
  });
});
