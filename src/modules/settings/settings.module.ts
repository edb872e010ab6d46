import { Module } from '@nestjs/common';
import { AccountDataModule } from '../accounts/account-data.module';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** The settings pages of a signed-in person; the rules stay in the features they show (API keys: `ApiKeysService`; the password, export and deletion: `AccountsService` and `AccountDataModule`). */
@Module({ imports: [SessionsModule, ApiKeysModule, AccountsModule, AccountDataModule], controllers: [SettingsController], providers: [SettingsService] })
export class SettingsModule {}
