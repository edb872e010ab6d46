import { Module } from '@nestjs/common';
import { AccessTokenAuthenticator } from '../../common/auth/access-token-authenticator';
import { OAuthEndpoints } from './oauth-endpoints';
import { OAuthOrigin } from './oauth-origin';
import { OAuthRepository } from './oauth.repository';
import { OAuthService } from './oauth.service';

/**
 * OAuth 2.1 for `/mcp`: the SDK's endpoints on our PostgreSQL provider (`OAuthEndpoints`, mounted by `setupApp`),
 * and the access-token check the global guard reaches through its port.
 */
@Module({
  providers: [OAuthRepository, OAuthService, OAuthOrigin, OAuthEndpoints, { provide: AccessTokenAuthenticator, useExisting: OAuthService }],
  exports: [OAuthService, OAuthEndpoints, AccessTokenAuthenticator],
})
export class OAuthModule {}
