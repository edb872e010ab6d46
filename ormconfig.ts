import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/configuration';
import { dataSourceOptions } from './src/database/data-source-options';

/** The data source of the TypeORM CLI (`npm run migration:generate`, `migration:run`, `migration:revert`). */
export default new DataSource(dataSourceOptions(loadConfig().database.url));
