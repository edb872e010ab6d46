import { TestAccount } from '../../setup/factories';
import { expectDocumented, expectHiddenFrom, expectNotFound } from '../../setup/expectations';
import { useTestApp } from '../../setup/test-app';

const PATH = '/v1/contacts';
const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  jobTitle: 'Engineering Manager',
  company: 'Analytical Engines Ltd',
  relationship: 'HIRING_MANAGER',
  email: 'ada@engines.example',
  phone: '+44 20 7946 0000',
  linkedIn: 'https://www.linkedin.com/in/ada',
  notes: 'Met at the meetup',
};

describe('/v1/contacts', () => {
  const suite = useTestApp();

  const create = async (account: TestAccount, body: Record<string, unknown> = { firstName: 'Grace' }) => {
    const response = await account.api.post(PATH, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  describe('POST /v1/contacts', () => {
    it('creates a contact with every field and answers {success, id}', async () => {
      const response = await suite.owner.api.post(PATH, ada);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, id: expect.any(String) });

      const read = await suite.owner.api.get(`${PATH}/${response.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        data: { id: response.body.id, ...ada, createdAt: expect.any(String), updatedAt: expect.any(String) },
      });
    });

    it('needs only firstName; relationship defaults to OTHER and the rest to null', async () => {
      const id = await create(suite.owner, { firstName: 'Grace' });
      expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data).toMatchObject({
        firstName: 'Grace',
        lastName: null,
        jobTitle: null,
        company: null,
        relationship: 'OTHER',
        email: null,
        phone: null,
        linkedIn: null,
        notes: null,
      });
    });

    it('accepts every relationship value', async () => {
      const relationships = [
        'RECRUITER',
        'HIRING_MANAGER',
        'HR_MANAGER',
        'TEAM_LEAD',
        'DEPARTMENT_HEAD',
        'CEO_FOUNDER',
        'COLLEAGUE',
        'FRIEND',
        'REFERRAL',
        'OTHER',
      ];
      for (const relationship of relationships) {
        const id = await create(suite.owner, { firstName: 'R', relationship });
        expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data.relationship).toBe(relationship);
      }
    });

    it.each([
      [{ lastName: 'Hopper' }, { firstName: ['is required'] }],
      [{ firstName: '' }, { firstName: ['must not be empty'] }],
      [{ firstName: '  ' }, { firstName: ['must not be empty'] }],
      [{ firstName: 'x'.repeat(101) }, { firstName: ['must be at most 100 characters'] }],
      [{ firstName: 'G', lastName: 'x'.repeat(101) }, { lastName: ['must be at most 100 characters'] }],
      [{ firstName: 'G', jobTitle: 'x'.repeat(201) }, { jobTitle: ['must be at most 200 characters'] }],
      [{ firstName: 'G', company: 'x'.repeat(201) }, { company: ['must be at most 200 characters'] }],
      [
        { firstName: 'G', relationship: 'BOSS' },
        {
          relationship: ['must be one of: RECRUITER, HIRING_MANAGER, HR_MANAGER, TEAM_LEAD, DEPARTMENT_HEAD, CEO_FOUNDER, COLLEAGUE, FRIEND, REFERRAL, OTHER'],
        },
      ],
      [{ firstName: 'G', email: 'not-an-email' }, { email: ['must be a valid email address'] }],
      [{ firstName: 'G', email: `${'x'.repeat(190)}@example.com` }, { email: ['must be at most 200 characters'] }],
      [{ firstName: 'G', phone: '1'.repeat(51) }, { phone: ['must be at most 50 characters'] }],
      [{ firstName: 'G', linkedIn: 'linkedin.com/in/grace' }, { linkedIn: ['must be a valid URL'] }],
      [{ firstName: 'G', linkedIn: `https://www.linkedin.com/in/${'x'.repeat(480)}` }, { linkedIn: ['must be at most 500 characters'] }],
      [{ firstName: 'G', notes: 'x'.repeat(20_001) }, { notes: ['must be at most 20000 characters'] }],
      [{ firstName: 'G', birthday: '1906-12-09' }, { birthday: ['is not allowed'] }],
      [{ firstName: 'Gr\u0000ce' }, { firstName: ['must not contain the NUL character (U+0000)'] }],
    ])('rejects %j with details %j', async (body, details) => {
      const response = await suite.owner.api.post(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('GET /v1/contacts', () => {
    let account: TestAccount;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      account = await suite.createAccount();
      ids.ada = await create(account, ada);
      ids.grace = await create(account, { firstName: 'Grace', lastName: 'Hopper', company: 'US Navy', relationship: 'RECRUITER', email: 'grace@navy.example' });
      ids.linus = await create(account, { firstName: 'Linus', company: '100%_Open', relationship: 'RECRUITER' });
      ids.margaret = await create(account, { firstName: 'Margaret', lastName: 'Hamilton', email: 'MH@Apollo.example', relationship: 'FRIEND' });
    });

    const listIds = async (query = '') => {
      const response = await account.api.get(`${PATH}${query}`);
      expect(response.status).toBe(200);
      return response.body.data.map((contact: { id: string }) => contact.id);
    };

    it('answers the list envelope, newest first, with full contacts', async () => {
      const response = await account.api.get(PATH);
      expect(response.body).toMatchObject({ total: 4, hasMore: false, limit: 25, offset: 0 });
      expect(response.body.data.map((contact: { id: string }) => contact.id)).toEqual([ids.margaret, ids.linus, ids.grace, ids.ada]);
      expect(response.body.data[3]).toEqual({ id: ids.ada, ...ada, createdAt: expect.any(String), updatedAt: expect.any(String) });
    });

    it('pages with limit and offset', async () => {
      const page = await account.api.get(`${PATH}?limit=3&offset=3`);
      expect(page.body).toMatchObject({ total: 4, hasMore: false, limit: 3, offset: 3 });
      expect(page.body.data.map((contact: { id: string }) => contact.id)).toEqual([ids.ada]);
      expect((await account.api.get(`${PATH}?limit=2`)).body).toMatchObject({ total: 4, hasMore: true });
    });

    it('filters by relationship', async () => {
      expect(await listIds('?relationship=RECRUITER')).toEqual([ids.linus, ids.grace]);
      expect(await listIds('?relationship=CEO_FOUNDER')).toEqual([]);
    });

    it.each([
      ['first name', 'grace', ['grace']],
      ['last name', 'LOVE', ['ada']],
      ['full name', 'margaret ham', ['margaret']],
      ['company', 'navy', ['grace']],
      ['email', 'apollo.EXAMPLE', ['margaret']],
      ['several fields at once', 'N', ['margaret', 'linus', 'grace', 'ada']],
      ['literal % and _', '100%_o', ['linus']],
      ['% as a character, not a wildcard', '1%n', []],
      ['_ as a character, not a wildcard', 'y_', []],
    ])('searches by %s, case-insensitively', async (_what, search, expected) => {
      expect(await listIds(`?search=${encodeURIComponent(search)}`)).toEqual(expected.map((name) => ids[name]));
    });

    it('combines relationship and search', async () => {
      expect(await listIds('?relationship=RECRUITER&search=hopper')).toEqual([ids.grace]);
      expect(await listIds('?relationship=FRIEND&search=hopper')).toEqual([]);
    });

    it.each([
      ['relationship=BOSS', 'relationship'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['limit=101', 'limit'],
      ['name=ada', 'name'],
      ['search=%00', 'search'],
    ])('rejects ?%s', async (query, field) => {
      const response = await account.api.get(`${PATH}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details)).toEqual([field]);
    });
  });

  describe('PATCH /v1/contacts/{id}', () => {
    it('changes only the fields sent, and null clears a nullable field', async () => {
      const id = await create(suite.owner, ada);
      const response = await suite.owner.api.patch(`${PATH}/${id}`, { company: 'Babbage & Co', email: null, notes: null, relationship: 'COLLEAGUE' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, id });
      expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data).toMatchObject({
        ...ada,
        company: 'Babbage & Co',
        email: null,
        notes: null,
        relationship: 'COLLEAGUE',
      });
    });

    it.each([
      [{}, { body: ['at least one field is required'] }],
      [{ firstName: null }, { firstName: ['must be a string'] }],
      [{ firstName: '' }, { firstName: ['must not be empty'] }],
      [{ firstName: '  ' }, { firstName: ['must not be empty'] }],
      [{ relationship: null }, { relationship: [expect.stringContaining('must be one of')] }],
      [{ email: 'nope' }, { email: ['must be a valid email address'] }],
      [{ id: '00000000-0000-4000-8000-000000000000' }, { id: ['is not allowed'] }],
    ])('rejects %j', async (body, details) => {
      const id = await create(suite.owner);
      const response = await suite.owner.api.patch(`${PATH}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('DELETE /v1/contacts/{id}', () => {
    it('removes the contact', async () => {
      const id = await create(suite.owner);
      const response = await suite.owner.api.delete(`${PATH}/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await suite.owner.api.get(`${PATH}/${id}`)).status).toBe(404);
      expect((await suite.owner.api.delete(`${PATH}/${id}`)).status).toBe(404);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's contact on GET, PATCH and DELETE, and leaves it unchanged", async () => {
      const intruder = await suite.createAccount();
      const id = await create(suite.owner, { firstName: 'Private' });
      await expectHiddenFrom(intruder, `${PATH}/${id}`, { firstName: 'Stolen' });
      expect((await intruder.api.get(`${PATH}?search=Private`)).body.total).toBe(0);
      expect((await suite.owner.api.get(`${PATH}/${id}`)).body.data.firstName).toBe('Private');
    });

    it('answers 404 for an unknown or malformed id', async () => {
      await expectNotFound(
        suite.owner.api.get(`${PATH}/00000000-0000-4000-8000-000000000000`),
        suite.owner.api.patch(`${PATH}/not-a-uuid`, { firstName: 'x' }),
      );
    });
  });

  describe('scopes and documentation', () => {
    it('needs contacts:write to write and contacts:read to read', async () => {
      const reader = await suite.createAccount({ scopes: ['contacts:read'] });
      const denied = await reader.api.post(PATH, { firstName: 'Grace' });
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ error: 'Insufficient scope', requiredScope: 'contacts:write' });
      expect((await reader.api.get(PATH)).status).toBe(200);
      const writer = await suite.createAccount({ scopes: ['contacts:write'] });
      expect((await writer.api.get(PATH)).body).toEqual({ error: 'Insufficient scope', requiredScope: 'contacts:read' });
    });

    it('documents every operation with its scope and limit', async () => {
      const document = await expectDocumented(suite.testApp.baseUrl, [
        [PATH, 'post', 'contacts:write', 20],
        [PATH, 'get', 'contacts:read', 60],
        [`${PATH}/{id}`, 'get', 'contacts:read', 30],
        [`${PATH}/{id}`, 'patch', 'contacts:write', 20],
        [`${PATH}/{id}`, 'delete', 'contacts:write', 10],
      ]);
      expect(document.components.schemas.CreateContactDto.required).toEqual(['firstName']);
      expect(document.components.schemas.CreateContactDto.properties.email).toMatchObject({ format: 'email', maxLength: 200 });
    });
  });
});
