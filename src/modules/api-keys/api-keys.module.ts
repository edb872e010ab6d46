import { Module } from '@nestjs/common';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/** API keys have no HTTP routes: they are made and revoked with the CLI, and checked by the global guard. */
@Module({ providers: [ApiKeysService, ApiKeysRepository], exports: [ApiKeysService] })
export class ApiKeysModule {}
