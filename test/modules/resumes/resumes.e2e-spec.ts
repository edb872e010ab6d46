import { DataSource } from 'typeorm';
import { ResumesService } from '@src/modules/resumes/resumes.service';
import { ApiClient } from '../../setup/api-client';
import { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';
import { SECTION_FIXTURES } from './section-fixtures';

const PATH = '/v1/resume';

describe('/v1/resume', () => {
  const suite = useTestApp();

  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  const create = async (account: TestAccount, body: Record<string, unknown>) => {
    const response = await account.api.post(PATH, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  const read = async (account: TestAccount, id: string) => {
    const response = await account.api.get(`${PATH}/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  const addItem = async (account: TestAccount, section: string, body: Record<string, unknown>, cvId?: string) => {
    const response = await account.api.post(`/v1/${section}${cvId ? `?cvId=${cvId}` : ''}`, body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };

  const defaultResumeOf = async (account: TestAccount) => {
    const list = await account.api.get(PATH);
    return list.body.data.find((resume: { isDefault: boolean }) => resume.isDefault)?.id as string | undefined;
  };

  describe('POST /v1/resume', () => {
    it('creates a resume with the documented defaults, and answers {success, id}', async () => {
      const account = await suite.createAccount();
      const response = await account.api.post(PATH, { name: 'Backend roles' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, id: expect.any(String) });
      expect(await read(account, response.body.id)).toEqual({
        id: response.body.id,
        name: 'Backend roles',
        jobTitle: null,
        template: 'classic',
        isDefault: false,
        cvData: {},
        hiddenItems: {},
        personalOverrides: {},
        itemOrder: {},
        selectedSummaryId: null,
        designSettings: {},
        optionalFields: {},
        sectionOrder: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        content: {
          identity: { fullName: null, jobTitle: null, email: expect.stringContaining('@test.example'), phone: null, address: null, photoUrl: null, links: [] },
          summary: null,
          sections: { experiences: [], education: [], skills: [], projects: [], certificates: [], awards: [], publications: [], interests: [] },
          customSections: [],
          sectionOrder: ['summary', 'experiences', 'education', 'skills', 'projects', 'certificates', 'awards', 'publications', 'interests'],
        },
      });
    });

    it('answers 400 for an empty or blank name, on create and on update', async () => {
      const account = await suite.createAccount();
      const [base] = (await account.api.get(PATH)).body.data;
      for (const name of ['', '  \n']) {
        expect((await account.api.post(PATH, { name })).body).toEqual({ error: 'Validation failed', details: { name: ['must not be empty'] } });
        expect((await account.api.patch(`${PATH}/${base.id}`, { name })).body).toEqual({
          error: 'Validation failed',
          details: { name: ['must not be empty'] },
        });
      }
      expect((await account.api.get(PATH)).body.data.map((resume: { name: string }) => resume.name)).toEqual([base.name]);
    });

    it('stores every field it is given, with the documented inner structures', async () => {
      const body = {
        name: 'Designed',
        jobTitle: 'Staff Engineer',
        template: 'modern',
        cvData: { headline: 'Hello', nested: { a: 1 } },
        personalOverrides: { summary: 'Tailored summary' },
        designSettings: {
          colors: { primary: '#1F4E79', text: '#222222', muted: '#777777' },
          fonts: { heading: 'Merriweather', body: 'Inter', size: 10.5 },
          spacing: { lineHeight: 1.4, section: 14 },
          margins: { top: 18, right: 15, bottom: 18, left: 15 },
        },
        optionalFields: { phone: false, photo: false },
        sectionOrder: ['summary', 'skills', 'experiences'],
      };
      const id = await create(suite.owner, body);
      expect(await read(suite.owner, id)).toMatchObject({ ...body, isDefault: false });
    });

    it.each([
      [{}, { name: ['is required'] }],
      [{ name: 'x'.repeat(201) }, { name: ['must be at most 200 characters'] }],
      [{ name: 'x', jobTitle: 'x'.repeat(151) }, { jobTitle: ['must be at most 150 characters'] }],
      [{ name: 'x', template: 'fancy' }, { template: ['must be one of: classic, modern, minimal'] }],
      [{ name: 'x', isDefault: 'yes' }, { isDefault: ['must be a boolean'] }],
      [{ name: 'x', cvData: [1] }, { cvData: ['must be an object'] }],
      [{ name: 'x', hiddenItems: { jobs: [] } }, { hiddenItems: [expect.stringContaining('unknown key "jobs"')] }],
      [{ name: 'x', hiddenItems: { skillCategories: ['SOFT'] } }, { hiddenItems: [expect.stringContaining('unknown key "skillCategories"')] }],
      [{ name: 'x', hiddenItems: { experiences: ['not-an-id'] } }, { hiddenItems: ['experiences must list item ids'] }],
      [{ name: 'x', hiddenItems: { experiences: 'x' } }, { hiddenItems: ['experiences must be an array of at most 500 values'] }],
      [{ name: 'x', hiddenItems: { 'customSection:nope': [] } }, { hiddenItems: [expect.stringContaining('unknown key "customSection:nope"')] }],
      [{ name: 'x', itemOrder: { skillCategories: ['HARD'] } }, { itemOrder: ['skillCategories must list only TECHNICAL, SOFT, LANGUAGE'] }],
      [{ name: 'x', itemOrder: [] }, { itemOrder: ['must be an object'] }],
      [{ name: 'x', selectedSummaryId: 'abc' }, { selectedSummaryId: ['must be the id of a summary of this resume'] }],
      [{ name: 'x', sectionOrder: ['skills', 'skills'] }, { sectionOrder: [expect.stringContaining('must be an array of distinct section names')] }],
      [{ name: 'x', sectionOrder: ['hobbies'] }, { sectionOrder: [expect.stringContaining('must be an array of distinct section names')] }],
      [{ name: 'x', personalOverrides: { email: 'me@example.com' } }, { 'personalOverrides.email': ['is not allowed'] }],
      [{ name: 'x', personalOverrides: { summary: 42 } }, { 'personalOverrides.summary': ['must be a string'] }],
      [{ name: 'x', designSettings: { colors: { primary: 'red' } } }, { 'designSettings.colors.primary': ['must be a hex color like #1f4e79'] }],
      [{ name: 'x', designSettings: { fonts: { size: 30 } } }, { 'designSettings.fonts.size': ['must be at most 14'] }],
      [{ name: 'x', designSettings: { fonts: { body: 'Comic Sans' } } }, { 'designSettings.fonts.body': [expect.stringContaining('must be one of: Inter')] }],
      [{ name: 'x', designSettings: { margins: { top: -1 } } }, { 'designSettings.margins.top': ['must be at least 0'] }],
      [{ name: 'x', designSettings: { shadow: true } }, { 'designSettings.shadow': ['is not allowed'] }],
      [{ name: 'x', designSettings: 'dark' }, { designSettings: ['must be an object'] }],
      [{ name: 'x', optionalFields: { phone: 'no' } }, { 'optionalFields.phone': ['must be a boolean'] }],
      [{ name: 'x', optionalFields: { salary: true } }, { 'optionalFields.salary': ['is not allowed'] }],
      [{ name: 'x', owner: 'me' }, { owner: ['is not allowed'] }],
    ])('rejects %j', async (body, details) => {
      const response = await suite.owner.api.post(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });

    it('silently drops section content from cvData, on create and on update', async () => {
      const id = await create(suite.owner, {
        name: 'cvData',
        cvData: { headline: 'Kept', experiences: [{ jobTitle: 'x' }], skills: [], customSections: [{}], interests: [], education: [], summary: 'kept too' },
      });
      expect((await read(suite.owner, id)).cvData).toEqual({ headline: 'Kept', summary: 'kept too' });
      expect((await read(suite.owner, id)).content.sections.experiences).toEqual([]);
      await suite.owner.api.patch(`${PATH}/${id}`, { cvData: { projects: [{ name: 'x' }], awards: [], certificates: [], publications: [], note: 'n' } });
      expect((await read(suite.owner, id)).cvData).toEqual({ note: 'n' });
    });
  });

  describe('a new resume copies the default resume', () => {
    let account: TestAccount;
    let baseId: string;
    const base: Record<string, string> = {};

    beforeAll(async () => {
      account = await suite.createAccount();
      baseId = (await defaultResumeOf(account))!;
      base.experience1 = await addItem(account, 'experiences', { jobTitle: 'Engineer', company: 'First' });
      base.experience2 = await addItem(account, 'experiences', { jobTitle: 'Senior Engineer', company: 'Second' });
      base.education = await addItem(account, 'education', { school: 'MIT', degree: 'BSc' });
      base.skill = await addItem(account, 'skills', { name: 'Go', category: 'TECHNICAL' });
      base.summary = await addItem(account, 'summaries', { content: 'Base summary' });
      base.project = await addItem(account, 'projects', { name: 'Compiler' });
      base.certificate = await addItem(account, 'certificates', { name: 'CKA' });
      base.award = await addItem(account, 'awards', { title: 'Hackathon winner' });
      base.publication = await addItem(account, 'publications', { name: 'A paper' });
      base.interest = await addItem(account, 'interests', { name: 'Chess' });
      const section = await account.api.post('/v1/custom-sections', { title: 'Volunteering', enabledFields: ['title'] });
      base.customSection = section.body.id;
      base.customItem = (await account.api.post(`/v1/custom-sections/${base.customSection}/items`, { title: 'Food bank' })).body.id;
      const patched = await account.api.patch(`${PATH}/${baseId}`, {
        hiddenItems: { experiences: [base.experience1] },
        itemOrder: { experiences: [base.experience2, base.experience1], skillCategories: ['SOFT', 'TECHNICAL'] },
        selectedSummaryId: base.summary,
        template: 'minimal',
      });
      expect(patched.status).toBe(200);
    });

    it('with new ids, the same content, and hiddenItems, itemOrder and selectedSummaryId following the copies', async () => {
      const copyId = await create(account, { name: 'Copy' });
      const copy = await read(account, copyId);
      const original = await read(account, baseId);

      const copied = async (section: string) => (await account.api.get(`/v1/${section}?cvId=${copyId}`)).body.data;
      const experiences = await copied('experiences');
      expect(experiences.map((item: { company: string }) => item.company)).toEqual(['First', 'Second']);
      for (const section of ['experiences', 'education', 'skills', 'summaries', 'projects', 'certificates', 'awards', 'publications', 'interests']) {
        const copies = await copied(section);
        const originals = (await account.api.get(`/v1/${section}`)).body.data;
        expect([section, copies.length]).toEqual([section, originals.length]);
        const strip = ({ id: _id, createdAt: _c, updatedAt: _u, ...fields }: Record<string, unknown>) => fields;
        expect(copies.map(strip)).toEqual(originals.map(strip));
        for (const id of ids(copies)) expect(ids(originals)).not.toContain(id);
      }
      const [copyExperience1, copyExperience2] = ids(experiences);
      const [copySummary] = ids(await copied('summaries'));
      expect(copy).toMatchObject({
        isDefault: false,
        template: 'classic',
        hiddenItems: { experiences: [copyExperience1] },
        itemOrder: { experiences: [copyExperience2, copyExperience1], skillCategories: ['SOFT', 'TECHNICAL'] },
        selectedSummaryId: copySummary,
      });
      expect(copy.content.summary).toBe('Base summary');
      expect(ids(copy.content.sections.experiences)).toEqual([copyExperience2]);
      expect(copy.content.customSections).toEqual([
        { id: base.customSection, title: 'Volunteering', enabledFields: ['title'], items: [expect.objectContaining({ title: 'Food bank' })] },
      ]);
      expect(copy.content.customSections[0].items[0].id).not.toBe(base.customItem);
      expect({ ...copy.content, sections: undefined, customSections: undefined }).toEqual({
        ...original.content,
        sections: undefined,
        customSections: undefined,
      });
    });

    it('translates the ids the create body names from the default resume', async () => {
      const copyId = await create(account, {
        name: 'Tailored',
        hiddenItems: { experiences: [base.experience2], 'customSection:00000000-0000-4000-8000-000000000000': [] },
        itemOrder: { experiences: [base.experience1] },
        selectedSummaryId: base.summary,
      });
      const copy = await read(account, copyId);
      const [copyExperience1, copyExperience2] = ids((await account.api.get(`/v1/experiences?cvId=${copyId}`)).body.data);
      expect(copy.hiddenItems).toEqual({ experiences: [copyExperience2], 'customSection:00000000-0000-4000-8000-000000000000': [] });
      expect(copy.itemOrder).toEqual({ experiences: [copyExperience1] });
      expect(ids(copy.content.sections.experiences)).toEqual([copyExperience1]);
    });

    it('refuses a selectedSummaryId that is not a summary of the default resume', async () => {
      const other = await suite.createAccount();
      const foreignSummary = await addItem(other, 'summaries', { content: 'Not yours' });
      const response = await account.api.post(PATH, { name: 'x', selectedSummaryId: foreignSummary });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details: { selectedSummaryId: ['must be the id of a summary of this resume'] } });
    });

    it('and later edits of either do not reach the other', async () => {
      const copyId = await create(account, { name: 'Independent' });
      const before = await read(account, copyId);

      await account.api.patch(`/v1/experiences/${base.experience2}`, { company: 'Renamed' });
      await account.api.delete(`/v1/projects/${base.project}`);
      await addItem(account, 'skills', { name: 'Rust' });
      await account.api.patch(`/v1/summaries/${base.summary}`, { content: 'Edited base summary' });
      await account.api.patch(`/v1/custom-sections/${base.customSection}/items/${base.customItem}`, { title: 'Shelter' });

      const after = await read(account, copyId);
      expect(after.content).toEqual(before.content);

      const [copySkill] = ids((await account.api.get(`/v1/skills?cvId=${copyId}`)).body.data);
      await account.api.patch(`/v1/skills/${copySkill}?cvId=${copyId}`, { name: 'Copy only' });
      const baseSkills = (await account.api.get('/v1/skills')).body.data;
      expect(baseSkills.map((skill: { name: string }) => skill.name)).toEqual(['Go', 'Rust']);
    });
  });

  describe('resolved content', () => {
    let account: TestAccount;
    let resumeId: string;

    beforeAll(async () => {
      account = await suite.createAccount();
      resumeId = (await defaultResumeOf(account))!;
      await account.api.patch('/v1/profile', {
        fullName: 'Ada Lovelace',
        phone: '+44 1',
        address: 'London',
        jobTitle: 'Analyst',
        photoUrl: 'https://img.example/ada.png',
        links: [{ label: 'Site', url: 'https://ada.example' }],
      });
    });

    it('shows the visible items of each section in itemOrder order, then the rest in default order', async () => {
      const [a, b, c, d] = [
        await addItem(account, 'experiences', { jobTitle: 'A', company: 'A' }),
        await addItem(account, 'experiences', { jobTitle: 'B', company: 'B' }),
        await addItem(account, 'experiences', { jobTitle: 'C', company: 'C' }),
        await addItem(account, 'experiences', { jobTitle: 'D', company: 'D' }),
      ];
      const hiddenSkill = await addItem(account, 'skills', { name: 'Hidden' });
      await account.api.patch(`${PATH}/${resumeId}`, {
        hiddenItems: { experiences: [b], skills: [hiddenSkill] },
        itemOrder: { experiences: [d, b, '00000000-0000-4000-8000-000000000000', c] },
      });
      const content = (await read(account, resumeId)).content;
      expect(ids(content.sections.experiences)).toEqual([d, c, a]);
      expect(content.sections.skills).toEqual([]);
      expect(content.sections.experiences[0]).toEqual(expect.objectContaining({ jobTitle: 'D', company: 'D', isCurrent: false, endDate: null }));
    });

    it("answers each kind's items as their own reads do, every field and timestamp alike", async () => {
      const owner = await suite.createAccount();
      const resume = (await defaultResumeOf(owner))!;
      const own: Record<string, unknown> = {};
      // The selected summary is shown as the content's `summary` text, not as an item.
      for (const [section, fixture] of Object.entries(SECTION_FIXTURES).filter(([section]) => section !== 'summaries')) {
        const id = await addItem(owner, section, fixture.create);
        own[section] = (await owner.api.get(`/v1/${section}/${id}`)).body.data;
      }
      const { sections } = (await read(owner, resume)).content;
      for (const [section, item] of Object.entries(own)) expect({ section, items: sections[section] }).toEqual({ section, items: [item] });
    });

    it('groups skills in the itemOrder.skillCategories order', async () => {
      await addItem(account, 'skills', { name: 'Go', category: 'TECHNICAL' });
      await addItem(account, 'skills', { name: 'Teamwork', category: 'SOFT' });
      await addItem(account, 'skills', { name: 'German', category: 'LANGUAGE' });
      const rust = await addItem(account, 'skills', { name: 'Rust', category: 'TECHNICAL' });
      await account.api.patch(`${PATH}/${resumeId}`, { hiddenItems: {}, itemOrder: { skills: [rust], skillCategories: ['LANGUAGE', 'TECHNICAL'] } });
      const content = (await read(account, resumeId)).content;
      // Categories first (listed ones in order, then the rest), and within them the item order: Rust, then default order.
      expect(content.sections.skills.map((skill: { name: string }) => skill.name)).toEqual(['German', 'Rust', 'Go', 'Hidden', 'Teamwork']);
    });

    it("takes identity from the profile, the CV's jobTitle over the profile's, and hides what optionalFields turns off", async () => {
      expect((await read(account, resumeId)).content.identity).toEqual({
        fullName: 'Ada Lovelace',
        jobTitle: 'Analyst',
        email: expect.stringContaining('@test.example'),
        phone: '+44 1',
        address: 'London',
        photoUrl: 'https://img.example/ada.png',
        links: [{ label: 'Site', url: 'https://ada.example' }],
      });
      await account.api.patch(`${PATH}/${resumeId}`, {
        jobTitle: 'Mathematician',
        optionalFields: { phone: false, address: false, photo: false, links: false, email: true },
      });
      expect((await read(account, resumeId)).content.identity).toMatchObject({
        jobTitle: 'Mathematician',
        phone: null,
        address: null,
        photoUrl: null,
        links: [],
        email: expect.any(String),
      });
      await account.api.patch(`${PATH}/${resumeId}`, { jobTitle: null, optionalFields: {} });
      expect((await read(account, resumeId)).content.identity).toMatchObject({ jobTitle: 'Analyst', phone: '+44 1' });
    });

    it('shows the selected summary, the summary override over it, and none for null', async () => {
      const chosen = await addItem(account, 'summaries', { title: 'Chosen', content: 'Chosen summary' });
      await addItem(account, 'summaries', { content: 'Other summary' });
      await account.api.patch(`${PATH}/${resumeId}`, { selectedSummaryId: chosen });
      expect((await read(account, resumeId)).content.summary).toBe('Chosen summary');
      await account.api.patch(`${PATH}/${resumeId}`, { personalOverrides: { summary: 'Override' } });
      expect((await read(account, resumeId)).content.summary).toBe('Override');
      await account.api.patch(`${PATH}/${resumeId}`, { personalOverrides: { summary: null }, selectedSummaryId: null });
      const resume = await read(account, resumeId);
      expect(resume).toMatchObject({ selectedSummaryId: null, personalOverrides: { summary: null } });
      expect(resume.content.summary).toBeNull();
    });

    it('forgets a deleted selected summary when none remains', async () => {
      const other = await create(account, { name: 'Without summaries' });
      const otherSummaries = (await account.api.get(`/v1/summaries?cvId=${other}`)).body.data;
      for (const { id } of otherSummaries) expect((await account.api.delete(`/v1/summaries/${id}?cvId=${other}`)).status).toBe(200);
      const resume = await read(account, other);
      expect(resume.selectedSummaryId).toBeNull();
      expect(resume.content.summary).toBeNull();
    });

    it('refuses a selectedSummaryId of another resume', async () => {
      const otherResume = await create(account, { name: 'Other' });
      const otherSummary = await addItem(account, 'summaries', { content: 'Elsewhere' }, otherResume);
      const response = await account.api.patch(`${PATH}/${resumeId}`, { selectedSummaryId: otherSummary });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details: { selectedSummaryId: ['must be the id of a summary of this resume'] } });
    });

    it('orders the sections by sectionOrder, the others following in the default order', async () => {
      const section = (await account.api.post('/v1/custom-sections', { title: 'Talks', enabledFields: ['title'] })).body.id;
      await account.api.patch(`${PATH}/${resumeId}`, { sectionOrder: [`customSection:${section}`, 'skills', 'summary'] });
      const rest = ['experiences', 'education', 'projects', 'certificates', 'awards', 'publications', 'interests'];
      expect((await read(account, resumeId)).content.sectionOrder).toEqual([`customSection:${section}`, 'skills', 'summary', ...rest]);
    });

    it('is what resolveContent answers to other modules', async () => {
      const service = suite.testApp.app.get(ResumesService);
      expect(JSON.parse(JSON.stringify(await service.resolveContent(account.accountId, resumeId)))).toEqual((await read(account, resumeId)).content);
    });
  });

  describe('the selected summary', () => {
    it("is a resume's first summary, stays when more are added, and passes to the oldest remaining when deleted", async () => {
      const account = await suite.createAccount();
      const resumeId = (await defaultResumeOf(account))!;
      const first = await addItem(account, 'summaries', { content: 'Engineer who builds reliable APIs.' });
      expect(await read(account, resumeId)).toMatchObject({ selectedSummaryId: first, content: { summary: 'Engineer who builds reliable APIs.' } });
      const exported = await account.api.get(`${PATH}/${resumeId}/export/json-resume`);
      expect(exported.body.basics.summary).toBe('Engineer who builds reliable APIs.');

      const second = await addItem(account, 'summaries', { content: 'Second' });
      const third = await addItem(account, 'summaries', { content: 'Third' });
      expect((await read(account, resumeId)).selectedSummaryId).toBe(first);
      const copyId = await create(account, { name: 'Copy' });
      const [copiedFirst] = ids((await account.api.get(`/v1/summaries?cvId=${copyId}`)).body.data);
      expect(await read(account, copyId)).toMatchObject({ selectedSummaryId: copiedFirst, content: { summary: 'Engineer who builds reliable APIs.' } });

      expect((await account.api.delete(`/v1/summaries/${first}`)).status).toBe(200);
      expect(await read(account, resumeId)).toMatchObject({ selectedSummaryId: second, content: { summary: 'Second' } });
      expect((await account.api.delete(`/v1/summaries/${third}`)).status).toBe(200);
      expect((await read(account, resumeId)).selectedSummaryId).toBe(second);
      expect((await account.api.delete(`/v1/summaries/${second}`)).status).toBe(200);
      expect(await read(account, resumeId)).toMatchObject({ selectedSummaryId: null, content: { summary: null } });
    });

    it('stays cleared when the person set it to null and adds another summary', async () => {
      const account = await suite.createAccount();
      const resumeId = (await defaultResumeOf(account))!;
      await addItem(account, 'summaries', { content: 'First' });
      await account.api.patch(`${PATH}/${resumeId}`, { selectedSummaryId: null });
      await addItem(account, 'summaries', { content: 'Second' });
      expect(await read(account, resumeId)).toMatchObject({ selectedSummaryId: null, content: { summary: null } });
    });

    it('is said in the documentation of the summary operations', async () => {
      const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
      expect(document.paths['/v1/summaries'].post.description).toContain("A resume's first summary becomes its selected one");
      expect(document.paths['/v1/summaries/{id}'].delete.description).toContain('selects its oldest remaining summary');
    });
  });

  describe('the default resume', () => {
    it('moves with isDefault: true on create and on update, in one transaction', async () => {
      const account = await suite.createAccount();
      const baseId = (await defaultResumeOf(account))!;
      const second = await create(account, { name: 'Second', isDefault: true });
      expect(await defaultResumeOf(account)).toBe(second);
      expect((await read(account, baseId)).isDefault).toBe(false);

      expect((await account.api.patch(`${PATH}/${baseId}`, { isDefault: true })).body).toEqual({ success: true, id: baseId });
      const list = (await account.api.get(PATH)).body.data;
      expect(list.filter((resume: { isDefault: boolean }) => resume.isDefault).map((resume: { id: string }) => resume.id)).toEqual([baseId]);
      expect(list[0].id).toBe(baseId);
    });

    it('answers 400 for isDefault: false on the default resume, and accepts it on another', async () => {
      const account = await suite.createAccount();
      const baseId = (await defaultResumeOf(account))!;
      const response = await account.api.patch(`${PATH}/${baseId}`, { isDefault: false });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details: { isDefault: [expect.stringContaining('make another resume the default')] } });
      const other = await create(account, { name: 'Other' });
      expect((await account.api.patch(`${PATH}/${other}`, { isDefault: false })).status).toBe(200);
      expect(await defaultResumeOf(account)).toBe(baseId);
    });

    it('stays one under concurrent switches', async () => {
      const account = await suite.createAccount();
      const resumes = [];
      for (let index = 0; index < 6; index += 1) resumes.push(await create(account, { name: `R${index}` }));
      const responses = await Promise.all([
        ...resumes.map((id) => account.api.patch(`${PATH}/${id}`, { isDefault: true })),
        ...resumes.map((_id, index) => account.api.post(PATH, { name: `New ${index}`, isDefault: true })),
      ]);
      expect(responses.map((response) => response.status).every((status) => status === 200 || status === 201)).toBe(true);
      const [{ count }] = await suite.testApp.app
        .get(DataSource)
        .query('SELECT count(*)::int AS count FROM resumes WHERE account_id = $1 AND is_default', [account.accountId]);
      expect(count).toBe(1);
    });

    it('passes on to the most recently updated resume when the default is deleted', async () => {
      const account = await suite.createAccount();
      const baseId = (await defaultResumeOf(account))!;
      const older = await create(account, { name: 'Older' });
      const newer = await create(account, { name: 'Newer' });
      await account.api.patch(`${PATH}/${older}`, { name: 'Older, edited last' });
      expect((await account.api.delete(`${PATH}/${baseId}`)).body).toEqual({ success: true });
      expect(await defaultResumeOf(account)).toBe(older);
      expect((await account.api.delete(`${PATH}/${older}`)).status).toBe(200);
      expect(await defaultResumeOf(account)).toBe(newer);
    });

    it('may be the last resume deleted; the next one created starts empty and becomes the default', async () => {
      const account = await suite.createAccount();
      const baseId = (await defaultResumeOf(account))!;
      await addItem(account, 'skills', { name: 'Gone with the resume' });
      expect((await account.api.delete(`${PATH}/${baseId}`)).status).toBe(200);
      expect((await account.api.get(PATH)).body).toMatchObject({ data: [], total: 0 });
      const skills = await account.api.get('/v1/skills');
      expect(skills.status).toBe(404);
      expect(skills.body).toEqual({ error: expect.any(String), code: 'NO_DEFAULT_RESUME' });

      const fresh = await create(account, { name: 'Fresh start', isDefault: false });
      const resume = await read(account, fresh);
      expect(resume.isDefault).toBe(true);
      expect(Object.values(resume.content.sections).flat()).toEqual([]);
      expect((await account.api.get('/v1/skills')).body).toMatchObject({ data: [], total: 0 });
    });
  });

  describe('GET /v1/resume', () => {
    it('lists the resumes, the default first, then the most recently updated, with the list fields', async () => {
      const account = await suite.createAccount();
      const baseId = (await defaultResumeOf(account))!;
      const first = await create(account, { name: 'First' });
      const second = await create(account, { name: 'Second' });
      await account.api.patch(`${PATH}/${first}`, { template: 'modern' });
      const list = await account.api.get(PATH);
      expect(list.body).toMatchObject({ total: 3, hasMore: false, limit: 25, offset: 0 });
      expect(ids(list.body.data)).toEqual([baseId, first, second]);
      expect(list.body.data[1]).toEqual({
        id: first,
        name: 'First',
        jobTitle: null,
        template: 'modern',
        isDefault: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const paged = await account.api.get(`${PATH}?limit=1&offset=1`);
      expect(paged.body).toMatchObject({ total: 3, hasMore: true, limit: 1, offset: 1 });
      expect(ids(paged.body.data)).toEqual([first]);
    });
  });

  describe('PATCH /v1/resume/{id}', () => {
    it('changes only the fields sent, replaces objects as a whole, and clears nullable fields with null', async () => {
      const id = await create(suite.owner, {
        name: 'Patchable',
        jobTitle: 'Engineer',
        designSettings: { colors: { primary: '#000000' }, fonts: { size: 10 } },
      });
      const response = await suite.owner.api.patch(`${PATH}/${id}`, { designSettings: { fonts: { size: 11 } }, template: 'minimal' });
      expect(response.body).toEqual({ success: true, id });
      expect(await read(suite.owner, id)).toMatchObject({
        name: 'Patchable',
        jobTitle: 'Engineer',
        template: 'minimal',
        designSettings: { fonts: { size: 11 } },
      });
      expect((await read(suite.owner, id)).designSettings).not.toHaveProperty('colors');
      await suite.owner.api.patch(`${PATH}/${id}`, { jobTitle: null });
      expect((await read(suite.owner, id)).jobTitle).toBeNull();
    });

    it.each([
      [{}, { body: ['at least one field is required'] }],
      [{ name: null }, { name: ['is required'] }],
      [{ template: 'fancy' }, { template: ['must be one of: classic, modern, minimal'] }],
      [{ hiddenItems: null }, { hiddenItems: [expect.any(String)] }],
      [{ sectionOrder: 'skills' }, { sectionOrder: [expect.stringContaining('must be an array')] }],
    ])('rejects %j', async (body, details) => {
      const id = await create(suite.owner, { name: 'To patch' });
      const response = await suite.owner.api.patch(`${PATH}/${id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Validation failed', details });
    });
  });

  describe('duplicate (for other modules)', () => {
    it('copies a resume with its settings and content under a new name, not as the default', async () => {
      const account = await suite.createAccount();
      const sourceId = await create(account, { name: 'Source', template: 'modern', jobTitle: 'Lead', designSettings: { fonts: { size: 12 } } });
      const experience = await addItem(account, 'experiences', { jobTitle: 'Lead', company: 'Acme' }, sourceId);
      await account.api.patch(`${PATH}/${sourceId}`, { hiddenItems: { experiences: [experience] } });

      const copyId = await suite.testApp.app.get(ResumesService).duplicate(account.accountId, sourceId, 'Tailored for Acme');
      const [copyExperience] = (await account.api.get(`/v1/experiences?cvId=${copyId}`)).body.data;
      expect(copyExperience).toMatchObject({ jobTitle: 'Lead', company: 'Acme' });
      expect(await read(account, copyId)).toMatchObject({
        name: 'Tailored for Acme',
        template: 'modern',
        jobTitle: 'Lead',
        isDefault: false,
        designSettings: { fonts: { size: 12 } },
        hiddenItems: { experiences: [copyExperience.id] },
      });
      const other = await suite.createAccount();
      await expect(suite.testApp.app.get(ResumesService).duplicate(other.accountId, sourceId, 'Theft')).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 to another account's resume on GET, PATCH and DELETE, and leaves it unchanged", async () => {
      const intruder = await suite.createAccount();
      const id = await create(suite.owner, { name: 'Private' });
      for (const response of [
        await intruder.api.get(`${PATH}/${id}`),
        await intruder.api.patch(`${PATH}/${id}`, { name: 'Mine now', isDefault: true }),
        await intruder.api.delete(`${PATH}/${id}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Not found' });
      }
      expect(ids((await intruder.api.get(PATH)).body.data)).not.toContain(id);
      expect(await read(suite.owner, id)).toMatchObject({ name: 'Private', isDefault: false });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await suite.owner.api.get(`${PATH}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await suite.owner.api.patch(`${PATH}/nope`, { name: 'x' })).body).toEqual({ error: 'Not found' });
      expect((await suite.owner.api.delete(`${PATH}/nope`)).status).toBe(404);
    });
  });

  it('documents every resume operation with its scope and limit', async () => {
    const document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    const expected: [string, string, string, number][] = [
      [PATH, 'post', 'resume:write', 10],
      [PATH, 'get', 'resume:read', 60],
      [`${PATH}/{id}`, 'get', 'resume:read', 30],
      [`${PATH}/{id}`, 'patch', 'resume:write', 20],
      [`${PATH}/{id}`, 'delete', 'resume:write', 10],
    ];
    for (const [path, method, scope, limit] of expected) {
      expect(document.paths[path][method]['x-required-scope']).toBe(scope);
      expect(document.paths[path][method]['x-rate-limit']).toMatchObject({ limit });
    }
    expect(document.components.schemas.DesignSettingsDto.properties).toEqual({
      colors: { $ref: '#/components/schemas/ResumeColorsDto' },
      fonts: { $ref: '#/components/schemas/ResumeFontsDto' },
      spacing: { $ref: '#/components/schemas/ResumeSpacingDto' },
      margins: { $ref: '#/components/schemas/ResumeMarginsDto' },
      pageSize: { $ref: '#/components/schemas/PageSize' },
    });
    expect(document.components.schemas.PageSize).toMatchObject({ type: 'string', enum: ['A4', 'Letter'] });
    expect(document.components.schemas.ResumeDetail.properties.content).toEqual({ $ref: '#/components/schemas/ResumeContent' });
    expect(document.components.schemas.ResumeContent.description).toBe('The resolved CV: what the PDF export renders.');
  });
});
