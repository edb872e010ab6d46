import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig } from './config/configuration';
import { prepareDatabase } from './database/prepare-database';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config.database.url);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  worker.useLogger(worker.get(Logger));
  worker.enableShutdownHooks();
}

bootstrap().catch((error: Error) => {
  console.error(`Career API worker failed to start: ${error.message}`);
  process.exit(1);
});
