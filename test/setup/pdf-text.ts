import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface PdfText {
  pages: number;
  /** Each page's text, whitespace runs made one space so that a wrapped sentence still reads as one. */
  pageTexts: string[];
  /** All pages' text, the same way. */
  text: string;
}

/** What a person can select and copy from a PDF, read by pdf.js in a plain Node process (see extract-pdf-text.cjs). */
export function pdfText(file: Uint8Array): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'extract-pdf-text.cjs')], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const { pages, texts } = JSON.parse(stdout) as { pages: number; texts: string[] };
      const pageTexts = texts.map((text) => text.replace(/\s+/g, ' ').trim());
      resolve({ pages, pageTexts, text: pageTexts.join(' ') });
    });
    child.stdin?.end(Buffer.from(file));
  });
}

/** The names of the fonts a PDF uses, without pdfkit's subset prefix: pdfkit does not compress font dictionaries. */
export function pdfFontNames(file: Uint8Array): string[] {
  const names = Buffer.from(file)
    .toString('latin1')
    .matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g);
  return [...new Set(Array.from(names, (match) => match[1]))].sort();
}

/** Each page's [width, height] in points, from its MediaBox: [595.28, 841.89] is A4, [612, 792] US Letter. */
export function pdfPageSizes(file: Uint8Array): [number, number][] {
  const boxes = Buffer.from(file)
    .toString('latin1')
    .matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g);
  return Array.from(boxes, (match) => [Number(match[1]), Number(match[2])]);
}
