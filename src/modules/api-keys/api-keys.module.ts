import { Module } from '@nestjs/common';
import { ApiKeysService } from './api-keys.service';

/** API keys have no HTTP routes: they are made and revoked with the CLI, and checked by the global guard. */
@Module({ providers: [ApiKeysService], exports: [ApiKeysService] })
export class ApiKeysModule {}
