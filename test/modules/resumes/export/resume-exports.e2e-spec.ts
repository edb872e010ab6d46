import { validate } from '@jsonresume/schema';
import { DataSource } from 'typeorm';
import { SCOPES } from '@src/common/auth/scopes';
import { expectDocumented, expectNotFound } from '../../../setup/expectations';
import { createAccount, TestAccount } from '../../../setup/factories';
import { pdfFontNames, pdfPageSizes, pdfText } from '../../../setup/pdf-text';
import { TestApp, useTestApp } from '../../../setup/test-app';
import { sampleJsonResume } from './json-resume.fixture';

const TEMPLATES = ['classic', 'modern', 'minimal'] as const;
const IMPORT_PATH = '/v1/resume/import/json-resume';

interface PdfResponse {
  status: number;
  headers: Headers;
  file: Buffer;
  /** The JSON body of an error answer. */
  body: any;
}

/** POST …/export/pdf, keeping the body as bytes. */
async function exportPdf(account: TestAccount, id: string): Promise<PdfResponse> {
  const response = await fetch(`${account.api.baseUrl}/v1/resume/${id}/export/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.api.key}` },
  });
  const file = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.includes('json');
  return { status: response.status, headers: response.headers, file, body: isJson ? JSON.parse(file.toString()) : undefined };
}

function schemaErrors(document: unknown): unknown[] {
  let errors: unknown[] = [];
  validate(document, (found) => {
    errors = found ?? [];
  });
  return errors;
}

