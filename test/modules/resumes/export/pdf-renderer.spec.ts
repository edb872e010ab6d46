/** @long-running: renders and reads back long resumes in every template, margin and font. */
import type { ResumeContent } from '@src/modules/resumes/dto/resume-content.dto';
import { renderResumePdf } from '@src/modules/resumes/export/pdf-renderer';
import { pdfFontNames, pdfPageSizes, pdfText } from '../../../setup/pdf-text';
import { sampleResumeContent } from './resume-content.fixture';

const TEMPLATES = ['classic', 'modern', 'minimal'] as const;

/** Many experiences, each with bullets no other has: what "no text cut off" can be checked against. */
function longContent(): ResumeContent {
  const content = sampleResumeContent();
  const experiences = Array.from({ length: 24 }, (_, index) => ({
    ...content.sections.experiences[index % 4],
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    company: `Company number ${index}`,
    achievements: [`Unique achievement ${index} that is long enough to wrap onto a second line of text in every template we have`],
  }));
  return { ...content, sections: { ...content.sections, experiences } };
}

/** Many sections of a title and one line of text: page breaks fall at every height of a section. */
function shortSections(): ResumeContent {
  const content = sampleResumeContent();
  const customSections = Array.from({ length: 80 }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(1000 + index).padStart(12, '0')}`,
    title: `Part ${index + 1}`,
    enabledFields: ['description' as const],
    items: [
      {
        id: `00000000-0000-4000-8000-${String(2000 + index).padStart(12, '0')}`,
        title: null,
        subtitle: null,
        organization: null,
        location: null,
        description: `Only one line of text in part ${index}.`,
        startDate: null,
        endDate: null,
        url: null,
      },
    ],
  }));
  return { ...content, customSections, sectionOrder: customSections.map((section) => `customSection:${section.id}`) };
}

/** The section titles a page's text ends with (pdf.js may space out letters set with extra character spacing). */
function titlesEndingPages(pageTexts: string[], titles: string[]): string[] {
  return pageTexts.flatMap((page, index) =>
    titles.filter((title) => new RegExp(`${title.split('').join(' ?')}$`, 'i').test(page)).map((title) => `page ${index + 1}: ${title}`),
  );
}

/** The targets of a PDF's link annotations: its annotation dictionaries are not compressed. */
function linksOf(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((match) => match[1]);
}

describe('renderResumePdf', () => {
  describe.each(TEMPLATES)('%s', (template) => {
    it('renders the resolved content as text on two A4 pages', async () => {
      const pdf = await renderResumePdf(sampleResumeContent(), { template, designSettings: {} });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { pages, text } = await pdfText(pdf);
      expect(pages).toBe(2);
      for (const shown of [
        'Ada Lovelace',
        'Staff Backend Engineer',
        'ada@example.com',
        'github.com/ada',
        'ada.example.org',
        'Backend engineer with twelve years',
        'Staff Engineer — Northwind Payments',
        'Mar 2022 – Present',
        'Own the ledger service',
        'MSc, Computer Science — University of Cambridge',
        'TypeScript (Expert): NestJS, Node.js',
        'English (Native)',
        'jobs.example.org',
        'Certified Kubernetes Administrator — CNCF',
        'Sliding windows in practice — ACM Queue',
        'Climbing (bouldering, alpine)',
        'Mentor — Code Club',
        '2018 – present',
      ]) {
        expect(text).toContain(shown);
      }
    });

    it('flows long content onto further pages, with no text lost and no section title alone at the bottom of a page', async () => {
      const content = longContent();
      const { pages, pageTexts, text } = await pdfText(await renderResumePdf(content, { template, designSettings: {} }));
      expect(pages).toBeGreaterThan(3);
      for (let index = 0; index < 24; index += 1) {
        expect(text).toContain(`Company number ${index}`);
        expect(text).toContain(`Unique achievement ${index} that is long enough to wrap onto a second line of text in every template we have`);
      }
      const titles = ['Experience', 'Education', 'Skills', 'Projects', 'Certificates', 'Awards', 'Publications', 'Interests', 'Volunteering'];
      expect(titlesEndingPages(pageTexts, titles)).toEqual([]);
    });

    it('keeps every section title with the first line of its text, wherever the page breaks', async () => {
      const content = shortSections();
      const titles = content.customSections.map((section) => section.title);
      // Large type and no extra line height or section spacing: a title fits where the line after it does not.
      // Each shift of the top margin moves the several page breaks of these pages to other heights within a section.
      const designSettings = { fonts: { size: 14 }, spacing: { lineHeight: 1, section: 0 } };
      const orphans: string[] = [];
      for (let top = 10; top <= 25; top += 1) {
        const { pages, pageTexts, text } = await pdfText(await renderResumePdf(content, { template, designSettings: { ...designSettings, margins: { top } } }));
        expect(pages).toBeGreaterThan(1);
        for (let index = 0; index < titles.length; index += 1) expect(text).toContain(`Only one line of text in part ${index}.`);
        orphans.push(...titlesEndingPages(pageTexts, titles).map((orphan) => `top margin ${top} mm, ${orphan}`));
      }
      expect(orphans).toEqual([]);
    }, 120_000);

    it('prints each header link as its address, and keeps it a link', async () => {
      const pdf = await renderResumePdf(sampleResumeContent(), { template, designSettings: {} });
      const { pageTexts } = await pdfText(pdf);
      expect(pageTexts[0]).toContain('ada@example.com · +44 20 7946 0000 · London, United Kingdom · github.com/ada · ada.example.org');
      expect(pageTexts[0]).not.toContain('GitHub');
      expect(linksOf(pdf)).toEqual(expect.arrayContaining(['mailto:ada@example.com', 'https://github.com/ada', 'https://ada.example.org']));
    });
  });

  it.each(TEMPLATES)('wraps a contact wider than the page instead of cutting it (%s)', async (template) => {
    const content = sampleResumeContent();
    content.identity.address = 'Flat 2, The Old Rectory, 1 Church Lane, Little Snoring, Fakenham, Norfolk, England, United Kingdom, Europe, Earth';
    const { text } = await pdfText(await renderResumePdf(content, { template, designSettings: { margins: { left: 45, right: 45 } } }));
    expect(text).toContain(content.identity.address);
  });

  it('draws each template with its own fonts, and designSettings fonts override them', async () => {
    const fonts = async (template: (typeof TEMPLATES)[number], designSettings = {}) =>
      pdfFontNames(await renderResumePdf(sampleResumeContent(), { template, designSettings }));
    expect(await fonts('classic')).toEqual(['Times-Bold', 'Times-Italic', 'Times-Roman']);
    expect(await fonts('modern')).toEqual(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique']);
    expect(await fonts('minimal')).toEqual(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique']);
    expect(await fonts('modern', { fonts: { heading: 'Merriweather', body: 'Georgia' } })).toEqual([
      'Merriweather-Bold',
      'Merriweather-Regular',
      'Times-Bold',
      'Times-Italic',
      'Times-Roman',
    ]);
  });

  it.each(['Inter', 'Roboto', 'Lato', 'Merriweather'] as const)('prints %s as itself, embedded in regular, bold and italic', async (font) => {
    const pdf = await renderResumePdf(sampleResumeContent(), { template: 'modern', designSettings: { fonts: { heading: font, body: font } } });
    expect(pdfFontNames(pdf)).toEqual([`${font}-Bold`, `${font}-Italic`, `${font}-Regular`]);
    expect((await pdfText(pdf)).text).toContain('Staff Engineer — Northwind Payments');
  });

  it.each([
    ['王小明', 'NotoSansHans'],
    ['山田太郎', 'NotoSansHans'],
    ['김민준', 'NotoSansKR'],
  ])('prints the name %s in a CJK font, and the rest in the template’s own', async (name, cjkFont) => {
    const content = sampleResumeContent();
    content.identity.fullName = name;
    for (const template of TEMPLATES) {
      const pdf = await renderResumePdf(content, { template, designSettings: {} });
      const { text } = await pdfText(pdf);
      expect(text).toContain(name);
      expect(text).toContain('Staff Engineer — Northwind Payments');
      const fonts = pdfFontNames(pdf);
      // Minimal sets the name in the regular weight, the others in bold.
      expect(fonts).toContain(`${cjkFont}-${template === 'minimal' ? 'Regular' : 'Bold'}`);
      // Latin text keeps the standard fonts: CJK alone does not send the whole document to DejaVu.
      expect(fonts).toContain(template === 'classic' ? 'Times-Roman' : 'Helvetica');
    }
  });

  it('reads no CJK font for a resume that needs none', async () => {
    const pdf = await renderResumePdf(sampleResumeContent(), { template: 'modern', designSettings: { fonts: { body: 'Inter' } } });
    expect(pdfFontNames(pdf).filter((font) => font.startsWith('Noto'))).toEqual([]);
  });

  it.each([
    [undefined, [595.28, 841.89]],
    ['A4', [595.28, 841.89]],
    ['Letter', [612, 792]],
  ] as const)('sets every page in pageSize %s', async (pageSize, size) => {
    const pdf = await renderResumePdf(longContent(), { template: 'classic', designSettings: { pageSize } });
    const sizes = pdfPageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(1);
    expect(new Set(sizes.map((page) => page.join(' ')))).toEqual(new Set([size.join(' ')]));
  });

  it('looks different in each template', async () => {
    const files = await Promise.all(TEMPLATES.map((template) => renderResumePdf(sampleResumeContent(), { template, designSettings: {} })));
    const texts = await Promise.all(files.map(pdfText));
    // Classic and minimal set section titles in capitals, modern as written.
    expect(texts[0].text).toContain('EXPERIENCE');
    expect(texts[1].text).toContain('Experience');
    expect(new Set(files.map((file) => file.toString('base64'))).size).toBe(3);
  });

  it('embeds a Unicode font when the text needs characters the standard fonts lack', async () => {
    const content = sampleResumeContent();
    content.identity.fullName = 'Łukasz Żółć';
    content.sections.interests = [{ id: '00000000-0000-4000-8000-000000000899', name: 'Шахматы', keywords: [] }];
    const pdf = await renderResumePdf(content, { template: 'classic', designSettings: {} });
    expect(pdfFontNames(pdf)).toEqual(['DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic']);
    const { text } = await pdfText(pdf);
    expect(text).toContain('Łukasz Żółć');
    expect(text).toContain('Шахматы');
  });

  it('honours margins: wider margins take more pages', async () => {
    const pages = async (margin: number) =>
      (
        await pdfText(
          await renderResumePdf(longContent(), {
            template: 'modern',
            designSettings: { margins: { top: margin, right: margin, bottom: margin, left: margin } },
          }),
        )
      ).pages;
    expect(await pages(45)).toBeGreaterThan(await pages(5));
  });
});
