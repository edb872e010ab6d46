import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';

/** The TypeORM connection of the app and the CLI. Migrations are applied before start (prepare-database.ts). */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.database.url), retryAttempts: 2, retryDelay: 500 }),
    }),
  ],
})
export class DatabaseModule {}
