import { RESUME_CONTENT_LIMITS, SECTION_TEXT } from '@src/modules/resumes/resumes.limits';
import type { TestAccount } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';
import { largestJsonResume } from './export/largest-resume.fixture';

const IMPORT_PATH = '/v1/resume/import/json-resume';
const { itemsPerSection, characters, cvDataCharacters } = RESUME_CONTENT_LIMITS;

/** A resume holding `count` experiences of a few characters each; answers its id. */
async function resumeWithExperiences(account: TestAccount, count: number): Promise<string> {
  const work = Array.from({ length: count }, (_, index) => ({ name: `Employer ${index}`, position: 'Engineer' }));
  const imported = await account.api.post(IMPORT_PATH, { work });
  expect(imported.status).toBe(201);
  return imported.body.id;
}

/** A resume whose section text is `total` characters; answers its id. */
async function resumeOfCharacters(account: TestAccount, total: number): Promise<string> {
  const imported = await account.api.post(IMPORT_PATH, largestJsonResume(total, SECTION_TEXT.long));
  expect(imported.status).toBe(201);
  return imported.body.id;
}

describe('Resume content limits', () => {
  const suite = useTestApp();

  describe(`${itemsPerSection} items per section`, () => {
    it('answers 400 SECTION_ITEM_LIMIT naming the limit when a section already holds that many', async () => {
      const resumeId = await resumeWithExperiences(suite.owner, itemsPerSection);
      const refused = await suite.owner.api.post(`/v1/experiences?cvId=${resumeId}`, { jobTitle: 'One more', company: 'Acme' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: expect.stringContaining(`at most ${itemsPerSection} items per section`),
        code: 'SECTION_ITEM_LIMIT',
        limit: itemsPerSection,
        section: 'experiences',
      });
      // Other sections still have room.
      expect((await suite.owner.api.post(`/v1/skills?cvId=${resumeId}`, { name: 'Go' })).status).toBe(201);
    });

    it('counts a custom section on its own', async () => {
      const definition = await suite.owner.api.post('/v1/custom-sections', { title: 'Talks', enabledFields: ['title'] });
      const resumeId = (await suite.owner.api.post('/v1/resume', { name: 'Talks' })).body.id;
      const path = `/v1/custom-sections/${definition.body.id}/items?cvId=${resumeId}`;
      for (let index = 0; index < itemsPerSection; index += 20) {
        const batch = await Promise.all(Array.from({ length: 20 }, (_, offset) => suite.owner.api.post(path, { title: `Talk ${index + offset}` })));
        expect(batch.map((response) => response.status)).toEqual(Array(20).fill(201));
      }
      const refused = await suite.owner.api.post(path, { title: 'One more' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'SECTION_ITEM_LIMIT', limit: itemsPerSection, section: `customSection:${definition.body.id}` });
    });

    it('refuses a JSON Resume import with more, creating nothing', async () => {
      const before = (await suite.owner.api.get('/v1/resume?limit=1')).body.total;
      const work = Array.from({ length: itemsPerSection + 1 }, (_, index) => ({ name: `Employer ${index}`, position: 'Engineer' }));
      const refused = await suite.owner.api.post(IMPORT_PATH, { work });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'SECTION_ITEM_LIMIT', limit: itemsPerSection, section: 'experiences' });
      expect((await suite.owner.api.get('/v1/resume?limit=1')).body.total).toBe(before);
    });
  });

  describe(`${characters} characters of section text per resume`, () => {
    it('answers 400 RESUME_CONTENT_LIMIT naming the limit for an item that would go past it', async () => {
      const resumeId = await resumeOfCharacters(suite.owner, characters - 2);
      expect((await suite.owner.api.post(`/v1/skills?cvId=${resumeId}`, { name: 'Go' })).status).toBe(201);
      const refused = await suite.owner.api.post(`/v1/skills?cvId=${resumeId}`, { name: 'C' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: expect.stringContaining(`at most ${characters} characters`), code: 'RESUME_CONTENT_LIMIT', limit: characters });
    });

    it('refuses an update that grows a full resume, and takes one that shortens it', async () => {
      const resumeId = await resumeOfCharacters(suite.owner, characters);
      const [experience] = (await suite.owner.api.get(`/v1/experiences?cvId=${resumeId}&limit=1`)).body.data;
      const grown = await suite.owner.api.patch(`/v1/experiences/${experience.id}?cvId=${resumeId}`, { location: 'Berlin' });
      expect(grown.status).toBe(400);
      expect(grown.body).toMatchObject({ code: 'RESUME_CONTENT_LIMIT', limit: characters });
      expect((await suite.owner.api.patch(`/v1/experiences/${experience.id}?cvId=${resumeId}`, { description: 'Short now.' })).status).toBe(200);
    });

    it('refuses a JSON Resume import with more', async () => {
      const refused = await suite.owner.api.post(IMPORT_PATH, largestJsonResume(characters + 1, SECTION_TEXT.long));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'RESUME_CONTENT_LIMIT', limit: characters });
    });

    it('holds under concurrent writes: of two items that fit only one at a time, one is refused', async () => {
      const resumeId = await resumeOfCharacters(suite.owner, characters - 15_000);
      const item = (name: string) => ({ jobTitle: 'Engineer', company: name, description: 'x'.repeat(SECTION_TEXT.long) });
      const answers = await Promise.all(['First', 'Second'].map((name) => suite.owner.api.post(`/v1/experiences?cvId=${resumeId}`, item(name))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(answers.find((answer) => answer.status === 400)?.body.code).toBe('RESUME_CONTENT_LIMIT');
    });

    it('answers 400 naming the limit of a text field', async () => {
      const refused = await suite.owner.api.post('/v1/experiences', { jobTitle: 'Engineer', company: 'Acme', description: 'x'.repeat(SECTION_TEXT.long + 1) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Validation failed', details: { description: [`must be at most ${SECTION_TEXT.long} characters`] } });
    });
  });

  describe(`cvData of ${cvDataCharacters} characters`, () => {
    const cvData = (size: number) => ({ note: 'x'.repeat(size - '{"note":""}'.length) });

    it('takes cvData of exactly the limit and answers 400 naming it past that, on create and update', async () => {
      const created = await suite.owner.api.post('/v1/resume', { name: 'Data', cvData: cvData(cvDataCharacters) });
      expect(created.status).toBe(201);
      const message = `must be at most ${cvDataCharacters} characters as JSON`;
      const refused = await suite.owner.api.post('/v1/resume', { name: 'Data', cvData: cvData(cvDataCharacters + 1) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Validation failed', details: { cvData: [message] } });
      const update = await suite.owner.api.patch(`/v1/resume/${created.body.id}`, { cvData: cvData(cvDataCharacters + 1) });
      expect(update.status).toBe(400);
      expect(update.body.details).toEqual({ cvData: [message] });
    });
  });
});
