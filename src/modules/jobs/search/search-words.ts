import { wordLexeme } from '../listings.repository';
import type { Statement, TextMode } from './search-sql';
import { queryWords } from './tsquery-text';
import type { SearchSession } from './search.repository';

/** Words shorter than this are not corrected: one edit away from a short word are too many others. */
const MIN_CORRECTED_LENGTH = 4;
/** Longer words may be two edits away from the word meant; shorter ones one. */
const TWO_EDITS_FROM_LENGTH = 8;
/** Nearest dictionary words (by trigrams) whose edit distance is measured. */
const CANDIDATES = 20;

/** How the query's words are read: as written, or corrected, and with the last word as a prefix or whole. */
export interface WordReading {
  raw: string;
  mode: TextMode;
}

/**
 * Reads the query's words against the dictionary of words the listings hold (job_search_words). A word whose
 * lexeme some listing holds is read as written, whatever the filters then exclude. A word that no listing holds
 * is read, when it is the last, as the start of a longer word ("senior kubern"), and otherwise corrected to the
 * nearest word the listings hold, one edit away (two for long words: "pyhton", "enginere"). A word with no such
 * neighbour stays as written, and then matches nothing.
 */
export async function readWords(session: SearchSession, raw: string): Promise<WordReading> {
  const words = queryWords(raw);
  if (words.length === 0) return { raw, mode: 'exact' };
  const unknown = new Set((await session.query<{ word: string }[]>(unknownWordsStatement([...new Set(words)]))).map((row) => row.word));
  if (unknown.size === 0) return { raw, mode: 'exact' };
  const last = words[words.length - 1];
  const prefix = unknown.has(last) && (await session.query<unknown[]>(prefixStatement(last))).length > 0;
  const corrected = [...unknown].filter((word) => !(prefix && word === last) && word.length >= MIN_CORRECTED_LENGTH);
  if (corrected.length === 0) return { raw, mode: prefix ? 'prefix' : 'exact' };
  const candidates = await session.query<{ word: string; candidate: string }[]>(candidatesStatement(corrected));
  let text = raw;
  for (const word of corrected) {
    const correction = nearestWord(
      word,
      candidates.filter((row) => row.word === word).map((row) => row.candidate),
    );
    if (correction) text = replaceWord(text, word, correction);
  }
  return { raw: text, mode: prefix ? 'prefix' : 'exact' };
}

/** The first of `candidates` (nearest first) within the edits `word` allows, or null. */
export function nearestWord(word: string, candidates: string[]): string | null {
  const allowed = word.length >= TWO_EDITS_FROM_LENGTH ? 2 : 1;
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= allowed && (best === null || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}

/**
 * Edits between two words (insert, delete, replace, or swap two neighbours: the optimal string alignment distance),
 * the usual measure of a typing mistake.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_unused, i) => Array.from({ length: b.length + 1 }, (_unused2, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** `text` with every whole-word occurrence of `word` (in any case) replaced by `replacement`. */
function replaceWord(text: string, word: string, replacement: string): string {
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'giu'), replacement);
}

/** Which of `words` no listing holds: their lexeme is in the dictionary under no word (stop words hold none and pass). */
function unknownWordsStatement(words: string[]): Statement {
  return {
    sql: `SELECT q.word FROM unnest($1::text[]) q(word)
           WHERE ${wordLexeme('q.word')} <> ''
             AND NOT EXISTS (SELECT 1 FROM job_search_words known WHERE known.lexeme = ${wordLexeme('q.word')})`,
    values: [words],
  };
}

/** A word the listings hold that starts with `word` (the primary key's "C" collation serves the LIKE). */
function prefixStatement(word: string): Statement {
  return { sql: `SELECT 1 FROM job_search_words WHERE word LIKE $1 AND lexeme <> '' LIMIT 1`, values: [`${word}%`] };
}

/** For each of `words`, the CANDIDATES nearest words the listings hold, by trigram distance (the GiST index). */
function candidatesStatement(words: string[]): Statement {
  return {
    sql: `SELECT q.word, near.word AS candidate FROM unnest($1::text[]) q(word)
          CROSS JOIN LATERAL (
            SELECT known.word FROM job_search_words known WHERE known.lexeme <> '' ORDER BY known.word <-> q.word LIMIT ${CANDIDATES}
          ) near`,
    values: [words],
  };
}
