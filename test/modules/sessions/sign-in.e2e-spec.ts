import { PageClient, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';

const PASSWORD = 'correct horse battery staple';
const WRONG_CREDENTIALS = 'That email and password do not match an account.';

describe('Sign-in, sign-out and the session cookie', () => {
  const suite = useTestApp();
  const browser = () => new PageClient(suite.testApp.baseUrl);

  it('signs in with email and password, sets an HttpOnly SameSite=Lax cookie, and shows the account page', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    const answer = await client.signIn(person.email, PASSWORD);

    expect(answer.location).toBe('/settings');
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('career_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const settings = await client.get('/settings');
    expect(settings.status).toBe(200);
    expect(pageText(settings.html)).toContain(person.email);
  });

  it('ignores X-Forwarded-Proto from a client it does not trust: no Secure cookie over plain HTTP', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const answer = await signInOver(suite.testApp.baseUrl, person.email, PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(answer.headers.getSetCookie().find((line) => line.startsWith('career_session='))).not.toMatch(/Secure/);
  });

  it('gives the same answer for a wrong password and an unknown email, and opens no session', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    const wrong = await client.submit('/sign-in', '/sign-in', { email: person.email, password: 'not the password at all' });
    const unknown = await client.submit('/sign-in', '/sign-in', { email: `nobody-${person.accountId}@test.example`, password: PASSWORD });

    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(pageText(wrong.html)).toContain(WRONG_CREDENTIALS);
    expect(pageText(unknown.html).replace(/value="[^"]*"/g, '')).toContain(WRONG_CREDENTIALS);
    expect(client.cookie('career_session')).toBeUndefined();
    expect((await client.get('/settings')).location).toBe('/sign-in?next=%2Fsettings');
  });

  it('refuses an account that has no password yet with the same answer', async () => {
    const person = await suite.createAccount();
    const answer = await browser().submit('/sign-in', '/sign-in', { email: person.email, password: PASSWORD });
    expect(answer.status).toBe(401);
    expect(pageText(answer.html)).toContain(WRONG_CREDENTIALS);
  });

  it("refuses a form without its CSRF token, or with another browser's, and signs nobody in", async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    await client.get('/sign-in');
    const missing = await client.post('/sign-in', { email: person.email, password: PASSWORD }, { csrf: false });
    const other = browser();
    await other.get('/sign-in');
    const foreign = await client.post('/sign-in', { email: person.email, password: PASSWORD, _csrf: other.cookie('career_csrf')! });

    expect([missing.status, foreign.status]).toEqual([403, 403]);
    expect(pageText(missing.html)).toContain('This form has expired or did not come from this site');
    expect(client.cookie('career_session')).toBeUndefined();
  });

  it('sends a signed-out visitor to sign-in and back to the page asked for', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    const redirected = await client.get('/settings/api-keys');
    expect(redirected.status).toBe(303);
    expect(redirected.location).toBe('/sign-in?next=%2Fsettings%2Fapi-keys');

    await client.get(redirected.location!);
    const signedIn = await client.post('/sign-in', { email: person.email, password: PASSWORD, next: '/settings/api-keys' });
    expect(signedIn.location).toBe('/settings/api-keys');
  });

  it('returns only to a page of this site after sign-in', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    await client.get('/sign-in');
    const answer = await client.post('/sign-in', { email: person.email, password: PASSWORD, next: '//evil.example/settings' });
    expect(answer.location).toBe('/settings');
  });

  it('ends the session at once on sign-out, even for a copy of the cookie', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    await client.signIn(person.email, PASSWORD);
    const copy = browser();
    copy.setCookie('career_session', client.cookie('career_session')!);
    expect((await copy.get('/settings')).status).toBe(200);

    await client.get('/settings');
    const out = await client.post('/sign-out');
    expect(out.location).toBe('/sign-in?signedOut=1');
    expect(client.cookie('career_session')).toBeUndefined();
    expect((await copy.get('/settings')).location).toBe('/sign-in?next=%2Fsettings');
  });

  it('stores neither the password nor the session token in clear', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const client = browser();
    await client.signIn(person.email, PASSWORD);
    const token = client.cookie('career_session')!;
    const { DataSource } = await import('typeorm');
    const database = suite.testApp.app.get(DataSource);
    const [account] = await database.query('SELECT password_hash FROM accounts WHERE id = $1', [person.accountId]);
    const sessions: { token_hash: Buffer }[] = await database.query('SELECT token_hash FROM sessions WHERE account_id = $1', [person.accountId]);

    expect(account.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account.password_hash).not.toContain(PASSWORD);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash.toString('base64url')).not.toBe(token);
    expect(sessions[0].token_hash).toHaveLength(32);
  });

  it('keeps the pages out of the API: no key needed, no rate-limit headers, not in the OpenAPI document', async () => {
    const page = await browser().get('/sign-in');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-ratelimit-limit')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const document: any = await (await fetch(`${suite.testApp.baseUrl}/docs-json`)).json();
    expect(Object.keys(document.paths).filter((path) => /sign|settings/.test(path))).toEqual([]);
  });
});

describe('Behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  const suite = useTestApp({ TRUST_PROXY: 'loopback' });

  it('marks the session and CSRF cookies Secure when the trusted proxy says the request came over HTTPS', async () => {
    const person = await suite.createAccount({ password: PASSWORD });
    const answer = await signInOver(suite.testApp.baseUrl, person.email, PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(303);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.find((line) => line.startsWith('career_session='))).toMatch(/; Secure/);
    expect(cookies.find((line) => line.startsWith('career_csrf='))).toMatch(/; Secure/);
  });
});

/** Signs in with extra request headers (a proxy's), as PageClient would with its own. */
async function signInOver(baseUrl: string, email: string, password: string, headers: Record<string, string>): Promise<Response> {
  const client = new PageClient(baseUrl);
  await client.get('/sign-in');
  const token = client.cookie('career_csrf')!;
  return fetch(`${baseUrl}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: `career_csrf=${token}` },
    body: new URLSearchParams({ _csrf: token, email, password }).toString(),
  });
}
