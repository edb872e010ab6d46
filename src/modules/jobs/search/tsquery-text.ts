/**
 * The text of a tsquery, as PostgreSQL writes it (`'senior' & 'data' <-> 'engin'`), read without asking the database:
 * its lexemes, the words every match must hold, whether it is one word or a plain phrase, and the query text a
 * search sends when its last word is a prefix. Nothing here builds SQL.
 */

/** A tsquery's phrase operator: `<->`, or `<N>` for words N apart. */
const PHRASE_OPERATOR = /<\d*-?>/;

/** A quoted lexeme in a tsquery's text (a quote inside it doubled); it may hold any character, operators too. */
const QUOTED_LEXEME = /'(?:[^']|'')+'/g;

/** The lexemes of a tsquery's text ('senior' & 'engin' → 'senior', 'engin'), each quoted: a tsquery of one word. */
export function lexemes(query: string): string[] {
  return [...query.matchAll(QUOTED_LEXEME)].map((match) => match[0]);
}

/**
 * The top-level conjuncts of a tsquery's text (split on `&` outside parentheses) that are a lexeme or a phrase of
 * lexemes, and whether those are all of them. An alternative (|), an exclusion (!), a prefix or weight (:) or a group
 * makes a conjunct that requires no particular lexeme; `|` binds loosest, so one outside parentheses leaves none.
 */
function plainConjuncts(query: string): { plain: string[]; all: boolean } {
  // Lexemes blanked out while the operators around them are read, keeping every position.
  const operators = query.replace(QUOTED_LEXEME, (quoted) => '_'.repeat(quoted.length));
  const plain: string[] = [];
  let [depth, start, all] = [0, 0, true];
  for (let at = 0; at <= operators.length; at++) {
    const character = operators[at];
    if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (character === '|' && depth === 0) return { plain: [], all: false };
    else if ((character === '&' && depth === 0) || at === operators.length) {
      if (/[|!:()\\]/.test(operators.slice(start, at))) all = false;
      else plain.push(query.slice(start, at).trim());
      start = at + 1;
    }
  }
  return { plain, all };
}

/** The lexemes (unquoted) that every listing matching a tsquery's text holds: those of its plain conjuncts. */
export function requiredWords(query: string): string[] {
  const words = plainConjuncts(query).plain.flatMap((conjunct) => lexemes(conjunct).map(unquoted));
  return [...new Set(words)];
}

/**
 * The pairs of adjacent lexemes (`'junior' <-> 'pharmacist'` → `junior pharmacist`) that every listing matching a
 * tsquery's text holds: those of its plain conjuncts' phrases, words 1 apart (`<->`), and `words` (quoted), the
 * lexemes of those conjuncts that no pair holds. `exact` when the text is nothing but phrases of two words and single
 * words: a listing that holds those pairs and words matches it; a longer phrase also needs its pairs in a row, and
 * `<2>` words 2 apart.
 */
export function adjacentPairs(query: string): { pairs: string[]; words: string[]; exact: boolean } {
  const { pairs, words, exact } = quotedPairs(query);
  return { pairs: [...new Set(pairs.map(([first, second]) => `${unquoted(first)} ${unquoted(second)}`))], words, exact };
}

/** The phrases of two words that every listing matching a tsquery's text holds (see adjacentPairs), as tsquery text. */
export function pairPhrases(query: string): string[] {
  return [...new Set(quotedPairs(query).pairs.map(([first, second]) => `${first} <-> ${second}`))];
}

