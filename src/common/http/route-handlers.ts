import type { Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';

/** A controller method Nest routes requests to. */
export type RouteHandler = (...args: never[]) => unknown;

/** Every route of the app's controllers: its controller class, method name and handler function. */
export function* routeHandlers(discovery: DiscoveryService): Generator<{ controller: Type; name: string; handler: RouteHandler }> {
  const scanner = new MetadataScanner();
  for (const { metatype } of discovery.getControllers()) {
    const prototype = (metatype as Type | undefined)?.prototype as Record<string, unknown> | undefined;
    if (!prototype) continue;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as RouteHandler;
      if (Reflect.getMetadata(PATH_METADATA, handler) !== undefined) yield { controller: metatype as Type, name, handler };
    }
  }
}
