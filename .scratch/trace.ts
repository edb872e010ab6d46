import { DataSource, QueryRunner } from 'typeorm';
import { loadConfig } from '../src/config/configuration';
import { dataSourceOptions } from '../src/database/data-source-options';
import { ListingsRepository } from '../src/modules/jobs/listings.repository';
import { JobSearchService } from '../src/modules/jobs/search/job-search.service';
import { SearchRepository } from '../src/modules/jobs/search/search.repository';

async function main() {
  const url = process.argv[2];
  const ds = await new DataSource(dataSourceOptions(url)).initialize();
  let on = false;
  const create = ds.createQueryRunner.bind(ds);
  ds.createQueryRunner = (...a: Parameters<DataSource['createQueryRunner']>): QueryRunner => {
    const r = create(...a);
    const q = r.query.bind(r);
    r.query = (async (sql: string, p?: unknown[]) => {
      const t = performance.now();
      const res = await q(sql, p);
      if (on) console.log(`  ${(performance.now() - t).toFixed(1)} ms  ${sql.replace(/\s+/g, ' ').slice(0, process.env.FULL ? 2000 : 160)}`);
      return res;
    }) as QueryRunner['query'];
    return r;
  };
  const service = new JobSearchService(new SearchRepository(ds.manager), new ListingsRepository(ds.manager), loadConfig({ ...process.env, DATABASE_URL: url }));
  await service.onModuleInit();
  for (const body of JSON.parse(process.argv[3])) {
    await service.search({ limit: 20, ...body });
    on = true;
    const t = performance.now();
    const r = await service.search({ limit: 20, ...body });
    on = false;
    console.log(JSON.stringify(body), (performance.now() - t).toFixed(1), 'ms total', r.total);
  }
  await ds.destroy();
}
main();
