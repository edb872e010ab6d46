import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';

/** The Prometheus text format's content type. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** What a scrape without the token is told, with `WWW-Authenticate: Bearer realm="metrics"`. */
export const METRICS_TOKEN_REQUIRED = 'Metrics need Authorization: Bearer <METRICS_TOKEN>';
export const METRICS_CHALLENGE = 'Bearer realm="metrics"';

/** Who may scrape `/metrics`, wherever it is served (the main port, or METRICS_PORT's own listener). */
@Injectable()
export class MetricsAccess {
  /** The SHA-256 of METRICS_TOKEN: digests have one length, so the comparison takes the same time whatever is sent. */
  private readonly tokenDigest?: Buffer;

  constructor(@InjectConfig() config: AppConfig) {
    if (config.metrics.token) this.tokenDigest = digest(config.metrics.token);
  }

  /** Anyone when METRICS_TOKEN is unset; otherwise only `Authorization: Bearer <METRICS_TOKEN>`. */
  allows(authorization: string | undefined): boolean {
    return !this.tokenDigest || timingSafeEqual(this.tokenDigest, digest(bearerToken(authorization)));
  }
}

function bearerToken(authorization: string | undefined): string {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return match ? match[1] : '';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
