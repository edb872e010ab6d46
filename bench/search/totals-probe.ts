/**
 * `npm run bench:search:totals`: how far `total` is from `count(*)`, for many searches of the kinds that estimate it,
 * against the 1M benchmark database (load it with `npm run bench:search` first). The search service runs in this
 * process, one search at a time, with the count budget config gives it; each answer is checked against a count of
 * every match in SQL, with the service's own filter conditions. Prints one line per search and a summary per kind.
 *
 *   BENCH_DATABASE_URL  the database (default postgres://postgres@127.0.0.1:5432/career_bench_search)
 *   PROBE_SEARCHES      searches per kind (default 20)
 *   PROBE_SEED          the seed of the searches' terms (default ab1)
 *   PROBE_KINDS         the kinds, comma-separated (default: the five whose totals are estimated most often)
 */
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/configuration';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ReadReplicas } from '../../src/database/read-replicas';
import type { JobSearchDto } from '../../src/modules/jobs/dto/job-search.dto';
import { ListingsRepository } from '../../src/modules/jobs/listings.repository';
import { JobSearchService } from '../../src/modules/jobs/search/job-search.service';
import { filterConditions, SqlParameters } from '../../src/modules/jobs/search/search-filters';
import { SearchRepository } from '../../src/modules/jobs/search/search.repository';
import { SeededRandom } from '../../tools/listing-generator/seeded-random';
import { SCENARIOS } from './search-mix';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_search';
const SEARCHES = Number(process.env.PROBE_SEARCHES ?? 20);
const KINDS = (process.env.PROBE_KINDS ?? 'two words,phrase,keyword + country,filters only,keyword + location + remote').split(',');
const TOLERANCE = 0.25;

async function main(): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(URL)).initialize();
  try {
    const config = loadConfig({ ...process.env, DATABASE_URL: URL });
    const service = new JobSearchService(new SearchRepository(dataSource.manager, config, new ReadReplicas(dataSource.manager, config)), new ListingsRepository(dataSource.manager, new ReadReplicas(dataSource.manager, config)), config);
    await service.onModuleInit();
    const random = new SeededRandom(process.env.PROBE_SEED ?? 'ab1');
    let misses = 0;
    for (const kind of SCENARIOS.filter((scenario) => KINDS.includes(scenario.name))) {
      const errors: number[] = [];
      for (let index = 0; index < SEARCHES; index++) {
        const body = kind.body(random);
        const { total } = await service.search({ ...body, limit: 20 } as JobSearchDto);
        const sql = new SqlParameters();
        const where = filterConditions(body as unknown as JobSearchDto, new Date(), sql);
        if (body.query) where.push(`l.search_vector @@ websearch_to_tsquery('english', ${sql.bind(body.query)})`);
        const [{ count }] = await dataSource.query(
          `SELECT count(*)::int AS count FROM job_listings l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
          sql.values,
        );
        const error = (total - count) / Math.max(count, 1);
        if (total !== count) errors.push(Math.abs(error));
        console.log(
          `${kind.name} | ${total === count ? 'exact' : Math.abs(error) > TOLERANCE ? 'MISS ' : 'near '} ${(100 * error).toFixed(0)}% | total ${total}, count ${count} | ${JSON.stringify(body)}`,
        );
      }
      const missed = errors.filter((error) => error > TOLERANCE).length;
      misses += missed;
      console.log(
        `== ${kind.name}: ${errors.length} of ${SEARCHES} estimated, ${missed} off by more than 25%, worst ${(100 * Math.max(0, ...errors)).toFixed(0)}%`,
      );
    }
    console.log(`== in all: ${misses} of ${SEARCHES * KINDS.length} off by more than 25%`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
