import { DataSource } from 'typeorm';
import { ApiClient } from '../../setup/api-client';
import { TestAccount } from '../../setup/factories';
import { PageClient, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';
import { connectWithOAuth, PASSWORD } from '../oauth/oauth-flow';

const APPLICATIONS = '/v1/tracker/applications';
const NEW_PASSWORD = 'a different passphrase entirely';

describe('The account page: password, export, deletion', () => {
  const suite = useTestApp({ WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOKS_WORKER: 'off' });

  /** An account with a key (every scope), a password, and a browser signed in to it. */
  const signedIn = async (): Promise<{ account: TestAccount; browser: PageClient }> => {
    const account = await suite.createAccount({ password: PASSWORD });
    return { account, browser: await browserOf(account) };
  };
  const browserOf = async (account: TestAccount, password = PASSWORD) => {
    const browser = new PageClient(suite.testApp.baseUrl);
    await browser.signIn(account.email, password);
    return browser;
  };
  const signInAnswer = async (email: string, password: string) => {
    const browser = new PageClient(suite.testApp.baseUrl);
    return browser.submit('/sign-in', '/sign-in', { email, password });
  };
  const changePassword = (browser: PageClient, fields: Record<string, string>) =>
    browser.submit('/settings', '/settings/password', { current: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD, ...fields });
  const created = async (answer: Promise<{ status: number; body: any }>) => {
    const { status, body } = await answer;
    expect([200, 201]).toContain(status);
    return body;
  };

  /** Something of every kind an account holds; answers the ids and secrets the checks look for. */
  const fillAccount = async (account: TestAccount) => {
    const api = account.api;
    const resumeId = (await created(api.post('/v1/resume', { name: 'Data engineer' }))).id;
    const experienceId = (await created(api.post(`/v1/experiences?cvId=${resumeId}`, { jobTitle: 'Analyst', company: 'Initech' }))).id;
    await created(api.patch(`/v1/resume/${resumeId}`, { hiddenItems: { experiences: [experienceId] } }));
    const sectionId = (await created(api.post('/v1/custom-sections', { title: 'Talks', enabledFields: ['title'] }))).id;
    await created(api.post(`/v1/custom-sections/${sectionId}/items?cvId=${resumeId}`, { title: 'Streams at scale' }));
    await created(api.post('/v1/cover-letter', { cvId: resumeId, title: 'To Initrode', content: 'Dear hiring team, I move data.' }));
    const contactId = (await created(api.post('/v1/contacts', { firstName: 'Grace', company: 'Initrode' }))).id;
    const applicationId = (await created(api.post(APPLICATIONS, { jobTitle: 'Data engineer', company: 'Initrode' }))).applicationId;
    for (let index = 0; index < 22; index++) await created(api.post(`${APPLICATIONS}/${applicationId}/activities`, { type: 'note', body: `Note ${index}` }));
    await created(api.patch(`${APPLICATIONS}/${applicationId}`, { status: 'applied' }));
    await created(
      api.post(`${APPLICATIONS}/${applicationId}/interviews`, {
        round: 1,
        type: 'video',
        date: '2027-02-01T10:00:00.000Z',
        contactId,
        notes: 'Bring the demo',
      }),
    );
    const webhook = await created(api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', eventTypes: ['application.created'] }));
    // An Idempotency-Key keeps a record that names the account without a foreign key.
    const keyed = await api.request('POST', '/v1/contacts', { firstName: 'Idem' }, { 'idempotency-key': `fill-${account.accountId}` });
    expect(keyed.status).toBe(201);
    return { resumeId, experienceId, applicationId, webhookSecret: webhook.secret as string };
  };

  describe('POST /settings/password', () => {
    it('changes the password with the current one, signs every other browser out, keeps this one, and keeps keys by default', async () => {
      const { account, browser } = await signedIn();
      const other = await browserOf(account);

      const changed = await changePassword(browser, {});
      expect(changed.status).toBe(200);
      const notice = pageText(/<div class="notice[^"]*" role="status" data-password-changed>[\s\S]*?<\/div>/.exec(changed.html)![0]);
      expect(notice).toContain('Your password is changed. You stay signed in here. 1 other session signed out.');
      expect(notice).toContain('Your API keys and connected apps keep working.');

      expect((await browser.get('/settings')).status).toBe(200);
      expect((await other.get('/settings')).location).toBe('/sign-in?next=%2Fsettings');
      expect((await account.api.get('/v1/me')).status).toBe(200);

      expect((await signInAnswer(account.email, PASSWORD)).status).toBe(401);
      expect((await signInAnswer(account.email, NEW_PASSWORD)).status).toBe(303);
    });

    it('ends the API keys and connected apps too when asked, and says so', async () => {
      const { account, browser } = await signedIn();
      const provider = await connectWithOAuth(suite.testApp.baseUrl, account, ['tracker:read']);
      const token = provider.tokens()!.access_token;
      const mcp = (bearer: string) =>
        new ApiClient(suite.testApp.baseUrl, bearer).request(
          'POST',
          '/mcp',
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { accept: 'application/json, text/event-stream' },
        );
      expect((await mcp(token)).status).toBe(200);

      const changed = await changePassword(browser, { endAccess: 'on' });
      expect(changed.status).toBe(200);
      expect(pageText(changed.html)).toContain('1 API key revoked and 1 app disconnected.');
      expect((await account.api.get('/v1/me')).body).toEqual({ error: 'API key revoked' });
      expect((await mcp(token)).status).toBe(401);
      expect((await browser.get('/settings')).status).toBe(200);
    });

    it('refuses a wrong current password, a short or mistyped new one, and changes nothing', async () => {
      const { account, browser } = await signedIn();
      const wrong = await changePassword(browser, { current: 'not my password at all' });
      expect(wrong.status).toBe(400);
      expect(pageText(wrong.html)).toContain('That is not your current password');
      const short = await changePassword(browser, { password: 'short', confirm: 'short' });
      expect([short.status, pageText(short.html)]).toEqual([400, expect.stringContaining('Use at least 12 characters')]);
      const mistyped = await changePassword(browser, { confirm: `${NEW_PASSWORD}!` });
      expect([mistyped.status, pageText(mistyped.html)]).toEqual([400, expect.stringContaining('The two new passwords differ')]);

      expect((await signInAnswer(account.email, PASSWORD)).status).toBe(303);
      expect((await browser.get('/settings')).status).toBe(200);
    });

    it('refuses a form without its CSRF token, and a browser that is not signed in', async () => {
      const { browser } = await signedIn();
      await browser.get('/settings');
      const forged = await browser.post('/settings/password', { current: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { csrf: false });
      expect(forged.status).toBe(403);
      const stranger = new PageClient(suite.testApp.baseUrl);
      await stranger.get('/sign-in');
      expect((await stranger.post('/settings/password', { current: PASSWORD })).location).toBe('/sign-in');
    });
  });

  describe('GET /settings/export', () => {
    it('downloads everything the account holds as one JSON file, without secrets or other accounts\u2019 data', async () => {
      const { account, browser } = await signedIn();
      const { resumeId, experienceId, applicationId, webhookSecret } = await fillAccount(account);
      await created(suite.owner.api.post('/v1/contacts', { firstName: 'Stranger' }));

      const download = await browser.get('/settings/export');
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="career-api-export-\d{4}-\d\d-\d\d\.json"$/);
      expect(download.headers.get('cache-control')).toBe('no-store');
      const data = JSON.parse(download.html);

      expect(data).toMatchObject({ format: 'career-api-account-export', version: 1, account: { id: account.accountId, email: account.email, plan: 'plus' } });
      expect(data.profile).toMatchObject({ email: account.email });
      expect(data.resumes.map((resume: { name: string }) => resume.name).sort()).toEqual(['Base resume', 'Data engineer']);
      const resume = data.resumes.find((candidate: { id: string }) => candidate.id === resumeId);
      // Hidden items are the account's too: the file holds what is stored, not what a CV shows.
      expect(resume.hiddenItems).toEqual({ experiences: [experienceId] });
      expect(resume.sections.experiences).toEqual([expect.objectContaining({ id: experienceId, jobTitle: 'Analyst', company: 'Initech' })]);
      expect(resume.customSections).toEqual([expect.objectContaining({ title: 'Talks', items: [expect.objectContaining({ title: 'Streams at scale' })] })]);
      expect(data.coverLetters).toEqual([expect.objectContaining({ cvId: resumeId, title: 'To Initrode', content: 'Dear hiring team, I move data.' })]);

      const [application] = data.applications;
      expect(application).toMatchObject({ id: applicationId, jobTitle: 'Data engineer', status: 'applied' });
      // The whole timeline, where the API's read keeps the latest 20: the first entry, 22 notes, the status change.
      expect(application.timeline).toHaveLength(24);
      expect(application.timeline.at(-1)).toMatchObject({ status: 'watchlist', description: 'Application created' });
      expect(application.timeline.filter((entry: { type?: string }) => entry.type === 'note')).toHaveLength(22);
      expect(application.interviews).toEqual([
        expect.objectContaining({ round: 1, type: 'video', notes: 'Bring the demo', contact: expect.objectContaining({ firstName: 'Grace' }) }),
      ]);

      expect(data.contacts.map((contact: { firstName: string }) => contact.firstName).sort()).toEqual(['Grace', 'Idem']);
      expect(data.webhooks).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:9/hooks', eventTypes: ['application.created'] })]);
      expect(data.apiKeys).toEqual([expect.objectContaining({ id: account.keyId, name: 'test key', keyPrefix: account.key.slice(4, 12) })]);
      expect(data.apiKeys[0]).not.toHaveProperty('keyHash');
      expect(data.connectedApps).toEqual([]);
      expect(data.events.map((event: { type: string }) => event.type)).toEqual(expect.arrayContaining(['application.created', 'resume.created']));

      expect(download.html).not.toContain(webhookSecret);
      expect(download.html).not.toContain(account.key);
      expect(download.html).not.toContain('Stranger');
    });

    it('sends a browser that is not signed in to sign in first', async () => {
      const answer = await new PageClient(suite.testApp.baseUrl).get('/settings/export');
      expect([answer.status, answer.location]).toEqual([303, '/sign-in?next=%2Fsettings%2Fexport']);
    });
  });

  describe('/settings/delete', () => {
    const tablesWithAccountId = async (): Promise<string[]> => {
      const rows: { table_name: string }[] = await suite.testApp.app
        .get(DataSource)
        .query(`SELECT table_name FROM information_schema.columns WHERE column_name = 'account_id' AND table_schema = current_schema() ORDER BY 1`);
      return rows.map((row) => row.table_name);
    };
    const rowsOf = async (accountId: string): Promise<Record<string, number>> => {
      const database = suite.testApp.app.get(DataSource);
      const counts: Record<string, number> = {};
      for (const table of await tablesWithAccountId()) {
        const [{ count }] = await database.query(`SELECT count(*)::int AS count FROM "${table}" WHERE account_id = $1`, [accountId]);
        counts[table] = count;
      }
      return counts;
    };

    it('names what will be lost, then deletes every record, key, grant, session and webhook of the account, and signs it out', async () => {
      const { account, browser } = await signedIn();
      const other = await browserOf(account);
      const { applicationId } = await fillAccount(account);
      const provider = await connectWithOAuth(suite.testApp.baseUrl, account, ['tracker:read']);
      const ownerBefore = await rowsOf(suite.owner.accountId);

      const before = await rowsOf(account.accountId);
      for (const table of [
        'resumes',
        'applications',
        'api_keys',
        'oauth_grants',
        'sessions',
        'webhook_endpoints',
        'events',
        'idempotency_keys',
        'custom_section_items',
      ]) {
        expect([table, before[table]]).toEqual([table, expect.any(Number)]);
        expect([table, before[table] > 0]).toEqual([table, true]);
      }

      const confirm = await browser.get('/settings/delete');
      expect(confirm.status).toBe(200);
      const lost = pageText(/<ul class="holdings"[\s\S]*?<\/ul>/.exec(confirm.html)![0]);
      expect(lost).toContain('2 resumes, with every section');
      expect(lost).toContain('1 cover letter ');
      expect(lost).toContain('1 application, with their timelines');
      expect(lost).toContain('2 contacts');
      expect(lost).toContain('1 active API key:');
      expect(lost).toContain('1 connected app ');
      expect(lost).toContain('1 webhook,');

      const mistyped = await browser.post('/settings/delete', { email: 'someone@else.example', password: PASSWORD });
      expect([mistyped.status, pageText(mistyped.html)]).toEqual([400, expect.stringContaining(`Type ${account.email} to confirm`)]);
      const wrongPassword = await browser.post('/settings/delete', { email: account.email.toUpperCase(), password: 'not my password at all' });
      expect([wrongPassword.status, pageText(wrongPassword.html)]).toEqual([400, expect.stringContaining('That is not your password')]);
      expect((await account.api.get('/v1/me')).status).toBe(200);

      const deleted = await browser.post('/settings/delete', { email: account.email, password: PASSWORD });
      expect([deleted.status, deleted.location]).toEqual([303, '/sign-in?deleted=1']);
      expect(browser.cookie('career_session')).toBeUndefined();
      expect(pageText((await browser.get('/sign-in?deleted=1')).html)).toContain('Your account and everything it held are deleted.');

      const after = await rowsOf(account.accountId);
      expect(Object.keys(after).length).toBeGreaterThanOrEqual(25);
      expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);
      const database = suite.testApp.app.get(DataSource);
      const [{ count: children }] = await database.query(
        `SELECT (SELECT count(*) FROM application_timeline_entries WHERE application_id = $1)
              + (SELECT count(*) FROM interviews WHERE application_id = $1) AS count`,
        [applicationId],
      );
      expect(Number(children)).toBe(0);
      const [{ count: accounts }] = await database.query('SELECT count(*)::int AS count FROM accounts WHERE id = $1', [account.accountId]);
      expect(accounts).toBe(0);

      expect((await account.api.get('/v1/me')).status).toBe(401);
      const token = provider.tokens()!.access_token;
      const mcp = await new ApiClient(suite.testApp.baseUrl, token).request(
        'POST',
        '/mcp',
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { accept: 'application/json, text/event-stream' },
      );
      expect(mcp.status).toBe(401);
      expect((await other.get('/settings')).status).toBe(303);
      expect((await signInAnswer(account.email, PASSWORD)).status).toBe(401);
      // Nobody else lost anything.
      expect(await rowsOf(suite.owner.accountId)).toEqual(ownerBefore);
    });

    it('answers another browser that is not signed in with the sign-in page, and deletes nothing', async () => {
      const { account } = await signedIn();
      const stranger = new PageClient(suite.testApp.baseUrl);
      await stranger.get('/sign-in');
      expect((await stranger.post('/settings/delete', { email: account.email, password: PASSWORD })).location).toBe('/sign-in');
      expect((await account.api.get('/v1/me')).status).toBe(200);
    });
  });
});

describe('The account page at its real limits', () => {
  // Each browser comes from an address of its own: at the real limits, the run's other suites' sign-ins from
  // 127.0.0.1 would use up the address's sign-in limit.
  const suite = useTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' });
  let addresses = 0;
  const newBrowser = () => new PageClient(suite.testApp.baseUrl, { 'x-forwarded-for': `192.0.2.${++addresses}` });

  it('allows 10 downloads of the data an hour, then answers 429 with Retry-After', async () => {
    const account = await suite.createAccount({ password: PASSWORD });
    const browser = newBrowser();
    await browser.signIn(account.email, PASSWORD);
    for (let download = 0; download < 10; download++) expect((await browser.get('/settings/export')).status).toBe(200);
    const refused = await browser.get('/settings/export');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageText(refused.html)).toContain('Your data was downloaded too often in the last hour.');
  });

  it('checks the current password 10 times a quarter hour, then refuses even the right one with 429', async () => {
    const account = await suite.createAccount({ password: PASSWORD });
    const browser = newBrowser();
    await browser.signIn(account.email, PASSWORD);
    const attempt = (current: string) => browser.submit('/settings', '/settings/password', { current, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    for (let guess = 0; guess < 10; guess++) expect((await attempt(`wrong guess number ${guess}`)).status).toBe(400);
    const refused = await attempt(PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageText(refused.html)).toContain('Too many tries. Wait 15 minutes and try again.');
    expect((await browser.submit('/settings/delete', '/settings/delete', { email: account.email, password: PASSWORD })).status).toBe(429);
    expect((await account.api.get('/v1/me')).status).toBe(200);
  });
});
