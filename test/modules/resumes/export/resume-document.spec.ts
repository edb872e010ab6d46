import { pdfFilename } from '@src/modules/resumes/export/pdf-filename';
import { pdfStyle, TEMPLATE_STYLES } from '@src/modules/resumes/export/pdf-templates';
import { RESUME_FONTS, type ResumeFont } from '@src/modules/resumes/resume-settings';
import { period, printedDate, resumeDocument } from '@src/modules/resumes/export/resume-document';
import { sampleResumeContent } from './resume-content.fixture';

describe('resumeDocument', () => {
  it('lists the sections in sectionOrder, leaving out empty ones', () => {
    const content = sampleResumeContent({
      sectionOrder: ['skills', 'summary', 'experiences', 'education', 'projects', 'certificates', 'awards', 'publications', 'interests'],
    });
    content.sections.awards = [];
    expect(resumeDocument(content).sections.map((section) => section.title)).toEqual([
      'Skills',
      'Summary',
      'Experience',
      'Education',
      'Projects',
      'Certificates',
      'Publications',
      'Interests',
    ]);
  });

  it('leaves out a section with nothing to show: no interests, a custom item with no field, a blank summary', () => {
    const content = sampleResumeContent({ summary: ' \n\n ' });
    content.sections.interests = [];
    const [volunteering] = content.customSections;
    volunteering.items = [{ ...volunteering.items[0], title: null, subtitle: null, organization: null, startDate: '', endDate: null, description: '  ' }];
    const titles = resumeDocument(content).sections.map((section) => section.title);
    expect(titles).toEqual(['Experience', 'Education', 'Skills', 'Projects', 'Certificates', 'Awards', 'Publications']);
  });

  it('puts the identity in the header: contacts that are shown, links by their address, which paper needs', () => {
    const content = sampleResumeContent();
    content.identity = { ...content.identity, phone: null, address: 'Flat 2\n1 Main St' };
    expect(resumeDocument(content).header).toEqual({
      name: 'Ada Lovelace',
      jobTitle: 'Staff Backend Engineer',
      contacts: [
        { text: 'ada@example.com', url: 'mailto:ada@example.com' },
        { text: 'Flat 2, 1 Main St' },
        { text: 'github.com/ada', url: 'https://github.com/ada' },
        { text: 'ada.example.org', url: 'https://ada.example.org' },
      ],
    });
  });

  it('groups skills by category, with labels only when they tell groups apart', () => {
    const content = sampleResumeContent();
    const skills = resumeDocument(content).sections.find((section) => section.key === 'skills')!.entries;
    expect(skills).toEqual([
      {
        kind: 'list',
        label: 'Technical',
        values: ['TypeScript (Expert): NestJS, Node.js', 'PostgreSQL (Expert)', 'Go (Advanced)', 'Kubernetes (Advanced)', 'Redis'],
      },
      { kind: 'list', label: 'Soft skills', values: ['Mentoring', 'Technical writing'] },
      { kind: 'list', label: 'Languages', values: ['English (Native)', 'German (Fluent)'] },
    ]);
    content.sections.skills = content.sections.skills.map((skill) => ({ ...skill, category: null }));
    expect(resumeDocument(content).sections.find((section) => section.key === 'skills')!.entries[0]).toMatchObject({ label: null });
  });

  it('shows custom sections under their title, with free-text dates as written', () => {
    const volunteering = resumeDocument(sampleResumeContent()).sections.at(-1);
    expect(volunteering).toEqual({
      key: 'customSection:00000000-0000-4000-8000-000000000901',
      title: 'Volunteering',
      entries: [expect.objectContaining({ title: 'Mentor', subtitle: 'Code Club', dates: '2018 – present' })],
    });
  });

  it('writes periods at the precision of their dates, an ongoing one up to Present', () => {
    expect(period({ id: 'x', startDate: '2020-03', endDate: '2021', isCurrent: false })).toBe('Mar 2020 – 2021');
    expect(period({ id: 'x', startDate: '2020-03-01T00:00:00.000Z', endDate: '2021-06-30T00:00:00.000Z', isCurrent: true })).toBe('Mar 2020 – Present');
    expect(period({ id: 'x', startDate: null, endDate: '2021-06-30', isCurrent: false })).toBe('Jun 30, 2021');
    expect(period({ id: 'x', startDate: null, endDate: null, isCurrent: false })).toBeNull();
  });

  it('prints a date as it was given: a year, a month, a day; a date-time as its month', () => {
    expect(printedDate('2020')).toBe('2020');
    expect(printedDate('2020-03')).toBe('Mar 2020');
    expect(printedDate('2020-03-03')).toBe('Mar 3, 2020');
    expect(printedDate('2023-12-31T23:00:00.000Z')).toBe('Dec 2023');
    for (const unprintable of ['soon', '2020-13', null, undefined]) expect(printedDate(unprintable)).toBeNull();
  });
});

describe('pdfStyle', () => {
  it('is the template style with designSettings applied over it', () => {
    const style = pdfStyle('modern', {
      colors: { primary: '#aa0000' },
      fonts: { heading: 'Merriweather', size: 12 },
      spacing: { lineHeight: 1.8 },
      margins: { left: 30 },
    });
    expect(style).toEqual({
      ...TEMPLATE_STYLES.modern,
      fonts: { heading: 'Merriweather', body: 'Helvetica' },
      colors: { ...TEMPLATE_STYLES.modern.colors, primary: '#aa0000' },
      size: 12,
      lineHeight: 1.8,
      margins: { ...TEMPLATE_STYLES.modern.margins, left: 30 },
    });
    expect(pdfStyle('classic', {})).toEqual(TEMPLATE_STYLES.classic);
  });

  it('prints each font as itself, Georgia (no free font file) as Times, on A4 unless pageSize says Letter', () => {
    const fonts = (heading: ResumeFont) => pdfStyle('minimal', { fonts: { heading } }).fonts.heading;
    expect(RESUME_FONTS.map(fonts)).toEqual(['Inter', 'Roboto', 'Lato', 'Merriweather', 'Times', 'Helvetica', 'Times']);
    expect(pdfStyle('modern', {}).pageSize).toBe('A4');
    expect(pdfStyle('modern', { pageSize: 'Letter' }).pageSize).toBe('Letter');
  });

  it('gives each template its own header and section titles', () => {
    const looks = Object.values(TEMPLATE_STYLES).map((style) => JSON.stringify([style.header, style.sectionTitle, style.fonts]));
    expect(new Set(looks).size).toBe(3);
  });
});

describe('pdfFilename', () => {
  it.each([
    [{ fullName: 'Ada Lovelace', jobTitle: 'Backend Engineer' }, 'Ada_Lovelace_Backend_Engineer.pdf'],
    [{ fullName: 'José Łukasz-Müller', jobTitle: 'C++ / Go developer' }, 'Jose_Lukasz_Muller_C_Go_developer.pdf'],
    [{ fullName: 'Ada Lovelace', jobTitle: null }, 'Ada_Lovelace.pdf'],
    [{ fullName: null, jobTitle: 'Engineer' }, 'Resume_Engineer.pdf'],
    [{ fullName: 'Иван Петров', jobTitle: null }, 'Resume.pdf'],
    [{ fullName: '"; rm -rf /', jobTitle: '\r\nX-Evil: 1' }, 'rm_rf_X_Evil_1.pdf'],
  ])('%j → %s', (identity, filename) => {
    expect(pdfFilename(identity)).toBe(filename);
  });
});
