import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Nest's start-up narration (every module and route as it is wired): useful when debugging, noise otherwise. */
const START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** The pino logger, with Nest's start-up lines at `debug`, so that a start at `info` says one thing: where it listens. */
@Injectable()
export class ServiceLogger extends Logger {
  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) return super.debug(message, ...optionalParams);
    super.log(message, ...optionalParams);
  }
}
