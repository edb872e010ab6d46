import PDFDocument from 'pdfkit';
import type { ResumeContent } from '../dto/resume-content.dto';
import type { DesignSettings, PageSize, ResumeTemplate } from '../resume-settings';
import { type FontWeight, PdfFonts } from './pdf-fonts';
import { pdfStyle, type TemplateStyle, type Typeface } from './pdf-templates';
import { ContactEntry, DocumentEntry, DocumentHeader, DocumentSection, ItemEntry, ListEntry, ResumeDocument, resumeDocument } from './resume-document';

export interface PdfSettings {
  template: ResumeTemplate;
  designSettings: DesignSettings;
}

const POINTS_PER_MM = 72 / 25.4;
/** pdfkit's names of the paper sizes: A4 is 595.28 × 841.89 points, Letter 612 × 792. */
const PDF_PAGE_SIZES: Record<PageSize, string> = { A4: 'A4', Letter: 'LETTER' };
const SEPARATOR = '  ·  ';
const BULLET_INDENT = 12;
/** Space above an item's text (its paragraphs, its bullets), as a share of the body size. */
const TEXT_GAP = 0.2;

/**
 * Renders a resolved resume as an A4 or Letter PDF with real, selectable text. Pure: the same content and settings
 * give the same pages. Text flows onto further pages by itself; a section title is never left alone at the bottom of
 * a page, and an item's heading always starts on the page its first line of text is on.
 */
export function renderResumePdf(content: ResumeContent, settings: PdfSettings): Promise<Buffer> {
  const document = resumeDocument(content);
  const style = pdfStyle(settings.template, settings.designSettings);
  const title = [document.header.name, document.header.jobTitle].filter(Boolean).join(' – ') || 'Resume';
  const pdf = new PDFDocument({
    size: PDF_PAGE_SIZES[style.pageSize],
    margins: {
      top: style.margins.top * POINTS_PER_MM,
      right: style.margins.right * POINTS_PER_MM,
      bottom: style.margins.bottom * POINTS_PER_MM,
      left: style.margins.left * POINTS_PER_MM,
    },
    // pdfkit reads every info key it is given: an Author key without a value would throw.
    info: { Title: title, Subject: 'Resume', Creator: 'Career API', ...(document.header.name ? { Author: document.header.name } : {}) },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      new ResumePdfWriter(pdf, style, new PdfFonts(pdf, textsOf(document))).write(document);
      pdf.end();
    } catch (error) {
      reject(error);
    }
  });
}

function textsOf({ header, sections }: ResumeDocument): string[] {
  const entryTexts = (entry: DocumentEntry) =>
    entry.kind === 'list'
      ? [entry.label ?? '', ...entry.values]
      : [entry.title, entry.subtitle, entry.dates, entry.details, entry.link?.text, ...entry.paragraphs, ...entry.bullets];
  return [
    header.name,
    header.jobTitle,
    ...header.contacts.map((contact) => contact.text),
    ...sections.flatMap((section) => [section.title, ...section.entries.flatMap(entryTexts)]),
  ].filter((text): text is string => typeof text === 'string');
}

interface TextStyle {
  typeface: Typeface;
  weight: FontWeight;
  size: number;
  color: string;
  characterSpacing?: number;
}

