import type { Server } from 'node:http';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { ApiDocument } from './common/http/api-document';
import { JsonBodyInterceptor } from './common/http/body-parser';
import { useInterceptorsOnBodyRoutes } from './common/http/body-route-interceptors';
import { describeTags } from './common/http/api-tags';
import { describeExamples } from './common/http/openapi-examples';
import { inlineSingleReferences } from './common/http/openapi-references';
import { securityHeaders } from './common/http/security-headers';
import { finishOpenApiDocument } from './common/http/openapi-finish';
import { describeRequestBodies } from './common/http/openapi-request-bodies';
import { describeResponses, SHARED_RESPONSE_MODELS } from './common/http/openapi-responses';
import { describeIdempotency, IDEMPOTENCY_RESPONSE_MODELS } from './common/idempotency/idempotency.openapi';
import { IdempotencyInterceptor } from './common/idempotency/idempotency.interceptor';
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
  // In this order: idempotency fingerprints the parsed body, and keeps none of the parser's refusals.
  useInterceptorsOnBodyRoutes(express, new JsonBodyInterceptor(), express.get(IdempotencyInterceptor));
  express.useGlobalPipes(createValidationPipe());
  express.enableShutdownHooks();

  const description = new DocumentBuilder()
    .setTitle('Career API')
    .setDescription(
      'Career data, job-application tracking and job search. Every `/v1` call needs `Authorization: Bearer cpk_…` ' +
        'with the scope shown on the operation; limits are requests per minute per account, reported in ' +
        '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix ms). `/mcp` takes the same key, or ' +
        'an OAuth 2.1 access token an app obtains when a person approves it: discovery at ' +
        '`/.well-known/oauth-protected-resource/mcp` and `/.well-known/oauth-authorization-server`, dynamic client ' +
        'registration, authorization code with PKCE (S256), rotating refresh tokens; the token carries the scopes the ' +
        'person approved.',
    )
    .setVersion('1')
    .addServer('/', 'This service')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'cpk_<64 hex>' })
    .build();
  // Proprietary, with no public terms to link to (the builder's license always carries a url).
  description.info.license = { name: 'Proprietary' };
  const generated = SwaggerModule.createDocument(express, description, { extraModels: [...SHARED_RESPONSE_MODELS, ...IDEMPOTENCY_RESPONSE_MODELS] });
  const document = inlineSingleReferences(
    describeExamples(describeResponses(describeIdempotency(describeRequestBodies(describeTags(finishOpenApiDocument(generated)))))),
  );
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
