import type { ResumeIdentity } from '../dto/resume-content.dto';

/** Letters that Unicode does not decompose into an ASCII letter and a mark. */
const ASCII_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  þ: 'th',
  Þ: 'Th',
};
const MAX_LENGTH = 120;

/**
 * `First_Last_JobTitle.pdf`: the words of the name and of the CV's job title, spelled in ASCII
 * letters and digits, joined by underscores. A name with no ASCII spelling (Иван) falls back to `Resume`, so the
 * file is never called `_Engineer.pdf` or `.pdf`.
 */
export function pdfFilename(identity: Pick<ResumeIdentity, 'fullName' | 'jobTitle'>): string {
  const name = asciiWords(identity.fullName);
  const words = [...(name.length > 0 ? name : ['Resume']), ...asciiWords(identity.jobTitle)];
  return `${words.join('_').slice(0, MAX_LENGTH).replace(/_+$/, '')}.pdf`;
}

function asciiWords(value: string | null): string[] {
  if (!value) return [];
  const spelled = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x00-\x7f]/g, (letter) => ASCII_SPELLINGS[letter] ?? ' ');
  return spelled.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
}
