import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../../database/sql-repository';
import { LISTING_SAMPLE_EVERY } from './search-sql';
import { runOfWords } from './tsquery-text';

/**
 * Which runs of words to count: those the sample finds in `minListings` listings or more (the `most` frequent), and
 * the `named` runs (stems joined by spaces, as `runOf` answers them).
 */
export interface PhraseChoice {
  minListings: number;
  most: number;
  named: string[];
}

/** What a recount chose and counted: how many runs of words, and the listings that hold each named run. */
export interface PhraseRecount {
  phrases: number;
  named: { run: string; listings: number }[];
}

/**
 * The runs of three to five words whose listings job_listing_phrases counts (see the migration ListingPhraseCounts):
 * chosen and counted again, exactly, while writes to the listings wait.
 */
@Injectable()
export class PhraseCountsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /**
   * The stems of a phrase as a search quoting it asks for them, when they are a run of three to five words the
   * counts can hold; else null (a stop word inside makes a gap: "head of sales").
   */
  async runOf(phrase: string): Promise<string | null> {
    const [{ query }] = await this.statement<{ query: string }>(`SELECT phraseto_tsquery('english', $1)::text AS query`, [phrase]);
    return runOfWords(query);
  }

  /**
   * Replaces the counted runs of words with `choice`, each counted over every listing. The listings' triggers keep
   * the counts from then on; a write waits until this ends (searches do not), so that none is counted twice or missed.
   * Reads every listing's search vector: minutes at a million listings (docs/operations.md).
   */
  async recount(choice: PhraseChoice): Promise<PhraseRecount> {
    return this.transaction(async (repository) => {
      await repository.statement(`LOCK TABLE job_listings IN SHARE ROW EXCLUSIVE MODE`, []);
      const [{ chosen }] = await repository.statement<{ chosen: string[] }>(
        `SELECT coalesce(array_agg(phrase), '{}') AS chosen FROM (
           (SELECT phrase FROM job_listing_sample s, unnest(listing_phrases(s.search_vector)) AS phrase
             GROUP BY phrase HAVING count(*) * ${LISTING_SAMPLE_EVERY} >= $1 ORDER BY count(*) DESC LIMIT $2)
           UNION SELECT hashtextextended(run, 0) FROM unnest($3::text[]) AS run) chosen`,
        [choice.minListings, choice.most, choice.named],
      );
      // Every listing's runs, in parallel: a statement of its own (an insert is never parallel), and the planner told
      // that handing a worker's runs over is cheap (it would not know the function's cost). Half the time on two
      // cores: 14.3 s against 28.6 at 100,000 listings.
      await repository.statement(`SET LOCAL parallel_setup_cost = 0`, []);
      await repository.statement(`SET LOCAL parallel_tuple_cost = 0`, []);
      const held = await repository.statement<{ phrase: string; listings: number }>(
        `SELECT phrase, count(*)::int AS listings FROM (SELECT unnest(listing_phrases(l.search_vector)) AS phrase FROM job_listings l) runs
          WHERE phrase IN (SELECT unnest($1::bigint[])) GROUP BY phrase`,
        [chosen],
      );
      const listings = new Map(held.map(({ phrase, listings }) => [phrase, listings]));
      await repository.statement(`DELETE FROM job_listing_phrases`, []);
      await repository.statement(`INSERT INTO job_listing_phrases (phrase, listings) SELECT * FROM unnest($1::bigint[], $2::int[])`, [
        chosen,
        chosen.map((phrase) => listings.get(phrase) ?? 0),
      ]);
      const named = await repository.statement<{ run: string; listings: number }>(
        `SELECT run, c.listings FROM unnest($1::text[]) WITH ORDINALITY AS named (run, at)
           JOIN job_listing_phrases c ON c.phrase = hashtextextended(run, 0) ORDER BY at`,
        [choice.named],
      );
      return { phrases: chosen.length, named };
    });
  }
}
