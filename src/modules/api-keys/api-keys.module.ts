import { Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../../common/auth/api-key-authenticator';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys have no `/v1` routes: they are made and revoked with the CLI or on the settings page (`modules/settings/`),
 * and checked by the global guard through its port.
 */
@Module({
  providers: [ApiKeysService, ApiKeysRepository, ApiKeyCache, { provide: ApiKeyAuthenticator, useExisting: ApiKeysService }],
  exports: [ApiKeysService, ApiKeyAuthenticator, ApiKeyCache],
})
export class ApiKeysModule {}
