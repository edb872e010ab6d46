import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** The settings pages of a signed-in person; the rules stay in the features they show (API keys: `ApiKeysService`). */
@Module({ imports: [SessionsModule, ApiKeysModule], controllers: [SettingsController], providers: [SettingsService] })
export class SettingsModule {}
