import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { connect } from '../../../setup/mcp-client';
import { TestAccount } from '../../../setup/factories';
import { useTestApp } from '../../../setup/test-app';
import { GREENHOUSE, LEVER, LONG_POSTING, OPEN_GRAPH, TITLE_ONLY, WORKDAY } from './job-page-fixtures';

const PATH = '/v1/tracker/applications/from-url';
const TEN_MB = 10 * 1024 * 1024;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const html =
  (body: string | Buffer, headers: Record<string, string> = {}): Handler =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
const redirect =
  (location: string, status = 302): Handler =>
  (_request, response) =>
    response.writeHead(status, { location }).end();

/** Job pages on loopback, as the test serves them; counts the requests each path got. */
const PAGES: Record<string, Handler> = {
  '/greenhouse': html(GREENHOUSE.html),
  '/lever': html(LEVER.html),
  '/workday': html(gzipSync(WORKDAY.body), { 'content-type': WORKDAY.contentType, 'content-encoding': 'gzip' }),
  '/open-graph': html(OPEN_GRAPH.html),
  '/title-only': html(TITLE_ONLY.html),
  '/empty': html('<html><body><p>Loading…</p></body></html>'),
  '/long-posting': html(LONG_POSTING.html),
  '/pdf': (_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7'),
  '/gone': (_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>'),
  '/huge-streamed': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const more = () => {
      while (sent < TEN_MB && !response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end();
    };
    more();
  },
  '/huge-declared': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(TEN_MB) }).end(Buffer.alloc(TEN_MB, 'a')),
  '/gzip-bomb': html(gzipSync(Buffer.alloc(TEN_MB, ' ')), { 'content-encoding': 'gzip' }),
  '/slow-body': (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).write('<html><head><title>Slow'),
  '/no-answer': () => undefined,
  '/to-greenhouse': redirect('/greenhouse', 301),
  '/to-private': redirect('http://10.0.0.1/jobs/1'),
  '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
  '/loop': redirect('/loop'),
};

