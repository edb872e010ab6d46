import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';
import { ReadReplicas } from './read-replicas';

/**
 * The TypeORM connection of the app and the CLI, and the read replicas beside it. Migrations are applied before
 * start (prepare-database.ts).
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.database.url), retryAttempts: 2, retryDelay: 500 }),
    }),
  ],
  providers: [ReadReplicas],
  exports: [ReadReplicas],
})
export class DatabaseModule {}
