import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { routeHandlers } from '../http/route-handlers';
import { RATE_LIMIT } from '../rate-limit/rate-limit.decorator';
import { PUBLIC_ROUTE, REQUIRED_SCOPE } from './auth.decorators';

/**
 * Refuses to boot when a route declares neither `@Public()` nor a scope and a rate limit, so that no route
 * can run open or unlimited by omission.
 */
@Injectable()
export class RouteDeclarationsCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const undeclared: string[] = [];
    for (const { controller, name, handler } of routeHandlers(this.discovery)) {
      const targets = [handler, controller];
      if (this.reflector.getAllAndOverride(PUBLIC_ROUTE, targets)) continue;
      const missing = [REQUIRED_SCOPE, RATE_LIMIT].filter((key) => this.reflector.getAllAndOverride(key, targets) === undefined);
      if (missing.length > 0) undeclared.push(`${controller.name}.${name} (missing ${missing.join(', ')})`);
    }
    if (undeclared.length > 0) {
      throw new Error(`Routes must declare @Public() or @Scopes() and @RateLimit(): ${undeclared.join('; ')}`);
    }
  }
}
