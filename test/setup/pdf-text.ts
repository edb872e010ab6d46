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
