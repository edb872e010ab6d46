import { adjacentPairs, loosened, pairPhrases, requiredWords, runOfWords, singleLexeme } from '@src/modules/jobs/search/tsquery-text';

describe('the words every match of a tsquery holds (tested on the words signature before a search vector is read)', () => {
  it('are every lexeme of a conjunction of words and phrases', () => {
    expect(requiredWords("'senior' & 'engin'")).toEqual(['senior', 'engin']);
    expect(requiredWords("'data' <-> 'engin' & 'python'")).toEqual(['data', 'engin', 'python']);
  });

  it('leave out what a match need not hold: excluded words, prefixes, weights and groups', () => {
    expect(requiredWords("'senior' & !'python'")).toEqual(['senior']);
    expect(requiredWords("'senior' & 'kubern':*")).toEqual(['senior']);
    expect(requiredWords("'nurs':A & 'regist'")).toEqual(['regist']);
    expect(requiredWords("'senior' & !( 'data' <-> 'engin' | 'sql' )")).toEqual(['senior']);
  });

  it('are none when an alternative is outside parentheses (| binds loosest)', () => {
    expect(requiredWords("'data' <-> 'engin' & !'python' | 'sql'")).toEqual([]);
    expect(requiredWords("'rust' | 'go'")).toEqual([]);
  });

  it('read a lexeme holding a quote or an operator character as the lexeme it is', () => {
    expect(requiredWords("'o''brien' & 'c|d' & 'x&y'")).toEqual(["o'brien", 'c|d', 'x&y']);
  });

  it('are none for an empty query', () => {
    expect(requiredWords('')).toEqual([]);
  });
});

describe('the pairs of adjacent words every match of a tsquery holds (found by the word_pairs index)', () => {
  it('are the words 1 apart of each phrase, exactly what a phrase of two words and single words ask', () => {
    expect(adjacentPairs("'junior' <-> 'pharmacist'")).toEqual({ pairs: ['junior pharmacist'], words: [], exact: true });
    expect(adjacentPairs("'junior' <-> 'pharmacist' & 'remot'")).toEqual({ pairs: ['junior pharmacist'], words: ["'remot'"], exact: true });
    expect(adjacentPairs("'data' <-> 'engin' & 'product' <-> 'manag'")).toEqual({ pairs: ['data engin', 'product manag'], words: [], exact: true });
  });

  it('are only what a longer phrase, or words further apart, require (with the words no pair holds): the listings to test', () => {
    expect(adjacentPairs("'senior' <-> 'data' <-> 'engin'")).toEqual({ pairs: ['senior data', 'data engin'], words: [], exact: false });
    expect(adjacentPairs("'director' <2> 'sale'")).toEqual({ pairs: [], words: ["'director'", "'sale'"], exact: false });
    expect(adjacentPairs("'lead' <-> 'product' <-> 'manag' & 'python'")).toEqual({
      pairs: ['lead product', 'product manag'],
      words: ["'python'"],
      exact: false,
    });
    expect(adjacentPairs("'vice' <-> 'presid' <2> 'sale'")).toEqual({ pairs: ['vice presid'], words: ["'sale'"], exact: false });
  });

  it('leave out what a match need not hold: alternatives, exclusions, prefixes, weights and groups', () => {
    expect(adjacentPairs("'data' <-> 'engin' | 'sql'")).toEqual({ pairs: [], words: [], exact: false });
    expect(adjacentPairs("'data' <-> 'engin' & !'java'")).toEqual({ pairs: ['data engin'], words: [], exact: false });
    expect(adjacentPairs("'data' <-> 'engin':*")).toEqual({ pairs: [], words: [], exact: false });
    expect(adjacentPairs("'senior' & ( 'data' <-> 'engin' | 'sql' )")).toEqual({ pairs: [], words: ["'senior'"], exact: false });
  });

  it('are each a phrase of two words, as tsquery text, for the planner to estimate', () => {
    expect(pairPhrases("'lead' <-> 'product' <-> 'manag' & 'python'")).toEqual(["'lead' <-> 'product'", "'product' <-> 'manag'"]);
    expect(pairPhrases("'a<->b' <-> 'o''brien'")).toEqual(["'a<->b' <-> 'o''brien'"]);
    expect(pairPhrases("'data' <-> 'engin' | 'sql'")).toEqual([]);
  });

  it('are none for words alone, and read a lexeme holding an operator as itself', () => {
    expect(adjacentPairs("'senior' & 'engin'")).toEqual({ pairs: [], words: ["'senior'", "'engin'"], exact: false });
    expect(adjacentPairs("'a<->b' <-> 'o''brien'")).toEqual({ pairs: ["a<->b o'brien"], words: [], exact: true });
  });
});

describe("a tsquery loosened to its words together (what the GIN index answers without reading a listing's words)", () => {
  it('turns each phrase into its words together, wherever it is', () => {
    expect(loosened("'product' <-> 'manag'")).toBe("'product' & 'manag'");
    expect(loosened("'data' <2> 'engin' & 'python' | 'sql' <-> 'server'")).toBe("'data' & 'engin' & 'python' | 'sql' & 'server'");
  });

  it('leaves a lexeme that holds the characters of an operator as it is', () => {
    expect(loosened("'a<->b' <-> 'c'")).toBe("'a<->b' & 'c'");
  });

  it('is null for text without a phrase, or with an exclusion', () => {
    expect(loosened("'senior' & 'engin'")).toBeNull();
    expect(loosened("'product' <-> 'manag' & !'senior'")).toBeNull();
  });
});

describe('the lexeme of a tsquery of one word (whose listings job_listing_lexemes counts)', () => {
  it('is the word, with the quotes and backslashes the text doubles made single', () => {
    expect(singleLexeme("'nurs'")).toBe('nurs');
    expect(singleLexeme("'it''s'")).toBe("it's");
    expect(singleLexeme("'a\\\\b'")).toBe('a\\b');
  });

  it('is null for a prefix, a weight, an operator, two words, or no text', () => {
    for (const query of ["'pyth':*", "'nurs':A", "!'nurs'", "'senior' & 'engin'", "'data' <-> 'engin'", '', null]) expect(singleLexeme(query)).toBeNull();
  });
});

describe('the run of words of a tsquery of one phrase (whose listings job_listing_phrases may count)', () => {
  it('is the lexemes of three to five words in a row, joined by spaces, with the quotes the text doubles made single', () => {
    expect(runOfWords("'senior' <-> 'softwar' <-> 'engin'")).toBe('senior softwar engin');
    expect(runOfWords("'entri' <-> 'level' <-> 'data' <-> 'scientist'")).toBe('entri level data scientist');
    expect(runOfWords("'a' <-> 'b' <-> 'c' <-> 'd' <-> 'e'")).toBe('a b c d e');
    expect(runOfWords("'it''s' <-> 'a' <-> 'deal'")).toBe("it's a deal");
  });

  it('is null for two words or six, words further apart, anything beside the phrase, a prefix, an alternative, or no text', () => {
    for (const query of [
      "'regist' <-> 'nurs'",
      "'a' <-> 'b' <-> 'c' <-> 'd' <-> 'e' <-> 'f'",
      "'head' <2> 'sale' <-> 'lead'",
      "'senior' <-> 'regist' <-> 'nurs' & 'icu'",
      "'senior' <-> 'regist' <-> 'nurs':*",
      "'senior' <-> ( 'regist' | 'licens' ) <-> 'nurs'",
      "!( 'senior' <-> 'regist' <-> 'nurs' )",
      "'nurs'",
      '',
      null,
    ])
      expect(runOfWords(query)).toBeNull();
  });
});
