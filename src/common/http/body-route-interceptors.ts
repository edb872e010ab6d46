import { INestApplication, NestInterceptor, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { JsonBodyInterceptor } from './body-parser';
import { routeHandlers } from './route-handlers';

/** The routes that can carry a body: the ones our body interceptors act on. */
const BODY_METHODS = new Set([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE, RequestMethod.ALL]);

/**
 * Puts `interceptors` on every route that can carry a body, as the first of its own, before Nest wires the routes
 * (call it before `listen`). Global interceptors would run on every GET too, where ours do nothing: and a route with
 * any interceptor at all runs through Nest's rxjs chain (`defer`, `mergeAll`, an `AsyncResource` per interceptor),
 * which for the tracker list was ~43 KB of the 168 KB a request allocated.
 *
 * A controller that lists `JsonBodyInterceptor` among its own (the pages, whose CSRF check needs the form read first)
 * reads its bodies itself and is left as it is.
 */
export function useInterceptorsOnBodyRoutes(app: INestApplication, ...interceptors: NestInterceptor[]): void {
  for (const { controller, handler } of routeHandlers(app.get(DiscoveryService))) {
    if (readsOwnBodies(controller) || !BODY_METHODS.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod)) continue;
    // Metadata belongs to the class, shared by every app of the process (the tests start several): an earlier app's
    // instances are replaced. Nest reads them once, when an app starts listening.
    const others = ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as object[] | undefined) ?? []).filter(
      (interceptor) => !interceptors.some((ours) => interceptor.constructor === ours.constructor),
    );
    Reflect.defineMetadata(INTERCEPTORS_METADATA, [...interceptors, ...others], handler);
  }
}

function readsOwnBodies(controller: object): boolean {
  const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as unknown[] | undefined) ?? [];
  return own.includes(JsonBodyInterceptor);
}
