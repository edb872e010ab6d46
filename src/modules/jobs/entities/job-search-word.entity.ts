import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A word that some listing's title, company or description holds, as written (lowercased), with its lexeme: what
 * the search vector holds for it. Search reads it to tell a word that matches nothing from one that matches but is
 * filtered out, and to correct a misspelled word to the nearest one that exists. The import adds the words of the
 * listings it writes; a word that no listing holds any more stays (it then matches nothing, as before).
 */
@Entity('job_search_words')
@Index('job_search_words_lexeme', ['lexeme'])
@Index('job_search_words_trgm', { synchronize: false })
export class JobSearchWord {
  /** Collation "C", so that the primary key serves `LIKE 'prefix%'`. */
  @PrimaryColumn({ type: 'text', collation: 'C' })
  word: string;

  /** The English stem(s) of the word, space-separated; empty for a stop word, which never matches. */
  @Column('text')
  lexeme: string;
}