class PageServer {
  readonly hits = new Map<string, number>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<PageServer> {
    const pages: PageServer = new PageServer(
      createServer((request, response) => {
        const path = new URL(request.url ?? '/', 'http://pages').pathname;
        pages.hits.set(path, (pages.hits.get(path) ?? 0) + 1);
        (PAGES[path] ?? ((_request: IncomingMessage, answer: ServerResponse) => answer.writeHead(404).end()))(request, response);
      }),
    );
    await new Promise<void>((resolve) => pages.server.listen(0, '127.0.0.1', resolve));
    return pages;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let pages: PageServer;
beforeAll(async () => {
  pages = await PageServer.start();
});
afterAll(() => pages.close());

const read = async (account: TestAccount, id: string) => (await account.api.get(`/v1/tracker/applications/${id}`)).body.data;
const totalOf = async (account: TestAccount) => (await account.api.get('/v1/tracker/applications')).body.total;

describe('POST /v1/tracker/applications/from-url (loopback allowed, as in development)', () => {
  const suite = useTestApp({ WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', FROM_URL_TIMEOUT_MS: '1000' });

  it.each([
    ['a Greenhouse page (one JobPosting, its HTML escaped again, a yearly range)', '/greenhouse', GREENHOUSE.expected],
    ['a Lever page (@graph, a list of types, the company a string, remote, an hourly rate)', '/lever', LEVER.expected],
    ['a Workday page (ISO-8859-1, gzip, a broken block before the posting)', '/workday', WORKDAY.expected],
    ['a page without JSON-LD (OpenGraph)', '/open-graph', OPEN_GRAPH.expected],
  ])('creates the application from %s', async (_name, path, expected) => {
    const account = await suite.createAccount();
    const url = pages.url(path);
    const response = await account.api.post(PATH, { url });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, applicationId: expect.any(String), existing: false, autoPrepare: false });
    const application = await read(account, response.body.applicationId);
    expect(application).toMatchObject({ ...expected, jobUrl: url, source: 'Other', status: 'watchlist' });
    expect(application.timeline).toEqual([expect.objectContaining({ status: 'watchlist', description: 'Application created' })]);
  });

  it('records application.created with the values read from the page, and takes the source it is given', async () => {
    const account = await suite.createAccount();
    const { applicationId } = (await account.api.post(PATH, { url: pages.url('/greenhouse'), source: 'CompanyWebsite' })).body;
    const events = (await account.api.get('/v1/events?type=application.created')).body.data;
    expect(events).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ id: applicationId, ...GREENHOUSE.expected, source: 'CompanyWebsite' }) }),
    ]);
  });

  it('follows a redirect on loopback, and keeps the URL it was given as the jobUrl', async () => {
    const account = await suite.createAccount();
    const url = pages.url('/to-greenhouse');
    const response = await account.api.post(PATH, { url });
    expect(response.status).toBe(201);
    expect(await read(account, response.body.applicationId)).toMatchObject({ jobTitle: GREENHOUSE.expected.jobTitle, jobUrl: url });
  });

  describe('a URL already tracked (create rule 1)', () => {
    it('answers the existing application with existing: true and status 200, without fetching the page again', async () => {
      const account = await suite.createAccount();
      const url = pages.url('/lever');
      const first = await account.api.post(PATH, { url });
      const fetched = pages.hits.get('/lever');
      const again = await account.api.post(PATH, { url: `${url}?utm_source=newsletter#apply`, autoPrepare: true });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, applicationId: first.body.applicationId, existing: true });
      expect(pages.hits.get('/lever')).toBe(fetched);
      expect(await totalOf(account)).toBe(1);
    });

    it('creates one application from two concurrent saves of a page, and answers the other with it', async () => {
      const account = await suite.createAccount();
      const url = pages.url('/greenhouse');
      const answers = await Promise.all([account.api.post(PATH, { url }), account.api.post(PATH, { url })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      expect(answers[0].body.applicationId).toBe(answers[1].body.applicationId);
      expect(await totalOf(account)).toBe(1);
    });

    it('answers an application created by hand with that URL', async () => {
      const account = await suite.createAccount();
      const url = pages.url('/open-graph');
      const created = await account.api.post('/v1/tracker/applications', { jobTitle: 'Typed by hand', company: 'Hooli', jobUrl: url });
      const saved = await account.api.post(PATH, { url });
      expect([saved.status, saved.body]).toEqual([200, { success: true, applicationId: created.body.applicationId, existing: true }]);
      expect(await read(account, created.body.applicationId)).toMatchObject({ jobTitle: 'Typed by hand' });
    });

    it("is per account: another account saving the same page gets its own application, and cannot read the first's", async () => {
      const [mine, theirs] = [await suite.createAccount(), await suite.createAccount()];
      const url = pages.url('/greenhouse');
      const own = await mine.api.post(PATH, { url });
      const other = await theirs.api.post(PATH, { url });
      expect([own.status, other.status]).toEqual([201, 201]);
      expect(other.body.applicationId).not.toBe(own.body.applicationId);
      expect((await theirs.api.get(`/v1/tracker/applications/${own.body.applicationId}`)).status).toBe(404);
      expect((await theirs.api.get('/v1/tracker/applications')).body.data.map((application: { id: string }) => application.id)).toEqual([
        other.body.applicationId,
      ]);
    });
  });

  describe('a page it cannot read creates nothing', () => {
    it.each([
      ['names no company', '/title-only', ['company'], /no company \(no JobPosting hiringOrganization, no og:site_name\)/],
      ['names neither the job nor the company', '/empty', ['jobTitle', 'company'], /no job title .* and no company/],
    ])('422 JOB_PAGE_UNREADABLE when the page %s, naming what is missing', async (_name, path, missing, message) => {
      const account = await suite.createAccount();
      const response = await account.api.post(PATH, { url: pages.url(path) });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ error: expect.stringMatching(message), code: 'JOB_PAGE_UNREADABLE', missing });
      expect(await totalOf(account)).toBe(0);
    });

    it.each([
      ['is not HTML', '/pdf', 'JOB_PAGE_UNREADABLE', 'The page is application/pdf, not HTML'],
      ['answers an HTTP error', '/gone', 'JOB_PAGE_UNREACHABLE', 'The page answered HTTP 404'],
      ['redirects in a loop', '/loop', 'JOB_PAGE_UNREACHABLE', 'The page redirects more than 5 times'],
      ['is 10 MB, streamed', '/huge-streamed', 'JOB_PAGE_TOO_LARGE', 'The page is larger than 2 MB'],
      ['is 10 MB, declared', '/huge-declared', 'JOB_PAGE_TOO_LARGE', 'The page is larger than 2 MB'],
      ['unpacks to 10 MB from a few kilobytes of gzip', '/gzip-bomb', 'JOB_PAGE_TOO_LARGE', 'The page is larger than 2 MB'],
      ['sends its head and then stalls', '/slow-body', 'JOB_PAGE_TIMEOUT', 'The page did not arrive within 1 s'],
      ['never answers', '/no-answer', 'JOB_PAGE_TIMEOUT', 'The page did not arrive within 1 s'],
      [
        'redirects to a private address',
        '/to-private',
        'JOB_PAGE_REDIRECT_REFUSED',
        /redirects to http:\/\/10\.0\.0\.1\/jobs\/1, which is refused: 10\.0\.0\.1 is in a private/,
      ],
      [
        'redirects to the cloud metadata address',
        '/to-metadata',
        'JOB_PAGE_REDIRECT_REFUSED',
        /redirects to http:\/\/169\.254\.169\.254\/latest\/meta-data\/, which is refused/,
      ],
    ])('422 when the page %s', async (_name, path, code, message) => {
      const account = await suite.createAccount();
      const started = Date.now();
      const response = await account.api.post(PATH, { url: pages.url(path) });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ error: expect.stringMatching(message), code });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await totalOf(account)).toBe(0);
    });

    it('422 JOB_PAGE_UNREACHABLE when nothing listens at the address', async () => {
      const account = await suite.createAccount();
      const response = await account.api.post(PATH, { url: 'http://127.0.0.1:9/jobs/1' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        error: expect.stringMatching(/^The page could not be fetched: connect ECONNREFUSED 127\.0\.0\.1:9/),
        code: 'JOB_PAGE_UNREACHABLE',
      });
    });
  });

  it.each([
    ['a private address', 'http://10.1.2.3/jobs/1', /10\.1\.2\.3 is in a private or reserved network range/],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is in a private or reserved network range/],
    ['an IPv4-mapped private address', 'http://[::ffff:192.168.0.1]/', /192\.168\.0\.1 is in a private or reserved network range/],
  ])('400 on url, fetching nothing, for %s', async (_name, url, message) => {
    const account = await suite.createAccount();
    const response = await account.api.post(PATH, { url });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Validation failed', details: { url: [expect.stringMatching(message)] } });
  });

  it.each([
    [{}, { url: expect.arrayContaining(['is required']) }],
    [{ url: 'ftp://jobs.example/1' }, { url: ['must be a valid URL'] }],
    [{ url: 'https://jobs.example/1', jobTitle: 'Engineer' }, { jobTitle: ['is not allowed'] }],
  ])('400 for the body %j', async (body, details) => {
    const response = await suite.owner.api.post(PATH, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Validation failed', details });
  });

  describe('autoPrepare', () => {
    it('tailors a copy of the default resume to the description read from the page', async () => {
      const account = await suite.createAccount({ features: ['auto-prepare'] });
      const response = await account.api.post(PATH, { url: pages.url('/long-posting'), autoPrepare: true });
      expect([response.status, response.body]).toEqual([201, { success: true, applicationId: expect.any(String), existing: false, autoPrepare: true }]);
      const application = await read(account, response.body.applicationId);
      expect(application).toMatchObject({ jobTitle: 'Platform Engineer', company: 'Umbrella', cvId: expect.any(String) });
      expect(application.timeline.at(-1)).toMatchObject({ status: 'preparing' });
    });

    it('answers as create does when the account may not use it, and creates nothing', async () => {
      const free = await suite.createAccount({ plan: 'free' });
      const refused = await free.api.post(PATH, { url: pages.url('/long-posting'), autoPrepare: true });
      expect([refused.status, refused.body.code, refused.body.requiresUpgrade]).toEqual([403, 'PLAN_REQUIRED', true]);
      const plus = await suite.createAccount({ features: ['auto-prepare'] });
      const short = await plus.api.post(PATH, { url: pages.url('/open-graph'), autoPrepare: true });
      expect([short.status, short.body.code]).toEqual([400, 'JOB_DESCRIPTION_TOO_SHORT']);
      expect([await totalOf(free), await totalOf(plus)]).toEqual([0, 0]);
    });
  });

  it('needs tracker:write, and has a limit of its own (5 a minute, scaled by the test run)', async () => {
    const reader = await suite.createAccount({ scopes: ['tracker:read'] });
    const refused = await reader.api.post(PATH, { url: pages.url('/greenhouse') });
    expect([refused.status, refused.body]).toEqual([403, { error: 'Insufficient scope', requiredScope: 'tracker:write' }]);
    const allowed = await suite.owner.api.post(PATH, { url: pages.url('/open-graph') });
    expect(allowed.headers.get('x-ratelimit-limit')).toBe('500');
  });

  it('is the MCP tool save_job_from_url, which says it reaches outside the service', async () => {
    const account = await suite.createAccount();
    const client = await connect(suite.testApp.baseUrl, account.key);
    try {
      const tool = (await client.listTools()).tools.find((listed) => listed.name === 'save_job_from_url')!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: true });
      expect(tool.description).toContain('(scope tracker:write; 5 calls per minute)');
      const saved = await client.callTool({ name: 'save_job_from_url', arguments: { url: pages.url('/workday') } });
      expect(saved.structuredContent).toEqual({ success: true, applicationId: expect.any(String), existing: false, autoPrepare: false });
      expect(await read(account, (saved.structuredContent as { applicationId: string }).applicationId)).toMatchObject(WORKDAY.expected);
      const unreadable = await client.callTool({ name: 'save_job_from_url', arguments: { url: pages.url('/title-only') } });
      expect(unreadable.isError).toBe(true);
      expect(JSON.parse((unreadable.content as { text: string }[])[0].text)).toMatchObject({ code: 'JOB_PAGE_UNREADABLE', missing: ['company'] });
    } finally {
      await client.close();
    }
  });
});

describe('POST /v1/tracker/applications/from-url (loopback refused, as in production)', () => {
  const suite = useTestApp();

  it('400 on url for a loopback address, and fetches nothing', async () => {
    const before = pages.hits.get('/greenhouse') ?? 0;
    const response = await suite.owner.api.post(PATH, { url: pages.url('/greenhouse') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Validation failed', details: { url: [expect.stringMatching(/^127\.0\.0\.1 is a loopback address/)] } });
    expect(pages.hits.get('/greenhouse') ?? 0).toBe(before);
    expect(await totalOf(suite.owner)).toBe(0);
  });
});
