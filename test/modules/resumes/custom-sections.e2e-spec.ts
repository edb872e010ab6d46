import { ApiClient } from '../../setup/api-client';
import { createAccount, TestAccount } from '../../setup/factories';
import { TestApp, useTestApp } from '../../setup/test-app';

const PATH = '/v1/custom-sections';
const EMPTY_ITEM = { title: null, subtitle: null, organization: null, location: null, description: null, startDate: null, endDate: null, url: null };

describe('/v1/custom-sections', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let intruder: TestAccount;

  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
    [owner, intruder] = await Promise.all([createAccount(testApp.app, testApp.baseUrl), createAccount(testApp.app, testApp.baseUrl)]);
  });

  const define = async (
    account: TestAccount,
    body: Record<string, unknown> = { title: 'Volunteering', enabledFields: ['title', 'organization', 'startDate'] },
  ) => {
    const response = await account.api.post(PATH, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  const addItem = async (account: TestAccount, sectionId: string, body: Record<string, unknown>, query = '') => {
    const response = await account.api.post(`${PATH}/${sectionId}/items${query}`, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  describe('definitions', () => {
    it('are created, read, listed, updated and deleted per account', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const created = await account.api.post(PATH, { title: 'Talks', enabledFields: ['title', 'url'] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ success: true, id: expect.any(String) });
      const id = created.body.id;
      const read = await account.api.get(`${PATH}/${id}`);
      expect(read.body).toEqual({
        data: { id, title: 'Talks', enabledFields: ['title', 'url'], createdAt: expect.any(String), updatedAt: expect.any(String) },
      });
      const second = await define(account);
      const list = await account.api.get(PATH);
      expect(list.body).toMatchObject({ total: 2, hasMore: false, limit: 25, offset: 0 });
      expect(list.body.data.map((definition: { id: string }) => definition.id)).toEqual([id, second]);

      expect((await account.api.patch(`${PATH}/${id}`, { title: 'Conference talks' })).body).toEqual({ success: true, id });
      expect((await account.api.get(`${PATH}/${id}`)).body.data).toMatchObject({ title: 'Conference talks', enabledFields: ['title', 'url'] });
      expect((await account.api.delete(`${PATH}/${id}`)).body).toEqual({ success: true });
      expect((await account.api.get(`${PATH}/${id}`)).status).toBe(404);
    });

    it.each([
      [{ enabledFields: ['title'] }, { title: ['is required'] }],
      [{ title: 'x'.repeat(201), enabledFields: ['title'] }, { title: ['must be at most 200 characters'] }],
      [{ title: '', enabledFields: ['title'] }, { title: ['must not be empty'] }],
      [{ title: ' \t ', enabledFields: ['title'] }, { title: ['must not be empty'] }],
      [{ title: 'x' }, { enabledFields: ['is required'] }],
      [{ title: 'x', enabledFields: [] }, { enabledFields: ['must enable at least one field'] }],
      [
        { title: 'x', enabledFields: ['title', 'salary'] },
        { enabledFields: ['each must be one of: title, subtitle, organization, location, description, startDate, endDate, url'] },
      ],
      [{ title: 'x', enabledFields: ['title', 'title'] }, { enabledFields: ['must not repeat a field'] }],
      [{ title: 'x', enabledFields: 'title' }, { enabledFields: ['must be an array of item field names'] }],
      [{ title: 'x', enabledFields: ['title'], items: [] }, { items: ['is not allowed'] }],
    ])('rejects %j', async (body, details) => {
      const response = await owner.api.post(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('items', () => {
    it('keep only the fields the section enables, silently dropping the others', async () => {
      const sectionId = await define(owner);
      const id = await addItem(owner, sectionId, {
        title: 'Food bank',
        organization: 'City',
        startDate: '2019-06',
        description: 'Dropped',
        url: 'https://dropped.example',
      });
      const read = await owner.api.get(`${PATH}/${sectionId}/items/${id}`);
      expect(read.body).toEqual({
        data: {
          ...EMPTY_ITEM,
          id,
          customSectionId: sectionId,
          title: 'Food bank',
          organization: 'City',
          startDate: '2019-06',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      const updated = await owner.api.patch(`${PATH}/${sectionId}/items/${id}`, { location: 'Dropped too', startDate: 'spring 2019' });
      expect(updated.body).toEqual({ success: true, id });
      expect((await owner.api.get(`${PATH}/${sectionId}/items/${id}`)).body.data).toMatchObject({ location: null, startDate: 'spring 2019' });
      const list = await owner.api.get(`${PATH}/${sectionId}/items`);
      expect(list.body).toMatchObject({ total: 1, data: [expect.objectContaining({ id, title: 'Food bank' })] });
    });

    it('lose the fields their section stops enabling', async () => {
      const sectionId = await define(owner, { title: 'Memberships', enabledFields: ['title', 'organization'] });
      const id = await addItem(owner, sectionId, { title: 'IEEE', organization: 'IEEE' });
      await owner.api.patch(`${PATH}/${sectionId}`, { enabledFields: ['title', 'url'] });
      expect((await owner.api.get(`${PATH}/${sectionId}/items/${id}`)).body.data).toMatchObject({ title: 'IEEE', organization: null });
    });

    it('are updated, deleted, and go with their section', async () => {
      const sectionId = await define(owner);
      const first = await addItem(owner, sectionId, { title: 'First' });
      const second = await addItem(owner, sectionId, { title: 'Second' });
      expect((await owner.api.delete(`${PATH}/${sectionId}/items/${first}`)).body).toEqual({ success: true });
      expect((await owner.api.get(`${PATH}/${sectionId}/items/${first}`)).status).toBe(404);
      await owner.api.delete(`${PATH}/${sectionId}`);
      expect((await owner.api.get(`${PATH}/${sectionId}/items/${second}`)).status).toBe(404);
      expect((await owner.api.get(`${PATH}/${sectionId}/items`)).status).toBe(404);
    });

    it.each([
      [{ title: 'x'.repeat(201) }, { title: ['must be at most 200 characters'] }],
      [{ startDate: 'from June 2019 onwards' }, { startDate: ['must be at most 20 characters'] }],
      [{ url: 'nope' }, { url: ['must be a valid URL'] }],
      [{ url: `https://example.org/${'a'.repeat(481)}` }, { url: ['must be at most 500 characters'] }],
      [{ colour: 'red' }, { colour: ['is not allowed'] }],
    ])('reject %j, even for a field the section does not enable', async (body, details) => {
      const sectionId = await define(owner, { title: 'Only subtitles', enabledFields: ['subtitle'] });
      const response = await owner.api.post(`${PATH}/${sectionId}/items`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('belong to the resume cvId names, and a foreign or unknown cvId is a 404', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const sectionId = await define(account);
      const cvId = (await account.api.post('/v1/resume', { name: 'Second' })).body.id;
      const id = await addItem(account, sectionId, { title: 'On the second resume' }, `?cvId=${cvId}`);
      expect((await account.api.get(`${PATH}/${sectionId}/items`)).body.total).toBe(0);
      expect((await account.api.get(`${PATH}/${sectionId}/items?cvId=${cvId}`)).body.data.map((item: { id: string }) => item.id)).toEqual([id]);
      expect((await account.api.get(`${PATH}/${sectionId}/items/${id}`)).status).toBe(404);
      expect((await account.api.patch(`${PATH}/${sectionId}/items/${id}?cvId=${cvId}`, { title: 'Renamed' })).status).toBe(200);

      const foreignCvId = (await intruder.api.get('/v1/resume')).body.data[0].id;
      for (const response of [
        await account.api.post(`${PATH}/${sectionId}/items?cvId=${foreignCvId}`, { title: 'x' }),
        await account.api.get(`${PATH}/${sectionId}/items?cvId=${foreignCvId}`),
        await account.api.delete(`${PATH}/${sectionId}/items/${id}?cvId=${foreignCvId}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Not found' });
      }
      expect((await account.api.delete(`${PATH}/${sectionId}/items/${id}?cvId=${cvId}`)).status).toBe(200);
    });

    it('leave no trace when deleted, alone or with their section, in any resume of the account', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const [base] = (await account.api.get('/v1/resume')).body.data;
      const other = (await account.api.post('/v1/resume', { name: 'Other' })).body.id;
      const [talks, awards] = [
        await define(account, { title: 'Talks', enabledFields: ['title'] }),
        await define(account, { title: 'Honours', enabledFields: ['title'] }),
      ];
      const [a, b] = [await addItem(account, talks, { title: 'A' }), await addItem(account, talks, { title: 'B' })];
      const honour = await addItem(account, awards, { title: 'H' });
      const [talksKey, awardsKey] = [`customSection:${talks}`, `customSection:${awards}`];
      const references = {
        hiddenItems: { [talksKey]: [a, b], [awardsKey]: [honour], experiences: [] },
        itemOrder: { [talksKey]: [b, a], [awardsKey]: [honour] },
        sectionOrder: [awardsKey, 'skills', talksKey],
      };
      for (const id of [base.id, other]) expect((await account.api.patch(`/v1/resume/${id}`, references)).status).toBe(200);

      expect((await account.api.delete(`${PATH}/${talks}/items/${a}`)).status).toBe(200);
      expect((await account.api.delete(`${PATH}/${awards}`)).status).toBe(200);
      for (const id of [base.id, other]) {
        const resume = (await account.api.get(`/v1/resume/${id}`)).body.data;
        expect(resume).toMatchObject({ hiddenItems: { [talksKey]: [b], experiences: [] }, itemOrder: { [talksKey]: [b] }, sectionOrder: ['skills', talksKey] });
        expect(Object.keys(resume.hiddenItems)).not.toContain(awardsKey);
        expect(Object.keys(resume.itemOrder)).not.toContain(awardsKey);
      }
    });

    it('answer 400 on endDate for an end before the start when both are dates, on create and against the stored dates', async () => {
      const sectionId = await define(owner, { title: 'Volunteering', enabledFields: ['title', 'startDate', 'endDate'] });
      const endBeforeStart = { error: 'Validation failed', details: { endDate: ['must not be before startDate'] } };
      expect((await owner.api.post(`${PATH}/${sectionId}/items`, { startDate: '2020-05-01', endDate: '2019-12-31' })).body).toEqual(endBeforeStart);
      const freeText = await addItem(owner, sectionId, { startDate: '2020', endDate: 'present' });
      expect((await owner.api.patch(`${PATH}/${sectionId}/items/${freeText}`, { endDate: '2019' })).status).toBe(200);
      const dated = await addItem(owner, sectionId, { startDate: '2020-05-01', endDate: '2020-05-01' });
      expect((await owner.api.patch(`${PATH}/${sectionId}/items/${dated}`, { endDate: '2020-04-30' })).body).toEqual(endBeforeStart);
      expect((await owner.api.patch(`${PATH}/${sectionId}/items/${dated}`, { startDate: '2020-06-01T00:00:00Z' })).body).toEqual(endBeforeStart);
      expect((await owner.api.get(`${PATH}/${sectionId}/items/${dated}`)).body.data).toMatchObject({ startDate: '2020-05-01', endDate: '2020-05-01' });
    });

    it('are resolved into the resume content, hidden and ordered per CV', async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const resumeId = (await account.api.get('/v1/resume')).body.data[0].id;
      const sectionId = await define(account, { title: 'Talks', enabledFields: ['title'] });
      const [a, b, c] = [
        await addItem(account, sectionId, { title: 'A' }),
        await addItem(account, sectionId, { title: 'B' }),
        await addItem(account, sectionId, { title: 'C' }),
      ];
      const key = `customSection:${sectionId}`;
      await account.api.patch(`/v1/resume/${resumeId}`, { hiddenItems: { [key]: [b] }, itemOrder: { [key]: [c] } });
      const content = (await account.api.get(`/v1/resume/${resumeId}`)).body.data.content;
      expect(content.customSections).toEqual([
        {
          id: sectionId,
          title: 'Talks',
          enabledFields: ['title'],
          items: [expect.objectContaining({ id: c, title: 'C' }), expect.objectContaining({ id: a, title: 'A' })],
        },
      ]);
      expect(content.sectionOrder).toContain(key);
    });

    it("hold every section of the account in a resume's content, oldest first, each with that resume's items alone", async () => {
      const account = await createAccount(testApp.app, testApp.baseUrl);
      const resumeId = (await account.api.get('/v1/resume')).body.data[0].id;
      const other = (await account.api.post('/v1/resume', { name: 'Other' })).body.id;
      const talks = await define(account, { title: 'Talks', enabledFields: ['title'] });
      const awards = await define(account, { title: 'Awards', enabledFields: ['title', 'organization'] });
      const empty = await define(account, { title: 'Patents', enabledFields: ['title'] });
      const first = await addItem(account, talks, { title: 'First talk' });
      const award = await addItem(account, awards, { title: 'Award', organization: 'ACM' });
      const second = await addItem(account, talks, { title: 'Second talk' });
      await addItem(account, talks, { title: 'On the other resume' }, `?cvId=${other}`);

      type Section = { id: string; title: string; items: { id: string; title: string; organization: string | null }[] };
      const sectionsOf = async (id: string): Promise<Section[]> => (await account.api.get(`/v1/resume/${id}`)).body.data.content.customSections;
      const [mine, theirs] = [await sectionsOf(resumeId), await sectionsOf(other)];
      const titles = (sections: Section[]) => sections.map((section) => [section.id, section.title, section.items.map((item) => item.title)]);
      expect(titles(mine)).toEqual([
        [talks, 'Talks', ['First talk', 'Second talk']],
        [awards, 'Awards', ['Award']],
        [empty, 'Patents', []],
      ]);
      expect(mine[0].items.map((item) => item.id)).toEqual([first, second]);
      expect(mine[1].items).toEqual([expect.objectContaining({ id: award, organization: 'ACM' })]);
      expect(titles(theirs)).toEqual([
        [talks, 'Talks', ['On the other resume']],
        [awards, 'Awards', []],
        [empty, 'Patents', []],
      ]);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's definition and its items, and leaves them unchanged", async () => {
      const sectionId = await define(owner, { title: 'Private', enabledFields: ['title'] });
      const itemId = await addItem(owner, sectionId, { title: 'Private item' });
      for (const response of [
        await intruder.api.get(`${PATH}/${sectionId}`),
        await intruder.api.patch(`${PATH}/${sectionId}`, { title: 'Mine' }),
        await intruder.api.delete(`${PATH}/${sectionId}`),
        await intruder.api.get(`${PATH}/${sectionId}/items`),
        await intruder.api.post(`${PATH}/${sectionId}/items`, { title: 'Planted' }),
        await intruder.api.get(`${PATH}/${sectionId}/items/${itemId}`),
        await intruder.api.patch(`${PATH}/${sectionId}/items/${itemId}`, { title: 'Mine' }),
        await intruder.api.delete(`${PATH}/${sectionId}/items/${itemId}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Not found' });
      }
      expect((await intruder.api.get(PATH)).body.data.map((definition: { id: string }) => definition.id)).not.toContain(sectionId);
      expect((await owner.api.get(`${PATH}/${sectionId}`)).body.data.title).toBe('Private');
      expect((await owner.api.get(`${PATH}/${sectionId}/items/${itemId}`)).body.data.title).toBe('Private item');
    });
  });

  it('documents every operation with the custom-sections scopes and the default limits', async () => {
    const document = (await new ApiClient(testApp.baseUrl).get('/docs-json')).body;
    const expected: [string, string, string, number][] = [
      [PATH, 'get', 'custom-sections:read', 60],
      [PATH, 'post', 'custom-sections:write', 20],
      [`${PATH}/{id}`, 'get', 'custom-sections:read', 30],
      [`${PATH}/{id}`, 'patch', 'custom-sections:write', 20],
      [`${PATH}/{id}`, 'delete', 'custom-sections:write', 10],
      [`${PATH}/{id}/items`, 'get', 'custom-sections:read', 60],
      [`${PATH}/{id}/items`, 'post', 'custom-sections:write', 20],
      [`${PATH}/{id}/items/{itemId}`, 'get', 'custom-sections:read', 30],
      [`${PATH}/{id}/items/{itemId}`, 'patch', 'custom-sections:write', 20],
      [`${PATH}/{id}/items/{itemId}`, 'delete', 'custom-sections:write', 10],
    ];
    for (const [path, method, scope, limit] of expected) {
      expect([path, method, document.paths[path][method]['x-required-scope']]).toEqual([path, method, scope]);
      expect(document.paths[path][method]['x-rate-limit']).toMatchObject({ limit });
    }
  });
});
