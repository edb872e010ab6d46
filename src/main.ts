import './common/compile-cache';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ExpressServerAdapter } from './common/http/express-server-adapter';
import { setupApp } from './app.setup';
import { ServiceLogger } from './common/logging/service-logger';
import { loadConfig } from './config/configuration';
import { warnOnOlderNode } from './config/node-version';
import { prepareDatabase } from './database/prepare-database';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config.database.url);
  const app = await NestFactory.create(AppModule.forRoot(config), new ExpressServerAdapter(), { bodyParser: false, bufferLogs: true });
  setupApp(app);
  warnOnOlderNode((message) => app.get(ServiceLogger).warn(message, 'Career API'));
  await app.listen(config.app.port);
  app.get(ServiceLogger).log(`listening on http://localhost:${config.app.port} (docs at /docs)`, 'Career API');
}

bootstrap().catch((error: Error) => {
  console.error(`Career API failed to start: ${error.message}`);
  process.exit(1);
});