/** adjacentPairs with each pair's lexemes as the text quotes them. */
function quotedPairs(query: string): { pairs: [string, string][]; words: string[]; exact: boolean } {
  const { plain, all } = plainConjuncts(query);
  const pairs: [string, string][] = [];
  const words: string[] = [];
  let exact = all;
  for (const conjunct of plain) {
    const found = [...conjunct.matchAll(QUOTED_LEXEME)];
    // The operator between each lexeme and the one before it.
    const operators = found.slice(1).map((lexeme, index) => conjunct.slice((found[index].index ?? 0) + found[index][0].length, lexeme.index).trim());
    const paired = new Set<number>();
    operators.forEach((operator, index) => {
      if (operator !== '<->') return;
      pairs.push([found[index][0], found[index + 1][0]]);
      paired.add(index).add(index + 1);
    });
    words.push(...found.filter((_lexeme, index) => !paired.has(index)).map((lexeme) => lexeme[0]));
    if (found.length > 2 || (found.length === 2 && operators[0] !== '<->')) exact = false;
  }
  return { pairs, words: [...new Set(words)], exact: exact && pairs.length > 0 };
}

/** The most words in a phrase whose listings may be counted (job_listing_phrases: runs of three to five words). */
const COUNTED_RUN = { shortest: 3, longest: 5 };

/**
 * The lexemes of a tsquery's text that is one phrase of three to five adjacent words and nothing else (`'senior' <->
 * 'softwar' <-> 'engin'` → `senior softwar engin`), as job_listing_phrases keys a run of words; else null.
 */
export function runOfWords(query: string | null): string | null {
  const { plain, all } = plainConjuncts(query ?? '');
  if (!all || plain.length !== 1) return null;
  const found = lexemes(plain[0]);
  // What stands between each lexeme and the next.
  const adjacent = plain[0]
    .split(QUOTED_LEXEME)
    .slice(1, -1)
    .every((operator) => operator.trim() === '<->');
  return adjacent && found.length >= COUNTED_RUN.shortest && found.length <= COUNTED_RUN.longest ? found.map(unquoted).join(' ') : null;
}

/**
 * The lexeme of a tsquery's text that is one word and nothing else (`'nurs'`; no prefix, weight or operator), else
 * null.
 */
export function singleLexeme(query: string | null): string | null {
  const [only, ...more] = query ? lexemes(query) : [];
  return only === query && more.length === 0 ? unquoted(only) : null;
}

/** A quoted lexeme of a tsquery's text, as the lexeme itself: the text doubles the quotes and backslashes within it. */
function unquoted(quoted: string): string {
  return quoted.slice(1, -1).replace(/''|\\\\/g, (pair) => pair[0]);
}

/**
 * Whether a tsquery's text holds a phrase and nothing that a single one of its lexemes would not cover: no
 * alternative (|), exclusion (!), prefix or weight (:). Each of its lexemes alone then matches every listing it does.
 */
export function isPhraseConjunction(query: string): boolean {
  return PHRASE_OPERATOR.test(query) && !/[|!:]/.test(query.replace(QUOTED_LEXEME, ''));
}

/**
 * A tsquery's text with each phrase loosened to its words together (`'a' <-> 'b'` → `'a' & 'b'`): what every listing
 * that matches holds. Null for text without a phrase, and for text with an exclusion (a phrase loosened under it
 * would exclude more listings, not fewer).
 */
export function loosened(query: string): string | null {
  const operators = query.replace(QUOTED_LEXEME, (quoted) => '_'.repeat(quoted.length));
  if (operators.includes('!') || !PHRASE_OPERATOR.test(operators)) return null;
  let loose = '';
  let at = 0;
  for (const phrase of operators.matchAll(new RegExp(PHRASE_OPERATOR, 'g'))) {
    loose += `${query.slice(at, phrase.index)}&`;
    at = (phrase.index ?? 0) + phrase[0].length;
  }
  return loose + query.slice(at);
}

/** "senior kubern" → "senior & kubern:*": the last word as a prefix, as someone still typing it means. */
export function prefixQuery(text: string): string {
  const words = queryWords(text);
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** The words a query asks for, without those it excludes (`-word`) and without tsquery syntax characters. */
export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => !token.startsWith('-'))
    .flatMap((token) => token.match(/[\p{L}\p{N}]+/gu) ?? []);
}
