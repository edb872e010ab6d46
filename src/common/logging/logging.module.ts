import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { levels, stdSerializers } from 'pino';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { ServiceLogger } from './service-logger';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The request's id, once per request: the client's `X-Request-Id` when it is a sane one, else a new uuid, echoed in
 * `X-Request-Id`. app.setup.ts calls it before the body parser, whose 400/413/415 answers come before the logger's
 * middleware runs; the logger then finds the id already there.
 */
export function assignRequestId(req: Request, res: Response): string {
  if (typeof req.id === 'string') return req.id;
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
  res.setHeader('X-Request-Id', id);
  req.id = id;
  return id;
}

/** pino-http writes its one line per request at `info`. */
const REQUEST_LINE_LEVEL = levels.values.info;

/**
 * Whether `level` keeps the request line. Below it (warn, error, silent) no request passes through pino-http or
 * nestjs-pino's context: they would build a child logger with the request's bindings, listen for the response and
 * keep an async context for every request (promise hooks on every promise), only to drop the line. The warnings and
 * errors written then carry the request id themselves (the exception filters add it).
 */
function logsRequests(level: string): boolean {
  return (levels.values[level] ?? Number.POSITIVE_INFINITY) <= REQUEST_LINE_LEVEL;
}

/**
 * Shared by every request (no closure per request): the caller is known once the guard has run, at the line's end.
 * None before (when pino-http asks at the request's start): then pino-http makes no child logger for them.
 */
function callerFields(req: Request): object | undefined {
  const caller = req.caller;
  return caller ? { accountId: caller.accountId, keyId: caller.keyId, clientId: caller.clientId } : undefined;
}

/**
 * The request as logged: the raw request read directly, rather than first copied whole (headers included) by
 * pino-http's wrapping serializer, which runs for every request's child logger whatever the level.
 */
function requestFields(req: Request): object {
  return { id: req.id, method: req.method, url: req.originalUrl };
}

function responseFields(res: Response): object {
  return { statusCode: res.statusCode };
}

/** Structured JSON logs with a request id (echoed in `X-Request-Id`), the account and key or OAuth client; never the Authorization header. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        forRoutes: logsRequests(config.app.logLevel) ? undefined : [],
        pinoHttp: {
          level: config.app.logLevel,
          genReqId: (req, res) => assignRequestId(req as Request, res as Response),
          // pino-http's type says object, but it checks for none.
          customProps: (req) => callerFields(req as Request) as object,
          // The serializers already keep only these fields; redaction is the second lock on secrets.
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]', '*.password', '*._csrf'],
            remove: true,
          },
          wrapSerializers: false,
          serializers: { req: requestFields, res: responseFields, err: stdSerializers.err },
        },
      }),
    }),
  ],
  providers: [ServiceLogger],
  exports: [ServiceLogger],
})
export class LoggingModule {}
