import { parse } from 'csv-parse/sync';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

const APPLICATIONS = '/v1/tracker/applications';
const EXPORT = `${APPLICATIONS}/export.csv`;
const IMPORT = `${APPLICATIONS}/import`;

/** The columns in the export's order; those an import does not carry over (ids, timestamps, links, derived). */
const COLUMNS = [
  'id',
  'jobTitle',
  'company',
  'location',
  'jobUrl',
  'status',
  'source',
  'priority',
  'notes',
  'salaryMin',
  'salaryMax',
  'salaryPeriod',
  'salaryCurrency',
  'appliedDate',
  'deadline',
  'followUpAt',
  'publisher',
  'jobDescription',
  'cvId',
  'coverLetterId',
  'jobListingId',
  'isArchived',
  'createdAt',
  'updatedAt',
  'postedAt',
];
const NOT_CARRIED = ['id', 'cvId', 'coverLetterId', 'jobListingId', 'createdAt', 'updatedAt'];

/** Texts a spreadsheet would run as formulas (OWASP's list), and texts that only look escaped. */
const FORMULAS = ['=HYPERLINK("https://evil.example","Click")', '+1 555 0100', '-5% on Fridays', '@SUM(A1:A9)', '\tTabbed', "'=already quoted", "'plain quote"];

const csvOf = (account: TestAccount) => account.api.request<string>('GET', EXPORT);
const importInto = (account: TestAccount, csv: string, headers: Record<string, string> = {}) =>
  account.api.request('POST', IMPORT, csv, { 'content-type': 'text/csv', ...headers });
const records = (csv: string): Record<string, string>[] => parse(csv, { bom: true, columns: true });
const withoutIds = (csv: string) => records(csv).map((record) => ({ ...record, ...Object.fromEntries(NOT_CARRIED.map((column) => [column, ''])) }));

