import type { Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';

const ERROR_BODIES = 'api:error-bodies';

/**
 * Documents an error status with the bodies it may carry, adding to what other decorators of the same route already
 * declared for that status: `@Scopes` documents the scope's 403, a route's own decorator adds its plan's 403, and the
 * document shows one 403 whose schema is `oneOf` the exact shapes, in whatever order the decorators are written.
 * The body is JSON whatever the route produces otherwise (the PDF export's 409).
 */
export function ApiErrorResponse(status: number, description: string, ...bodies: Type<unknown>[]): MethodDecorator & ClassDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder = (descriptor?.value ?? target) as object;
    const declared: Record<number, Type<unknown>[]> = Reflect.getMetadata(ERROR_BODIES, holder) ?? {};
    const all = [...new Set([...(declared[status] ?? []), ...bodies])];
    Reflect.defineMetadata(ERROR_BODIES, { ...declared, [status]: all }, holder);
    const refs = all.map((body) => ({ $ref: getSchemaPath(body) }));
    const schema = refs.length === 1 ? refs[0] : { oneOf: refs };
    ApiExtraModels(...all)(target as Type<unknown>, key as string, descriptor as PropertyDescriptor);
    ApiResponse({ status, description, content: { 'application/json': { schema } } })(target as Type<unknown>, key as string, descriptor as PropertyDescriptor);
  };
}