describe('Resume exports', () => {
  let testApp: TestApp;
  let database: DataSource;
  let owner: TestAccount;
  let resumeId: string;

  const add = async (account: TestAccount, section: string, body: object, cvId: string) => {
    const response = await account.api.post(`/v1/${section}?cvId=${cvId}`, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    database = testApp.app.get(DataSource);
    owner = suite.owner;
    const profile = await owner.api.patch('/v1/profile', {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      address: 'London, United Kingdom',
      links: [{ label: 'GitHub', url: 'https://github.com/ada' }],
    });
    expect(profile.status).toBe(200);
    resumeId = (await owner.api.post('/v1/resume', { name: 'Exports', jobTitle: 'Backend Engineer' })).body.id;
    await add(
      owner,
      'experiences',
      { jobTitle: 'Staff Engineer', company: 'Northwind Payments', startDate: '2022-03-01', isCurrent: true, achievements: ['Cut p99 latency by 40%'] },
      resumeId,
    );
    const hidden = await add(owner, 'experiences', { jobTitle: 'Intern', company: 'Hidden Corp', startDate: '2010-01-01', endDate: '2010-06-30' }, resumeId);
    await add(owner, 'skills', { name: 'TypeScript', level: 'Expert', keywords: ['NestJS'] }, resumeId);
    await add(owner, 'skills', { name: 'German', category: 'LANGUAGE', level: 'Fluent' }, resumeId);
    const summary = await add(owner, 'summaries', { content: 'Engineer who builds reliable APIs.' }, resumeId);
    const patched = await owner.api.patch(`/v1/resume/${resumeId}`, { hiddenItems: { experiences: [hidden] }, selectedSummaryId: summary });
    expect(patched.status).toBe(200);
  });

  describe('POST /v1/resume/{id}/export/pdf', () => {
    it.each(TEMPLATES)('renders the %s template as a PDF attachment named after the person and the job title', async (template) => {
      expect((await owner.api.patch(`/v1/resume/${resumeId}`, { template })).status).toBe(200);
      const response = await exportPdf(owner, resumeId);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Ada_Lovelace_Backend_Engineer.pdf"');
      expect(Number(response.headers.get('content-length'))).toBe(response.file.length);
      expect(response.file.subarray(0, 5).toString()).toBe('%PDF-');

      const { pages, text } = await pdfText(response.file);
      expect(pages).toBe(1);
      for (const shown of ['Ada Lovelace', 'Backend Engineer', 'ada@example.com', '+44 20 7946 0000', 'github.com/ada', 'Engineer who builds reliable APIs.']) {
        expect(text).toContain(shown);
      }
      expect(text).toContain('Staff Engineer — Northwind Payments');
      expect(text).toContain('Cut p99 latency by 40%');
      expect(text).toContain('TypeScript (Expert): NestJS');
      expect(text).not.toContain('Hidden Corp');
    });

    it('follows sectionOrder', async () => {
      const ordered = (await owner.api.post('/v1/resume', { name: 'Ordered' })).body.id;
      await add(owner, 'experiences', { jobTitle: 'Engineer', company: 'Acme' }, ordered);
      await add(owner, 'interests', { name: 'Chess' }, ordered);
      const textOf = async () => (await pdfText((await exportPdf(owner, ordered)).file)).text;
      await owner.api.patch(`/v1/resume/${ordered}`, { sectionOrder: ['interests', 'experiences'] });
      const interestsFirst = await textOf();
      expect(interestsFirst.indexOf('Chess')).toBeLessThan(interestsFirst.indexOf('Acme'));
      await owner.api.patch(`/v1/resume/${ordered}`, { sectionOrder: ['experiences', 'interests'] });
      const experiencesFirst = await textOf();
      expect(experiencesFirst.indexOf('Acme')).toBeLessThan(experiencesFirst.indexOf('Chess'));
    });

    it('leaves out the identity fields optionalFields hides', async () => {
      const hiding = (await owner.api.post('/v1/resume', { name: 'Private', optionalFields: { email: false, phone: false, links: false } })).body.id;
      const { text } = await pdfText((await exportPdf(owner, hiding)).file);
      expect(text).toContain('Ada Lovelace');
      expect(text).toContain('London, United Kingdom');
      expect(text).not.toContain('ada@example.com');
      expect(text).not.toContain('+44 20 7946 0000');
      expect(text).not.toContain('github.com/ada');
    });

    it('flows long content onto several pages without losing any of it', async () => {
      const long = (await owner.api.post('/v1/resume', { name: 'Long' })).body.id;
      for (let index = 0; index < 14; index += 1) {
        await add(
          owner,
          'experiences',
          {
            jobTitle: 'Engineer',
            company: `Employer ${index}`,
            description: 'Built and ran services that many people depend on, with a small team and a lot of care for the details. '.repeat(3),
            achievements: [`Achievement ${index}: shipped the thing that mattered most that year`, 'Mentored two engineers'],
          },
          long,
        );
      }
      const response = await exportPdf(owner, long);
      const { pages, text } = await pdfText(response.file);
      expect(pages).toBeGreaterThan(1);
      for (let index = 0; index < 14; index += 1) {
        expect(text).toContain(`Employer ${index}`);
        expect(text).toContain(`Achievement ${index}: shipped the thing that mattered most that year`);
      }
    });

    it('prints each date at the precision it was given ("2021", "Mar 2020", "Mar 3, 2022"), newest first', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      await add(account, 'experiences', { jobTitle: 'Intern', company: 'Older Corp', startDate: '2015-01-01', endDate: '2016-06-30' }, resume.id);
      await add(account, 'experiences', { jobTitle: 'Engineer', company: 'Acme', startDate: '2020-03', endDate: '2021' }, resume.id);
      await add(account, 'certificates', { name: 'CKA', date: '2022-03-03' }, resume.id);
      const { text } = await pdfText((await exportPdf(account, resume.id)).file);
      expect(text).toContain('Mar 2020 – 2021');
      expect(text).toContain('Jan 1, 2015 – Jun 30, 2016');
      expect(text).toContain('Mar 3, 2022');
      // Newest first, though added last.
      expect(text.indexOf('Acme')).toBeLessThan(text.indexOf('Older Corp'));
    });

    it.each(TEMPLATES)('prints no section title over nothing in the %s template: no interests, no summary, a custom item with no field', async (template) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      expect((await account.api.patch(`/v1/resume/${resume.id}`, { template })).status).toBe(200);
      await add(account, 'experiences', { jobTitle: 'Engineer', company: 'Acme' }, resume.id);
      const section = await account.api.post('/v1/custom-sections', { title: 'Volunteering', enabledFields: ['title'] });
      expect(section.status).toBe(201);
      // The url is not an enabled field, so the item stores nothing.
      await add(account, `custom-sections/${section.body.id}/items`, { url: 'https://example.org' }, resume.id);

      const { pages, text } = await pdfText((await exportPdf(account, resume.id)).file);
      expect(pages).toBe(1);
      expect(text).toContain('Engineer — Acme');
      // pdf.js may space out the letters of a title set with extra character spacing.
      for (const title of ['Interests', 'Summary', 'Volunteering', 'Education', 'Skills']) {
        expect(text).not.toMatch(new RegExp(title.split('').join(' ?'), 'i'));
      }
    });

    it('prints on A4 by default and on US Letter with designSettings.pageSize "Letter"', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      expect(pdfPageSizes((await exportPdf(account, resume.id)).file)).toEqual([[595.28, 841.89]]);

      const letter = await account.api.patch(`/v1/resume/${resume.id}`, { designSettings: { pageSize: 'Letter' } });
      expect(letter.status).toBe(200);
      expect((await account.api.get(`/v1/resume/${resume.id}`)).body.data.designSettings).toEqual({ pageSize: 'Letter' });
      expect(pdfPageSizes((await exportPdf(account, resume.id)).file)).toEqual([[612, 792]]);

      await account.api.patch(`/v1/resume/${resume.id}`, { designSettings: { pageSize: 'A4' } });
      expect(pdfPageSizes((await exportPdf(account, resume.id)).file)).toEqual([[595.28, 841.89]]);
    });

    it.each(['A3', 'letter', 'Legal', 42, null])('answers 400 naming designSettings.pageSize for the page size %j', async (pageSize) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      const response = await account.api.patch(`/v1/resume/${resume.id}`, { designSettings: { pageSize } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details: { 'designSettings.pageSize': ['must be one of: A4, Letter'] } });
    });

    it.each(['Inter', 'Roboto', 'Lato'])('prints the font %s chosen in designSettings, embedded, instead of Helvetica', async (font) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      await account.api.patch('/v1/profile', { fullName: 'Ada Lovelace' });
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      await add(account, 'experiences', { jobTitle: 'Engineer', company: 'Acme', description: 'Built the ledger.' }, resume.id);
      await account.api.patch(`/v1/resume/${resume.id}`, { template: 'modern', designSettings: { fonts: { heading: font, body: font } } });

      const { file } = await exportPdf(account, resume.id);
      expect(pdfFontNames(file)).toEqual(expect.arrayContaining([`${font}-Regular`, `${font}-Bold`]));
      expect(pdfFontNames(file).filter((name) => name.startsWith('Helvetica'))).toEqual([]);
      expect((await pdfText(file)).text).toContain('Built the ledger.');
    });

    it.each([
      ['王小明', 'NotoSansHans'],
      ['山田太郎', 'NotoSansHans'],
      ['김민준', 'NotoSansKR'],
    ])('prints the name %s as text, in a CJK font it embeds', async (name, cjkFont) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      await account.api.patch('/v1/profile', { fullName: name });
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      await add(account, 'experiences', { jobTitle: 'Engineer', company: 'Acme' }, resume.id);

      const { file } = await exportPdf(account, resume.id);
      const { text } = await pdfText(file);
      expect(text).toContain(name);
      expect(text).toContain('Engineer — Acme');
      expect(pdfFontNames(file).some((font) => font.startsWith(cjkFont))).toBe(true);
    });

    it('falls back to Resume.pdf when the profile has no name it can spell in ASCII', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      await account.api.patch('/v1/profile', { fullName: 'Иван Петров' });
      const id = (await account.api.get('/v1/resume')).body.data[0].id;
      const response = await exportPdf(account, id);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Resume.pdf"');
      expect((await pdfText(response.file)).text).toContain('Иван Петров');
    });

    it('renders a resume whose profile has no name at all (found by the fuzzer: it answered 500)', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      await account.api.patch('/v1/profile', { fullName: null });
      const id = (await account.api.get('/v1/resume')).body.data[0].id;
      const response = await exportPdf(account, id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Resume.pdf"');
      expect(response.file.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('answers 409 RESUME_PROCESSING while an autoPrepare job is tailoring the resume', async () => {
      const [{ id: applicationId }] = await database.query(
        `INSERT INTO applications (account_id, job_title, company, status, cv_id, tailoring_pending) VALUES ($1, 'Engineer', 'Acme', 'preparing', $2, true) RETURNING id`,
        [owner.accountId, resumeId],
      );
      const response = await exportPdf(owner, resumeId);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: expect.any(String), code: 'RESUME_PROCESSING' });

      await database.query(`UPDATE applications SET status = 'watchlist', tailoring_pending = false WHERE id = $1`, [applicationId]);
      expect((await exportPdf(owner, resumeId)).status).toBe(200);
    });

    it('is not held up by an application set to preparing by hand', async () => {
      const created = await owner.api.post('/v1/tracker/applications', { jobTitle: 'Engineer', company: 'Acme' });
      await database.query(`UPDATE applications SET cv_id = $2 WHERE id = $1`, [created.body.applicationId, resumeId]);
      expect((await owner.api.patch(`/v1/tracker/applications/${created.body.applicationId}`, { status: 'preparing' })).status).toBe(200);
      expect((await exportPdf(owner, resumeId)).status).toBe(200);
    });

    it('is not held up by another account preparing an application', async () => {
      const other = await createAccount(testApp.app, testApp.baseUrl);
      const otherResume = (await other.api.get('/v1/resume')).body.data[0].id;
      await database.query(
        `INSERT INTO applications (account_id, job_title, company, status, cv_id, tailoring_pending) VALUES ($1, 'Engineer', 'Acme', 'preparing', $2, true)`,
        [other.accountId, otherResume],
      );
      expect((await exportPdf(owner, resumeId)).status).toBe(200);
    });

    it('needs the resume:export scope', async () => {
      const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: SCOPES.filter((scope) => scope !== 'resume:export') });
      const id = (await reader.api.get('/v1/resume')).body.data[0].id;
      const response = await exportPdf(reader, id);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Insufficient scope', requiredScope: 'resume:export' });
    });

    it("answers 404 for another account's resume, an unknown id and a malformed one", async () => {
      const intruder = await createAccount(testApp.app, testApp.baseUrl);
      for (const id of [resumeId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await exportPdf(intruder, id);
        expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: { error: 'Not found' } });
      }
    });
  });

  describe('GET /v1/resume/{id}/export/json-resume', () => {
    it("exports a skill's score, also as its level where it has no level text, and imports it back as the score", async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      await account.api.post('/v1/skills', { name: 'Go', score: 4 });
      await account.api.post('/v1/skills', { name: 'SQL', level: 'Expert', score: 5 });
      await account.api.post('/v1/skills', { name: 'German', category: 'LANGUAGE', score: 3 });
      const exported = (await account.api.get(`/v1/resume/${resume.id}/export/json-resume`)).body;
      expect(schemaErrors(exported)).toEqual([]);
      expect(exported.skills).toEqual([
        { name: 'Go', level: '4/5', score: 4 },
        { name: 'SQL', level: 'Expert', score: 5 },
      ]);
      expect(exported.languages).toEqual([{ language: 'German', fluency: '3/5', score: 3 }]);

      const { id } = (await account.api.post(IMPORT_PATH, exported)).body;
      const skills = (await account.api.get(`/v1/skills?cvId=${id}`)).body.data;
      expect(skills.map(({ name, level, score }: Record<string, unknown>) => ({ name, level, score }))).toEqual([
        { name: 'Go', level: null, score: 4 },
        { name: 'SQL', level: 'Expert', score: 5 },
        { name: 'German', level: null, score: 3 },
      ]);
    });

    it("keeps a skill's level and its score through an export imported into another account", async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      await account.api.post('/v1/skills', { name: 'Rust', level: 'Expert', score: 2 });
      await account.api.post('/v1/skills', { name: 'French', category: 'LANGUAGE', level: 'Conversational', score: 3 });
      const exported = (await account.api.get(`/v1/resume/${resume.id}/export/json-resume`)).body;
      expect(schemaErrors(exported)).toEqual([]);

      const other = await createAccount(testApp.app, testApp.baseUrl);
      const imported = await other.api.post(IMPORT_PATH, exported);
      expect(imported.status).toBe(201);
      expect(imported.body.ignored).toEqual([]);
      const skills = (await other.api.get(`/v1/skills?cvId=${imported.body.id}`)).body.data;
      expect(skills.map(({ name, category, level, score }: Record<string, unknown>) => ({ name, category, level, score }))).toEqual([
        { name: 'Rust', category: null, level: 'Expert', score: 2 },
        { name: 'French', category: 'LANGUAGE', level: 'Conversational', score: 3 },
      ]);
    });

    it('keeps every section date at its precision through export and import', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [resume] = (await account.api.get('/v1/resume')).body.data;
      const sent = {
        experiences: { jobTitle: 'Engineer', company: 'Acme', startDate: '2020-03', endDate: '2021' },
        education: { school: 'MIT', degree: 'BSc', startDate: '2016', endDate: '2019-06-30' },
        projects: { name: 'Job board', startDate: '2021-05', endDate: '2021-07-04' },
        certificates: { name: 'CKA', date: '2022-03' },
        awards: { title: 'Prize', date: '2019' },
        publications: { name: 'Sliding windows', date: '2018-11-02' },
      };
      for (const [section, body] of Object.entries(sent)) await add(account, section, body, resume.id);
      const exported = (await account.api.get(`/v1/resume/${resume.id}/export/json-resume`)).body;
      expect(schemaErrors(exported)).toEqual([]);
      expect(exported).toMatchObject({
        work: [{ startDate: '2020-03', endDate: '2021' }],
        education: [{ startDate: '2016', endDate: '2019-06-30' }],
        projects: [{ startDate: '2021-05', endDate: '2021-07-04' }],
        certificates: [{ date: '2022-03' }],
        awards: [{ date: '2019' }],
        publications: [{ releaseDate: '2018-11-02' }],
      });

      const { id } = (await account.api.post(IMPORT_PATH, exported)).body;
      for (const [section, body] of Object.entries(sent)) {
        const [item] = (await account.api.get(`/v1/${section}?cvId=${id}`)).body.data;
        expect([section, item]).toEqual([section, expect.objectContaining(body)]);
      }
    });

    it('answers the resolved content as a document that validates against the JSON Resume schema', async () => {
      const response = await owner.api.get(`/v1/resume/${resumeId}/export/json-resume`);
      expect(response.status).toBe(200);
      expect(schemaErrors(response.body)).toEqual([]);
      expect(response.body).toEqual({
        $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
        basics: {
          name: 'Ada Lovelace',
          label: 'Backend Engineer',
          email: 'ada@example.com',
          phone: '+44 20 7946 0000',
          summary: 'Engineer who builds reliable APIs.',
          location: { address: 'London, United Kingdom' },
          profiles: [{ network: 'GitHub', url: 'https://github.com/ada' }],
        },
        work: [{ name: 'Northwind Payments', position: 'Staff Engineer', startDate: '2022-03-01', highlights: ['Cut p99 latency by 40%'] }],
        skills: [{ name: 'TypeScript', level: 'Expert', keywords: ['NestJS'] }],
        languages: [{ language: 'German', fluency: 'Fluent' }],
        meta: { version: 'v1.0.0' },
      });
    });

    it('needs resume:read, and hides other accounts’ resumes', async () => {
      const writer = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['resume:write'] });
      const denied = await writer.api.get(`/v1/resume/${resumeId}/export/json-resume`);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ error: 'Insufficient scope', requiredScope: 'resume:read' });
      const intruder = await createAccount(testApp.app, testApp.baseUrl);
      await expectNotFound(intruder.api.get(`/v1/resume/${resumeId}/export/json-resume`), intruder.api.get('/v1/resume/nope/export/json-resume'));
    });
  });

  describe('POST /v1/resume/import/json-resume', () => {
    it('creates a resume that exports as the document it was made from', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const document = sampleJsonResume();
      const imported = await account.api.post(IMPORT_PATH, document);
      expect(imported.status).toBe(201);
      expect(imported.body).toEqual({
        success: true,
        id: expect.any(String),
        profileFieldsFilled: ['fullName', 'phone', 'address', 'photoUrl', 'links'],
        ignored: [],
      });
      const exported = await account.api.get(`/v1/resume/${imported.body.id}/export/json-resume`);
      expect(schemaErrors(exported.body)).toEqual([]);
      // The profile already had an email (the account's): import fills empty profile fields only.
      const profileEmail = (await account.api.get('/v1/profile')).body.data.email;
      expect(exported.body).toEqual({
        $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
        ...document,
        basics: { ...document.basics, email: profileEmail },
        meta: { version: 'v1.0.0' },
      });
    });

    it('makes a resume of its own: not the default, its summary selected, basics.label as jobTitle', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [base] = (await account.api.get('/v1/resume')).body.data;
      const { id } = (await account.api.post(IMPORT_PATH, sampleJsonResume())).body;
      const resume = (await account.api.get(`/v1/resume/${id}`)).body.data;
      expect(resume).toMatchObject({
        name: 'Grace Hopper – Compiler Engineer',
        jobTitle: 'Compiler Engineer',
        isDefault: false,
        selectedSummaryId: expect.any(String),
      });
      expect(resume.content.summary).toBe('Builds compilers so that people can write programs in words.');
      expect(resume.content.customSections.map((section: { title: string }) => section.title).sort()).toEqual(['References', 'Volunteering']);
      expect((await account.api.get(`/v1/resume/${base.id}`)).body.data.content.sections.experiences).toEqual([]);

      // A second import reuses the custom sections instead of making new ones.
      await account.api.post(IMPORT_PATH, sampleJsonResume());
      expect((await account.api.get('/v1/custom-sections')).body.total).toBe(2);
    });

    it('never overwrites a profile field that has a value, and fills none without profile:write', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl, { scopes: SCOPES.filter((scope) => scope !== 'profile:write') });
      await testApp.app.get(DataSource).query(`UPDATE career_profiles SET full_name = 'Grace B. Hopper' WHERE account_id = $1`, [account.accountId]);
      const before = (await account.api.get('/v1/profile')).body.data;
      const imported = await account.api.post(IMPORT_PATH, sampleJsonResume());
      expect(imported.body.profileFieldsFilled).toEqual([]);
      expect((await account.api.get('/v1/profile')).body.data).toEqual(before);

      const writer = await createAccount(testApp.app, testApp.baseUrl);
      await writer.api.patch('/v1/profile', { fullName: 'Grace B. Hopper', phone: '+1 555 0199' });
      const filled = await writer.api.post(IMPORT_PATH, sampleJsonResume());
      expect(filled.body.profileFieldsFilled).toEqual(['address', 'photoUrl', 'links']);
      expect((await writer.api.get('/v1/profile')).body.data).toMatchObject({
        fullName: 'Grace B. Hopper',
        phone: '+1 555 0199',
        address: 'Arlington, Virginia, US',
      });
    });

    it('needs the write scope of every section it fills: 403 naming the one missing, and nothing written', async () => {
      const withoutCustom = await createAccount(testApp.app, testApp.baseUrl, { scopes: SCOPES.filter((scope) => scope !== 'custom-sections:write') });
      const refused = await withoutCustom.api.post(IMPORT_PATH, sampleJsonResume());
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 403,
        body: { error: 'Insufficient scope', requiredScope: 'custom-sections:write' },
      });
      expect((await withoutCustom.api.get('/v1/resume')).body.total).toBe(1);
      expect((await withoutCustom.api.get('/v1/custom-sections')).body.total).toBe(0);

      const resumeOnly = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['resume:read', 'resume:write'] });
      const alone = await resumeOnly.api.post(IMPORT_PATH, sampleJsonResume());
      expect(alone.status).toBe(403);
      expect(alone.body.requiredScope).toMatch(/^[a-z-]+:write$/);
      expect((await resumeOnly.api.get('/v1/resume')).body.total).toBe(1);
      // A document that fills no section needs no section scope.
      expect((await resumeOnly.api.post(IMPORT_PATH, { basics: { label: 'Engineer' } })).status).toBe(201);
    });

    it('reports the fields it has no place for', async () => {
      const response = await owner.api.post(IMPORT_PATH, {
        basics: { name: 'Grace', profiles: [{ network: 'GitHub', username: 'grace', url: 'https://github.com/grace' }] },
        work: [{ name: 'Navy', position: 'Admiral', url: 'https://navy.example.org' }],
      });
      expect(response.status).toBe(201);
      expect(response.body.ignored).toEqual(['basics.profiles[0].username', 'work[0].url']);
    });

    it.each([
      [{ basics: { email: 'not-an-email' } }, { 'basics.email': ['must be a valid email address'] }],
      [{ work: [{ name: 'Navy', startDate: 'March 1967' }] }, { 'work[0].startDate': ['must be a date: YYYY, YYYY-MM or YYYY-MM-DD'] }],
      [
        { work: [{ name: 'Navy' }], education: [{ institution: 'Yale', studyType: 'PhD' }, { institution: 'Vassar' }] },
        { 'work[0].position': ['is required'], 'education[1].studyType': ['is required'] },
      ],
      [{ skills: { name: 'Go' } }, { skills: ['must be of type array'] }],
      [{ work: [{ name: 'Navy', position: 'Admiral', startDate: '1967-08', endDate: '1966' }] }, { 'work[0].endDate': ['must not be before startDate'] }],
      [
        { volunteer: [{ organization: 'Museum', startDate: '1985-06-01', endDate: '1980-01-01' }] },
        { 'volunteer[0].endDate': ['must not be before startDate'] },
      ],
    ])('answers 400 with the JSON paths of what is wrong in %j, and creates nothing', async (document, details) => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const response = await account.api.post(IMPORT_PATH, document);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
      expect((await account.api.get('/v1/resume')).body.total).toBe(1);
    });

    it('answers 400 for a body that is not a JSON object', async () => {
      const response = await owner.api.post(IMPORT_PATH, '[1, 2]');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Request body must be a JSON object' });
    });

    it('needs resume:write', async () => {
      const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['resume:read'] });
      const response = await reader.api.post(IMPORT_PATH, sampleJsonResume());
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Insufficient scope', requiredScope: 'resume:write' });
    });
  });

  it('documents each route with its scope and limit', async () => {
    const document = await expectDocumented(testApp.baseUrl, [
      ['/v1/resume/{id}/export/pdf', 'post', 'resume:export', 5],
      ['/v1/resume/{id}/export/json-resume', 'get', 'resume:read', 30],
      ['/v1/resume/import/json-resume', 'post', 'resume:write', 10],
    ]);
    expect(Object.keys(document.paths['/v1/resume/{id}/export/pdf'].post.responses['200'].content)).toEqual(['application/pdf']);
    expect(document.paths['/v1/resume/{id}/export/pdf'].post.responses['409']).toBeDefined();
  });
});
