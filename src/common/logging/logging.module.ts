import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
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

/** Structured JSON logs with a request id (echoed in `X-Request-Id`), the account and key or OAuth client; never the Authorization header. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.app.logLevel,
          genReqId: (req, res) => assignRequestId(req as Request, res as Response),
          customProps: (req) => {
            const caller = (req as Request).caller;
            return caller ? { accountId: caller.accountId, keyId: caller.keyId, clientId: caller.clientId } : {};
          },
          // The serializers below already keep only these fields; redaction is the second lock on secrets.
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]', '*.password', '*._csrf'],
            remove: true,
          },
          serializers: {
            req: (req: Request & { raw?: Request }) => ({ id: req.id, method: req.method, url: req.url }),
            res: (res: Response) => ({ statusCode: res.statusCode }),
          },
        },
      }),
    }),
  ],
  providers: [ServiceLogger],
  exports: [ServiceLogger],
})
export class LoggingModule {}
