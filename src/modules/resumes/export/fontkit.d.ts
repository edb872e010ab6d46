/** The parts of fontkit (pdfkit's font engine, which ships no types) that choosing a font for a text uses. */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    /** Above the baseline, in font units. */
    ascent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }

  /** A font file's font; the files the PDF export reads are single fonts, not collections. */
  export function create(buffer: Uint8Array): Font;
}
