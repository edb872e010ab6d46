import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/sql-repository';
import { ReadReplicas } from '../../database/read-replicas';
import { JobListingView } from './dto/job-search.dto';
import { listingViewsStatement, listingViewStatement, WRITTEN_COLUMNS, WrittenListing } from './listing-columns';

/** The lexeme(s) the search vector holds for a word (SQL, on the expression `word`): empty for a stop word. */
export const wordLexeme = (word: string): string => `array_to_string(tsvector_to_array(to_tsvector('english', ${word})), ' ')`;

/**
 * The batched upsert writes every column the import writes (LISTING_COLUMNS). Rows go in as one array per column
 * through `unnest`, so a batch is one statement with ~35 parameters. A text[] per row cannot travel inside a
 * text[][] (rows differ in length), so array columns travel as JSON, and so do jsonb values.
 */
const COLUMNS = WRITTEN_COLUMNS.map(([name, column]) => ({
  sql: column.sql,
  travelsAs: column.type === 'text[]' ? 'jsonb' : column.type,
  value: (row: WrittenListing): unknown => {
    const value = row[name];
    if (column.type === 'timestamptz') return (value as Date).toISOString();
    if (column.type === 'jsonb' || column.type === 'text[]') return value == null ? null : JSON.stringify(value);
    return value;
  },
  stored: column.type === 'text[]' ? `ARRAY(SELECT jsonb_array_elements_text(${column.sql}))` : column.sql,
}));

/** Columns a re-import does not overwrite: identity, first sighting and the republish count have their own rules. */
const KEPT_ON_UPDATE = new Set(['source', 'external_id', 'first_seen_at', 'republish_count']);

/**
 * The upsert, and in the same statement the words of the written listings that the dictionary lacks
 * (job_search_words). Words go in sorted, so that two imports adding the same new words wait for each other in
 * one order and never deadlock.
 */
const UPSERT_SQL = `
  WITH written AS (
    INSERT INTO job_listings (${COLUMNS.map((column) => column.sql).join(', ')})
    SELECT ${COLUMNS.map((column) => column.stored).join(', ')}
    FROM unnest(${COLUMNS.map((column, index) => `$${index + 1}::${column.travelsAs}[]`).join(', ')})
      AS incoming(${COLUMNS.map((column) => column.sql).join(', ')})
    ON CONFLICT (source, external_id) DO UPDATE SET
      ${COLUMNS.filter((column) => !KEPT_ON_UPDATE.has(column.sql))
        .map((column) => `${column.sql} = EXCLUDED.${column.sql}`)
        .join(',\n      ')},
      first_seen_at = LEAST(job_listings.first_seen_at, EXCLUDED.first_seen_at),
      republish_count = job_listings.republish_count + (EXCLUDED.posted_at <> job_listings.posted_at)::int,
      updated_at = now()
    RETURNING (xmax = 0) AS inserted, title, company, description
  ),
  words AS (
    INSERT INTO job_search_words (word, lexeme)
    SELECT word, ${wordLexeme('word')}
    FROM (SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', title || ' ' || company || ' ' || description))) AS word FROM written) found
    WHERE NOT EXISTS (SELECT 1 FROM job_search_words known WHERE known.word = found.word)
    ORDER BY word
    ON CONFLICT (word) DO NOTHING
  )
  SELECT inserted FROM written`;

/** The job listings table: the API's view of listings, and the import's writes. */
@Injectable()
export class ListingsRepository extends SqlRepository {
  constructor(
    @InjectEntityManager() manager: EntityManager,
    private readonly replicas: ReadReplicas,
  ) {
    super(manager);
  }

  /** The API's view of one listing, or undefined; read from a replica when one is fit (only imports change listings). */
  async view(id: string): Promise<JobListingView | undefined> {
    const statement = listingViewStatement(id);
    const [listing] = await this.replicas.read((connection) => connection.query(statement.sql, statement.values));
    return listing;
  }

  /** The API's view of the listings with these ids, in the order of `ids` (a listing gone meanwhile is left out). */
  async views(ids: string[]): Promise<JobListingView[]> {
    if (ids.length === 0) return [];
    const statement = listingViewsStatement(ids);
    const rows: JobListingView[] = await this.manager.query(statement.sql, statement.values);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is JobListingView => row !== undefined);
  }

  /** Inserts or updates listings by (source, external id); answers how many were new and how many updated. */
  async upsert(rows: WrittenListing[]): Promise<{ inserted: number; updated: number }> {
    const parameters = COLUMNS.map((column) => rows.map(column.value));
    const result: { inserted: boolean }[] = await this.manager.query(UPSERT_SQL, parameters);
    const inserted = result.filter((row) => row.inserted).length;
    return { inserted, updated: result.length - inserted };
  }
}
