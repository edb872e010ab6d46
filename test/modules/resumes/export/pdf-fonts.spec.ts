import { FontCandidate, fontForText } from '@src/modules/resumes/export/pdf-fonts';

/** A font that has the characters of `alphabet`, counting how often it was asked. */
function font(name: string, alphabet: string): FontCandidate & { asked: number } {
  const codePoints = new Set(Array.from(alphabet, (character) => character.codePointAt(0)));
  const candidate = {
    name,
    asked: 0,
    ascender: () => 800,
    has: (codePoint: number) => {
      candidate.asked += 1;
      return codePoints.has(codePoint);
    },
  };
  return candidate;
}

const LATIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ()';

describe('fontForText', () => {
  it('draws a text in the first font that has all of it, never asking the fonts after it', () => {
    const [latin, cjk] = [font('Inter', LATIN), font('NotoSansHans', `${LATIN}王小明`)];
    expect(fontForText('Ada Lovelace', [latin, cjk]).name).toBe('Inter');
    expect(cjk.asked).toBe(0);
    expect(fontForText('王小明 (Wang)', [latin, cjk]).name).toBe('NotoSansHans');
  });

  it('takes the font that has the most of a text no font has all of, the earliest on a tie', () => {
    const [latin, chinese, korean] = [font('Inter', LATIN), font('NotoSansHans', `${LATIN}王小明`), font('NotoSansKR', `${LATIN}김민준王`)];
    expect(fontForText('김민준 王', [latin, chinese, korean]).name).toBe('NotoSansKR');
    expect(fontForText('王小明 김', [latin, chinese, korean]).name).toBe('NotoSansHans');
    expect(fontForText('🙂', [latin, chinese, korean]).name).toBe('Inter');
  });

  it('does not look for line breaks and other controls, which are never drawn', () => {
    expect(fontForText('Ada\nLovelace\t', [font('Inter', LATIN), font('Other', `${LATIN}\n\t`)]).name).toBe('Inter');
  });
});
