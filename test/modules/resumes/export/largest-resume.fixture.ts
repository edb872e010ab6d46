/**
 * The largest resume the content limits allow, as a JSON Resume document to import (POST
 * /v1/resume/import/json-resume): work entries whose text (employer, position, description) adds up to exactly
 * `characters`, each description at most `descriptionLimit` characters of plain prose in paragraphs. Shared by the
 * export tests and bench/pdf-isolation.bench.ts, which pass the service's own limits.
 */
export function largestJsonResume(characters: number, descriptionLimit: number): { basics: object; work: object[] } {
  const work: object[] = [];
  let left = characters;
  for (let index = 1; left > 0; index += 1) {
    const name = `Employer ${String(index).padStart(3, '0')}`;
    const position = 'Engineer';
    const summary = prose(Math.min(descriptionLimit, left - name.length - position.length));
    if (summary.length === 0) break;
    work.push({ name, position, startDate: '2015-01-01', endDate: '2016-01-01', summary });
    left -= name.length + position.length + summary.length;
  }
  return { basics: { name: 'Ada Lovelace', label: 'Staff Engineer' }, work };
}

const SENTENCE = 'Designed, built and ran the services that thousands of customers depended on every day, with care for the details. ';

/** `length` characters of sentences, a blank line between paragraphs of six, never ending in white space (imports trim it). */
function prose(length: number): string {
  if (length <= 0) return '';
  const paragraph = SENTENCE.repeat(6).trimEnd();
  const text = `${paragraph}\n\n`.repeat(Math.ceil(length / (paragraph.length + 2)));
  return text.slice(0, length).replace(/\s+$/, (space) => '.'.repeat(space.length));
}
