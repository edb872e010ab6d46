import { DataSource } from 'typeorm';
import { AccountsService } from '@src/modules/accounts/accounts.service';
import { Resume } from '@src/modules/resumes/entities/resume.entity';
import { createAccount, TestAccount } from '../../setup/factories';
import { expectDocumented, expectHiddenFrom, expectNotFound } from '../../setup/expectations';
import { TestApp, useTestApp } from '../../setup/test-app';

const PATH = '/v1/cover-letter';
const UPGRADE = { error: 'Cover letters need the Plus plan', requiresUpgrade: true };

describe('/v1/cover-letter', () => {
  let testApp: TestApp;
  let database: DataSource;
  let owner: TestAccount;

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    database = testApp.app.get(DataSource);
    owner = suite.owner;
  });

  const newResume = async (account: TestAccount) => {
    const response = await account.api.post('/v1/resume', { name: 'Tailored resume' });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const baseResume = async (account: TestAccount) =>
    (await database.getRepository(Resume).findOneByOrFail({ accountId: account.accountId, isDefault: true })).id;
  const create = async (account: TestAccount, overrides: Record<string, unknown> = {}) => {
    const cvId = overrides.cvId ?? (await newResume(account));
    const response = await account.api.post(PATH, { cvId, title: 'Dear Acme', content: 'I would love to **build** your APIs.', ...overrides });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const read = async (account: TestAccount, id: string) => (await account.api.get(`${PATH}/${id}`)).body.data;
  const downgrade = (account: TestAccount) => testApp.app.get(AccountsService).update(account.accountId, { plan: 'free' });

  describe('POST /v1/cover-letter', () => {
    it('creates a letter for a resume and reads it back with every default', async () => {
      const cvId = await baseResume(owner);
      const response = await owner.api.post(PATH, { cvId, title: 'Dear Acme', content: 'Hello' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, id: expect.any(String) });
      expect(await read(owner, response.body.id)).toEqual({
        id: response.body.id,
        cvId,
        title: 'Dear Acme',
        content: 'Hello',
        templateId: null,
        isDefault: false,
        variables: {},
        showName: true,
        showEmail: true,
        showPhone: true,
        showAddress: true,
        headerAlignment: 'left',
        fontFamily: 'Inter',
        fontSize: 11,
        lineSpacing: 1.6,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('stores every field it is given', async () => {
      const fields = {
        title: 'Application for Staff Engineer',
        content: '# Hello\n\nMarkdown body',
        templateId: 'formal',
        isDefault: true,
        variables: { companyName: 'Acme', hiringManager: 'Ada' },
        showName: false,
        showEmail: false,
        showPhone: false,
        showAddress: false,
        headerAlignment: 'center',
        fontFamily: 'Georgia',
        fontSize: 12.5,
        lineSpacing: 1.15,
      };
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const cvId = await newResume(account);
      const id = await create(account, { cvId, ...fields });
      expect(await read(account, id)).toMatchObject({ id, cvId, ...fields });
    });

    it('answers 409 with existingId when the resume already has a cover letter', async () => {
      const cvId = await newResume(owner);
      const existingId = await create(owner, { cvId });
      const response = await owner.api.post(PATH, { cvId, title: 'Second', content: 'Again' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: 'This resume already has a cover letter', existingId });
      expect((await read(owner, existingId)).title).toBe('Dear Acme');
    });

    it('creates exactly one letter out of 10 concurrent creates for one resume; the others answer 409 with its id', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const cvId = await newResume(account);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) => account.api.post(PATH, { cvId, title: `Race ${index}`, content: 'Fast', isDefault: index % 2 === 0 })),
      );
      const created = responses.filter((response) => response.status === 201);
      expect(created).toHaveLength(1);
      const conflicts = responses.filter((response) => response.status === 409);
      expect(conflicts).toHaveLength(9);
      for (const conflict of conflicts) expect(conflict.body.existingId).toBe(created[0].body.id);
      expect((await account.api.get(PATH)).body.total).toBe(1);
    });

    it.each([
      [{ title: 'T', content: 'C' }, { cvId: ['is required'] }],
      [{ cvId: 'x', content: 'C' }, { title: ['is required'] }],
      [{ cvId: 'x', title: 'T' }, { content: ['is required'] }],
      [{ cvId: 'x', title: '', content: 'C' }, { title: ['must not be empty'] }],
      [{ cvId: 'x', title: 'T', content: ' \n ' }, { content: ['must not be empty'] }],
      [{ cvId: '  ', title: 'T', content: 'C' }, { cvId: ['must not be empty'] }],
      [{ cvId: 'x', title: 'x'.repeat(201), content: 'C' }, { title: ['must be at most 200 characters'] }],
      [{ cvId: 'x', title: 'T', content: 'x'.repeat(20_001) }, { content: ['must be at most 20000 characters'] }],
      [{ cvId: 'x', title: 'T', content: 'C', templateId: 'x'.repeat(101) }, { templateId: ['must be at most 100 characters'] }],
      [{ cvId: 'x', title: 'T', content: 'C', isDefault: 'yes' }, { isDefault: ['must be a boolean'] }],
      [{ cvId: 'x', title: 'T', content: 'C', showPhone: 1 }, { showPhone: ['must be a boolean'] }],
      [{ cvId: 'x', title: 'T', content: 'C', headerAlignment: 'justify' }, { headerAlignment: ['must be one of: left, center, right'] }],
      [{ cvId: 'x', title: 'T', content: 'C', fontFamily: '' }, { fontFamily: ['must not be empty'] }],
      [{ cvId: 'x', title: 'T', content: 'C', fontSize: 5 }, { fontSize: ['must be at least 6'] }],
      [{ cvId: 'x', title: 'T', content: 'C', fontSize: 37 }, { fontSize: ['must be at most 36'] }],
      [{ cvId: 'x', title: 'T', content: 'C', fontSize: '11' }, { fontSize: ['must be a number'] }],
      [{ cvId: 'x', title: 'T', content: 'C', lineSpacing: 0.5 }, { lineSpacing: ['must be at least 1'] }],
      [{ cvId: 'x', title: 'T', content: 'C', lineSpacing: 3.5 }, { lineSpacing: ['must be at most 3'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: { name: 1 } }, { variables: ['must be an object whose values are strings'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: { nested: { a: 'b' } } }, { variables: ['must be an object whose values are strings'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: ['a'] }, { variables: ['must be an object whose values are strings'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: 'name=Ada' }, { variables: ['must be an object whose values are strings'] }],
      [
        { cvId: 'x', title: 'T', content: 'C', variables: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, 'x'])) },
        { variables: ['must have at most 50 entries'] },
      ],
      [{ cvId: 'x', title: 'T', content: 'C', variables: { '': 'x' } }, { variables: ['keys must be 1 to 100 characters'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: { name: 'A\u0000' } }, { 'variables.name': ['must not contain the NUL character (U+0000)'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: { name: 'x'.repeat(2_001) } }, { variables: ['values must be at most 2000 characters'] }],
      [{ cvId: 'x', title: 'T', content: 'C', variables: { name: '😀'.repeat(2_001) } }, { variables: ['values must be at most 2000 characters'] }],
      [{ cvId: 'x', title: 'T', content: 'C', language: 'en' }, { language: ['is not allowed'] }],
    ])('rejects %j with details %j', async (body, details) => {
      const response = await owner.api.post(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('answers 404 when cvId is not one of your resumes (foreign, unknown or malformed) and creates nothing', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const foreignCvId = await baseResume(owner);
      await expectNotFound(
        ...[foreignCvId, '00000000-0000-4000-8000-000000000000', 'not-an-id'].map((cvId) => account.api.post(PATH, { cvId, title: 'T', content: 'C' })),
      );
      expect((await account.api.get(PATH)).body.total).toBe(0);
    });
  });

  describe('the Plus plan', () => {
    it('answers 403 requiresUpgrade to create on the free plan, after validation and ownership', async () => {
      const free = await createAccount(testApp.app, testApp.baseUrl, { plan: 'free' });
      const cvId = await baseResume(free);
      const response = await free.api.post(PATH, { cvId, title: 'T', content: 'C' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(UPGRADE);
      expect((await free.api.post(PATH, { cvId, title: 'T' })).status).toBe(400);
      expect((await free.api.post(PATH, { cvId: await baseResume(owner), title: 'T', content: 'C' })).status).toBe(404);
      expect((await free.api.get(PATH)).body.total).toBe(0);
    });

    it('answers 403 requiresUpgrade to update on the free plan, but lets a downgraded user list, read and delete', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const id = await create(account, { title: 'Before the downgrade' });
      await downgrade(account);

      const update = await account.api.patch(`${PATH}/${id}`, { title: 'After' });
      expect(update.status).toBe(403);
      expect(update.body).toEqual(UPGRADE);
      expect((await account.api.patch(`${PATH}/00000000-0000-4000-8000-000000000000`, { title: 'After' })).status).toBe(404);

      const list = await account.api.get(PATH);
      expect(list.status).toBe(200);
      expect(list.body.data.map((letter: { id: string }) => letter.id)).toEqual([id]);
      expect((await read(account, id)).title).toBe('Before the downgrade');
      expect((await account.api.delete(`${PATH}/${id}`)).body).toEqual({ success: true });
      expect((await account.api.get(`${PATH}/${id}`)).status).toBe(404);
    });
  });

  describe('GET /v1/cover-letter', () => {
    it('answers the list envelope, newest first, without the body text', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const first = await create(account);
      const second = await create(account, { variables: { company: 'Acme' } });
      const response = await account.api.get(PATH);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 2, hasMore: false, limit: 25, offset: 0 });
      expect(response.body.data.map((letter: { id: string }) => letter.id)).toEqual([second, first]);
      const { content, ...summary } = await read(account, second);
      expect(content).toEqual(expect.any(String));
      expect(response.body.data[0]).toEqual(summary);
      expect((await account.api.get(`${PATH}?limit=1&offset=1`)).body).toMatchObject({ data: [expect.objectContaining({ id: first })], hasMore: false });
    });
  });

  describe('PATCH /v1/cover-letter/{id}', () => {
    it('changes only the fields sent', async () => {
      const id = await create(owner, { templateId: 'formal', variables: { company: 'Acme' } });
      const response = await owner.api.patch(`${PATH}/${id}`, { title: 'New title', fontSize: 10, headerAlignment: 'right', showEmail: false });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, id });
      expect(await read(owner, id)).toMatchObject({
        title: 'New title',
        content: 'I would love to **build** your APIs.',
        templateId: 'formal',
        variables: { company: 'Acme' },
        fontSize: 10,
        headerAlignment: 'right',
        showEmail: false,
        showName: true,
      });
    });

    it('replaces the variables map, and clears the template and all variables with null', async () => {
      const id = await create(owner, { templateId: 'formal', variables: { company: 'Acme', role: 'Engineer' } });
      await owner.api.patch(`${PATH}/${id}`, { variables: { company: 'Globex' } });
      expect((await read(owner, id)).variables).toEqual({ company: 'Globex' });
      const cleared = await owner.api.patch(`${PATH}/${id}`, { templateId: null, variables: null });
      expect(cleared.status).toBe(200);
      expect(await read(owner, id)).toMatchObject({ templateId: null, variables: {} });
    });

    it('counts variable lengths in characters, as the document does: 2000 emoji fit', async () => {
      const id = await create(owner);
      const variables = { ['😀'.repeat(100)]: '😀'.repeat(2_000) };
      expect((await owner.api.patch(`${PATH}/${id}`, { variables })).status).toBe(200);
      expect((await read(owner, id)).variables).toEqual(variables);
    });

    it.each([
      [{}, { body: ['at least one field is required'] }],
      [{ cvId: '00000000-0000-4000-8000-000000000000' }, { cvId: ['is not allowed'] }],
      [{ title: null }, { title: ['must be a string'] }],
      [{ content: '' }, { content: ['must not be empty'] }],
      [{ title: '   ' }, { title: ['must not be empty'] }],
      [{ isDefault: null }, { isDefault: ['must be a boolean'] }],
      [{ fontSize: null }, { fontSize: ['must be a number'] }],
      [{ variables: { a: null } }, { variables: ['must be an object whose values are strings'] }],
    ])('rejects %j', async (body, details) => {
      const id = await create(owner);
      const response = await owner.api.patch(`${PATH}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('the default cover letter', () => {
    it('has one default per account: isDefault true on create or update moves it', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const first = await create(account, { isDefault: true });
      const second = await create(account, { isDefault: true });
      const third = await create(account);
      const defaults = async () =>
        (await account.api.get(PATH)).body.data.filter((letter: { isDefault: boolean }) => letter.isDefault).map((letter: { id: string }) => letter.id);

      expect(await defaults()).toEqual([second]);
      await account.api.patch(`${PATH}/${third}`, { isDefault: true });
      expect(await defaults()).toEqual([third]);
      expect((await read(account, first)).isDefault).toBe(false);
      await account.api.patch(`${PATH}/${third}`, { isDefault: false });
      expect(await defaults()).toEqual([]);
    });

    it('keeps one default when several letters are promoted at once', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const ids = await Promise.all(Array.from({ length: 6 }, () => create(account)));
      const responses = await Promise.all(ids.map((id) => account.api.patch(`${PATH}/${id}`, { isDefault: true })));
      expect(responses.map((response) => response.status)).toEqual(ids.map(() => 200));
      const letters = (await account.api.get(PATH)).body.data;
      expect(letters.filter((letter: { isDefault: boolean }) => letter.isDefault)).toHaveLength(1);
    });

    it("is per account: another account's default stays", async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const other = await createAccount(testApp.app, testApp.baseUrl);
      const mine = await create(account, { isDefault: true });
      await create(other, { isDefault: true });
      expect((await read(account, mine)).isDefault).toBe(true);
    });
  });

  describe('DELETE /v1/cover-letter/{id}', () => {
    it('removes the letter, which frees its resume for a new one', async () => {
      const cvId = await newResume(owner);
      const id = await create(owner, { cvId });
      const response = await owner.api.delete(`${PATH}/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await owner.api.get(`${PATH}/${id}`)).status).toBe(404);
      expect((await owner.api.delete(`${PATH}/${id}`)).status).toBe(404);
      await create(owner, { cvId });
    });

    it('goes with its resume when the resume is deleted', async () => {
      const cvId = await newResume(owner);
      const id = await create(owner, { cvId });
      expect((await owner.api.delete(`/v1/resume/${cvId}`)).body).toEqual({ success: true });
      await expectNotFound(owner.api.get(`${PATH}/${id}`));
    });

    it('never fails when a new default letter and the deletion of its resume meet', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      await create(account, { cvId: await baseResume(account), isDefault: true });
      const unexpected: unknown[] = [];
      for (let round = 0; round < 12; round += 1) {
        const cvId = await newResume(account);
        const [created, deleted] = await Promise.all([
          account.api.post(PATH, { cvId, title: 'Race', content: 'Dear team', isDefault: true }),
          account.api.delete(`/v1/resume/${cvId}`),
        ]);
        // Either the letter came first and went with its resume, or the resume was gone before it: never a 500.
        if (![201, 404].includes(created.status) || deleted.status !== 200) unexpected.push({ round, created: created.body, deleted: deleted.body });
      }
      expect(unexpected).toEqual([]);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's letter on GET, PATCH and DELETE, and leaves it unchanged", async () => {
      const intruder = await createAccount(testApp.app, testApp.baseUrl);
      const id = await create(owner, { title: 'Private letter' });
      await expectHiddenFrom(intruder, `${PATH}/${id}`, { title: 'Stolen', isDefault: true });
      expect((await intruder.api.get(PATH)).body.total).toBe(0);
      expect(await read(owner, id)).toMatchObject({ title: 'Private letter' });
    });

    it("does not reveal with a 409 that another account's resume has a letter", async () => {
      const cvId = await newResume(owner);
      await create(owner, { cvId });
      const intruder = await createAccount(testApp.app, testApp.baseUrl);
      await expectNotFound(intruder.api.post(PATH, { cvId, title: 'T', content: 'C' }));
    });

    it('answers 404 for a malformed id', async () => {
      await expectNotFound(owner.api.get(`${PATH}/not-a-uuid`));
    });
  });

  describe('scopes and documentation', () => {
    it('reads with cover-letter:read and writes with cover-letter:write', async () => {
      const reader = await createAccount(testApp.app, testApp.baseUrl, { scopes: ['cover-letter:read'] });
      expect((await reader.api.get(PATH)).status).toBe(200);
      const denied = await reader.api.post(PATH, { cvId: await baseResume(reader), title: 'T', content: 'C' });
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ error: 'Insufficient scope', requiredScope: 'cover-letter:write' });
    });

    it('documents every operation with its scope and limit', async () => {
      const document = await expectDocumented(testApp.baseUrl, [
        [PATH, 'post', 'cover-letter:write', 10],
        [PATH, 'get', 'cover-letter:read', 60],
        [`${PATH}/{id}`, 'get', 'cover-letter:read', 30],
        [`${PATH}/{id}`, 'patch', 'cover-letter:write', 20],
        [`${PATH}/{id}`, 'delete', 'cover-letter:write', 10],
      ]);
      expect(Object.keys(document.paths[PATH].post.responses)).toEqual(expect.arrayContaining(['201', '404', '409']));
      expect(document.paths[`${PATH}/{id}`].patch.responses['403'].description).toContain('requiresUpgrade');
      expect(document.components.schemas.UpgradeRequiredBody.properties).toHaveProperty('requiresUpgrade');
      expect(document.components.schemas.CreateCoverLetterDto.required).toEqual(expect.arrayContaining(['cvId', 'title', 'content']));
      expect(document.components.schemas.UpdateCoverLetterDto.properties).not.toHaveProperty('cvId');
    });
  });
});
