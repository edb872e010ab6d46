import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';

/** A loopback Host header: `localhost` or `127.0.0.1`, with an optional port. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/**
 * This server's origin as OAuth names it: the issuer, and the base of the `/mcp` resource that tokens are for.
 * `PUBLIC_URL` when set; otherwise the request's own origin, but only for a loopback host, so that a forged Host
 * header can never make the server announce or accept another origin.
 */
@Injectable()
export class OAuthOrigin {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  get configured(): string | undefined {
    return this.config.app.publicUrl;
  }

  of(request: Request): string | undefined {
    if (this.config.app.publicUrl) return this.config.app.publicUrl;
    const host = request.headers.host ?? '';
    return LOOPBACK_HOST.test(host) ? `${request.protocol}://${host}` : undefined;
  }
}

/** The resource (RFC 8707) an access token is good for: this server's MCP endpoint. */
export function mcpResource(origin: string): string {
  return `${origin}/mcp`;
}

/** Where the MCP endpoint's protected-resource metadata is (RFC 9728, path inserted after the well-known prefix). */
export function resourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource/mcp`;
}
