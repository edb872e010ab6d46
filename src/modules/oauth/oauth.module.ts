import { Module } from '@nestjs/common';
import { AccessTokenAuthenticator } from '../../common/auth/access-token-authenticator';
import { SessionsModule } from '../sessions/sessions.module';
import { OAuthEndpoints } from './oauth-endpoints';
import { OAuthPages } from './oauth-pages';
import { OAuthPagesController } from './oauth-pages.controller';
import { OAuthOrigin } from './oauth-origin';
import { OAuthRepository } from './oauth.repository';
import { OAuthService } from './oauth.service';
import { OAuthSweep } from './oauth.sweep';

/**
 * OAuth 2.1 for `/mcp`: the SDK's endpoints on our PostgreSQL provider (`OAuthEndpoints`, mounted by `setupApp`),
 * the access-token check the global guard reaches through its port, the consent page and `/settings/connected-apps`.
 */
@Module({
  imports: [SessionsModule],
  controllers: [OAuthPagesController],
  providers: [
    OAuthPages,
    OAuthRepository,
    OAuthService,
    OAuthSweep,
    OAuthOrigin,
    OAuthEndpoints,
    { provide: AccessTokenAuthenticator, useExisting: OAuthService },
  ],
  exports: [OAuthService, OAuthEndpoints, AccessTokenAuthenticator],
})
export class OAuthModule {}
