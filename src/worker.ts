import './common/compile-cache';
import { NestFactory } from '@nestjs/core';
import { ServiceLogger } from './common/logging/service-logger';
import { loadConfig } from './config/configuration';
import { warnOnOlderNode } from './config/node-version';
import { prepareDatabase } from './database/prepare-database';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config.database.url);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  const logger = worker.get(ServiceLogger);
  worker.useLogger(logger);
  warnOnOlderNode((message) => logger.warn(message, 'Worker'));
  worker.enableShutdownHooks();
  logger.log('worker running: tailoring and webhook deliveries', 'Worker');
}

bootstrap().catch((error: Error) => {
  console.error(`Career API worker failed to start: ${error.message}`);
  process.exit(1);
});
