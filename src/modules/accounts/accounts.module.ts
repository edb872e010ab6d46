import { Global, Module } from '@nestjs/common';
import { AccountPlans } from '../../common/auth/account-plans';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ProfileModule } from '../profile/profile.module';
import { ResumesModule } from '../resumes/resumes.module';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

/**
 * Accounts are made with the CLI (`npm run cli -- account:create`) and sign-up, and their person manages them on the
 * settings pages. A new account's profile and first resume are made by their own modules, in the account's
 * transaction. What reads every feature (`GET /v1/me`, the export, the deletion) is AccountDataModule's, above them.
 */
@Global()
@Module({
  imports: [ProfileModule, ResumesModule, ApiKeysModule],
  providers: [AccountsService, AccountsRepository, { provide: AccountPlans, useExisting: AccountsService }],
  exports: [AccountsService, AccountPlans],
})
export class AccountsModule {}
