import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/configuration';
import { dataSourceOptions } from '../src/database/data-source-options';
import { ListingsRepository } from '../src/modules/jobs/listings.repository';
import { JobSearchService } from '../src/modules/jobs/search/job-search.service';
import { SearchRepository } from '../src/modules/jobs/search/search.repository';

async function main() {
  const url = process.argv[2];
  const ds = await new DataSource(dataSourceOptions(url)).initialize();
  const service = new JobSearchService(new SearchRepository(ds.manager), new ListingsRepository(ds.manager), loadConfig({ ...process.env, DATABASE_URL: url }));
  await service.onModuleInit();
  const bodies = JSON.parse(process.argv[3]);
  for (const body of bodies) {
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      const r = await service.search({ limit: 20, ...body });
      console.log(JSON.stringify(body), (performance.now() - t).toFixed(1), 'ms', 'count', r.count, 'total', r.total, r.data.slice(0, 2).map((d) => d.title));
    }
  }
  await ds.destroy();
}
main();
