import { Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../../common/auth/api-key-authenticator';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/** API keys have no HTTP routes: they are made and revoked with the CLI, and checked by the global guard through its port. */
@Module({
  providers: [ApiKeysService, ApiKeysRepository, { provide: ApiKeyAuthenticator, useExisting: ApiKeysService }],
  exports: [ApiKeysService, ApiKeyAuthenticator],
})
export class ApiKeysModule {}
