import type { NextFunction, Request, Response } from 'express';
import type { MetricsService } from './metrics.service';

/**
 * Counts and times every request by its route pattern (`/v1/tracker/applications/:id`), not its URL, so that ids do
 * not multiply the series. Requests no route matched share the route `unmatched`.
 */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stopTimer = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const route = req.route ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      stopTimer(labels);
    });
    next();
  };
}
