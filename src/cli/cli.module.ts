import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '../config/config.module';
import type { AppConfig } from '../config/configuration';
import { DatabaseModule } from '../database/database.module';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { ApiKeysModule } from '../modules/api-keys/api-keys.module';
import { JobsModule } from '../modules/jobs/jobs.module';
import { ApplicationCsvModule } from '../modules/tracker/csv/application-csv.module';
import { AccountCreateCommand, AccountGetCommand, AccountSetPasswordCommand, AccountUpdateCommand } from './account.commands';
import { JobsImportCommand } from './jobs.commands';
import { KeyCreateCommand, KeyListCommand, KeyRevokeCommand } from './key.commands';
import { TrackerExportCommand, TrackerImportCommand } from './tracker.commands';

@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, AccountsModule, ApiKeysModule, JobsModule, ApplicationCsvModule],
      providers: [
        AccountCreateCommand,
        AccountGetCommand,
        AccountUpdateCommand,
        AccountSetPasswordCommand,
        KeyCreateCommand,
        KeyRevokeCommand,
        KeyListCommand,
        JobsImportCommand,
        TrackerExportCommand,
        TrackerImportCommand,
      ],
    };
  }
}
