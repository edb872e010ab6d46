import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CsrfTokens } from './csrf-tokens';
import { PageInterceptor } from './page.interceptor';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignedInGuard } from './signed-in.guard';

/**
 * Sign-in, sign-up and sign-out, the browser sessions behind them, and what every page needs: `@PageController()`,
 * `SignedInGuard` with `@SignedIn()`, and the CSRF tokens. A module with pages imports this one.
 */
@Module({
  imports: [AccountsModule],
  controllers: [SessionsController],
  providers: [SessionsService, SessionsRepository, CsrfTokens, PageInterceptor, SignedInGuard],
  exports: [SessionsService, CsrfTokens, PageInterceptor, SignedInGuard],
})
export class SessionsModule {}
