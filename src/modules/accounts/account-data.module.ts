import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ContactsModule } from '../contacts/contacts.module';
import { CoverLettersModule } from '../cover-letters/cover-letters.module';
import { EventsModule } from '../events/events.module';
import { OAuthModule } from '../oauth/oauth.module';
import { ProfileModule } from '../profile/profile.module';
import { ResumesModule } from '../resumes/resumes.module';
import { TrackerModule } from '../tracker/tracker.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { AccountsModule } from './accounts.module';
import { MeController } from './me.controller';
import { MeService } from './me.service';

/**
 * What a person does with their whole account: `GET /v1/me`, the export of everything it holds, and its deletion.
 * Above every feature whose records it reads (AccountsModule sits below them, for the CLI and sign-in).
 */
@Module({
  imports: [
    AccountsModule,
    ApiKeysModule,
    ProfileModule,
    ResumesModule,
    CoverLettersModule,
    TrackerModule,
    ContactsModule,
    WebhooksModule,
    OAuthModule,
    EventsModule,
  ],
  controllers: [MeController],
  providers: [MeService, AccountExportService, AccountDeletionService],
  exports: [MeService, AccountExportService, AccountDeletionService],
})
export class AccountDataModule {}
