import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@src/app.module';
import { setupApp } from '@src/app.setup';
import { ApiTag } from '@src/common/openapi/tags';
import { ExpressServerAdapter } from '@src/common/http/express-server-adapter';
import { testConfig } from '../../setup/test-app';

@ApiTag('Forgotten', 'A resource of this test')
@Controller('v1/forgotten')
class ForgottenController {
  @Get()
  list() {
    return [];
  }
}

describe('route declarations check', () => {
  it('refuses to boot when a route declares neither @Public() nor a scope and a limit', async () => {
    // Without the inline workers (tailoring, webhook deliveries): a worker's queue subscribes to Redis as the app starts, and closing an app whose
    // start failed a moment later could cut that subscription off, an unhandled rejection inside Bull that failed
    // this test about 1 run in 10 on a busy machine. The check under test does not involve the workers.
    const config = testConfig({ TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' });
    @Module({ imports: [AppModule.forRoot(config)], controllers: [ForgottenController] })
    class WithForgottenRoute {}

    const app = await NestFactory.create(WithForgottenRoute, new ExpressServerAdapter(), { bodyParser: false, logger: false, abortOnError: false });
    // Set up as main.ts does: the start-up checks of MCP tools read the OpenAPI document it hands over.
    setupApp(app);
    await expect(app.init()).rejects.toThrow('ForgottenController.list (missing auth:scope, rate-limit:per-minute)');
    await app.close();
  });
});
