import { CanActivate, INestApplication, NestInterceptor, RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { CHANGES_NOTHING } from '../idempotency/changes-nothing.decorator';
import { JsonBodyInterceptor } from './body-parser';
import { RouteHandler, routeHandlers } from './route-handlers';

/** The routes that can carry a body: the ones the body reader acts on. */
const BODY_METHODS = new Set([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE, RequestMethod.ALL]);
/** The routes an `Idempotency-Key` can reach: it is honoured on POST only, as Stripe does (an `@All()` route takes POSTs too). */
const KEYED_METHODS = new Set([RequestMethod.POST, RequestMethod.ALL]);

/**
 * Gives every route that can carry a body `bodyReader` as its last guard, and every POST route that may change
 * something (not `@ChangesNothing()`: a search, an export) `idempotency` as its first interceptor: on a PATCH or a
 * DELETE it would only look at the method and pass the request on, through the chain below. Call it before Nest wires the
 * routes (before `listen`). Applied globally, both would run on every GET too, where they do nothing; and a route
 * with any interceptor at all runs through Nest's rxjs chain (`defer`, `mergeAll`, an `AsyncResource` per
 * interceptor), which for the tracker list was ~43 KB of the 168 KB a request allocated, and whose objects outlive
 * the request into the old generation.
 *
 * A controller that lists `JsonBodyInterceptor` among its own (the pages, whose CSRF check needs the form read first)
 * reads its bodies itself and is left as it is.
 */
export function useBodyRoutes(app: INestApplication, bodyReader: CanActivate, idempotency: NestInterceptor): void {
  for (const { controller, handler } of routeHandlers(app.get(DiscoveryService))) {
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
    if (readsOwnBodies(controller) || !BODY_METHODS.has(method)) continue;
    surround(handler, GUARDS_METADATA, [], [bodyReader]);
    if (KEYED_METHODS.has(method) && !Reflect.getMetadata(CHANGES_NOTHING, handler)) surround(handler, INTERCEPTORS_METADATA, [idempotency], []);
  }
}

/**
 * Puts `first` before and `last` after a handler's own guards or interceptors, in place of any of the same classes.
 * Metadata belongs to the class, shared by every app of the process (the tests start several): an earlier app's
 * instances are replaced. Nest reads them once, when an app starts listening.
 */
function surround(handler: RouteHandler, key: string, first: object[], last: object[]): void {
  const ours = [...first, ...last];
  const others = ((Reflect.getMetadata(key, handler) as object[] | undefined) ?? []).filter(
    (entry) => !ours.some((instance) => entry.constructor === instance.constructor),
  );
  Reflect.defineMetadata(key, [...first, ...others, ...last], handler);
}

function readsOwnBodies(controller: object): boolean {
  const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as unknown[] | undefined) ?? [];
  return own.includes(JsonBodyInterceptor);
}
