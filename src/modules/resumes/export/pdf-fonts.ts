import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import type { Typeface } from './pdf-templates';

export type FontWeight = 'regular' | 'bold' | 'italic';

/** A font a text can be drawn in: the name pdf.font() knows it by, and whether it has a character. */
export interface FontCandidate {
  name: string;
  has(codePoint: number): boolean;
  /** Height above the baseline, in thousandths of the font size. */
  ascender(): number;
  /** The file of an embedded font, read and registered with the document only once a text needs it. */
  path?: string;
}

/**
 * The font to draw `text` in: the first of `candidates` that has every character of it, else the one that has the
 * most (the earliest on a tie: the text keeps its typeface and only the characters nobody has print as boxes).
 * A text is one run, drawn in one font, so that pdfkit measures, wraps and aligns it as any other; the CJK fallbacks
 * also carry Latin letters, digits and punctuation, so "王小明 (Wang)" still finds a font that has all of it.
 * Candidates are asked in order, so a fallback is read only when the fonts before it lack a character.
 */
export function fontForText<T extends FontCandidate>(text: string, candidates: readonly T[]): T {
  // Line breaks and other controls are never drawn.
  const codePoints = [...new Set(Array.from(text, (character) => character.codePointAt(0)!))].filter((codePoint) => codePoint >= 0x20);
  let best = candidates[0];
  let bestCount = -1;
  for (const candidate of candidates) {
    const count = codePoints.filter((codePoint) => candidate.has(codePoint)).length;
    if (count === codePoints.length) return candidate;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/** PDF's standard fonts encode only Windows-1252 (WinAnsi): Western European text and common punctuation. */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]$/u;
const isWinAnsi = (codePoint: number) => WIN_ANSI.test(String.fromCodePoint(codePoint));

type StandardTypeface = Extract<Typeface, 'Helvetica' | 'Times'>;
const STANDARD_FONTS: Record<StandardTypeface, Record<FontWeight, string>> = {
  Times: { regular: 'Times-Roman', bold: 'Times-Bold', italic: 'Times-Italic' },
  Helvetica: { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' },
};
/** Their height above the baseline in thousandths of the size, as their metrics (AFM) give it for every weight. */
const STANDARD_ASCENDERS: Record<StandardTypeface, number> = { Times: 683, Helvetica: 718 };

/** The typefaces embedded from their files: Google Fonts' complete TTFs (Latin, Cyrillic, Greek, Vietnamese). */
const EMBEDDED_FONTS: Record<Exclude<Typeface, StandardTypeface>, Record<FontWeight, string>> = {
  Inter: googleFont('inter', 'Inter'),
  Roboto: googleFont('roboto', 'Roboto'),
  Lato: googleFont('lato', 'Lato'),
  Merriweather: googleFont('merriweather', 'Merriweather'),
};

function googleFont(packageName: string, family: string): Record<FontWeight, string> {
  const file = (style: string) => packageFile(`@expo-google-fonts/${packageName}`, `${style}/${family}_${style}.ttf`);
  return { regular: file('400Regular'), bold: file('700Bold'), italic: file('400Regular_Italic') };
}

type Look = 'sans' | 'serif';
const LOOKS: Record<Typeface, Look> = { Helvetica: 'sans', Inter: 'sans', Roboto: 'sans', Lato: 'sans', Times: 'serif', Merriweather: 'serif' };

/** For letters a typeface lacks (Łukasz and Иван in Helvetica, Armenian in Inter): DejaVu, in the same look. */
const DEJAVU: Record<Look, Record<FontWeight, string>> = {
  serif: { regular: dejaVu('DejaVuSerif.ttf'), bold: dejaVu('DejaVuSerif-Bold.ttf'), italic: dejaVu('DejaVuSerif-Italic.ttf') },
  sans: { regular: dejaVu('DejaVuSans.ttf'), bold: dejaVu('DejaVuSans-Bold.ttf'), italic: dejaVu('DejaVuSans-Oblique.ttf') },
};

function dejaVu(file: string): string {
  return packageFile('dejavu-fonts-ttf', `ttf/${file}`);
}

/**
 * For Chinese, Japanese and Korean, which no typeface above has: Noto Sans SC (Noto Sans Hans: Chinese, the kanji of
 * Japanese names, kana), then Noto Sans KR (Hangul). Upright only: CJK has no italic. Several MB each, so a file is
 * read only when a text needs it.
 */
const CJK_FONTS: Record<FontWeight, string>[] = [
  cjk('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf', 'NotoSansHans-Bold.otf'),
  cjk('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf', 'NotoSansKR-Bold.otf'),
];

function cjk(packageName: string, regular: string, bold: string): Record<FontWeight, string> {
  return {
    regular: packageFile(packageName, `fonts/${regular}`),
    bold: packageFile(packageName, `fonts/${bold}`),
    italic: packageFile(packageName, `fonts/${regular}`),
  };
}

/**
 * A file of an installed package, in the folder Node would load the package from: require.resolve cannot name it,
 * as some packages have no entry point (dejavu-fonts-ttf) and others export none of their files (@embedpdf/fonts-*).
 */
function packageFile(packageName: string, file: string): string {
  const folder = require.resolve
    .paths(packageName)
    ?.map((modules) => join(modules, packageName))
    .find((candidate) => existsSync(join(candidate, 'package.json')));
  if (!folder) throw new Error(`The font package ${packageName} is not installed`);
  return join(folder, file);
}

/** Font files read so far by this thread, kept for the next PDF it renders. */
const fontFiles = new Map<string, { data: Buffer; font: fontkit.Font }>();

function fontFile(path: string) {
  let file = fontFiles.get(path);
  if (!file) {
    const data = readFileSync(path);
    file = { data, font: fontkit.create(data) };
    fontFiles.set(path, file);
  }
  return file;
}

/**
 * The fonts of one PDF: which font draws a text in a typeface and weight. Each text goes to its typeface if that has
 * all of it, else to the fallbacks in order: DejaVu, Noto Sans SC, Noto Sans KR.
 */
export class PdfFonts {
  private readonly registered = new Set<string>();
  private readonly chains = new Map<string, FontCandidate[]>();
  private readonly chosen = new Map<string, string>();
  private unicodeLatin: boolean | undefined;

  /** `texts`: every text the document holds, which decides between the standard fonts and DejaVu. */
  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly texts: string[],
  ) {}

  /** The name to give pdf.font() to draw `text` in `typeface` and `weight`. */
  font(typeface: Typeface, weight: FontWeight, text: string): string {
    const key = `${typeface}\u0000${weight}\u0000${text}`;
    let name = this.chosen.get(key);
    if (name === undefined) {
      const candidate = fontForText(text, this.chain(typeface, weight));
      if (candidate.path && !this.registered.has(candidate.name)) {
        this.pdf.registerFont(candidate.name, fontFile(candidate.path).data);
        this.registered.add(candidate.name);
      }
      name = candidate.name;
      this.chosen.set(key, name);
    }
    return name;
  }

  /**
   * How far below the top of its line a text in `typeface` and `weight` has its baseline, in thousandths of the size:
   * the typeface's own font's, whichever font draws the text, so that a fallback (whose ascender may be far taller:
   * Noto Sans CJK's is 1.16 em, Times's 0.68) sits on the same baseline as the text beside it.
   */
  ascender(typeface: Typeface, weight: FontWeight): number {
    return this.chain(typeface, weight)[0].ascender();
  }

  private chain(typeface: Typeface, weight: FontWeight): FontCandidate[] {
    const key = `${typeface}\u0000${weight}`;
    let chain = this.chains.get(key);
    if (!chain) {
      const dejaVu = fileCandidate(DEJAVU[LOOKS[typeface]][weight]);
      const cjk = CJK_FONTS.map((files) => fileCandidate(files[weight]));
      const first = typeface === 'Helvetica' || typeface === 'Times' ? this.standard(typeface, weight) : fileCandidate(EMBEDDED_FONTS[typeface][weight]);
      chain = [first, ...(first.name === dejaVu.name ? [] : [dejaVu]), ...cjk];
      this.chains.set(key, chain);
    }
    return chain;
  }

  /**
   * A standard font, or DejaVu throughout when the document has a letter beyond WinAnsi that DejaVu has: a name such
   * as "Łukasz" is then not set in two designs. CJK alone does not count: it is never in the typeface's design.
   */
  private standard(typeface: StandardTypeface, weight: FontWeight): FontCandidate {
    this.unicodeLatin ??= this.texts.some((text) =>
      Array.from(text).some((character) => {
        const codePoint = character.codePointAt(0)!;
        return codePoint >= 0x20 && !isWinAnsi(codePoint) && fontFile(DEJAVU.sans.regular).font.hasGlyphForCodePoint(codePoint);
      }),
    );
    if (this.unicodeLatin) return fileCandidate(DEJAVU[LOOKS[typeface]][weight]);
    return { name: STANDARD_FONTS[typeface][weight], has: isWinAnsi, ascender: () => STANDARD_ASCENDERS[typeface] };
  }
}

/** A font file as a candidate: read when first asked about a character. */
function fileCandidate(path: string): FontCandidate {
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    has: (codePoint) => fontFile(path).font.hasGlyphForCodePoint(codePoint),
    ascender: () => (fontFile(path).font.ascent * 1000) / fontFile(path).font.unitsPerEm,
  };
}
