import { Module } from '@nestjs/common';
import { AccountsService } from './accounts.service';

/** Accounts have no HTTP routes: they are managed with the CLI (`npm run cli -- account:create`). */
@Module({ providers: [AccountsService], exports: [AccountsService] })
export class AccountsModule {}