describe('the applications as CSV', () => {
  const suite = useTestApp();

  describe('GET /v1/tracker/applications/export.csv and POST /v1/tracker/applications/import', () => {
    let source: TestAccount;
    let exported: string;

    beforeAll(async () => {
      source = await suite.createAccount();
      const cvId = (await source.api.post('/v1/resume', { name: 'Sent resume' })).body.id as string;
      const created = async (body: Record<string, unknown>, changes: Record<string, unknown> = {}) => {
        const response = await source.api.post(APPLICATIONS, body);
        expect(response.status).toBe(201);
        if (Object.keys(changes).length > 0) expect((await source.api.patch(`${APPLICATIONS}/${response.body.applicationId}`, changes)).status).toBe(200);
      };
      // Every field, and text that CSV must quote: commas, quotes, line breaks, accents, an emoji.
      await created(
        {
          jobTitle: 'Senior Backend Engineer, "Payments"',
          company: 'Émile & Co',
          location: 'Zürich, Switzerland',
          jobUrl: 'https://jobs.emile.example/42?ref=a,b',
          jobDescription: 'Line one\nLine two, with "quotes"\r\nLine three 🚀',
          source: 'Referral',
          priority: 5,
          notes: 'Ask about the team,\nand the on-call.',
          salaryMin: 90000,
          salaryMax: 110000,
          salaryPeriod: 'YEAR',
          salaryCurrency: 'CHF',
          appliedDate: '2026-11-02T10:00:00Z',
          deadline: '2026-12-15',
          postedAt: '2026-10-28',
          cvId,
        },
        { status: 'interview_scheduled', followUpAt: '2027-01-05T09:00:00Z' },
      );
      // The texts a spreadsheet would take for formulas, in every kind of text column.
      for (const [index, text] of FORMULAS.entries()) {
        await created({ jobTitle: text, company: `${text} Ltd`, location: text, notes: text, jobDescription: text, jobUrl: `https://jobs.example/${index}` });
      }
      // Only what is required, archived.
      await created({ jobTitle: 'Data Engineer', company: 'Acme' }, { status: 'rejected' });
      exported = (await csvOf(source)).body;
    });

    it('writes one row per application, oldest first, every field in a fixed column order, instants in ISO 8601', async () => {
      const response = await csvOf(source);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="applications.csv"');
      // A byte order mark first, for spreadsheets (fetch's text() drops it, so the bytes are read).
      const bytes = Buffer.from(await (await fetch(`${suite.testApp.baseUrl}${EXPORT}`, { headers: { authorization: `Bearer ${source.key}` } })).arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8').split('\r\n')[0]).toBe(`\ufeff${COLUMNS.map((column) => `"${column}"`).join(',')}`);
      const rows = records(response.body);
      expect(rows.map((row) => row.jobTitle)).toEqual([
        'Senior Backend Engineer, "Payments"',
        ...FORMULAS.map((text) => (text.startsWith("'=") || /^[=+\-@\t]/.test(text) ? `'${text}` : text)),
        'Data Engineer',
      ]);
      const listed = (await source.api.get(`${APPLICATIONS}?sort=createdAt&limit=100`)).body.data as { id: string }[];
      expect(rows.map((row) => row.id)).toEqual(listed.map((application) => application.id));
      const detail = (await source.api.get(`${APPLICATIONS}/${rows[0].id}`)).body.data;
      expect(rows[0]).toEqual({
        id: detail.id,
        jobTitle: detail.jobTitle,
        company: 'Émile & Co',
        location: detail.location,
        jobUrl: detail.jobUrl,
        status: 'interview_scheduled',
        source: 'Referral',
        priority: '5',
        notes: 'Ask about the team,\nand the on-call.',
        salaryMin: '90000',
        salaryMax: '110000',
        salaryPeriod: 'YEAR',
        salaryCurrency: 'CHF',
        appliedDate: '2026-11-02T10:00:00.000Z',
        deadline: '2026-12-15',
        followUpAt: '2027-01-05T09:00:00.000Z',
        publisher: '',
        jobDescription: 'Line one\nLine two, with "quotes"\r\nLine three 🚀',
        cvId: detail.cvId,
        coverLetterId: '',
        jobListingId: '',
        isArchived: 'false',
        createdAt: detail.createdAt,
        updatedAt: detail.updatedAt,
        postedAt: '2026-10-28',
      });
      expect(rows[rows.length - 1]).toMatchObject({ status: 'rejected', isArchived: 'true', location: '', priority: '', appliedDate: '' });
    });

    it("escapes text a spreadsheet would run as a formula with a leading ', and only that text", () => {
      const rows = records(exported).slice(1, 1 + FORMULAS.length);
      for (const [index, text] of FORMULAS.entries()) {
        const escaped = /^[=+\-@\t]/.test(text) || text.startsWith("'=") ? `'${text}` : text;
        for (const column of ['jobTitle', 'location', 'notes', 'jobDescription']) expect([column, rows[index][column]]).toEqual([column, escaped]);
        expect(rows[index].company).toBe(`${escaped} Ltd`);
      }
      // No cell of the file starts a formula once the quoting is read.
      for (const row of records(exported)) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    });

    it('imports its own export into a fresh account: the export is then the same but for ids and timestamps', async () => {
      const target = await suite.createAccount();
      const imported = await importInto(target, exported);
      expect(imported.status).toBe(200);
      expect(imported.body).toEqual({ imported: FORMULAS.length + 2, existing: 0, rejected: [] });
      const again = (await csvOf(target)).body;
      expect(again.split('\r\n')[0]).toBe(exported.split('\r\n')[0]);
      expect(withoutIds(again)).toEqual(withoutIds(exported));
      // The texts themselves came back, not their escaped form.
      const titles = ((await target.api.get(`${APPLICATIONS}?sort=createdAt&limit=100`)).body.data as { jobTitle: string }[]).map((item) => item.jobTitle);
      expect(titles.slice(1, 1 + FORMULAS.length)).toEqual(FORMULAS);
      // Importing it again finds every application by its jobUrl, except the one that has none.
      expect((await importInto(target, exported)).body).toEqual({ imported: 1, existing: FORMULAS.length + 1, rejected: [] });
    });

    it('records application.created for each imported application, as a create does', async () => {
      const target = await suite.createAccount();
      const created = await target.api.post(APPLICATIONS, { jobTitle: 'Made by hand', company: 'Acme' });
      await importInto(target, exported);
      const events = (await target.api.get('/v1/events?type=application.created&limit=100')).body.data as { data: Record<string, unknown> }[];
      expect(events).toHaveLength(FORMULAS.length + 3);
      const [byHand, ...imported] = events;
      expect(byHand.data.id).toBe(created.body.applicationId);
      for (const event of imported) expect(Object.keys(event.data).sort()).toEqual(Object.keys(byHand.data).sort());
      expect(imported[0].data).toMatchObject({ company: 'Émile & Co', status: 'interview_scheduled', priority: 5, followUpAt: '2027-01-05T09:00:00.000Z' });
    });

    it('keeps each account to its own applications: the export, and the jobUrls an import meets', async () => {
      const stranger = await suite.createAccount();
      const empty = records((await csvOf(stranger)).body);
      expect(empty).toEqual([]);
      // The same jobUrls as the source's are new to another account.
      expect((await importInto(stranger, exported)).body).toMatchObject({ imported: FORMULAS.length + 2, existing: 0 });
      expect(records((await csvOf(source)).body)).toHaveLength(FORMULAS.length + 2);
    });
  });

  describe('POST /v1/tracker/applications/import: what it refuses', () => {
    it('names each refused row with its errors, writes nothing of it, and imports the others', async () => {
      const account = await suite.createAccount();
      await account.api.post(APPLICATIONS, { jobTitle: 'Already tracked', company: 'Acme', jobUrl: 'https://jobs.acme.example/1' });
      const csv = [
        'jobTitle,company,jobUrl,status,priority,salaryMin,salaryMax,appliedDate,deadline,id,createdAt',
        ',Acme,https://jobs.acme.example/2,,,,,,,,',
        'Engineer,Acme,not a url,sleeping,9,,,,,,',
        'Engineer,Acme,https://jobs.acme.example/3,applied,,90000,80000,,,,',
        'Engineer,Acme,https://jobs.acme.example/4,,,,,yesterday,2026-02-30,,',
        'Engineer,Acme,https://jobs.acme.example/5,,,,,,,,,extra cell',
        'Same job,Acme,https://jobs.acme.example/1/?utm_source=mail,,,,,,,,',
        'Kept,Acme,https://jobs.acme.example/6,offer,2,,,,,any id,any time',
        'Kept twice,Acme,https://jobs.acme.example/6#top,,,,,,,,',
        '',
      ].join('\n');
      const response = await importInto(account, csv);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        imported: 1,
        existing: 2,
        rejected: [
          { row: 2, errors: { jobTitle: ['is required'] } },
          { row: 3, errors: { jobUrl: ['must be a valid URL'], status: ['must be a valid status'], priority: ['must be between 1 and 5'] } },
          { row: 4, errors: { salaryMin: ['must not be greater than salaryMax'] } },
          { row: 5, errors: { appliedDate: [expect.stringContaining('ISO 8601')], deadline: ['must be a date: YYYY-MM-DD'] } },
          { row: 6, errors: { row: ['has 12 cells; the header has 11'] } },
        ],
      });
      const listed = (await account.api.get(`${APPLICATIONS}?limit=100`)).body;
      expect(listed.total).toBe(2);
      expect(listed.data.map((item: { jobTitle: string; status: string }) => [item.jobTitle, item.status])).toEqual([
        ['Kept', 'offer'],
        ['Already tracked', 'watchlist'],
      ]);
    });

    it.each([
      ['a file that does not parse', 'jobTitle,company\n"Engineer,Acme\n', { error: expect.stringMatching(/^Malformed CSV: .*quote/i) }],
      ['no header', '', { error: 'Validation failed', details: { header: [expect.stringContaining('is required')] } }],
      [
        'an unknown or repeated column',
        'jobTitle,company,salary,company\nEngineer,Acme,1,Acme\n',
        { error: 'Validation failed', details: { header: [expect.stringContaining('unknown column "salary"'), 'names the column "company" twice'] } },
      ],
      ['a header without company', 'jobTitle\nEngineer\n', { error: 'Validation failed', details: { header: ['must name the column "company"'] } }],
    ])('refuses %s whole with a 400, writing nothing', async (_case, csv, body) => {
      const account = await suite.createAccount();
      expect(await importInto(account, csv)).toMatchObject({ status: 400, body });
      expect((await account.api.get(APPLICATIONS)).body.total).toBe(0);
    });

    it('refuses more rows than an import takes, before writing any', async () => {
      const account = await suite.createAccount();
      const csv = ['jobTitle,company', ...Array.from({ length: 2001 }, (_, index) => `Engineer ${index},Acme`)].join('\n');
      expect(await importInto(account, csv)).toMatchObject({
        status: 400,
        body: { details: { body: ['has 2001 rows; an import takes at most 2000'] } },
      });
      expect((await account.api.get(APPLICATIONS)).body.total).toBe(0);
    });

    it('answers 415 for a body that is not text/csv and 413 past 10 MiB', async () => {
      const account = await suite.createAccount();
      expect(await account.api.post(IMPORT, { jobTitle: 'Engineer', company: 'Acme' })).toMatchObject({
        status: 415,
        body: { error: 'Content-Type must be text/csv' },
      });
      const huge = `jobTitle,company,notes\nEngineer,Acme,${'x'.repeat(10 * 1024 * 1024)}\n`;
      expect(await importInto(account, huge)).toMatchObject({ status: 413, body: { error: `Request body exceeds ${10 * 1024 * 1024} bytes` } });
    });

    it('keeps the answer of an import made with an Idempotency-Key, and imports once', async () => {
      const account = await suite.createAccount();
      const csv = 'jobTitle,company\nEngineer,Acme\nDesigner,Acme\n';
      const first = await importInto(account, csv, { 'idempotency-key': 'import-1' });
      const second = await importInto(account, csv, { 'idempotency-key': 'import-1' });
      expect(first.body).toEqual({ imported: 2, existing: 0, rejected: [] });
      expect(second.body).toEqual(first.body);
      expect((await account.api.get(APPLICATIONS)).body.total).toBe(2);
    });

    it('needs tracker:write to import and tracker:read to export', async () => {
      const reader = await suite.createAccount({ scopes: ['tracker:read'] });
      const writer = await suite.createAccount({ scopes: ['tracker:write'] });
      expect(await importInto(reader, 'jobTitle,company\nEngineer,Acme\n')).toMatchObject({ status: 403, body: { requiredScope: 'tracker:write' } });
      expect(await csvOf(writer)).toMatchObject({ status: 403, body: { requiredScope: 'tracker:read' } });
      expect((await csvOf(reader)).status).toBe(200);
    });
  });
});
