import type { Server } from 'node:http';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { ApiDocument } from './common/openapi/api-document';
import { JsonBodyGuard } from './common/http/body-parser';
import { useBodyRoutes } from './common/http/body-routes';
import { securityHeaders } from './common/http/security-headers';
import { IdempotencyInterceptor } from './common/idempotency/idempotency.interceptor';
import { buildOpenApiDocument } from './common/openapi/openapi-document';
import { assignRequestId } from './common/logging/logging.module';
import { ServiceLogger } from './common/logging/service-logger';
import { httpMetrics } from './common/metrics/http-metrics.middleware';
import { MetricsService } from './common/metrics/metrics.service';
import { createValidationPipe } from './common/validation/validation.pipe';
import { APP_CONFIG } from './config/config.module';
import type { AppConfig } from './config/configuration';
import { setupPages } from './modules/sessions/pages.setup';
import { OAuthEndpoints } from './modules/oauth/oauth-endpoints';

/** Everything an app needs besides its modules; `main.ts` and the e2e tests both call it. */
export function setupApp(app: INestApplication): INestApplication {
  const express = app as NestExpressApplication;
  express.useLogger(express.get(ServiceLogger));
  // Node closes idle keep-alive connections after 5 s; a client (or a load balancer, typically 60 s) that reuses one
  // just as it closes gets a reset. Idle connections stay open longer than any common client keeps them.
  const server = express.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  // A client that trickles its headers or body holds a connection for these at most (Node checks every second:
  // ExpressServerAdapter); the connections a process holds are capped, a new one past the cap closed at once.
  const { http } = express.get<AppConfig>(APP_CONFIG);
  server.requestTimeout = http.requestTimeoutMs;
  server.headersTimeout = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  server.maxConnections = http.maxConnections;
  express.disable('x-powered-by');
  express.set('etag', false);
  express.use(httpMetrics(express.get(MetricsService)));
  express.use((req: Request, res: Response, next: NextFunction) => {
    assignRequestId(req, res);
    next();
  });
  const { trustProxy } = express.get<AppConfig>(APP_CONFIG).web;
  // TRUST_PROXY is set where a proxy terminates TLS in front of the service (0 hops is no proxy).
  express.use(securityHeaders(Boolean(trustProxy)));
  setupPages(express, join(__dirname, 'views'), trustProxy);
  // OAuth's endpoints (the MCP SDK's Express router) answer before the Nest routes, with their own body parsing.
  express.use(express.get(OAuthEndpoints).handler);
  // The body is read by a guard, before any interceptor: idempotency fingerprints the parsed body, and keeps none of
  // the reader's refusals.
  useBodyRoutes(express, new JsonBodyGuard(), express.get(IdempotencyInterceptor));
  express.useGlobalPipes(createValidationPipe());
  express.enableShutdownHooks();

  const document = buildOpenApiDocument(express);
  express.get(ApiDocument).use(document);
  SwaggerModule.setup('docs', express, document, {
    jsonDocumentUrl: 'docs-json',
    swaggerOptions: {
      persistAuthorization: true,
      showExtensions: true,
      displayRequestDuration: true,
      // No badge from the public validator: it would send it the document's address, and the CSP loads no outside image.
      validatorUrl: null,
      // An MCP client must accept both JSON and an event stream (406 otherwise); Swagger UI sends one media type.
      requestInterceptor: (request: { url: string; headers: Record<string, string> }) => {
        if (/\/mcp$/.test(request.url)) request.headers.Accept = 'application/json, text/event-stream';
        return request;
      },
    },
  });
  return app;
}
