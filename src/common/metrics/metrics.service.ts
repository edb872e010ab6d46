import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The service's Prometheus metrics, in one registry per app instance (tests start several in one process).
 * A feature may register its own metrics on `registry` (the tailoring queue registers its depth gauge).
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by route',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly rateLimitFailOpen = new Counter({
    name: 'rate_limit_fail_open_total',
    help: 'Requests served without a limit check because Redis did not answer',
    registers: [this.registry],
  });

  readonly tailoringJobDuration = new Histogram({
    name: 'tailoring_job_duration_seconds',
    help: 'Time a tailoring job took, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