/** Draws one ResumeDocument into one PDF document, top to bottom. */
class ResumePdfWriter {
  private readonly left: number;
  private readonly width: number;
  /** The colour of the text being written. */
  private color = '#000000';

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly style: TemplateStyle,
    private readonly fonts: PdfFonts,
  ) {
    this.left = pdf.page.margins.left;
    this.width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  }

  write(document: ResumeDocument): void {
    if (this.style.header === 'band') {
      // Later pages carry a thin strip of the band's colour, so that they still look like the same document.
      // PDFKit carries the last fill colour over to text that flows onto the new page: give it back the text's.
      this.pdf.on('pageAdded', () => this.pdf.rect(0, 0, this.pdf.page.width, 6).fill(this.style.colors.primary).fillColor(this.color));
    }
    this.header(document.header);
    for (const section of document.sections) this.section(section);
  }

  private header(header: DocumentHeader): void {
    const { style } = this;
    const onBand = style.header === 'band';
    const ink = onBand ? readableOn(style.colors.primary) : null;
    const name: TextStyle = {
      typeface: style.fonts.heading,
      weight: style.boldName ? 'bold' : 'regular',
      size: style.size * style.nameScale,
      color: ink ?? (style.header === 'centered' ? style.colors.primary : style.colors.text),
      characterSpacing: style.header === 'left' ? 0.5 : 0,
    };
    const jobTitle: TextStyle = {
      typeface: style.fonts.body,
      weight: style.header === 'centered' ? 'italic' : 'regular',
      size: style.size * 1.25,
      color: ink ?? style.colors.muted,
    };
    const contacts: TextStyle = { typeface: style.fonts.body, weight: 'regular', size: style.size * 0.92, color: ink ?? style.colors.muted };
    const align = style.header === 'centered' ? 'center' : 'left';

    if (onBand) {
      const bandHeight =
        this.pdf.page.margins.top +
        (header.name ? this.height(header.name, name) + 2 : 0) +
        (header.jobTitle ? this.height(header.jobTitle, jobTitle) + 4 : 0) +
        (header.contacts.length > 0 ? this.contactsHeight(header.contacts, contacts) : 0) +
        style.size * 1.4;
      this.pdf.rect(0, 0, this.pdf.page.width, bandHeight).fill(style.colors.primary);
      this.pdf.y = this.pdf.page.margins.top;
      this.headerLines(header, { name, jobTitle, contacts }, align);
      this.pdf.y = bandHeight + style.sectionGap * 0.4;
      return;
    }
    this.headerLines(header, { name, jobTitle, contacts }, align);
    if (style.header === 'centered') {
      // Classic: a double rule closes the header.
      const y = this.pdf.y + 5;
      this.rule(y, 1.2);
      this.rule(y + 2.5, 0.4);
      this.pdf.y = y + 4;
    } else {
      this.pdf.y += style.size;
    }
  }

  private headerLines(header: DocumentHeader, styles: Record<'name' | 'jobTitle' | 'contacts', TextStyle>, align: 'left' | 'center'): void {
    if (header.name) {
      this.text(header.name, styles.name, { align });
      this.pdf.y += 2;
    }
    if (header.jobTitle) {
      this.text(header.jobTitle, styles.jobTitle, { align });
      this.pdf.y += 4;
    }
    if (header.contacts.length > 0) this.contacts(header.contacts, styles.contacts, align);
  }

  /**
   * The contact line, each part that has a URL a link of its own. Placed part by part (PDFKit cannot centre a line
   * made of separately linked pieces), wrapping between parts, never inside one.
   */
  private contacts(contacts: ContactEntry[], style: TextStyle, align: 'left' | 'center'): void {
    const { lines, separator, lineHeight } = this.contactLines(contacts, style);
    for (const line of lines) {
      if (isOversized(line, this.width)) {
        this.text(line[0].contact.text, style, { align, link: line[0].contact.url });
        continue;
      }
      const total = line.reduce((sum, part) => sum + part.width, 0) + separator * (line.length - 1);
      let x = align === 'center' ? this.left + (this.width - total) / 2 : this.left;
      const y = this.pdf.y;
      line.forEach((part, index) => {
        if (index > 0) {
          this.pdf.text(SEPARATOR, x, y, { lineBreak: false, baseline: this.set(style, SEPARATOR).baseline });
          x += separator;
        }
        const { baseline } = this.set(style, part.contact.text);
        this.pdf.text(part.contact.text, x, y, { lineBreak: false, baseline, link: part.contact.url ?? null });
        x += part.width;
      });
      this.pdf.y = y + lineHeight;
    }
  }

  private contactsHeight(contacts: ContactEntry[], style: TextStyle): number {
    const { lines, lineHeight } = this.contactLines(contacts, style);
    return lines.reduce((sum, line) => sum + (isOversized(line, this.width) ? this.height(line[0].contact.text, style) : lineHeight), 0);
  }

  /**
   * The contacts packed into lines; a part wider than the page (a long address) is a line of its own that wraps.
   * Lines are as tall as the tallest font among the parts (an address in Chinese is set in a taller one).
   */
  private contactLines(contacts: ContactEntry[], style: TextStyle) {
    const separator = this.widthOf(SEPARATOR, style);
    const lineHeight = Math.max(...[SEPARATOR, ...contacts.map((contact) => contact.text)].map((text) => this.lineHeightOf(text, style)));
    const lines: ContactLine[] = [[]];
    let used = 0;
    for (const contact of contacts) {
      const width = Math.min(this.widthOf(contact.text, style), this.width);
      const line = lines[lines.length - 1];
      if (line.length > 0 && (used + separator + width > this.width || isOversized(line, this.width))) {
        lines.push([{ contact, width }]);
        used = width;
      } else {
        line.push({ contact, width });
        used += (line.length > 1 ? separator : 0) + width;
      }
    }
    return { lines, separator, lineHeight };
  }

  private section(section: DocumentSection): void {
    const { style } = this;
    const title = section.title;
    const titleStyle: TextStyle = {
      typeface: style.fonts.heading,
      weight: style.sectionTitle.casing === 'small-caps' ? 'regular' : 'bold',
      size: style.size * style.sectionTitle.scale,
      color: style.sectionTitle.color === 'primary' ? style.colors.primary : style.colors.muted,
      characterSpacing: { upper: 0.8, 'small-caps': 1.8, 'as-is': 0 }[style.sectionTitle.casing],
    };
    const shown = style.sectionTitle.casing === 'as-is' ? title : title.toUpperCase();
    const titleHeight = this.height(shown, titleStyle) + 6;

    const atPageTop = this.pdf.y <= this.pdf.page.margins.top + 1;
    if (!atPageTop) this.pdf.y += style.sectionGap;
    // Keep the title with the start of its first entry.
    this.ensureSpace(titleHeight + this.entryHeadHeight(section.entries[0]));

    const y = this.pdf.y;
    if (style.sectionTitle.mark === 'bar') {
      const barHeight = this.height('X', titleStyle);
      this.pdf.rect(this.left, y + 1, 3.5, barHeight - 3).fill(style.colors.primary);
      this.text(shown, titleStyle, { x: this.left + 10, y, width: this.width - 10 });
    } else {
      this.text(shown, titleStyle, { x: this.left, y });
    }
    if (style.sectionTitle.mark === 'rule') {
      const ruleY = this.pdf.y + 1;
      this.rule(ruleY, 0.6);
      this.pdf.y = ruleY + 5;
    } else {
      this.pdf.y += style.sectionTitle.mark === 'none' ? 6 : 4;
    }
    section.entries.forEach((entry, index) => {
      if (index > 0) this.pdf.y += style.size * (style.header === 'left' ? 0.9 : 0.6);
      if (entry.kind === 'list') this.list(entry);
      else this.item(entry);
    });
  }

  private item(entry: ItemEntry): void {
    const { style } = this;
    this.ensureSpace(this.entryHeadHeight(entry));
    const body = this.bodyStyle();
    const muted = this.mutedStyle();

    if (entry.title || entry.subtitle || entry.dates) {
      const y = this.pdf.y;
      const datesWidth = entry.dates ? this.widthOf(entry.dates, muted) + 10 : 0;
      let bottom = y;
      if (entry.dates) {
        this.text(entry.dates, { ...muted, weight: 'regular' }, { x: this.left, y, align: 'right' });
        bottom = this.pdf.y;
      }
      this.heading(entry, { x: this.left, y, width: this.width - datesWidth });
      this.pdf.y = Math.max(bottom, this.pdf.y);
    }
    if (entry.details) this.text(entry.details, muted, { x: this.left });
    if (entry.link) this.text(entry.link.text, { ...muted, weight: 'regular', color: style.colors.primary }, { x: this.left, link: entry.link.url });
    for (const paragraph of entry.paragraphs) {
      this.pdf.y += style.size * TEXT_GAP;
      this.text(paragraph, body, { x: this.left });
    }
    if (entry.bullets.length > 0) this.pdf.y += style.size * TEXT_GAP;
    for (const bullet of entry.bullets) {
      this.ensureSpace(this.height('X', body));
      const y = this.pdf.y;
      this.text('•', { ...body, color: style.colors.primary }, { x: this.left + 2, y, width: BULLET_INDENT });
      this.text(bullet, body, { x: this.left + BULLET_INDENT, y, width: this.width - BULLET_INDENT });
    }
    this.pdf.x = this.left;
  }

  /** "Title — Subtitle": the title bold, the subtitle in the body weight. */
  private heading(entry: ItemEntry, at: { x: number; y: number; width: number }): void {
    const title = this.headingStyle();
    if (entry.title) {
      this.pdf.text(entry.title, at.x, at.y, { width: at.width, ...this.set(title, entry.title), continued: entry.subtitle !== null });
    }
    if (entry.subtitle) {
      const subtitle = entry.title ? ` — ${entry.subtitle}` : entry.subtitle;
      const options = this.set({ ...title, weight: 'regular' }, subtitle);
      if (entry.title) this.pdf.text(subtitle, options);
      else this.pdf.text(subtitle, at.x, at.y, { width: at.width, ...options });
    }
  }

  private list(entry: ListEntry): void {
    const body = this.bodyStyle();
    const values = entry.values.join(SEPARATOR);
    this.ensureSpace(this.entryHeadHeight(entry));
    if (entry.label) {
      const label = `${entry.label}: `;
      const labelOptions = this.set({ ...body, weight: 'bold' }, label);
      this.pdf.text(label, this.left, this.pdf.y, { width: this.width, ...labelOptions, continued: true });
      this.pdf.text(values, this.set(body, values));
    } else {
      this.text(values, body, { x: this.left });
    }
  }

  /**
   * How much of an entry must fit on the page it starts on: everything item() or list() draws before the first line
   * of its text, and that line, measured in the fonts they draw with. PDFKit breaks a page before a line whose own
   * font's height does not fit, so a bold label or a heading font taller than the body counts.
   */
  private entryHeadHeight(entry: DocumentEntry | undefined): number {
    if (!entry) return 0;
    const body = this.bodyStyle();
    if (entry.kind === 'list') return Math.max(this.height('X', body), entry.label ? this.height('X', { ...body, weight: 'bold' }) : 0);
    const muted = this.mutedStyle();
    const heading = [entry.title, entry.subtitle].filter(Boolean).join(' — ');
    const headingWidth = this.width - (entry.dates ? this.widthOf(entry.dates, muted) + 10 : 0);
    const head = Math.max(
      heading ? this.height(heading, this.headingStyle(), headingWidth) : 0,
      entry.dates ? this.height(entry.dates, { ...muted, weight: 'regular' }) : 0,
    );
    const hasText = entry.paragraphs.length > 0 || entry.bullets.length > 0;
    return (
      head +
      (entry.details ? this.height(entry.details, muted) : 0) +
      (entry.link ? this.height(entry.link.text, { ...muted, weight: 'regular' }) : 0) +
      (hasText ? this.style.size * TEXT_GAP + this.height('X', body) : 0)
    );
  }

  private bodyStyle(): TextStyle {
    return { typeface: this.style.fonts.body, weight: 'regular', size: this.style.size, color: this.style.colors.text };
  }

  /** An item's "Title — Subtitle" line. */
  private headingStyle(): TextStyle {
    return { ...this.bodyStyle(), typeface: this.style.fonts.heading, weight: 'bold' };
  }

  /** Dates, details and links: smaller and quieter than the body. */
  private mutedStyle(): TextStyle {
    return { ...this.bodyStyle(), weight: 'italic', size: this.style.size * 0.92, color: this.style.colors.muted };
  }

  private ensureSpace(height: number): void {
    if (this.pdf.y + height > this.pdf.page.maxY()) this.pdf.addPage();
  }

  private rule(y: number, thickness: number): void {
    this.pdf
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(thickness)
      .strokeColor(this.style.colors.primary)
      .stroke();
  }

  private text(
    text: string,
    style: TextStyle,
    options: { x?: number; y?: number; width?: number; align?: 'left' | 'center' | 'right'; link?: string } = {},
  ): void {
    const { lineGap, baseline } = this.set(style, text);
    this.pdf.text(text, options.x ?? this.left, options.y ?? this.pdf.y, {
      width: options.width ?? this.width - ((options.x ?? this.left) - this.left),
      align: options.align ?? 'left',
      lineGap,
      baseline,
      characterSpacing: style.characterSpacing ?? 0,
      link: options.link ?? null,
    });
  }

  private height(text: string, style: TextStyle, width = this.width): number {
    const lineGap = this.use(style, text);
    return this.pdf.heightOfString(text, { width, lineGap, characterSpacing: style.characterSpacing ?? 0 });
  }

  private widthOf(text: string, style: TextStyle): number {
    this.use(style, text);
    return this.pdf.widthOfString(text, { characterSpacing: style.characterSpacing ?? 0 });
  }

  /** The height of one line of `text`, gap included. */
  private lineHeightOf(text: string, style: TextStyle): number {
    return this.use(style, text) + this.pdf.currentLineHeight(true);
  }

  /**
   * Sets the font for `text` (see use()) and answers what drawing it needs: the line gap, and the baseline of the
   * style's typeface, on which a fallback font's text then sits as well.
   */
  private set(style: TextStyle, text: string): { lineGap: number; baseline: number } {
    const lineGap = this.use(style, text);
    return { lineGap, baseline: (-this.fonts.ascender(style.typeface, style.weight) / 1000) * style.size };
  }

  /**
   * Sets the font that has `text`'s characters in the style's typeface and weight (see PdfFonts), its size and colour,
   * and answers the line gap that gives designSettings' lineHeight (a multiple of the font size) with this font:
   * PDFKit adds the gap to the font's own line height.
   */
  private use(style: TextStyle, text: string): number {
    this.color = style.color;
    this.pdf
      .font(this.fonts.font(style.typeface, style.weight, text))
      .fontSize(style.size)
      .fillColor(style.color);
    return Math.max(0, style.size * this.style.lineHeight - this.pdf.currentLineHeight(true));
  }
}

type ContactLine = { contact: ContactEntry; width: number }[];

function isOversized(line: ContactLine, width: number): boolean {
  return line.length === 1 && line[0].width >= width;
}

/** White on a dark band, near-black on a light one (a user may pick a pale primary colour). */
function readableOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#111111' : '#ffffff';
}
