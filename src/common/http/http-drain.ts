import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';

/**
 * On shutdown the HTTP server stops accepting connections and waits for the open ones; a keep-alive connection
 * would hold it for its whole idle timeout. Closing each connection as soon as its in-flight request is answered
 * lets shutdown finish right after the last response.
 */
@Injectable()
export class HttpDrain implements BeforeApplicationShutdown {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  beforeApplicationShutdown(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    const timer = setInterval(() => server.closeIdleConnections(), 25);
    server.once('close', () => clearInterval(timer));
  }
}
