import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@src/app.module';
import { loadConfig } from '@src/config/configuration';
import { testRunEnvironment } from '../../setup/test-environment';

@Controller('v1/forgotten')
class ForgottenController {
  @Get()
  list() {
    return [];
  }
}

describe('route declarations check', () => {
  it('refuses to boot when a route declares neither @Public() nor a scope and a limit', async () => {
    const { databaseUrl, redisPrefix } = testRunEnvironment();
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'silent' });
    @Module({ imports: [AppModule.forRoot(config)], controllers: [ForgottenController] })
    class WithForgottenRoute {}

    const app = await NestFactory.create(WithForgottenRoute, { logger: false, abortOnError: false });
    await expect(app.init()).rejects.toThrow('ForgottenController.list (missing auth:scope, rate-limit:per-minute)');
    await app.close();
  });
});
