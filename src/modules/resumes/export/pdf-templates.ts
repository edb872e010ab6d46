import { DEFAULT_PAGE_SIZE, type DesignSettings, type PageSize, type ResumeFont, type ResumeTemplate } from '../resume-settings';

/**
 * The typefaces a PDF is drawn in: PDF's standard Helvetica and Times (nothing embedded, so files stay small), or a
 * font embedded from its file (see pdf-fonts.ts).
 */
export type Typeface = 'Helvetica' | 'Times' | 'Inter' | 'Roboto' | 'Lato' | 'Merriweather';

/** Each font of designSettings prints as itself; Georgia has no free font file, so it prints as Times, the serif it resembles. */
const TYPEFACES: Record<ResumeFont, Typeface> = {
  Inter: 'Inter',
  Roboto: 'Roboto',
  Lato: 'Lato',
  Helvetica: 'Helvetica',
  Merriweather: 'Merriweather',
  Georgia: 'Times',
  Times: 'Times',
};

export interface Colors {
  primary: string;
  text: string;
  muted: string;
}

/** Page margins in millimetres, as designSettings gives them. */
export interface MarginsMm {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * What makes a template look like itself. Colors, fonts, size, spacing and margins are only defaults that
 * designSettings overrides; header and section title styles are the template's own.
 */
export interface TemplateStyle {
  fonts: { heading: Typeface; body: Typeface };
  colors: Colors;
  /** Body text size in points. */
  size: number;
  lineHeight: number;
  /** Space before each section, in points. */
  sectionGap: number;
  margins: MarginsMm;
  pageSize: PageSize;
  /** `centered`: name, title and contacts centered above a rule; `band`: a full-width band of the primary color; `left`: plain, left. */
  header: 'centered' | 'band' | 'left';
  /** How a section title is cased and what marks it: a rule under it, a bar of the primary color before it, or nothing. */
  sectionTitle: { casing: 'upper' | 'small-caps' | 'as-is'; mark: 'rule' | 'bar' | 'none'; scale: number; color: 'primary' | 'muted' };
  nameScale: number;
  /** Whether the name is bold (minimal sets it light, in regular weight). */
  boldName: boolean;
}

/** The template table: classic (serif, centered, ruled), modern (sans, colour band), minimal (sans, airy, small caps, no rules). */
export const TEMPLATE_STYLES: Record<ResumeTemplate, TemplateStyle> = {
  classic: {
    fonts: { heading: 'Times', body: 'Times' },
    colors: { primary: '#1f3a5f', text: '#1a1a1a', muted: '#5f6368' },
    size: 10.5,
    lineHeight: 1.3,
    sectionGap: 12,
    margins: { top: 18, right: 18, bottom: 18, left: 18 },
    pageSize: DEFAULT_PAGE_SIZE,
    header: 'centered',
    sectionTitle: { casing: 'upper', mark: 'rule', scale: 1.15, color: 'primary' },
    nameScale: 2.3,
    boldName: true,
  },
  modern: {
    fonts: { heading: 'Helvetica', body: 'Helvetica' },
    colors: { primary: '#2563eb', text: '#1f2937', muted: '#6b7280' },
    size: 10,
    lineHeight: 1.35,
    sectionGap: 14,
    margins: { top: 15, right: 16, bottom: 15, left: 16 },
    pageSize: DEFAULT_PAGE_SIZE,
    header: 'band',
    sectionTitle: { casing: 'as-is', mark: 'bar', scale: 1.35, color: 'primary' },
    nameScale: 2.5,
    boldName: true,
  },
  minimal: {
    fonts: { heading: 'Helvetica', body: 'Helvetica' },
    colors: { primary: '#111111', text: '#333333', muted: '#8a8a8a' },
    size: 9.5,
    lineHeight: 1.45,
    sectionGap: 22,
    margins: { top: 24, right: 24, bottom: 22, left: 24 },
    pageSize: DEFAULT_PAGE_SIZE,
    header: 'left',
    sectionTitle: { casing: 'small-caps', mark: 'none', scale: 0.9, color: 'muted' },
    nameScale: 2.2,
    boldName: false,
  },
};

/** A template's style with a resume's designSettings applied: what the renderer draws with. */
export function pdfStyle(template: ResumeTemplate, design: DesignSettings): TemplateStyle {
  const base = TEMPLATE_STYLES[template] ?? TEMPLATE_STYLES.classic;
  return {
    ...base,
    fonts: {
      // A name with no typeface (a stored value from before a font was withdrawn) keeps the template's.
      heading: TYPEFACES[design.fonts?.heading as ResumeFont] ?? base.fonts.heading,
      body: TYPEFACES[design.fonts?.body as ResumeFont] ?? base.fonts.body,
    },
    colors: { ...base.colors, ...definedOnly(design.colors) },
    size: design.fonts?.size ?? base.size,
    lineHeight: design.spacing?.lineHeight ?? base.lineHeight,
    sectionGap: design.spacing?.section ?? base.sectionGap,
    margins: { ...base.margins, ...definedOnly(design.margins) },
    pageSize: design.pageSize ?? base.pageSize,
  };
}

function definedOnly<T extends object>(values: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;
}
