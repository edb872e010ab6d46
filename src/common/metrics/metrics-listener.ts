import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { METRICS_CHALLENGE, METRICS_CONTENT_TYPE, METRICS_TOKEN_REQUIRED, MetricsAccess } from './metrics-access';
import { MetricsService } from './metrics.service';

/**
 * `/metrics` on METRICS_PORT, a listener of its own (on METRICS_HOST, else on every interface, as the main port), so
 * that a deployment can leave that port off the public network. It answers nothing else: a plain Node server, with
 * none of the API's routes, pages or middleware. Bound before the main port opens; a port in use stops the start.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Career API');
  private readonly server: Server;

  constructor(
    private readonly metrics: MetricsService,
    private readonly access: MetricsAccess,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.server = createServer((request, response) => void this.answer(request, response));
    // The same limits as the main port's: a client that trickles its request holds a connection no longer.
    this.server.requestTimeout = config.http.requestTimeoutMs;
    this.server.headersTimeout = Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.log.log(`metrics on http://${host ?? 'localhost'}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeIdleConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics') return json(response, 404, { error: 'Not found' });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return json(response, 405, { error: 'Method not allowed' });
    }
    if (!this.access.allows(request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', METRICS_CHALLENGE);
      return json(response, 401, { error: METRICS_TOKEN_REQUIRED });
    }
    try {
      const text = await this.metrics.registry.metrics();
      response.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : text);
    } catch (error) {
      this.log.error({ err: error }, 'Collecting metrics failed');
      json(response, 500, { error: 'Internal server error' });
    }
  }
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  response.end(JSON.stringify(body));
}
